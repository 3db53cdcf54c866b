/**
 * Time and peak memory of the retailer report over HTTP (GetRetailerReport with all 14 columns).
 * The demo network is sized so that the nbc event has at least `--rows` retailer registrations
 * (about 1.4 per store: 36,000 stores give some 50,000).
 *   node --expose-gc --import tsx bench/retailer-report/retailer-report.bench.ts [--engine pglite|postgres|both] [--stores 36000] [--runs 3]
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { RETAILER_REPORT_HEADERS } from '@portal/contracts';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engineArg = args.get('--engine') ?? 'both';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];
const stores = Number(args.get('--stores') ?? 36_000);
const runs = Number(args.get('--runs') ?? 3);
const gc = (globalThis as { gc?: () => void }).gc;
const MB = 1024 * 1024;

/** GETs `path` and counts the bytes without keeping them, so the client holds no copy. */
function fetchCounting(base: URL, path: string, token: string): Promise<{ status: number; bytes: number; head: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      let head = '';
      res.on('data', (chunk: Buffer) => {
        if (head.length < 200) head += chunk.subarray(0, 200).toString('utf8');
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, head }));
    });
    req.on('error', reject);
    req.end();
  });
}

for (const engine of engines) {
  const loadStarted = performance.now();
  const server = await startBenchServer(engine, stores);
  try {
    const db = server.database.db;
    await db.execute(sql`analyze`);
    const [{ rows }] = rowsOf<{ rows: number }>(
      await db.execute(sql`select count(*)::int as rows from registrations where event_id = 'nbc' and attendee_type in ('dealer', 'candidate')`),
    ) as [{ rows: number }];
    const login = await fetch(`${server.url}/User/ProcessLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'reports@corp.example.com', password: 'REPORTS27', eventType: 'nbc', IsReporting: true }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const path = `/api/Report/GetRetailerReport?eventCode=NBC27&reportHeaders=${encodeURIComponent(RETAILER_REPORT_HEADERS.join(','))}`;
    console.log(`\n## ${engine}: ${stores} stores, ${rows} retailer rows (set up in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s)\n`);
    console.log('| run | time ms | response MB | peak RSS over baseline MB | peak heap over baseline MB | load avg |');
    console.log('|--:|--:|--:|--:|--:|--:|');
    for (let run = 1; run <= runs; run++) {
      gc?.();
      const base = process.memoryUsage();
      let peakRss = base.rss;
      let peakHeap = base.heapUsed + base.external + base.arrayBuffers;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed + m.external + m.arrayBuffers);
      }, 5);
      const started = performance.now();
      const res = await fetchCounting(new URL(server.url), path, token);
      const ms = performance.now() - started;
      clearInterval(sampler);
      if (res.status !== 200 || !res.head.startsWith('{"succeeded":true')) throw new Error(`HTTP ${res.status}: ${res.head}`);
      console.log(
        `| ${run} | ${ms.toFixed(0)} | ${(res.bytes / MB).toFixed(1)} | ${((peakRss - base.rss) / MB).toFixed(1)} | ${((peakHeap - base.heapUsed - base.external - base.arrayBuffers) / MB).toFixed(1)} | ${loadavg()[0]!.toFixed(1)} |`,
      );
    }
  } finally {
    await server.close();
  }
}
