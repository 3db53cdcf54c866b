import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the code sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Queries take either the database or a transaction they are part of. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Cheap liveness query, used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Statement time-out for PostgreSQL, in ms. */
  statementTimeoutMs?: number;
  /** Where migrations live (the server bundle passes its copied folder). */
  migrationsFolder?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = options.migrationsFolder ?? migrationsFolder;
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      query_timeout: (options.statementTimeoutMs ?? 30_000) + 5_000,
    });
    // An idle client's error (e.g. the server restarted) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: folder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(options.dataDir), folder);
}

/** The Database over an open PGlite client. */
export function wrapPglite(client: PGlite, folder: string = migrationsFolder): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: folder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Rows of a raw `db.execute(sql...)`, for both drivers (both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A fixed statement run straight on the driver: on PostgreSQL a named statement (parsed and planned
 * once per connection), on PGlite a parameterized query. For the few reads every authenticated
 * request makes (token revocation, report scope, report data version), where drizzle's own work per
 * query cost about as much CPU as the driver's. Always on the database itself, never in a transaction.
 */
export function namedStatement<Row>(db: Db, name: string, text: string): (params: readonly unknown[]) => Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async (params) => (await client.query<Row & pg.QueryResultRow>({ name, text, values: [...params] })).rows;
  }
  if (client instanceof PGlite) {
    return async (params) => (await client.query<Row>(text, [...params])).rows;
  }
  throw new Error('namedStatement needs a database opened by openDatabase');
}
