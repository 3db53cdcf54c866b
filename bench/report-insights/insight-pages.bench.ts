/**
 * Latency of the paged coverage and nbc-vs-abc answers (first page, a deep page), their streamed
 * exports of every row, and the timeline, over HTTP as the corporate user (the whole network), on
 * PostgreSQL (BENCH_DATABASE_URL's server, a fresh database) with demo data of the given size.
 *   node --import tsx bench/report-insights/insight-pages.bench.ts [--stores 50000] [--runs 3]
 * Prints a markdown table: route, status, wall ms per run, body size, load average.
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { startBenchServer } from '../lib/bench-server.ts';
const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const stores = Number(args.get('--stores') ?? 50000);
const runCount = Number(args.get('--runs') ?? 3);
const server = await startBenchServer('postgres', stores);
console.log(`\n## ${stores} stores on PostgreSQL\n\n| route | status | wall ms per run | body | load avg |\n|---|--:|--:|--:|--:|`);
try {
  const login = await fetch(`${server.url}/User/ProcessLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'corp.user@corp.example.com', password: 'CORP27', eventType: 'nbc', IsReporting: false }) });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const get = (path: string) => new Promise<{ ms: number; bytes: number; status: number }>((resolve, reject) => {
    const t0 = performance.now();
    const u = new URL(server.url);
    const req = request({ host: u.hostname, port: u.port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ ms: performance.now() - t0, bytes, status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
  for (const path of ['/api/Report/Coverage?event=nbc', `/api/Report/Coverage?event=nbc&offset=${Math.floor(stores * 0.4)}&limit=100`, '/api/Report/EventComparison', `/api/Report/EventComparison?offset=${stores - 100}&limit=100`, '/api/Report/Coverage/Export?event=nbc', '/api/Report/EventComparison/Export', '/api/Report/Timeline?event=nbc']) {
    const runs: string[] = [];
    let last = { bytes: 0, status: 0 };
    for (let i = 0; i < runCount; i++) { const r = await get(path); last = r; runs.push(r.ms.toFixed(0)); }
    console.log(`| \`${path}\` | ${last.status} | ${runs.join(' / ')} | ${(last.bytes / 1024).toFixed(0)} kB | ${loadavg()[0]!.toFixed(1)} |`);
  }
} finally {
  await server.close();
}
