/**
 * Reports at scale: the store-count reports and the store detail under 10 concurrent
 * readers (load generator in its own process), the raw SQL from the maintained counts beside the old
 * full recount in the same run, the network store list for exports (time, compressed size, server
 * memory growth), and the cost of a registration change with the counting triggers against the same
 * change with them disabled.
 *   node --expose-gc --import tsx bench/reports/scale.bench.ts [--engine pglite|postgres] [--stores 50000] [--seconds 10]
 *     [--database-url postgres://.../loaded [--keys-dir .data]]   (PostgreSQL loaded before with demo:load, kept; the
 *                                              loader's DATA_DIR holds the key its access codes were hashed with)
 *     [--template 1]                           (PostgreSQL: the demo loaded once into a kept template database,
 *                                              portal_bench_tpl_<stores>, and each run on a copy of it: seconds, not minutes)
 *     [--skip-change]                          (leave out the registration-change comparison)
 *     [--store-list-only]                      (only the store list for exports, three downloads per encoding)
 *     [--readers 100] [--readers-only]         (the store reports under that many concurrent readers beside /healthz
 *                                              in the same run; --readers-only: that table alone)
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@portal/db';
import { corporateLogin, startBenchServer, startBenchServerOn, type Engine } from '../lib/bench-server.ts';
import { postgresCpuMicros, runLoad, type LoadSpec } from '../lib/load.ts';
import { machineSample, machineSince } from '../lib/machine.ts';
import * as q from '../../apps/server/src/modules/reports/reports.queries.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 10);
const engine = (args.get('--engine') || 'postgres') as Engine;
const stores = Number(args.get('--stores') ?? (engine === 'postgres' ? 50_000 : 5_000));
const databaseUrl = args.get('--database-url') || undefined;
const storeListOnly = args.has('--store-list-only');
const readersOnly = args.has('--readers-only');
const skipChange = args.has('--skip-change') || storeListOnly || readersOnly;
const template = args.has('--template') && args.get('--template') !== '0';
const READERS = Number(args.get('--readers') || 100);
const CONNECTIONS = 10;
const gc = (globalThis as { gc?: () => void }).gc;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function timed(fn: () => Promise<unknown>, n: number): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: +percentile(times, 50).toFixed(2), p99: +percentile(times, 99).toFixed(2) };
}

/** Downloads a POST answer, sampling this process's RSS while it streams; returns time, size and peak growth. */
function download(url: URL, path: string, body: object, headers: Record<string, string>) {
  return new Promise<{ ms: number; bytes: number; encoding: string; rssGrowthMb: number }>((resolve, reject) => {
    gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const payload = JSON.stringify(body);
    const req = request({ host: url.hostname, port: url.port, method: 'POST', path, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
        if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`));
        resolve({ ms: Math.round(performance.now() - started), bytes, encoding: String(res.headers['content-encoding'] ?? 'identity'), rssGrowthMb: +((peak - rss0) / 1048576).toFixed(1) });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A registration change as the hosted page's submit makes it: in one transaction the registration
 * becomes Enrolled (or back to Pending) and an audit row is written. `n` alternating changes.
 */
async function registrationChanges(db: Db, ids: number[], n: number): Promise<{ p50: number; p99: number; mean: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = ids[i % ids.length]!;
    const enrol = Math.floor(i / ids.length) % 2 === 0;
    const t = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from registrations where id = ${id} for update`);
      await tx.execute(sql`update registrations set status = ${enrol ? 'Enrolled' : 'Pending'}, enrolled_at = ${enrol ? sql`now()` : null}, updated_at = now() where id = ${id}`);
      await tx.execute(sql`insert into audit_log (action, success, event_id, detail) values ('bench-registration-change', true, 'nbc', ${JSON.stringify({ id })}::jsonb)`);
    });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: +percentile(times, 50).toFixed(3), p99: +percentile(times, 99).toFixed(3), mean: +(times.reduce((a, b) => a + b, 0) / n).toFixed(3) };
}

const started = performance.now();
const server = databaseUrl
  ? await startBenchServerOn(databaseUrl, args.get('--keys-dir') || '.data')
  : await startBenchServer(engine, stores, {}, { template });
console.log(`# ${databaseUrl ? 'postgres (loaded before)' : template && engine === 'postgres' ? 'postgres (copy of the kept template)' : engine}, ${stores} stores (loaded in ${((performance.now() - started) / 1000).toFixed(1)} s), load average ${load()}`);
try {
  const db = server.database.db;
  // What autovacuum does within a minute of a bulk load: statistics, and the dead versions the load
  // left in the count tables (each statement of the load updated their rows) cleaned up.
  await db.execute(sql`vacuum analyze`);
  const base = new URL(server.url);
  const { token, district } = await corporateLogin(server.url, db);
  const [counts] = rowsOf<{ registrations: number; districts: number }>(await db.execute(sql`select (select count(*) from registrations)::int as registrations, (select count(*) from districts)::int as districts`));
  console.log(`${counts!.registrations} registrations, ${counts!.districts} districts\n`);
  const body = (b: object) => JSON.stringify({ region: '', zone: '', district: '', select: 'ALL', ...b });
  const cases = [
    { name: 'Region', path: '/api/Report/GetEnrollments?reportLevel=Region', body: body({}), raw: (o: q.CountOptions) => q.regionCounts(db, 'nbc', o) },
    { name: 'Zone', path: '/api/Report/GetEnrollments?reportLevel=Zone', body: body({ region: '010' }), raw: (o: q.CountOptions) => q.zoneCounts(db, 'nbc', '010', o) },
    { name: 'District', path: '/api/Report/GetEnrollments?reportLevel=District', body: body({ region: '010', zone: '011' }), raw: (o: q.CountOptions) => q.districtCounts(db, 'nbc', '011', '010', o) },
    { name: 'Store detail', path: '/api/Report/GetEnrollments?reportLevel=District', body: body({ region: '010', zone: '011', district }), raw: null },
  ];
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' };

  // Many readers at once: every report under READERS connections, /healthz under the same before and
  // after them. CPU per answered request: the app (this process; the load generator runs in its own),
  // PostgreSQL (the backends serving this database only: the server is shared) and the generator.
  // With the two cores saturated, requests per second ≈ 2 s / (their sum), so these stay comparable
  // across runs where rates and p99 move with the machine's other work.
  const backends = async () =>
    engine === 'postgres' || databaseUrl
      ? new Set(rowsOf<{ pid: number }>(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).map((r) => r.pid))
      : new Set<number>();
  const measured = async (spec: LoadSpec) => {
    await runLoad({ ...spec, duration: 2 });
    const machine0 = machineSample();
    const pg0 = new Map([...(await backends())].map((pid) => [pid, postgresCpuMicros(new Set([pid]))]));
    const cpu0 = process.cpuUsage();
    const result = await runLoad(spec);
    const cpu = process.cpuUsage(cpu0);
    let pgMicros = 0;
    // Backends the pool opened during the run count from zero.
    for (const pid of await backends()) pgMicros += postgresCpuMicros(new Set([pid])) - (pg0.get(pid) ?? 0);
    const machine = machineSince(machine0);
    if (result.non2xx || result.errors) throw new Error(`${spec.path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const per = (micros: number) => Math.round(micros / Math.max(1, result.total));
    return { ...result, app: per(cpu.user + cpu.system), pg: per(pgMicros), machine };
  };
  if (!storeListOnly) {
    const common = { url: server.url, connections: READERS, duration: seconds };
    const rows: Array<{ name: string; r: Awaited<ReturnType<typeof measured>> }> = [];
    rows.push({ name: '/healthz', r: await measured({ ...common, path: '/healthz' }) });
    for (const c of cases) rows.push({ name: c.name, r: await measured({ ...common, path: c.path, method: 'POST', headers, bodies: [c.body] }) });
    rows.push({ name: '/healthz again', r: await measured({ ...common, path: '/healthz' }) });
    const healthz = (rows[0]!.r.reqPerSec + rows[rows.length - 1]!.r.reqPerSec) / 2;
    console.log(`${READERS} concurrent readers, ${seconds} s each (share: of the mean /healthz rate of the two /healthz rows):\n`);
    console.log('| answer | req/s | share of /healthz | p50 / p99 ms | CPU µs / request: app / PostgreSQL / load generator | load avg (start → end) | CPU steal |');
    console.log('|---|--:|--:|--:|--:|--:|--:|');
    for (const { name, r } of rows) {
      console.log(`| ${name} | ${r.reqPerSec} | ${(r.reqPerSec / healthz).toFixed(2)} | ${r.p50} / ${r.p99} | ${r.app} / ${r.pg} / ${r.loadCpuMicrosPerRequest} | ${r.machine.load1[0]} → ${r.machine.load1[1]} | ${r.machine.stealPercent} % |`);
    }
    console.log('');
  }

  if (!storeListOnly && !readersOnly) {
    console.log('| report | SQL p50 / p99 ms, maintained counts | SQL p50 / p99 ms, full recount | recount / maintained (p50) | API req/s, 10 conn | API p50 / p99 ms, 10 conn | server CPU ms / request | load avg |');
    console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
  }
  for (const c of storeListOnly || readersOnly ? [] : cases) {
    const maintained = c.raw ? await timed(() => c.raw({}), 200) : null;
    const recount = c.raw ? await timed(() => c.raw({ recount: true }), 30) : null;
    await runLoad({ url: server.url, path: c.path, method: 'POST', headers, bodies: [c.body], connections: CONNECTIONS, duration: 2 });
    // The app's own CPU (this process) per answered request: unlike latency, hardly moved by other load on the machine.
    const cpu0 = process.cpuUsage();
    const api = await runLoad({ url: server.url, path: c.path, method: 'POST', headers, bodies: [c.body], connections: CONNECTIONS, duration: seconds });
    const cpu = process.cpuUsage(cpu0);
    const cpuPerRequest = ((cpu.user + cpu.system) / 1000 / Math.max(1, api.total)).toFixed(2);
    if (api.non2xx || api.errors) throw new Error(`${c.name}: ${api.non2xx} non-2xx, ${api.errors} errors`);
    const fmt = (t: { p50: number; p99: number } | null) => (t ? `${t.p50} / ${t.p99}` : 'n/a');
    const ratio = maintained && recount ? (recount.p50 / maintained.p50).toFixed(1) : 'n/a';
    console.log(`| ${c.name} | ${fmt(maintained)} | ${fmt(recount)} | ${ratio} | ${api.reqPerSec} | ${api.p50} / ${api.p99} | ${cpuPerRequest} | ${loadavg()[0]!.toFixed(1)} |`);
  }

  if (!readersOnly) console.log('\n| store list for exports (network) | ms | bytes on the wire | server RSS growth MB | load avg |');
  if (!readersOnly) console.log('|---|--:|--:|--:|--:|');
  const storeListBody = { region: '', zone: '', district: '', select: 'ALL' };
  for (const encoding of readersOnly ? [] : ['br', 'gzip', 'identity']) {
    await download(base, '/api/Report/GetStoreData?reportLevel=Region', storeListBody, { authorization: `Bearer ${token}`, 'accept-encoding': encoding });
    for (let i = 0; i < (storeListOnly ? 3 : 1); i++) {
      const r = await download(base, '/api/Report/GetStoreData?reportLevel=Region', storeListBody, { authorization: `Bearer ${token}`, 'accept-encoding': encoding });
      console.log(`| ${r.encoding} | ${r.ms} | ${r.bytes} | ${r.rssGrowthMb} | ${loadavg()[0]!.toFixed(1)} |`);
    }
  }

  if (!skipChange) {
    // Registration changes with the counting triggers, and the same with them off ("today"), interleaved.
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`select id from registrations where event_id = 'nbc' and status = 'Pending' and attendee_type = 'dealer' and store_dlrnum is not null order by id limit 50`),
    ).map((r) => r.id);
    const withCounts: number[] = [];
    const without: number[] = [];
    for (let block = 0; block < 6; block++) {
      withCounts.push((await registrationChanges(db, ids, 200)).mean);
      await db.execute(sql`alter table registrations disable trigger user`);
      try {
        without.push((await registrationChanges(db, ids, 200)).mean);
      } finally {
        await db.execute(sql`alter table registrations enable trigger user`);
        await db.execute(sql`select report_counts_rebuild()`);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const w = median(withCounts);
    const o = median(without);
    console.log(`\nregistration change (lock, update status, audit row; one transaction), mean ms over 6 interleaved blocks of 200:`);
    console.log(`| with counts | without (today) | ratio | load avg |\n|--:|--:|--:|--:|\n| ${w.toFixed(3)} | ${o.toFixed(3)} | ${(w / o).toFixed(2)} | ${loadavg()[0]!.toFixed(1)} |`);
  }
} finally {
  await server.close();
}
