/**
 * Demo-data load benchmark: time and peak RSS of loadDemoData at 5,000 and 20,000 stores on PGlite
 * (on disk, as `npm start` uses it) and PostgreSQL, each run in its own process. Also checks that both
 * engines end up with identical data (per-table checksums).
 * Usage: npx tsx bench/demo-data/run.ts [--runs N] [--stores 5000,20000]
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, stores: { type: 'string', default: '5000,20000' } } });
const runs = Number(values.runs);
const sizes = values.stores.split(',').map(Number);
if (!Number.isInteger(runs) || runs < 1 || sizes.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('usage: run.ts [--runs N] [--stores 5000,20000]');
  process.exit(2);
}

interface Sample {
  ms: number;
  cpuMs: number;
  peakRssMb: number;
  registrations: number;
  checksum: string;
}

const script = fileURLToPath(new URL('./load-once.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

function once(engine: string, stores: number, baseline = false): Sample {
  const out = execFileSync(tsx, [script, engine, String(stores), ...(baseline ? ['--baseline'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const line = out.trim().split('\n').at(-1)!;
  return JSON.parse(line) as Sample;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

const rows: string[] = [];
const checksums = new Map<number, Map<string, string>>();
for (const engine of ['pglite', 'postgres']) {
  const base = once(engine, 1, true);
  rows.push(`| ${engine} | (open + migrate only) | | | | ${base.peakRssMb} | |`);
  for (const stores of sizes) {
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      const s = once(engine, stores);
      samples.push(s);
      console.error(`${engine} ${stores}: ${s.ms} ms (CPU ${s.cpuMs} ms), peak RSS ${s.peakRssMb} MB (load average ${loadavg()[0]!.toFixed(1)})`);
    }
    const ms = samples.map((s) => s.ms);
    const cpu = samples.map((s) => s.cpuMs);
    const rss = samples.map((s) => s.peakRssMb);
    rows.push(
      `| ${engine} | ${stores.toLocaleString('en-US')} | ${samples[0]!.registrations.toLocaleString('en-US')} | ${(median(ms) / 1000).toFixed(1)} s (${(Math.min(...ms) / 1000).toFixed(1)}–${(Math.max(...ms) / 1000).toFixed(1)}) | ${(median(cpu) / 1000).toFixed(1)} s | ${median(rss)} | ${runs} |`,
    );
    if (new Set(samples.map((s) => s.checksum)).size !== 1) throw new Error(`${engine} ${stores}: runs gave different data`);
    const byEngine = checksums.get(stores) ?? new Map<string, string>();
    byEngine.set(engine, samples[0]!.checksum);
    checksums.set(stores, byEngine);
  }
}
const same = [...checksums.values()].every((m) => new Set(m.values()).size === 1);

console.log(`CPU: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}; load average at the end ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log('');
console.log('| engine | stores | registrations | load time, median (min–max) | CPU time of the process, median | peak RSS MB, median | runs |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log('');
console.log(same ? 'PGlite and PostgreSQL hold identical data for each size (per-table checksums match).' : 'WARNING: PGlite and PostgreSQL data differ.');
