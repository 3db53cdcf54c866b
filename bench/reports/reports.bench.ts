/**
 * Report API latency and throughput beside the same SQL run directly.
 *
 * For every report call: the query function of reports.queries.ts run in-process, one after the
 * other (raw SQL through the driver); the same call over HTTP, one after the other on a keep-alive
 * connection (API overhead ratio = API p50 / raw p50); then autocannon with 10 connections for
 * req/s and p50/p99 under load.
 *   npx tsx bench/reports/reports.bench.ts [--engine pglite|postgres|both] [--stores 5000,20000] [--seconds 5] [--only Region,Zone]
 */
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
import { corporateLogin, startBenchServer, type Engine } from '../lib/bench-server.ts';
import * as q from '../../apps/server/src/modules/reports/reports.queries.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 5);
const engineArg = args.get('--engine') ?? 'both';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];
const storeCounts = (args.get('--stores') ?? '5000,20000').split(',').map(Number);
const only = args.get('--only')?.split(',');
const CONNECTIONS = 10;

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  raw: (db: Db) => Promise<unknown[]>;
  /** A store report (aim: p99 under 50 ms on PostgreSQL at 5,000 stores). */
  store?: boolean;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `fn` one call after the other for about `budgetMs` (at least 20, at most 500 calls). */
async function sequential(fn: () => Promise<unknown>, budgetMs = 2500) {
  for (let i = 0; i < 3; i++) await fn(); // warm-up
  const times: number[] = [];
  const started = performance.now();
  while ((times.length < 20 || performance.now() - started < budgetMs) && times.length < 500) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { n: times.length, p50: +percentile(times, 50).toFixed(2), p99: +percentile(times, 99).toFixed(2) };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function call(base: URL, c: Case, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = c.body ? JSON.stringify(c.body) : undefined;
    const req = request(
      { agent, host: base.hostname, port: base.port, method: c.method, path: c.path, headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(size) : reject(new Error(`${c.name}: HTTP ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

for (const engine of engines) {
  for (const stores of storeCounts) {
    const loadStarted = performance.now();
    const server = await startBenchServer(engine, stores);
    const loadSeconds = ((performance.now() - loadStarted) / 1000).toFixed(1);
    try {
      const db = server.database.db;
      // Fresh bulk-loaded tables have no planner statistics yet (autovacuum would add them later):
      // without them PostgreSQL picks nested loops that make the store list 50x slower.
      await db.execute(sql`analyze`);
      const base = new URL(server.url);
      const { token, district } = await corporateLogin(server.url, db);
      const registrations = (await db.select({ id: schema.registrations.id }).from(schema.registrations)).length;
      const d = district;
      const body = (b: object) => ({ region: '', zone: '', district: '', select: 'ALL', ...b });
      const allCases: Case[] = [
        { name: 'GetEnrollments All', method: 'POST', path: '/api/Report/GetEnrollments?reportLevel=All', body: body({}), raw: (x) => q.networkTotal(x, 'nbc'), store: true },
        { name: 'GetEnrollments Region', method: 'POST', path: '/api/Report/GetEnrollments?reportLevel=Region', body: body({}), raw: (x) => q.regionCounts(x, 'nbc'), store: true },
        { name: 'GetEnrollments Zone', method: 'POST', path: '/api/Report/GetEnrollments?reportLevel=Zone', body: body({ region: '010' }), raw: (x) => q.zoneCounts(x, 'nbc', '010'), store: true },
        { name: 'GetEnrollments District', method: 'POST', path: '/api/Report/GetEnrollments?reportLevel=District', body: body({ region: '010', zone: '011' }), raw: (x) => q.districtCounts(x, 'nbc', '011', '010'), store: true },
        { name: 'GetEnrollments store detail', method: 'POST', path: '/api/Report/GetEnrollments?reportLevel=District', body: body({ region: '010', zone: '011', district: d }), raw: (x) => q.storeDetail(x, 'nbc', { region: '010', zone: '011', district: d }, 'ALL'), store: true },
        { name: 'GetStoreData Zone', method: 'POST', path: '/api/Report/GetStoreData?reportLevel=Zone', body: body({ region: '010', zone: '011' }), raw: (x) => q.storeList(x, 'nbc', { region: '010', zone: '011' }, 'ALL'), store: true },
        { name: 'GetStoreData Region', method: 'POST', path: '/api/Report/GetStoreData?reportLevel=Region', body: body({ region: '010' }), raw: (x) => q.storeList(x, 'nbc', { region: '010' }, 'ALL'), store: true },
        { name: 'GetStoreData network', method: 'POST', path: '/api/Report/GetStoreData?reportLevel=Region', body: body({}), raw: (x) => q.storeList(x, 'nbc', {}, 'ALL') },
        ...([1, 2, 3, 4, 5] as const).map((t): Case => ({
          name: `GetEnrollmentReportsByType ${t}`,
          method: 'GET',
          path: `/api/Report/GetEnrollmentReportsByType?regCode=${t === 5 ? '010' : 'ALL'}&rptType=${t}`,
          raw: (x) => q.attendeeRows(x, 'nbc', q.ATTENDEE_TYPES_BY_REPORT[t], { region: t === 5 ? '010' : null, zone: null }),
        })),
        { name: 'GetAllRegions', method: 'GET', path: '/api/Report/GetAllRegions', raw: (x) => q.allRegions(x) },
        { name: 'GetAllZonesByRegion', method: 'GET', path: '/api/Report/GetAllZonesByRegion?regCode=010', raw: (x) => q.zonesOfRegion(x, '010') },
        { name: 'GetFieldReportData', method: 'GET', path: '/api/Report/GetFieldReportData?regCode=ALL&zone=ALL', raw: (x) => q.attendeeRows(x, 'nbc', ['field'], { region: null, zone: null }) },
        { name: 'GetReportAtendeeCountByType', method: 'GET', path: '/api/Report/GetReportAtendeeCountByType', raw: (x) => q.attendeeCountsByType(x, 'nbc') },
      ];
      const cases = allCases.filter((c) => !only || only.some((o) => c.name.includes(o)));

      console.log(`\n## ${engine}, ${stores} stores, ${registrations} registrations (loaded in ${loadSeconds} s; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})\n`);
      console.log('| call | rows | bytes | raw SQL p50 / p99 ms | API p50 / p99 ms (1 conn) | API / raw (p50) | req/s (10 conn) | p50 / p99 ms (10 conn) | load avg |');
      console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
      for (const c of cases) {
        const rows = (await c.raw(db)).length;
        const raw = await sequential(() => c.raw(db));
        const bytes = await call(base, c, token);
        const api = await sequential(() => call(base, c, token));
        const load = await autocannon({
          url: server.url,
          connections: CONNECTIONS,
          duration: seconds,
          requests: [{ method: c.method, path: c.path, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(c.body ? { body: JSON.stringify(c.body) } : {}) }],
        });
        if (load.non2xx || load.errors) throw new Error(`${c.name}: ${load.non2xx} non-2xx, ${load.errors} errors under load`);
        const ratio = (api.p50 / raw.p50).toFixed(2);
        // The machine is shared: the load average beside each row says how busy it was.
        console.log(
          `| ${c.name}${c.store ? ' *' : ''} | ${rows} | ${bytes} | ${raw.p50} / ${raw.p99} | ${api.p50} / ${api.p99} | ${ratio} | ${Math.round(load.requests.average)} | ${load.latency.p50} / ${load.latency.p99} | ${loadavg()[0]!.toFixed(1)} |`,
        );
      }
    } finally {
      await server.close();
    }
  }
}
agent.destroy();
