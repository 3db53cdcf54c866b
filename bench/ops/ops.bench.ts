/**
 * Operations figures:
 *   metrics  - /healthz and a successful login, with metrics on (METRICS_TOKEN) against off: the ratio
 *              of req/s (aim ≥ 0.9). Runs alternate off/on so drift of the shared machine hits both.
 *   redis    - logins under load while the redis-server behind REDIS_URL is killed (SIGKILL) and started
 *              again: p99 and 5xx of the first second after the kill, of the rest of the outage and
 *              after it is back (aim: p99 ≤ 1 s in the first second, no 5xx).
 *   npx tsx bench/ops/ops.bench.ts [--part metrics|redis|both] [--seconds 5] [--engine pglite|postgres]
 */
import { sparePort, startRedis } from '../../apps/server/src/testing/redis-server.ts';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';
import { autocannonReport } from '../lib/load.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 5);
const part = args.get('--part') ?? 'both';
const engine = (args.get('--engine') ?? 'pglite') as Engine;
const LOGIN = JSON.stringify({ userName: 'corp.user@corp.example.com', password: 'CORP27', eventType: 'nbc', IsReporting: false });

async function autocannon(url: string, duration: number, post?: string): Promise<{ reqPerSec: number; p99: number; non2xx: number }> {
  const r = await autocannonReport(url, ['-c', '20', '-d', String(duration), ...(post ? ['-m', 'POST', '-H', 'content-type=application/json', '-b', post] : [])]);
  return { reqPerSec: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
}

async function metricsOverhead(): Promise<void> {
  const off = await startBenchServer(engine, 100);
  const on = await startBenchServer(engine, 100, { METRICS_TOKEN: 'bench-metrics-token-0123456789' });
  try {
    const totals: Record<string, { off: number[]; on: number[] }> = { healthz: { off: [], on: [] }, login: { off: [], on: [] } };
    for (const [name, path, body] of [['healthz', '/healthz', undefined], ['login', '/User/ProcessLogin', LOGIN]] as const) {
      await autocannon(`${off.url}${path}`, 2, body);
      await autocannon(`${on.url}${path}`, 2, body);
      for (let round = 0; round < 2; round++) {
        totals[name]!.off.push((await autocannon(`${off.url}${path}`, seconds, body)).reqPerSec);
        totals[name]!.on.push((await autocannon(`${on.url}${path}`, seconds, body)).reqPerSec);
      }
    }
    const scrape = await fetch(`${on.url}/metrics`, { headers: { authorization: 'Bearer bench-metrics-token-0123456789' } });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const summary = Object.fromEntries(
      Object.entries(totals).map(([name, t]) => [name, { offReqPerSec: Math.round(mean(t.off)), onReqPerSec: Math.round(mean(t.on)), ratio: +(mean(t.on) / mean(t.off)).toFixed(3), runs: t }]),
    );
    console.log(JSON.stringify({ part: 'metrics', engine, seconds, connections: 20, summary, scrapeBytes: (await scrape.text()).length }));
  } finally {
    await off.close();
    await on.close();
  }
}

function p99(xs: number[]): number {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!);
}

async function redisKilled(): Promise<void> {
  const port = await sparePort();
  let redis = await startRedis(port);
  const server = await startBenchServer(engine, 100, { REDIS_URL: `redis://127.0.0.1:${port}` });
  const samples: Array<{ at: number; ms: number; status: number }> = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const started = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${server.url}/User/ProcessLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: LOGIN });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = -1;
      }
      samples.push({ at: started, ms: performance.now() - started, status });
    }
  };
  try {
    const workers = Array.from({ length: 10 }, worker);
    await new Promise((r) => setTimeout(r, 2_000));
    const killedAt = performance.now();
    redis.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 4_000));
    const restartAt = performance.now();
    redis = await startRedis(port);
    await new Promise((r) => setTimeout(r, 3_000));
    running = false;
    await Promise.all(workers);
    const window = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to);
    const describe = (xs: typeof samples) => ({ requests: xs.length, p99Ms: p99(xs.map((s) => s.ms)), maxMs: Math.round(Math.max(0, ...xs.map((s) => s.ms))), fiveXx: xs.filter((s) => s.status >= 500 || s.status < 0).length, non200: xs.filter((s) => s.status !== 200).length });
    console.log(
      JSON.stringify({
        part: 'redis',
        engine,
        connections: 10,
        before: describe(window(0, killedAt)),
        firstSecondAfterKill: describe(window(killedAt, killedAt + 1_000)),
        restOfOutage: describe(window(killedAt + 1_000, restartAt)),
        afterRestart: describe(window(restartAt, Number.POSITIVE_INFINITY)),
      }),
    );
  } finally {
    running = false;
    await server.close();
    redis.kill('SIGKILL');
  }
}

if (part === 'metrics' || part === 'both') await metricsOverhead();
if (part === 'redis' || part === 'both') await redisKilled();
