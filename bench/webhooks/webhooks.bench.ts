/**
 * Webhooks out, three aims, each against the real app and a real receiver on loopback:
 *  1. throughput: 1,000 registration changes (console date changes over HTTP, four at a time)
 *     delivered <= 30 s; `drain`: the same number committed first, then timed from the worker's start;
 *  2. backlog: N deliveries (10,000) queued while the receiver is down, then it comes up: memory
 *     growth <= 50 MB while it drains, and every registration's deliveries arrive in order;
 *  3. enrollment submit (GetBuiltinLink, a new colleague each time) p99 with two endpoints within
 *     1.2x of none (autocannon, the worker sending meanwhile); `--rounds` interleaved rounds of: no
 *     endpoint, two endpoints, two endpoints with the worker stopped (the submit's own share); the
 *     receivers in a process of their own unless `--receiver inline`; `--profile file` profiles this
 *     process once more with two endpoints (with `--only drain`: the drain); `--spread N`: the
 *     submits come from the executive managers of N stores in turn (default 1: all from store 10001,
 *     queueing on its row lock); `--rate R`: R submits a second in all instead of saturation;
 *     `--held false`: no rounds with the worker stopped; `--sender-thread false`: the worker sends on
 *     the event loop that answers requests. Besides each round's p99 it prints the p99 of all rounds'
 *     submits pooled per configuration, and their ratio.
 *   npx tsx bench/webhooks/webhooks.bench.ts [--engine postgres|pglite] [--stores 300] [--changes 1000]
 *     [--backlog 10000] [--seconds 10] [--only throughput,drain,backlog,submit] [--rounds 2]
 *     [--receiver process|inline] [--profile out.cpuprofile] [--spread 1] [--rate 0] [--held true]
 *     [--sender-thread true|false]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { createBenchPostgres } from '../lib/bench-database.ts';
import { ADMIN_PATHS, WEBHOOK_PATHS } from '@portal/contracts';
import { openDatabase, schema, type Database } from '@portal/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { DEMO_ORGANIZER } from '../../apps/server/src/demo/demo-accounts.ts';
import { loadDemoData } from '../../apps/server/src/demo/load-demo-data.ts';
import { emitRegistrationEvent } from '../../apps/server/src/modules/webhooks/outbox.ts';
import { startReceiver } from '../../apps/server/src/testing/webhook-receiver.ts';
import { profileLoad, profileWhile } from '../lib/cpu-profile.ts';
import { runLoad } from '../lib/load.ts';
import { percentile } from '../lib/stats.ts';
import { startReceiversProcess } from './receiver-process.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engine = (args.get('--engine') ?? 'postgres') as 'postgres' | 'pglite';
const stores = Number(args.get('--stores') ?? 300);
const changes = Number(args.get('--changes') ?? 1000);
const backlog = Number(args.get('--backlog') ?? 10_000);
const seconds = Number(args.get('--seconds') ?? 10);
const only = new Set((args.get('--only') ?? 'throughput,drain,backlog,submit').split(','));
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/**
 * CPU (µs) used so far by this benchmark's own PostgreSQL backends (their command line names the
 * database), from /proc: unlike latency, a cost per request that other work on the machine barely moves.
 */
function backendsCpuMicros(databaseName: string): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${databaseName} `)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks * 10_000;
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void>; dataDir: string; name?: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-hooks-'));
  if (engine === 'pglite') return { database: await openDatabase({ dataDir: join(dataDir, 'pglite') }), drop: async () => rmSync(dataDir, { recursive: true, force: true }), dataDir };
  const created = await createBenchPostgres('portal_bench_hooks');
  return {
    database: await openDatabase({ url: created.url, poolSize: 20 }),
    dataDir,
    name: new URL(created.url).pathname.slice(1),
    drop: async () => {
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const { database, drop, dataDir, name: databaseName } = await openBenchDatabase();
await database.migrate();
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'true', LOGIN_FAILURES_PER_IP_HOUR: '1000000', LOGIN_FAILURES_PER_EMAIL_HOUR: '1000000' });
await loadDemoData(database.db, { stores, codeHashKey: config.codeHashKey });
// `--sender-thread false`: the worker sends on the event loop that answers requests, as before it had a thread of its own.
const senderThread = args.get('--sender-thread') !== 'false';
const app = await buildApp({ config, database, webhooks: { delivery: { backoffBaseMs: 1_000, backoffCapMs: 5_000, senderThread } } });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const db = database.db;
console.log(`engine ${engine}, ${stores} stores, webhooks sent ${senderThread ? 'on their own thread' : 'on the event loop'}, load ${load()}, node ${process.version}`);

async function post(path: string, token: string, body: unknown, method = 'POST') {
  const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: unknown } };
}
const organizer = ((await (await fetch(`${base}${ADMIN_PATHS.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password }) })).json()) as { data: { accessToken: string } }).data.accessToken;
const addEndpoint = async (url: string, events = ['registration.created', 'registration.updated', 'registration.cancelled']) => {
  const res = await post(WEBHOOK_PATHS.webhooks, organizer, { url, events });
  if (res.status !== 201) throw new Error(`endpoint not created: ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: number }).id;
};
const disableAll = () => db.update(schema.webhookEndpoints).set({ enabled: false });
const deliveredCount = async (endpointId: number) =>
  Number((await db.select({ n: sql<number>`count(*)::int` }).from(schema.webhookDeliveries).where(and(eq(schema.webhookDeliveries.endpointId, endpointId), eq(schema.webhookDeliveries.status, 'delivered'))))[0]!.n);

try {
  app.webhookDelivery.start();

  if (only.has('throughput')) {
    const receiver = await startReceiver({ countOnly: true });
    const endpointId = await addEndpoint(receiver.url);
    const enrolled = await db.select({ id: schema.registrations.id }).from(schema.registrations).where(eq(schema.registrations.status, 'Enrolled')).limit(200);
    const started = performance.now();
    let i = 0;
    // Four organizers' worth of concurrent date changes, each a registration.updated.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (i < changes) {
          const n = i++;
          const day = n % 2 ? '02' : '03';
          const res = await post(`/api/Admin/Registrations/${enrolled[n % enrolled.length]!.id}/Dates`, organizer, { isVirtual: false, arrivalDate: '2027-03-01', departureDate: `2027-03-${day}` });
          if (res.status !== 200) throw new Error(`change ${n}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }),
    );
    const changed = performance.now();
    await until('the deliveries', async () => (await deliveredCount(endpointId)) >= changes, 300_000);
    const done = performance.now();
    console.log(
      `throughput: ${changes} changes made in ${((changed - started) / 1000).toFixed(1)} s, all delivered ${((done - started) / 1000).toFixed(1)} s after the first (${Math.round(changes / ((done - started) / 1000))}/s), last delivery ${((done - changed) / 1000).toFixed(1)} s after the last change; receiver got ${receiver.total}, load ${load()}`,
    );
    await disableAll();
    await receiver.close();
  }

  if (only.has('drain')) {
    // The delivery side alone: the changes' rows committed first (as the flows write them), then sent.
    // The receiver in a process of its own, so this process's CPU is the worker's alone.
    const receiver = await startReceiversProcess(1);
    const endpointId = await addEndpoint(receiver.urls[0]!, ['registration.updated']);
    await app.webhookDelivery.stop();
    const regs = await db.select({ id: schema.registrations.id }).from(schema.registrations).limit(changes);
    for (let n = 0; n < changes; n++) {
      await db.transaction((tx) => emitRegistrationEvent(tx, 'registration.updated', regs[n % regs.length]!.id, new Date()));
    }
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    const pg0 = databaseName ? backendsCpuMicros(databaseName) : 0;
    const sent = async () => {
      app.webhookDelivery.start();
      await until('the deliveries', async () => (await deliveredCount(endpointId)) >= changes, 300_000);
    };
    // `--profile file` with `--only drain`: where this process's CPU goes while the worker sends.
    const profileOut = only.has('submit') ? undefined : args.get('--profile');
    if (profileOut) await profileWhile(sent, profileOut);
    else await sent();
    const done = performance.now();
    const cpu = process.cpuUsage(cpu0);
    // Includes this bench's own polls of the delivered count (one small select every few ms).
    const appCpu = Math.round((cpu.user + cpu.system) / changes);
    const pgCpu = databaseName ? Math.round((backendsCpuMicros(databaseName) - pg0) / changes) : 0;
    console.log(`drain: ${changes} committed changes (${regs.length} registrations) delivered in ${((done - started) / 1000).toFixed(1)} s (${Math.round(changes / ((done - started) / 1000))}/s); CPU per delivery: app ${appCpu} µs, postgres ${pgCpu} µs; receiver got ${(await receiver.totals()).join(' + ')}, load ${load()}`);
    await disableAll();
    await receiver.close();
  }

  if (only.has('backlog')) {
    // The receiver is down: a port with nothing listening.
    const parked = await startReceiver({ countOnly: true });
    const port = parked.port;
    await parked.close();
    const endpointId = await addEndpoint(`http://127.0.0.1:${port}/hooks`, ['registration.updated']);
    await app.webhookDelivery.stop();
    const regs = await db.select({ id: schema.registrations.id }).from(schema.registrations).limit(1000);
    const perRegistration = Math.ceil(backlog / regs.length);
    const t0 = Date.UTC(2027, 0, 1);
    let queued = 0;
    for (let round = 0; round < perRegistration && queued < backlog; round++) {
      for (let k = 0; k < regs.length && queued < backlog; k += 50) {
        const chunk = regs.slice(k, k + 50).slice(0, backlog - queued);
        await db.transaction(async (tx) => {
          for (const r of chunk) await emitRegistrationEvent(tx, 'registration.updated', r.id, new Date(t0 + round * 1000));
        });
        queued += chunk.length;
      }
    }
    console.log(`backlog: ${queued} deliveries queued for ${regs.length} registrations (${perRegistration} each), load ${load()}`);
    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 100);
    // Down for a few seconds (first tries refused, backing off), then up on the same port.
    app.webhookDelivery.start();
    await new Promise((r) => setTimeout(r, 3_000));
    const arrivals = new Map<number, number>();
    let outOfOrder = 0;
    const receiver = await startReceiver({
      port,
      countOnly: true,
      answer: ({ body }) => {
        const event = JSON.parse(body) as { timestamp: string; data: { id: number } };
        const at = Date.parse(event.timestamp);
        if ((arrivals.get(event.data.id) ?? -Infinity) > at) outOfOrder++;
        arrivals.set(event.data.id, at);
        return 200;
      },
    });
    if (receiver.port !== port) throw new Error('the receiver did not get its old port back');
    const up = performance.now();
    await until('the backlog to drain', async () => (await deliveredCount(endpointId)) >= queued, 900_000);
    const drained = performance.now();
    clearInterval(sampler);
    console.log(
      `backlog: drained ${queued} in ${((drained - up) / 1000).toFixed(1)} s after the receiver came up; RSS ${mb(baseline.rss)} -> peak ${mb(peakRss)} MB (+${mb(peakRss - baseline.rss)}), heap ${mb(baseline.heapUsed)} -> peak ${mb(peakHeap)} MB (+${mb(peakHeap - baseline.heapUsed)}); out of order per registration: ${outOfOrder}; receiver got ${receiver.total}; load ${load()}`,
    );
    await disableAll();
    await receiver.close();
  }

  if (only.has('submit')) {
    // `--spread 1` (the default): every submit is a colleague of store 10001 by its executive manager,
    // so the submits queue on that store's row lock (the worst case); `--spread N`: the executive
    // managers of N stores take turns, as dealers of many stores enrol at once.
    const spread = Math.max(1, Number(args.get('--spread') ?? 1));
    const tokenOf = async (userName: string) =>
      ((await (await fetch(`${base}/User/ProcessLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password: 'DEALER27', eventType: 'nbc', IsReporting: false }) })).json()) as { data: { accessToken: string } }).data.accessToken;
    const managers =
      spread === 1
        ? ['pat.morgan@morgan-motors.example.com']
        : (
            await db
              .select({ email: schema.people.email })
              .from(schema.stores)
              .innerJoin(schema.people, eq(schema.people.id, schema.stores.executiveManagerId))
              .orderBy(schema.stores.dlrnum)
              .limit(spread)
          ).map((m) => m.email);
    const headersList = await Promise.all(managers.map(async (m) => ({ authorization: `Bearer ${await tokenOf(m)}` })));
    console.log(`submits by the executive managers of ${managers.length} store(s)`);
    let batch = 0;
    // `--rate R`: R submits a second in all (autocannon's overallRate), a load the portal keeps up
    // with, instead of as many as it can answer (the default: saturation, where any other work on the
    // two cores, the worker's sends and the receivers' answers included, adds to every wait).
    const rate = Number(args.get('--rate') ?? 0);
    console.log(rate ? `at ${rate} submits/s` : 'at saturation (4 connections, each sends again as soon as answered)');
    const spec = (bodies: string[]) => ({ url: base, path: '/api/Enrollment/GetBuiltinLink', method: 'POST' as const, headers: { 'content-type': 'application/json' }, headersList, bodies, distinct: true, samples: true, connections: 4, ...(rate ? { overallRate: rate } : {}) });
    const bodiesOf = () => {
      batch++;
      return Array.from({ length: 30_000 }, (_, n) => JSON.stringify({ firstName: `Bench${batch}x${n}`, lastName: 'Colleague' }));
    };
    // CPU per submit: this process (server and worker; receivers and load generator are elsewhere)
    // and, on PostgreSQL, this database's backends; taken while the load runs and until what it
    // queued is sent, so the worker's share counts whether it sent during the run or just after.
    const pending = async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(schema.webhookDeliveries).where(sql`${schema.webhookDeliveries.status} in ('pending', 'sending') and ${schema.webhookDeliveries.endpointId} in (select id from webhook_endpoints where enabled)`))[0]!.n;
    const run = async (label: string, settle = true) => {
      const cpu0 = process.cpuUsage();
      const pg0 = databaseName ? backendsCpuMicros(databaseName) : 0;
      const r = await runLoad({ ...spec(bodiesOf()), duration: seconds });
      if (settle) await until('the deliveries of the run', async () => (await pending()) === 0, 600_000);
      // The shared PostgreSQL runs without autovacuum; in production it analyzes a table after a
      // tenth of its rows change. Without statistics the claim's ordering check may walk an
      // endpoint's whole history (measured: 6.4 ms a claim against 0.5 ms once analyzed).
      await db.execute(sql`analyze webhook_deliveries, webhook_attempts, registrations, people`);
      const cpu = process.cpuUsage(cpu0);
      const app = Math.round((cpu.user + cpu.system) / Math.max(1, r.total));
      const pgCpu = databaseName ? Math.round((backendsCpuMicros(databaseName) - pg0) / Math.max(1, r.total)) : 0;
      console.log(`submit ${label}: ${r.reqPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}; CPU per submit: app ${app} µs, postgres ${pgCpu} µs; load ${load()}`);
      return { ...r, app, pgCpu };
    };
    // Every answer's latency per configuration, over all rounds: the pooled p99 is the slowest 1 %
    // of thousands of submits, where one round's p99 is its few slowest and moves with any stall.
    const pooled = { none: [] as number[], two: [] as number[], held: [] as number[] };
    const keep = <R extends { latencies?: number[] }>(into: number[], r: R): R => {
      for (const l of r.latencies ?? []) into.push(l);
      return r;
    };
    // `--held false`: no rounds with the worker stopped (two configurations, more rounds in the time).
    const withHeld = args.get('--held') !== 'false';
    // The receivers are another company's systems: by default in a process of their own, so their
    // HTTP parsing does not run on the portal's event loop (`--receiver inline`: in this process).
    const inline = args.get('--receiver') === 'inline';
    const inlineReceivers = inline ? [await startReceiver({ countOnly: true }), await startReceiver({ countOnly: true })] : [];
    const external = inline ? undefined : await startReceiversProcess(2);
    const urls = external ? external.urls : inlineReceivers.map((r) => r.url);
    const totals = async () => (external ? await external.totals() : inlineReceivers.map((r) => r.total));
    const ids: number[] = [];
    const setEndpoints = async (enabled: boolean) => {
      if (!ids.length) for (const url of urls) ids.push(await addEndpoint(url));
      await db.update(schema.webhookEndpoints).set({ enabled }).where(sql`${schema.webhookEndpoints.id} in (${sql.join(ids, sql`, `)})`);
    };
    const rounds = Number(args.get('--rounds') ?? 2);
    // A warm-up round with two endpoints, not counted: the rounds then measure a portal that has run
    // a while (compiled code, and a deliveries table with history and statistics, as autovacuum keeps
    // them), not the first minute of a new database, whose first claims plan on an empty table.
    await setEndpoints(true);
    await run('warm-up, two endpoints, not counted');
    const none: number[] = [];
    const two: number[] = [];
    const held: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      // Every submit adds a colleague to the same store(s), so later rounds find more rows: the order
      // alternates (none, two; then two, none) so that neither configuration always runs on the larger store.
      const runNone = async () => {
        if (ids.length) await setEndpoints(false);
        none.push(keep(pooled.none, await run(`no endpoint (${round})`)).p99);
      };
      const runTwo = async () => {
        await setEndpoints(true);
        two.push(keep(pooled.two, await run(`two endpoints (${round})`)).p99);
      };
      if (round % 2) await runNone().then(runTwo);
      else await runTwo().then(runNone);
      if (!withHeld) continue;
      await setEndpoints(true);
      // The rows written in the submit's transaction, but nothing sent meanwhile: the in-transaction share.
      await app.webhookDelivery.stop();
      held.push(keep(pooled.held, await run(`two endpoints, worker stopped (${round})`, false)).p99);
      const drainStarted = performance.now();
      app.webhookDelivery.start();
      await until('the held deliveries', async () => (await db.select({ n: sql<number>`count(*)::int` }).from(schema.webhookDeliveries).where(sql`${schema.webhookDeliveries.status} in ('pending', 'sending')`))[0]!.n === 0, 600_000);
      console.log(`  held deliveries sent in ${((performance.now() - drainStarted) / 1000).toFixed(1)} s`);
    }
    const profileOut = args.get('--profile');
    if (profileOut) {
      // Where this process's CPU goes with two endpoints and the worker sending (bench/lib/cpu-profile.ts).
      const r = await profileLoad(spec(bodiesOf()), seconds, profileOut, 0); // warmed up by the rounds; every body a new colleague
      console.log(`submit two endpoints, profiled: ${r.reqPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms; profile in ${profileOut}`);
    }
    const best = (xs: number[]) => Math.min(...xs);
    const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
    console.log(
      `submit pooled over ${rounds} round(s): none p50 ${p(pooled.none, 50)} / p99 ${p(pooled.none, 99)} ms (${pooled.none.length} submits), two endpoints p50 ${p(pooled.two, 50)} / p99 ${p(pooled.two, 99)} ms (${pooled.two.length})` +
        (withHeld ? `, worker stopped p50 ${p(pooled.held, 50)} / p99 ${p(pooled.held, 99)} ms (${pooled.held.length})` : '') +
        `: pooled p99 ratio ${(percentile(pooled.two, 99) / percentile(pooled.none, 99)).toFixed(2)}`,
    );
    console.log(
      `submit p99: none ${none.join(' / ')} ms, two endpoints ${two.join(' / ')} ms, two with the worker stopped ${held.join(' / ')} ms: best-of-${rounds} ratio ${(best(two) / best(none)).toFixed(2)} (worker stopped ${(best(held) / best(none)).toFixed(2)}); receivers got ${(await totals()).join(' + ')} (${inline ? 'in this process' : 'own process'}), load ${load()}`,
    );
    for (const r of inlineReceivers) await r.close();
    await external?.close();
  }
} finally {
  await app.close();
  await database.close();
  await drop();
}
