/**
 * One measured demo-data load in a fresh process (so peak RSS is this load's alone), on PGlite in a
 * temporary data dir or on a fresh PostgreSQL database. Prints one JSON line.
 * Usage: tsx bench/demo-data/load-once.ts <pglite|postgres> <stores> [--baseline]
 *   --baseline: open and migrate only, to tell the engine's own memory from the load's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBenchPostgres } from '../lib/bench-database.ts';
import { openDatabase, type Database } from '@portal/db';
import { domainChecksums } from '../../apps/server/src/demo/data-checksum.ts';
import { loadDemoData } from '../../apps/server/src/demo/load-demo-data.ts';

const [engine, storesArg, flag] = process.argv.slice(2);
const stores = Number(storesArg);
if ((engine !== 'pglite' && engine !== 'postgres') || !Number.isInteger(stores) || stores < 1) {
  console.error('usage: load-once.ts <pglite|postgres> <stores> [--baseline]');
  process.exit(2);
}
const baseline = flag === '--baseline';
const codeHashKey = new TextEncoder().encode('bench-code-hash-key-0123456789-0123456789');

const dataDir = mkdtempSync(join(tmpdir(), 'portal-demo-bench-'));
let database: Database;
let drop: (() => Promise<void>) | undefined;
if (engine === 'postgres') {
  const created = await createBenchPostgres('portal_demo_bench');
  database = await openDatabase({ url: created.url, poolSize: 2, statementTimeoutMs: 120_000 });
  drop = created.drop;
} else {
  database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
}

try {
  await database.migrate();
  let ms = 0;
  // CPU time of this process: under a shared, busy CPU it varies far less than wall time. On PGlite
  // it covers the database too; on PostgreSQL only the client side.
  let cpuMs = 0;
  let registrations = 0;
  let checksum = '';
  if (!baseline) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const summary = await loadDemoData(database.db, { stores, codeHashKey });
    ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    cpuMs = (cpu.user + cpu.system) / 1000;
    registrations = summary.registrations;
    checksum = JSON.stringify(await domainChecksums(database.db));
  }
  // maxRSS is in KiB: the process's peak resident set, engine included.
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(JSON.stringify({ engine, stores, baseline, ms: Math.round(ms), cpuMs: Math.round(cpuMs), registrations, peakRssMb, checksum }));
} finally {
  await database.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
}
