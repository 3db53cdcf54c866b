/**
 * Time and peak memory of the hierarchy workbook over HTTP (GET /api/Report/HierarchyWorkbook) for a
 * corporate user (the whole network), at each network size given. Memory is sampled in this process,
 * which runs the server; the client counts the bytes without keeping them.
 *   node --expose-gc --import tsx bench/report-insights/hierarchy-workbook.bench.ts [--engine pglite|postgres|both] [--stores 5000,50000] [--runs 3]
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { fetchCounting, sampleMemory } from '../lib/counting-fetch.ts';
import { loginToken, withBenchServer, type Engine } from '../lib/bench-server.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engineArg = args.get('--engine') ?? 'both';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];
const sizes = (args.get('--stores') ?? '5000,50000').split(',').map(Number);
const runs = Number(args.get('--runs') ?? 3);
const MB = 1024 * 1024;

for (const engine of engines) {
  for (const stores of sizes) {
    await withBenchServer(engine, stores, async (server, loadStarted) => {
      const db = server.database.db;
      const [counts] = rowsOf<{ stores: number; districts: number }>(
        await db.execute(sql`select (select count(*)::int from stores) as stores, (select count(*)::int from districts) as districts`),
      );
      const token = await loginToken(server.url, { userName: 'corp.user@corp.example.com', password: 'CORP27', eventType: 'nbc', IsReporting: false });
      console.log(
        `\n## ${engine}: ${counts!.stores} stores in ${counts!.districts} districts (set up in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s)\n`,
      );
      console.log('| run | time ms | first byte ms | server CPU ms | file MB | peak RSS over baseline MB | peak heap+buffers over baseline MB | load avg |');
      console.log('|--:|--:|--:|--:|--:|--:|--:|--:|');
      for (let run = 1; run <= runs; run++) {
        const memory = sampleMemory();
        const started = performance.now();
        // CPU of this process (server and byte-counting client; the database runs elsewhere): a figure the machine's load does not inflate.
        const cpu0 = process.cpuUsage();
        const res = await fetchCounting(new URL(server.url), '/api/Report/HierarchyWorkbook?event=nbc', token);
        const ms = performance.now() - started;
        const cpu = process.cpuUsage(cpu0);
        const peak = memory.stop();
        const magic = res.head.subarray(0, 2).toString('latin1');
        if (res.status !== 200 || magic !== 'PK') throw new Error(`HTTP ${res.status}, file starts with ${JSON.stringify(magic)}`);
        console.log(
          `| ${run} | ${ms.toFixed(0)} | ${res.firstByteMs.toFixed(0)} | ${((cpu.user + cpu.system) / 1000).toFixed(0)} | ${(res.bytes / MB).toFixed(2)} | ${(peak.rss / MB).toFixed(1)} | ${(peak.heap / MB).toFixed(1)} | ${loadavg()[0]!.toFixed(1)} |`,
        );
      }
    });
  }
}
