import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { bindExecuteMessage, rowsOfAnswer } from './pglite-wire.ts';
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
  /**
   * How long a query waits for a free pool connection before it fails, in ms (5,000). The server
   * answers such a failure 503 "try again shortly"; test databases wait longer (testing.ts).
   */
  poolWaitMs?: number;
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
      connectionTimeoutMillis: options.poolWaitMs ?? 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      query_timeout: (options.statementTimeoutMs ?? 30_000) + 5_000,
    });
    // An idle client's error (e.g. the server restarted) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return databaseOf('postgres', db, () => migratePg(db as never, { migrationsFolder: folder }), pool, () => pool.end());
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(options.dataDir), folder);
}

/** The Database over an open PGlite client. */
export function wrapPglite(client: PGlite, folder: string = migrationsFolder): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return databaseOf('pglite', db, () => migratePglite(db as never, { migrationsFolder: folder }), client, () => client.close());
}

/** The Database over an engine's drizzle instance: its migrator, and its driver (a pool or a client) for `ping` and `close`. */
function databaseOf(
  kind: Database['kind'],
  db: Db,
  migrate: () => Promise<void>,
  driver: { query(text: string): Promise<unknown> },
  close: () => Promise<void>,
): Database {
  return {
    db,
    kind,
    migrate,
    ping: async () => {
      await driver.query('select 1');
    },
    close,
  };
}

/** Rows of a raw `db.execute(sql...)`, for both drivers (both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A timestamp read outside drizzle's typed columns (a raw row of `rowsOf`, a JSON aggregate):
 * node-postgres answers a Date, PGlite and JSON its text.
 */
export function dateOf(value: Date | string): Date;
export function dateOf(value: Date | string | null | undefined): Date | null;
export function dateOf(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

/**
 * A fixed statement run straight on the driver: on PostgreSQL a named statement (parsed and planned
 * once per connection); on PGlite a server-side `PREPARE`d statement, its values bound to it. For the few reads every authenticated request makes (token revocation, report
 * scope, report data version, the login's lookup), where drizzle's own work per query cost about as
 * much CPU as the driver's. Always on the database itself, never in a transaction.
 *
 * Why not PGlite's parameterized `query`: it parses and plans every query again in WASM, in six
 * calls into the engine (parse, two describes, bind, execute, sync), which cost more than a whole
 * simple-protocol round (measured on 5,000 stores: report scope lookup 500-670 µs as a
 * parameterized query, 240-300 µs as EXECUTE; token revocation 310-380 µs against 130-150 µs).
 * Instead the statement is `PREPARE`d once and each run sends Bind (the values as text, bound, never
 * written into SQL), Describe, Execute and Sync to the prepared statement in one call into the
 * engine. Against `EXECUTE name('…')` this skips quoting the values in JavaScript and the engine's
 * lexing of them: measured on 5,000 stores, the login lookup 40 → 34 µs per key (32 keys a batch),
 * the audit insert 28 → 24 µs per row (250 rows). The messages are written and the answer read by
 * pglite-wire.ts, not by PGlite's protocol classes. Values: numbers only when finite, strings
 * without NUL (PostgreSQL text cannot hold it), booleans, null; anything else is refused.
 */
export function namedStatement<Row>(db: Db, name: string, text: string): (params: readonly unknown[]) => Promise<Row[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`namedStatement: invalid name ${name}`);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async (params) => (await client.query<Row & pg.QueryResultRow>({ name, text, values: [...params] })).rows;
  }
  if (client instanceof PGlite) {
    return async (params) => {
      const values = params.map(bindText);
      await preparedOnPglite(client, name, text);
      return executeOnPglite<Row>(client, name, values);
    };
  }
  throw new Error('namedStatement needs a database opened by openDatabase');
}

/**
 * A fixed statement written often inside transactions (the webhook outbox's insert, the worker's
 * records), run on the connection of the database or transaction it is given: on PostgreSQL a named
 * statement, parsed once per connection (node-postgres keeps the names each connection has
 * prepared); on PGlite an ordinary parameterized query (PGlite is one session, and its own
 * transaction object is what a drizzle transaction runs on). Parameters are bound, never written
 * into the text; pass arrays as PostgreSQL array text (`arrayParam`) so both drivers bind them alike.
 */
export function statementIn<Row>(name: string, text: string): (db: DbOrTx, params: readonly unknown[]) => Promise<Row[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`statementIn: invalid name ${name}`);
  return async (db, params) => {
    // drizzle's database and transaction both run on `session.client`: the pool, a pool client, PGlite or its transaction.
    const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
    if (client instanceof pg.Pool || client instanceof pg.Client) {
      return (await client.query<Row & pg.QueryResultRow>({ name, text, values: [...params] })).rows;
    }
    if (client && typeof (client as { query?: unknown }).query === 'function') {
      return (await (client as Pick<PGlite, 'query'>).query<Row>(text, [...params])).rows;
    }
    throw new Error('statementIn needs a database opened by openDatabase, or one of its transactions');
  };
}

/** Finite numbers, or strings without quotes, commas, braces, backslashes or spaces (ids, ISO times), as PostgreSQL array text. */
export function arrayParam(values: readonly (number | string | null)[]): string {
  return `{${values
    .map((v) => {
      if (v === null) return 'NULL';
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new TypeError('arrayParam: a number must be finite');
        return String(v);
      }
      if (!/^[A-Za-z0-9:._+-]+$/.test(v) || /^null$/i.test(v)) throw new TypeError(`arrayParam: ${JSON.stringify(v)} needs quoting`);
      return v;
    })
    .join(',')}}`;
}

/**
 * One run of a prepared statement on PGlite: Bind, Describe, Execute and Sync in one message to the
 * engine, under the same two locks as PGlite's own `exec` (never inside another caller's
 * transaction, never between another query's messages). The engine's answer comes back raw and is
 * read once by `rowsOfAnswer` (pglite-wire.ts), with the instance's type parsers; a database error
 * is thrown once the Sync has brought the session back to idle.
 */
async function executeOnPglite<Row>(client: PGlite, name: string, values: (string | null)[]): Promise<Row[]> {
  const message = bindExecuteMessage(name, values);
  await client._checkReady();
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      // The engine hands out views of its own memory, valid until its next write: each is copied.
      const chunks: Uint8Array[] = [];
      await client.execProtocolRawStream(message, { onRawData: (data) => chunks.push(new Uint8Array(data)) });
      return rowsOfAnswer<Row>(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), client.parsers);
    }),
  );
}

/** A value bound as text to a prepared statement on PGlite (see namedStatement). */
function bindText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('namedStatement: a number must be finite');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new TypeError('namedStatement: a string must not contain NUL');
    return value;
  }
  throw new TypeError(`namedStatement: unsupported type ${typeof value}`);
}

/** The statements prepared on each PGlite instance (one instance is one session, for its lifetime). */
const pglitePrepared = new WeakMap<PGlite, Map<string, { text: string; done: Promise<unknown> }>>();

function preparedOnPglite(client: PGlite, name: string, text: string): Promise<unknown> {
  let statements = pglitePrepared.get(client);
  if (!statements) pglitePrepared.set(client, (statements = new Map()));
  const known = statements.get(name);
  if (known) {
    if (known.text !== text) throw new Error(`namedStatement: ${name} is already prepared with another text`);
    return known.done;
  }
  const done = client.exec(`PREPARE ${name} AS ${text}`).catch((error: unknown) => {
    statements.delete(name);
    throw error;
  });
  statements.set(name, { text, done });
  return done;
}
