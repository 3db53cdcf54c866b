/**
 * The privacy figures (docs/privacy.md): one erasure (`POST /api/Admin/People/{id}/Erase` over HTTP:
 * the targeted pass and the catalogue sweep of every table) and a retention run over every attendee
 * (both events given a retention period that has passed), with the report routes' latency measured
 * idle and while the run goes on (autocannon in its own process, a region report as the corporate
 * user). Aims: an erasure <= 1 s at 50,000 stores; the run <= 2 min over 50,000 people with the
 * report p99 within 2x of idle.
 *   npx tsx bench/privacy/privacy.bench.ts [--engine postgres|pglite] [--stores 5000] [--erasures 10] [--duration 10]
 *     [--template 1]          (PostgreSQL: load the demo once into a kept template database, portal_bench_tpl_<stores>,
 *                              and run on a copy of it: seconds instead of minutes per run at 50,000 stores)
 *     [--only erasure|retention] [--batch 500] [--min-gap 1000] [--pause-ratio 2] [--during 30]   (seconds of report load from the start of the run; default 3x --duration)
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { PRIVACY_PATHS, ADMIN_PATHS } from '@portal/contracts';
import { rowsOf } from '@portal/db';
import { DEMO_ORGANIZER } from '../../apps/server/src/demo/demo-accounts.ts';
import { RETENTION_PACE, runRetention } from '../../apps/server/src/modules/privacy/retention.ts';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';
import { runLoad, type LoadSpec } from '../lib/load.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engine = (args.get('--engine') || 'postgres') as Engine;
const stores = Number(args.get('--stores') || 5000);
const erasures = Number(args.get('--erasures') || 10);
const duration = Number(args.get('--duration') || 10);
const template = args.has('--template') && args.get('--template') !== '0';
const only = args.get('--only') || '';
/** The retention run's pace (runRetention's defaults unless given). */
const pace =
  args.has('--min-gap') || args.has('--pause-ratio') || args.has('--batch')
    ? {
        peopleBatch: Number(args.get('--batch') || RETENTION_PACE.peopleBatch),
        minGapMs: Number(args.get('--min-gap') || RETENTION_PACE.minGapMs),
        pauseRatio: Number(args.get('--pause-ratio') || RETENTION_PACE.pauseRatio),
      }
    : undefined;
/** The load window during the run (s); it starts with the run. */
const during = Number(args.get('--during') || duration * 3);

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; data: T }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

console.log(`privacy bench: ${engine}, ${stores} stores, load ${load()}`);
const started = performance.now();
const METRICS_TOKEN = 'privacy-bench-metrics-token';
const server = await startBenchServer(engine, stores, { METRICS_TOKEN }, { template });
/** Report answers computed so far (cache misses: each one a report query the cache could not answer). */
async function reportMisses(): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^portal_report_cache_misses_total(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1] ?? NaN);
}
console.log(`demo data loaded in ${Math.round((performance.now() - started) / 1000)} s`);
try {
  const db = server.database.db;
  const count = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await db.execute(q))[0]?.n ?? 0);
  console.log(
    `people ${await count(sql`select count(*)::int as n from people`)}, registrations ${await count(sql`select count(*)::int as n from registrations`)}, audit rows ${await count(sql`select count(*)::int as n from audit_log`)}`,
  );
  const organizer = (await post<{ accessToken: string }>(server.url, ADMIN_PATHS.login, { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password })).data.accessToken;
  const corp = (await post<{ accessToken: string }>(server.url, '/User/ProcessLogin', { userName: 'corp.user@corp.example.com', password: 'CORP27', eventType: 'nbc', IsReporting: false })).data.accessToken;

  // One erasure at a time: attendees spread over the id range.
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select attendee_id as id from registrations where id % ${Math.max(1, Math.floor(stores / erasures))} = 0 order by id limit ${erasures}`),
  ).map((r) => Number(r.id));
  const times: number[] = [];
  for (const id of only === 'retention' ? [] : ids) {
    const t0 = performance.now();
    const res = await post(server.url, PRIVACY_PATHS.personErase.replace('{id}', String(id)), { reason: 'bench' }, organizer);
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`erase ${id}: ${res.status} ${JSON.stringify(res.data)}`);
  }
  if (times.length) console.log(`erasure over HTTP, ${times.length} people: median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (load ${load()})`);

  if (only !== 'erasure') {
    // Retention over every attendee: both events past a one-day period.
    await db.execute(sql`insert into event_retention (event_id, retention_days) select id, 1 from events on conflict (event_id) do update set retention_days = 1`);
    const people = await count(sql`select count(distinct attendee_id)::int as n from registrations r where not exists (select 1 from person_erasures e where e.person_id = r.attendee_id)`);
    const spec: LoadSpec = {
      url: server.url,
      path: '/api/Report/GetEnrollments?reportLevel=Region',
      method: 'POST',
      headers: { authorization: `Bearer ${corp}`, 'content-type': 'application/json' },
      bodies: [JSON.stringify({ region: '', zone: '', district: '', select: '' })],
      connections: 4,
      duration,
    };
    const missesBefore = await reportMisses();
    const idle = await runLoad(spec);
    const idleMisses = (await reportMisses()) - missesBefore;
    console.log(`report idle: p50 ${idle.p50} ms, p99 ${idle.p99} ms, ${idle.reqPerSec} req/s, ${idleMisses} answers computed (load ${load()})`);
    const missesAtStart = await reportMisses();
    const busyLoad = runLoad({ ...spec, duration: during });
    const t0 = performance.now();
    const outcomes = await runRetention(db, new Date('2030-01-01T00:00:00Z'), pace ? { pace } : {});
    const runMs = performance.now() - t0;
    const busy = await busyLoad;
    const busyMisses = (await reportMisses()) - missesAtStart;
    console.log(`retention run: ${outcomes.map((o) => `${o.event} ${o.people} people, ${o.mailBodies} mails`).join('; ')} (${people} attendees) in ${(runMs / 1000).toFixed(1)} s (load ${load()})`);
    console.log(`report during the run (${during} s window from its start): p50 ${busy.p50} ms, p99 ${busy.p99} ms, ${busy.reqPerSec} req/s, non-2xx ${busy.non2xx}, ${busyMisses} answers computed (${(busyMisses / during).toFixed(1)}/s); p99 ratio ${(busy.p99 / Math.max(1, idle.p99)).toFixed(2)}x`);
  }
} finally {
  await server.close();
}
