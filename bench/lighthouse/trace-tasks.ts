// Chromium performance trace of one page load (4x CPU throttle, no network throttle): top-level tasks >= 8 ms and what is inside them.
import { openThrottledPage } from './page-load.ts';
const path = process.argv[2] ?? '/nbc';
const run = await openThrottledPage(path);
try {
  const { browser, page } = run;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
  await run.load(path);
  const buf = await browser.stopTracing();
  const trace = JSON.parse(buf.toString()) as { traceEvents: { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: Record<string, unknown> } }[] };
  const ev = trace.traceEvents;
  const main = ev.find((e) => e.name === 'TracingStartedInBrowser');
  const rendererMain = ev.filter((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  const nav = ev.find((e) => e.name === 'navigationStart' ) ?? ev[0]!;
  const t0 = nav.ts;
  for (const thread of rendererMain) {
    const tasks = ev.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask' && (e.dur ?? 0) >= 8000 && e.ts >= t0);
    for (const task of tasks) {
      const inner = ev.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && e.ph === 'X' && e.name !== 'RunTask' && (e.dur ?? 0) >= 2000);
      console.log(`task @${((task.ts - t0) / 1000).toFixed(0)} ms ${((task.dur ?? 0) / 1000).toFixed(1)} ms: ` + inner.slice(0, 12).map((e) => `${e.name}${e.args?.data?.url ? `(${String(e.args.data.url).replace(/^https?:\/\/[^/]+/, '').slice(0, 40)})` : e.args?.data?.functionName ? `(${String(e.args.data.functionName)})` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`).join(', '));
    }
  }
  for (const e of ev.filter((x) => ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(x.name))) console.log(e.name, ((e.ts - t0) / 1000).toFixed(0), JSON.stringify({ ...(e.args?.data ?? {}), navigationId: undefined }).slice(0, 400));
  void main;
} finally {
  await run.close();
}
