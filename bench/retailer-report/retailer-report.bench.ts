/**
 * Time and peak memory of the retailer report over HTTP (GetRetailerReport with all 14 columns).
 * The demo network is sized so that the nbc event has at least `--rows` retailer registrations
 * (about 1.4 per store: 36,000 stores give some 50,000).
 *   node --expose-gc --import tsx bench/retailer-report/retailer-report.bench.ts [--engine pglite|postgres|both] [--stores 36000] [--runs 3]
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { RETAILER_REPORT_HEADERS } from '@portal/contracts';
import { fetchCounting, sampleMemory } from '../lib/counting-fetch.ts';
import { loginToken, withBenchServer, type Engine } from '../lib/bench-server.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engineArg = args.get('--engine') ?? 'both';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];
const stores = Number(args.get('--stores') ?? 36_000);
const runs = Number(args.get('--runs') ?? 3);
const MB = 1024 * 1024;

for (const engine of engines) {
  await withBenchServer(engine, stores, async (server, loadStarted) => {
    const db = server.database.db;
    const [{ rows }] = rowsOf<{ rows: number }>(
      await db.execute(sql`select count(*)::int as rows from registrations where event_id = 'nbc' and attendee_type in ('dealer', 'candidate')`),
    ) as [{ rows: number }];
    const token = await loginToken(server.url, { userName: 'reports@corp.example.com', password: 'REPORTS27', eventType: 'nbc', IsReporting: true });
    const path = `/api/Report/GetRetailerReport?eventCode=NBC27&reportHeaders=${encodeURIComponent(RETAILER_REPORT_HEADERS.join(','))}`;
    console.log(`\n## ${engine}: ${stores} stores, ${rows} retailer rows (set up in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s)\n`);
    console.log('| run | time ms | response MB | peak RSS over baseline MB | peak heap over baseline MB | load avg |');
    console.log('|--:|--:|--:|--:|--:|--:|');
    for (let run = 1; run <= runs; run++) {
      const memory = sampleMemory();
      const started = performance.now();
      const res = await fetchCounting(new URL(server.url), path, token);
      const ms = performance.now() - started;
      const peak = memory.stop();
      const head = res.head.toString('utf8');
      if (res.status !== 200 || !head.startsWith('{"succeeded":true')) throw new Error(`HTTP ${res.status}: ${head}`);
      console.log(
        `| ${run} | ${ms.toFixed(0)} | ${(res.bytes / MB).toFixed(1)} | ${(peak.rss / MB).toFixed(1)} | ${(peak.heap / MB).toFixed(1)} | ${loadavg()[0]!.toFixed(1)} |`,
      );
    }
  });
}
