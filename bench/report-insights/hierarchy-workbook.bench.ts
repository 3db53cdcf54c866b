/**
 * Time and peak memory of the hierarchy workbook over HTTP (GET /api/Report/HierarchyWorkbook) for a
 * corporate user (the whole network), at each network size given. Memory is sampled in this process,
 * which runs the server; the client counts the bytes without keeping them.
 *   node --expose-gc --import tsx bench/report-insights/hierarchy-workbook.bench.ts [--engine pglite|postgres|both] [--stores 5000,50000] [--runs 3]
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engineArg = args.get('--engine') ?? 'both';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];
const sizes = (args.get('--stores') ?? '5000,50000').split(',').map(Number);
const runs = Number(args.get('--runs') ?? 3);
const gc = (globalThis as { gc?: () => void }).gc;
const MB = 1024 * 1024;

function fetchCounting(base: URL, path: string, token: string): Promise<{ status: number; bytes: number; firstByteMs: number; magic: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      let magic = '';
      let firstByteMs = 0;
      res.on('data', (chunk: Buffer) => {
        if (!bytes) {
          firstByteMs = performance.now() - started;
          magic = chunk.subarray(0, 2).toString('latin1');
        }
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, firstByteMs, magic }));
    });
    req.on('error', reject);
    req.end();
  });
}

for (const engine of engines) {
  for (const stores of sizes) {
    const loadStarted = performance.now();
    const server = await startBenchServer(engine, stores);
    try {
      const db = server.database.db;
      await db.execute(sql`analyze`);
      const [counts] = rowsOf<{ stores: number; districts: number }>(
        await db.execute(sql`select (select count(*)::int from stores) as stores, (select count(*)::int from districts) as districts`),
      );
      const login = await fetch(`${server.url}/User/ProcessLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'corp.user@corp.example.com', password: 'CORP27', eventType: 'nbc', IsReporting: false }),
      });
      const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
      console.log(
        `\n## ${engine}: ${counts!.stores} stores in ${counts!.districts} districts (set up in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s)\n`,
      );
      console.log('| run | time ms | first byte ms | server CPU ms | file MB | peak RSS over baseline MB | peak heap+buffers over baseline MB | load avg |');
      console.log('|--:|--:|--:|--:|--:|--:|--:|--:|');
      for (let run = 1; run <= runs; run++) {
        gc?.();
        const base = process.memoryUsage();
        const baseHeap = base.heapUsed + base.external + base.arrayBuffers;
        let peakRss = base.rss;
        let peakHeap = baseHeap;
        const sampler = setInterval(() => {
          const m = process.memoryUsage();
          peakRss = Math.max(peakRss, m.rss);
          peakHeap = Math.max(peakHeap, m.heapUsed + m.external + m.arrayBuffers);
        }, 5);
        const started = performance.now();
        // CPU of this process (server and byte-counting client; the database runs elsewhere): a figure the machine's load does not inflate.
        const cpu0 = process.cpuUsage();
        const res = await fetchCounting(new URL(server.url), '/api/Report/HierarchyWorkbook?event=nbc', token);
        const ms = performance.now() - started;
        const cpu = process.cpuUsage(cpu0);
        clearInterval(sampler);
        if (res.status !== 200 || res.magic !== 'PK') throw new Error(`HTTP ${res.status}, file starts with ${JSON.stringify(res.magic)}`);
        console.log(
          `| ${run} | ${ms.toFixed(0)} | ${res.firstByteMs.toFixed(0)} | ${((cpu.user + cpu.system) / 1000).toFixed(0)} | ${(res.bytes / MB).toFixed(2)} | ${((peakRss - base.rss) / MB).toFixed(1)} | ${((peakHeap - baseHeap) / MB).toFixed(1)} | ${loadavg()[0]!.toFixed(1)} |`,
        );
      }
    } finally {
      await server.close();
    }
  }
}
