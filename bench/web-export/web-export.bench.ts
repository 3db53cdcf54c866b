/**
 * Time and peak memory of a 50,000-row Excel export in Chromium, through the web app's own export
 * code (harness/harness.ts): the page maps the rows, a module worker writes the file with @portal/xlsx,
 * the browser downloads it. Memory is the resident size of the renderer processes (page and worker
 * live there), sampled every 20 ms from /proc.
 *
 *   npx tsx bench/web-export/web-export.bench.ts [--rows 50000] [--runs 3]
 */
import { readFileSync, readdirSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import type { RunResult } from './harness/harness.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const ROWS = Number(args.get('--rows') || 50_000);
const RUNS = Number(args.get('--runs') || 3);
const here = fileURLToPath(new URL('.', import.meta.url));

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` });
    }),
  );
}

/** Descendant processes of this Node process whose command line marks them as Chromium renderers. */
function rendererRssBytes(): number {
  const parents = new Map<number, number>();
  const cmdlines = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
      cmdlines.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8'));
    } catch {
      // The process ended while we looked.
    }
  }
  const isOurs = (pid: number) => {
    for (let p: number | undefined = pid, depth = 0; p && depth < 10; p = parents.get(p), depth += 1) {
      if (p === process.pid) return true;
    }
    return false;
  };
  let total = 0;
  for (const [pid, cmdline] of cmdlines) {
    if (!cmdline.includes('--type=renderer') || !isOurs(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      total += kb * 1024;
    } catch {
      // Gone.
    }
  }
  return total;
}

async function readBack(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  return { name: sheet.name, rows: sheet.actualRowCount, header: (sheet.getRow(1).values as unknown[]).slice(1), last: (sheet.getRow(sheet.actualRowCount).values as unknown[]).slice(1) };
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Main-thread and worker task times of the renderer from a Chromium trace (microseconds → ms). */
function threadTimes(path: string) {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  const threads = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const tasksOf = (thread: string) =>
    events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && threads.get(`${e.pid}:${e.tid}`) === thread);
  const main = tasksOf('CrRendererMain');
  const worker = tasksOf('DedicatedWorker thread');
  const ms = (us: number) => Math.round(us / 100) / 10;
  const sum = (list: TraceEvent[]) => ms(list.reduce((total, e) => total + (e.tdur ?? 0), 0));
  return {
    mainTasks: main.length,
    longestMainWallMs: ms(Math.max(0, ...main.map((e) => e.dur ?? 0))),
    longestMainCpuMs: ms(Math.max(0, ...main.map((e) => e.tdur ?? 0))),
    mainCpuMs: sum(main),
    workerCpuMs: sum(worker),
  };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const outDir = mkdtempSync(join(tmpdir(), 'web-export-bench-'));
const downloads = mkdtempSync(join(tmpdir(), 'web-export-downloads-'));
await build({ root: join(here, 'harness'), logLevel: 'warn', build: { outDir, emptyOutDir: true, target: 'es2022' } });
const { server, url } = await serve(outDir);
// --expose-gc lets each run start from a collected heap, so one run's garbage is not billed to the next.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--js-flags=--expose-gc'],
});

try {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'loaded');
  const results: (RunResult & { baselineMb: number; peakMb: number; deltaMb: number; fileKb: number })[] = [];

  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} CPUs`);
  for (let run = 0; run <= RUNS; run += 1) {
    await page.evaluate(() => {
      (globalThis as { gc?: () => void }).gc?.();
      return new Promise((r) => setTimeout(r, 300));
    });
    const baseline = rendererRssBytes();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rendererRssBytes());
    }, 20);
    const downloadEvent = page.waitForEvent('download', { timeout: 120_000 });
    const result = await page.evaluate((rows) => window.runExport(rows), ROWS);
    clearInterval(sampler);
    peak = Math.max(peak, rendererRssBytes());
    const download = await downloadEvent;
    const saved = join(downloads, `run-${run}.xlsx`);
    await download.saveAs(saved);
    if (run === 0) {
      const back = await readBack(saved);
      if (back.rows !== ROWS + 1) throw new Error(`Read back ${back.rows} rows, expected ${ROWS + 1}`);
      console.log(`read back: sheet "${back.name}", ${back.rows} rows; header ${JSON.stringify(back.header)}; last ${JSON.stringify(back.last)}`);
    }
    results.push({ ...result, baselineMb: mb(baseline), peakMb: mb(peak), deltaMb: mb(peak - baseline), fileKb: Math.round(statSync(saved).size / 1024) });
    console.log(
      `${run === 0 ? 'cold' : `warm ${run}`}: ${Math.round(result.totalMs)} ms, ` +
        `max frame gap ${Math.round(result.maxFrameGapMs)} ms, long tasks ${result.longTasks} (longest ${Math.round(result.longestTaskMs)} ms), ` +
        `progress events ${result.progressEvents}, renderer RSS ${mb(baseline)} → ${mb(peak)} MB, file ${results.at(-1)!.fileKb} KB, ${download.suggestedFilename()}`,
    );
  }
  // One more run under a Chromium trace: wall-clock long tasks on a busy shared machine can be the
  // thread waiting for a CPU, so the trace gives the time each task actually ran (thread time).
  await page.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
  const tracePath = join(downloads, 'trace.json');
  await browser.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await Promise.all([page.waitForEvent('download'), page.evaluate((rows) => window.runExport(rows), ROWS)]);
  await browser.stopTracing();
  const cpu = threadTimes(tracePath);
  console.log(
    `traced run: main thread ${cpu.mainTasks} tasks, longest ${cpu.longestMainWallMs} ms wall / ${cpu.longestMainCpuMs} ms on CPU, ` +
      `${cpu.mainCpuMs} ms on CPU in all; worker ${cpu.workerCpuMs} ms on CPU`,
  );

  // For comparison only: the same file built on the page's own thread.
  await page.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
  const inPage = await page.evaluate((rows) => window.runExport(rows, 'main-thread'), ROWS);
  console.log(
    `main thread (comparison): ${Math.round(inPage.totalMs)} ms, max frame gap ${Math.round(inPage.maxFrameGapMs)} ms, ` +
      `long tasks ${inPage.longTasks} (longest ${Math.round(inPage.longestTaskMs)} ms)`,
  );
  const warm = results.slice(1);
  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        chromium: browser.version(),
        cpus: cpus().length,
        loadAverage1m: Math.round(loadavg()[0]! * 10) / 10,
        cold: results[0],
        tracedRun: cpu,
        mainThreadComparison: { totalMs: Math.round(inPage.totalMs), maxFrameGapMs: Math.round(inPage.maxFrameGapMs), longestTaskMs: Math.round(inPage.longestTaskMs) },
        warmMedian: {
          totalMs: Math.round(median(warm.map((r) => r.totalMs))),
          maxFrameGapMs: Math.round(median(warm.map((r) => r.maxFrameGapMs))),
          peakDeltaMb: median(warm.map((r) => r.deltaMb)),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(downloads, { recursive: true, force: true });
}
