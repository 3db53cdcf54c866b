/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 *
 * Starting PGlite runs initdb and the migrations, which costs seconds; seeding demo data costs more.
 * So the first caller builds a snapshot (a PGlite data-dir dump in the temp dir, or a PostgreSQL
 * template database) keyed by the migrations and the seed's key, and every later caller starts from a
 * copy of it. A changed migration or seed key makes a new snapshot.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, wrapPglite, type Database, type Db } from './client.ts';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export interface TestSeed {
  /** Identifies what `run` writes; change it when the seed changes. */
  key: string;
  run(db: Db): Promise<void>;
}

export function isPostgresRun(): boolean {
  return Boolean(testDatabaseUrl);
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest('hex');
}

function snapshotId(seed: TestSeed | undefined): string {
  return createHash('sha256')
    .update(migrationsHash())
    .update(seed?.key ?? 'empty')
    .digest('hex')
    .slice(0, 16);
}

export async function createTestDatabase(seed?: TestSeed): Promise<Database> {
  return testDatabaseUrl ? createPostgresTestDatabase(testDatabaseUrl, seed) : createPgliteTestDatabase(seed);
}

async function createPgliteTestDatabase(seed: TestSeed | undefined): Promise<Database> {
  const dir = join(tmpdir(), 'portal-test-snapshots');
  const file = join(dir, `${snapshotId(seed)}.tar`);
  if (existsSync(file)) {
    const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
    return wrapPglite(client);
  }
  const database = await openDatabase({});
  await database.migrate();
  if (seed) await seed.run(database.db);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  mkdirSync(dir, { recursive: true });
  // Written under a unique name and renamed, so parallel test files never read a partial snapshot.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return database;
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new, empty PostgreSQL database (not migrated) on the server of `baseUrl`, named from `prefix`:
 * its URL, and how to drop it again. For tests and benchmarks that start their own server on it.
 */
export async function createEmptyPostgresDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(baseUrl, (admin) => admin.query(`create database ${name}`));
  return {
    url: databaseUrl(baseUrl, name),
    drop: async () => {
      await withAdmin(baseUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function createPostgresTestDatabase(baseUrl: string, seed: TestSeed | undefined): Promise<Database> {
  const template = `portal_tpl_${snapshotId(seed)}`;
  await withAdmin(baseUrl, async (admin) => {
    // One builder per template across parallel test files; the others wait on the lock.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount) return;
      const building = `${template}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const database = await openDatabase({ url: databaseUrl(baseUrl, building), poolSize: 2 });
      try {
        await database.migrate();
        if (seed) await seed.run(database.db);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${template}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });

  const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(baseUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const database = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(baseUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
