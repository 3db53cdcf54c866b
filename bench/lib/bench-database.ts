/**
 * A fresh PostgreSQL database for one benchmark run on the server of BENCH_DATABASE_URL (default the
 * local test server), and how to drop it again.
 */
import pg from 'pg';
import { createEmptyPostgresDatabase } from '@portal/db/testing';

export const BENCH_DATABASE_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function createBenchPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return createEmptyPostgresDatabase(BENCH_DATABASE_BASE, prefix);
}

/**
 * A fresh PostgreSQL database copied from a template kept on the server (`create database ... template`:
 * a file copy, seconds where loading 50,000 demo stores takes minutes). The template is built once by
 * `build` (under a temporary name, renamed when complete, so a half-built one is never copied) and
 * left in place; drop it (`drop database <templateName>`) to build it again.
 */
export async function copyOfTemplatePostgres(
  prefix: string,
  templateName: string,
  build: (url: string) => Promise<void>,
): Promise<{ url: string; drop: () => Promise<void>; built: boolean }> {
  const urlOf = (name: string) => {
    const url = new URL(BENCH_DATABASE_BASE);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_BASE });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [templateName]);
    let built = false;
    if (!rowCount) {
      const building = `${templateName}_building_${process.pid}`;
      await admin.query(`create database ${building}`);
      try {
        await build(urlOf(building));
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
      await admin.query(`alter database ${building} rename to ${templateName}`);
      built = true;
    }
    const name = `${prefix}_${Date.now()}_${process.pid}`;
    await admin.query(`create database ${name} template ${templateName}`);
    return {
      url: urlOf(name),
      built,
      drop: async () => {
        const client = new pg.Client({ connectionString: BENCH_DATABASE_BASE });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  } finally {
    await admin.end();
  }
}
