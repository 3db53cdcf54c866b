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
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

const snapshotDir = () => join(tmpdir(), 'portal-test-snapshots');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openSnapshot(file: string): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  return wrapPglite(client);
}

/**
 * The snapshot for `seed` (the empty migrated database when none), built when missing. One builder
 * per snapshot across parallel test files: the first takes a lock file, the others wait for its
 * snapshot (a lock older than ten minutes is a dead builder's and is taken over). A seeded snapshot
 * starts from the empty one instead of running initdb and every migration again.
 */
async function pgliteSnapshot(seed: TestSeed | undefined): Promise<string> {
  const dir = snapshotDir();
  // `-t0` names the snapshots without the template databases (below), so older ones are not reused.
  const file = join(dir, `${snapshotId(seed)}-t0.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const lock = `${file}.lock`;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (existsSync(file)) return file;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10 * 60_000) rmSync(lock, { force: true });
      } catch {
        // The lock went away between the checks: try again.
      }
      await sleep(100);
    }
  }
  try {
    if (existsSync(file)) return file;
    const database = seed ? await openSnapshot(await pgliteSnapshot(undefined)) : await openDatabase({});
    try {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      if (!seed) {
        await database.migrate();
        // initdb's template databases hold half of the data dir's 1,300 files, which every test
        // database unpacks and PostgreSQL starts on: without them an open takes a third less CPU
        // (about 1.5 s to 1.1 s user + sys on this VM). Nothing creates a database on PGlite.
        // DROP DATABASE runs outside a transaction block, so one statement per call.
        await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
        await client.exec('drop database template0');
        await client.exec('drop database template1');
        await client.exec('checkpoint');
      } else {
        await seed.run(database.db);
      }
      const dump = await client.dumpDataDir('none');
      // Written under a unique name and renamed, so a reader never sees a partial snapshot.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await database.close();
    }
    return file;
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Unpacks the snapshot for `seed` (the empty migrated database when none) into `dataDir`, a new or
 * empty folder, as the PGlite data directory a server process opens with `openDatabase({ dataDir })`:
 * a test that starts a real server then skips initdb and the migrations from scratch (about 12 s of
 * CPU per start on a slow VM) and the server's start migrates an up-to-date database.
 * PGlite's own loader writes the archive (`loadDataDir`) into the folder; the database is closed again
 * at once.
 */
export async function unpackPgliteSnapshot(dataDir: string, seed?: TestSeed): Promise<void> {
  mkdirSync(dataDir, { recursive: true }); // PGlite makes the folder itself, not its parents
  const client = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(await pgliteSnapshot(seed))]) });
  await client.close();
}

async function createPgliteTestDatabase(seed: TestSeed | undefined): Promise<Database> {
  return openSnapshot(await pgliteSnapshot(seed));
}

/**
 * Builds the snapshots (a PGlite data-dir dump, or a PostgreSQL template database) of the empty
 * database and of `seeds` before test files start, so the files copy them instead of building them.
 */
export async function prepareTestSnapshots(seeds: readonly TestSeed[] = []): Promise<void> {
  for (const seed of [undefined, ...seeds]) {
    if (testDatabaseUrl) await postgresTemplate(testDatabaseUrl, seed);
    else await pgliteSnapshot(seed);
  }
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

async function postgresTemplate(baseUrl: string, seed: TestSeed | undefined): Promise<string> {
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
  return template;
}

async function createPostgresTestDatabase(baseUrl: string, seed: TestSeed | undefined): Promise<Database> {
  const template = await postgresTemplate(baseUrl, seed);

  const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(baseUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  // A test's database waits up to a minute for a pool connection: the suites run side by side on a
  // shared machine, where tests of a thousand parallel requests can keep five connections busy longer
  // than the server's 5 s (a wait that long answers 503 there, which those tests retry).
  const database = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 5, poolWaitMs: 60_000 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(baseUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
