/**
 * Content service throughput on the full server (buildApp) with the real bundles imported: req/s and
 * p50/p99 of cached content answers beside /healthz of the same server, 50 connections each. The load
 * comes from autocannon in a child process, so the client does not share the server's event loop.
 *   npx tsx bench/content/content.bench.ts [--engine pglite|postgres|both] [--seconds 10] [--targets healthz,listing,...] [--rounds 1]
 * `--rounds N`: N passes over all targets, /healthz first in each, so every target is measured
 * beside a /healthz of minutes before rather than of the start; a target's figures are then its
 * requests over all its runs (req/s and CPU per request) and the median run's latencies.
 * Prints the machine's load average (/proc/loadavg) before and after each engine's run.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importContentBundle } from '@portal/content-service';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';
import { autocannonReport } from '../lib/load.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 10);
const engineArg = args.get('--engine') ?? 'pglite';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];
const only = args.get('--targets')?.split(',').filter(Boolean);
const rounds = Math.max(1, Number(args.get('--rounds') ?? 1));
const loadAverage = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
};
const contentRoot = fileURLToPath(new URL('../../content', import.meta.url));
const nbc = (JSON.parse(readFileSync(`${contentRoot}/nbc/environment.json`, 'utf8')) as { id: string }).id;

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
  /** CPU time of this process (the server; the load generator is a child) per answered request. */
  appCpuMicrosPerRequest?: number;
}

async function autocannon(url: string, duration: number, headers: Record<string, string>): Promise<Figures & { total: number }> {
  const r = await autocannonReport(url, ['-c', '50', '-d', String(duration), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`])]);
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    bytesPerResponse: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
    total: r.requests.total,
  };
}

for (const engine of engines) {
  // Content does not depend on the network size; a small one keeps start-up short.
  const server = await startBenchServer(engine, 100);
  try {
    await importContentBundle(server.database.db, contentRoot);
    const login = await fetch(`${server.url}/User/ProcessLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'corp.user@corp.example.com', password: 'CORP27', eventType: 'nbc', IsReporting: false }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;

    const base = `/content/${nbc}`;
    const br = { 'accept-encoding': 'br' };
    const targets: Record<string, { path: string; headers?: Record<string, string> }> = {
      healthz: { path: '/healthz' },
      listing: { path: `${base}/items?limit=25` },
      listingBrotli: { path: `${base}/items?limit=25`, headers: br },
      welcomeDepth2Brotli: { path: `${base}/items?system.type=welcome_page&depth=2`, headers: br },
      agendaDepth2: { path: `${base}/items/agenda_page_item?depth=2` },
      agendaDepth2Brotli: { path: `${base}/items/agenda_page_item?depth=2`, headers: br },
      // Signed in, an answer that does not depend on access: the token is not even checked.
      welcomeWithTokenBrotli: { path: `${base}/items?system.type=welcome_page&depth=2`, headers: { ...br, authorization: `Bearer ${token}` } },
      // Signed in, an answer filtered by the caller's access codes: the token is verified (and its revocation looked up).
      headerWithTokenBrotli: {
        path: `${base}/items?system.type=header_layout_detail&elements.access_codes[any]=corporate&depth=2`,
        headers: { ...br, authorization: `Bearer ${token}` },
      },
    };
    const runs: Record<string, (Figures & { total: number; cpuMicros: number })[]> = {};
    const loadBefore = loadAverage();
    for (let round = 0; round < rounds; round++) {
      for (const [name, target] of Object.entries(targets)) {
        if (only && name !== 'healthz' && !only.includes(name)) continue;
        if (round === 0) {
          const probe = await fetch(`${server.url}${target.path}`, { headers: target.headers ?? {} });
          if (probe.status !== 200) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
          await autocannon(`${server.url}${target.path}`, 2, target.headers ?? {}); // warm-up: JIT and the answer cache
        }
        const cpu = process.cpuUsage();
        const figures = await autocannon(`${server.url}${target.path}`, seconds, target.headers ?? {});
        const used = process.cpuUsage(cpu);
        (runs[name] ??= []).push({ ...figures, cpuMicros: used.user + used.system });
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const results: Record<string, Figures> = Object.fromEntries(
      Object.entries(runs).map(([name, list]) => {
        const total = list.reduce((sum, r) => sum + r.total, 0);
        const figures: Figures = {
          reqPerSec: Math.round(total / (seconds * list.length)),
          p50: median(list.map((r) => r.p50)),
          p99: median(list.map((r) => r.p99)),
          non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
          errors: list.reduce((sum, r) => sum + r.errors, 0),
          bytesPerResponse: list[0]!.bytesPerResponse,
          appCpuMicrosPerRequest: Math.round(list.reduce((sum, r) => sum + r.cpuMicros, 0) / Math.max(1, total)),
        };
        return [name, figures];
      }),
    );
    const health = results.healthz?.reqPerSec ?? 1;
    const share = Object.fromEntries(Object.entries(results).map(([name, r]) => [name, +(r.reqPerSec / health).toFixed(3)]));
    // The server's own CPU per request against /healthz's: what the share would be if the server
    // alone were the limit, which other load on a shared machine hardly moves.
    const healthCpu = results.healthz?.appCpuMicrosPerRequest ?? 1;
    const cpuShare = Object.fromEntries(Object.entries(results).map(([name, r]) => [name, +(healthCpu / (r.appCpuMicrosPerRequest ?? healthCpu)).toFixed(3)]));
    console.log(JSON.stringify({ engine, seconds, rounds, connections: 50, loadAverage: { before: loadBefore, after: loadAverage() }, results, shareOfHealthz: share, cpuShareOfHealthz: cpuShare }));
  } finally {
    await server.close();
  }
}
