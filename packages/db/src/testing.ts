/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export async function createTestDatabase(): Promise<Database> {
  if (!testDatabaseUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: testDatabaseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** The URL of a fresh database on the test PostgreSQL server (for multi-instance tests). */
export function isPostgresRun(): boolean {
  return Boolean(testDatabaseUrl);
}
