/**
 * The organizer console's registration search (GET /api/Admin/Registrations) over HTTP, on demo data
 * with at least 50,000 registrations (about 1.75 per store: 30,000 stores give some 52,000).
 * Aim: a search answers in under 100 ms on PostgreSQL.
 *   npx tsx bench/admin/admin-search.bench.ts [--engine postgres|pglite|both] [--stores 30000] [--runs 30]
 * `--url postgres://...` runs against a PostgreSQL database that already holds demo data (loading
 * 30,000 stores takes minutes on a busy machine): load it once with
 *   createdb bench_NAME && DATABASE_URL=postgres://.../bench_NAME npm run demo:load -- --stores 30000
 * `--explain` also runs each search's statements (exactly as the route sends them, logged from
 * Drizzle) under EXPLAIN (ANALYZE, BUFFERS) and prints their execution times, which the machine's
 * load stretches less than the HTTP times; `--plans` prints the plans too.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { registrationsQuerySchema } from '@portal/contracts';
import { schema, type Db } from '@portal/db';
import { listRegistrations } from '../../apps/server/src/modules/admin/admin.queries.ts';
import { rowsOf } from '@portal/db';
import { ADMIN_PATHS } from '@portal/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchServer, startBenchServerOn, type Engine } from '../lib/bench-server.ts';
import { percentile } from '../lib/stats.ts';
import { DEMO_ORGANIZER } from '../../apps/server/src/demo/demo-accounts.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engineArg = args.get('--engine') ?? 'postgres';
const engines: Engine[] = engineArg === 'both' ? ['postgres', 'pglite'] : [engineArg as Engine];
const stores = Number(args.get('--stores') ?? 30_000);
const runs = Number(args.get('--runs') ?? 30);
const existingUrl = args.get('--url');
const explain = args.has('--explain') || args.has('--plans');
const printPlans = args.has('--plans');

/**
 * The statements listRegistrations sends for one query string, each run under EXPLAIN (ANALYZE,
 * BUFFERS) `times` times; answers the median execution time per statement (and the last plan).
 */
async function explainSearch(url: string, query: string, times: number): Promise<Array<{ statement: string; medianMs: number; plan: string }>> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const logged: Array<{ query: string; params: unknown[] }> = [];
    const db = drizzle(pool, { schema, logger: { logQuery: (q, params) => logged.push({ query: q, params }) } }) as unknown as Db;
    await listRegistrations(db, registrationsQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))));
    const out = [];
    for (const { query: statement, params } of logged) {
      const ms: number[] = [];
      let plan = '';
      for (let i = 0; i < times; i++) {
        const result = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement}`, params);
        const lines = result.rows.map((r) => r['QUERY PLAN']);
        ms.push(Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1) ?? '')?.[1] ?? NaN));
        plan = lines.join('\n');
      }
      ms.sort((a, b) => a - b);
      out.push({ statement, medianMs: ms[Math.floor(ms.length / 2)]!, plan });
    }
    return out;
  } finally {
    await pool.end();
  }
}

for (const engine of existingUrl ? (['postgres'] as const) : engines) {
  const setupStarted = performance.now();
  const server = existingUrl ? await startBenchServerOn(existingUrl, mkdtempSync(join(tmpdir(), 'portal-bench-')), { DATABASE_URL: existingUrl }) : await startBenchServer(engine, stores);
  try {
    const db = server.database.db;
    // As autovacuum would after a bulk load: statistics, and the trigram indexes' pending lists merged
    // (GIN's fastupdate keeps new entries in a list that every search reads until a vacuum; ANALYZE
    // alone leaves it, and then a last-name search took 97 ms instead of 24 ms in EXPLAIN ANALYZE).
    await db.execute(sql`vacuum analyze`);
    const [counts] = rowsOf<{ total: number; nbc: number; stores: number }>(
      await db.execute(sql`select count(*)::int as total, (count(*) filter (where event_id = 'nbc'))::int as nbc, (select count(*)::int from stores) as stores from registrations`),
    );
    // Real values to search for: a last name, a piece of an e-mail and a store name from the data.
    const [sample] = rowsOf<{ last_name: string; email: string; store_name: string; dlrnum: string; region: string }>(
      await db.execute(sql`select p.last_name, p.email, s.name as store_name, s.dlrnum, z.region_code as region
        from registrations r join people p on p.id = r.attendee_id join stores s on s.dlrnum = r.store_dlrnum
        join districts d on d.code = s.district_code join zones z on z.code = d.zone_code
        where p.email not like '%.invalid' order by r.id desc limit 1`),
    );
    const login = await fetch(`${server.url}${ADMIN_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const local = sample!.email.split('@')[0]!;
    const scenarios: Array<[string, string]> = [
      ['last name, default sort', `q=${encodeURIComponent(sample!.last_name.slice(0, 5))}`],
      ['piece of an e-mail', `q=${encodeURIComponent(local.slice(1, 8))}`],
      ['store name', `q=${encodeURIComponent(sample!.store_name.split(' ')[0]!)}`],
      ['store number', `q=${sample!.dlrnum}`],
      ['name + event + status + region', `q=${encodeURIComponent(sample!.last_name.slice(0, 4))}&event=nbc&status=Enrolled&region=${sample!.region}`],
      ['no match', 'q=zzqxj'],
      ['no filter, sorted by name, page 200', 'sort=name&page=200&pageSize=50'],
      ['pageSize 200, sorted by store', 'q=a&sort=store&pageSize=200'],
    ];
    console.log(
      `\n## ${engine}${existingUrl ? ' (existing database)' : ''}: ${counts!.stores} stores, ${counts!.total} registrations (${counts!.nbc} nbc); set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; load avg ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`,
    );
    console.log('| search | rows total | p50 ms | p95 ms | max ms |');
    console.log('|---|--:|--:|--:|--:|');
    for (const [name, query] of scenarios) {
      const url = `${server.url}${ADMIN_PATHS.registrations}?${query}`;
      let total = 0;
      const times: number[] = [];
      for (let i = 0; i < runs + 3; i++) {
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { succeeded: boolean; data: { total: number } };
        const ms = performance.now() - started;
        if (res.status !== 200 || !body.succeeded) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(body)}`);
        total = body.data.total;
        if (i >= 3) times.push(ms);
      }
      times.sort((a, b) => a - b);
      console.log(`| ${name} | ${total} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`);
    }
    console.log(`\nload avg after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    if (explain) {
      if (!server.databaseUrl) throw new Error('--explain needs PostgreSQL');
      console.log('\nEXPLAIN (ANALYZE, BUFFERS), median execution time of 5 runs per statement (page query / count query):\n');
      console.log('| search | statements | execution ms |');
      console.log('|---|--:|---|');
      for (const [name, query] of scenarios) {
        const statements = await explainSearch(server.databaseUrl, query, 5);
        console.log(`| ${name} | ${statements.length} | ${statements.map((s) => s.medianMs.toFixed(2)).join(' / ')} |`);
        if (printPlans) for (const s of statements) console.error(`\n-- ${name}\n${s.statement}\n${s.plan}`);
      }
      console.log(`\nload avg after EXPLAIN: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    }
  } finally {
    await server.close();
  }
}
