/**
 * Starts the real app (buildApp) on a loopback port over PGlite (temp data dir) or PostgreSQL
 * (a fresh database on BENCH_DATABASE_URL's server), with demo data of the given size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyOfTemplatePostgres, createBenchPostgres } from './bench-database.ts';
import type { FastifyInstance } from 'fastify';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { openDatabase, schema, type Database, type Db } from '@portal/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig, type Config } from '../../apps/server/src/config.ts';
import { loadDemoData } from '../../apps/server/src/demo/load-demo-data.ts';

export type Engine = 'pglite' | 'postgres';

export interface BenchServer {
  url: string;
  /** The app itself, for `inject` and its job queue. */
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's connection string (absent on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The access-code key of demo data kept in a template database (`template: true`): the codes stay valid in every copy. */
const TEMPLATE_CODE_HASH_KEY = 'bench-template-code-hash-key-0123456789abcdef';

/**
 * `template: true` (PostgreSQL only): the demo data is loaded once into a template database kept on the
 * server (`portal_bench_tpl_<stores>`) and each run gets a copy of it, migrated to the current schema.
 */
export async function startBenchServer(engine: Engine, stores: number, env: Record<string, string> = {}, options: { template?: boolean } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const template = options.template === true && engine === 'postgres';
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOGIN_FAILURES_PER_IP_HOUR: '1000000', ...(template ? { CODE_HASH_KEY: TEMPLATE_CODE_HASH_KEY } : {}), ...env });
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let database: Database;
  if (template) {
    const copied = await copyOfTemplatePostgres('portal_bench', `portal_bench_tpl_${stores}`, async (url) => {
      const building = await openDatabase({ url, poolSize: 4 });
      try {
        await building.migrate();
        await loadDemoData(building.db, { stores, codeHashKey: config.codeHashKey });
      } finally {
        await building.close();
      }
    });
    databaseUrl = copied.url;
    database = await openDatabase({ url: databaseUrl, poolSize: 20 });
    dropDatabase = copied.drop;
    await database.migrate();
  } else if (engine === 'postgres') {
    const created = await createBenchPostgres('portal_bench');
    databaseUrl = created.url;
    database = await openDatabase({ url: databaseUrl, poolSize: 20 });
    dropDatabase = created.drop;
  } else {
    database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  }
  if (!template) {
    await database.migrate();
    await loadDemoData(database.db, { stores, codeHashKey: config.codeHashKey });
  }
  return listening(config, database, databaseUrl, async () => {
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/**
 * A bench server for the length of `use`, the planner's statistics fresh (`analyze`) before it runs,
 * closed afterwards whatever happens; `startedAt` is when its set-up began (performance.now()).
 */
export async function withBenchServer(engine: Engine, stores: number, use: (server: BenchServer, startedAt: number) => Promise<void>): Promise<void> {
  const startedAt = performance.now();
  const server = await startBenchServer(engine, stores);
  try {
    await server.database.db.execute(sql`analyze`);
    await use(server, startedAt);
  } finally {
    await server.close();
  }
}

/** The app built over `database` and listening on a loopback port; `close` stops it, closes the database, then runs `cleanup`. */
async function listening(config: Config, database: Database, databaseUrl: string | undefined, cleanup: () => Promise<void> = async () => {}): Promise<BenchServer> {
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    database,
    ...(databaseUrl ? { databaseUrl } : {}),
    close: async () => {
      await app.close();
      await database.close();
      await cleanup();
    },
  };
}

/**
 * The real app on a PostgreSQL database loaded before (e.g. `DATABASE_URL=... npm run demo:load --
 * --stores 50000`), migrated to the current schema and left in place on close: a benchmark at 50,000
 * stores then skips minutes of loading per run. `keysDir` is the DATA_DIR the loader ran with.
 */
export async function startBenchServerOn(databaseUrl: string, keysDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  // The loader's DATA_DIR: its generated CODE_HASH_KEY is what the demo access codes were hashed with.
  const config = loadConfig({ DATA_DIR: keysDir, LOG_LEVEL: 'silent', LOGIN_FAILURES_PER_IP_HOUR: '1000000', ...env });
  const database = await openDatabase({ url: databaseUrl, poolSize: 20 });
  await database.migrate();
  return listening(config, database, databaseUrl);
}

/** Login bodies of `n` random returning dealers (roster e-mails with the demo dealer code), for `/User/ProcessLogin`. */
export async function dealerLoginBodies(db: Db, n: number): Promise<string[]> {
  const rows = await db.select({ email: schema.people.email }).from(schema.people).where(isNotNull(schema.people.storeDlrnum)).orderBy(sql`random()`).limit(n);
  return rows.map((r) => JSON.stringify({ userName: r.email, password: 'DEALER27', eventType: 'nbc', IsReporting: false }));
}

/** Signs in through `/User/ProcessLogin` and answers the access token. */
export async function loginToken(url: string, body: Record<string, unknown>): Promise<string> {
  const login = await fetch(`${url}/User/ProcessLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Signs in as the demo corporate report user; answers its token and the first district of zone 011 (the reports' drill-down). */
export async function corporateLogin(url: string, db: Db): Promise<{ token: string; district: string }> {
  const token = await loginToken(url, { userName: 'corp.user@corp.example.com', password: 'CORP27', eventType: 'nbc', IsReporting: false });
  const [district] = await db.select({ code: schema.districts.code }).from(schema.districts).where(eq(schema.districts.zoneCode, '011')).orderBy(asc(schema.districts.code)).limit(1);
  return { token, district: district!.code };
}
