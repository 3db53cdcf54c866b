// The main-thread tasks over a threshold (default 50 ms) during one or more throttled page loads
// (4x CPU, no network throttle; page-load.ts), each with the trace events nested in it and the CPU
// profile's self time by function inside it: what a long task is made of, from the trace.
//   npx tsx bench/lighthouse/long-tasks.ts /nbc/welcome [--runs 3] [--threshold 50] [--min 8] [--depth 6] [--save trace.json] [--no-profile] [--bare] [--slow4g] [--light] [--profile] [--busy N]
// Prints, per run, the first contentful paint and the LCP candidates, every top-level task of the
// page's renderer main thread (frame of the page, not the video frame's error page) of at least
// --min ms with what is inside it, and the breakdown of those over --threshold.
// Each task has two durations: wall time, and in brackets the main thread's own time (the trace's
// thread clock, which runs only while the thread runs): wall time less the time the thread waited
// for a core (the browser, the server, the video frame's renderer, --busy). DevTools' 4x CPU
// throttling on Linux is a signal every 0.2 ms whose handler spins for 3x the wall time since the
// last one (capped at 1 ms; Blink's thread_cpu_throttler.cc), so a wait is stretched like work, and
// waits cut the spin's own time as much as they cut the work's: thread time comes out near 4x the
// task's own work, what the emulated phone takes when nothing else wants its core. When nothing
// else runs (not even the browser's other processes), the two durations agree. Tasks that an IPC from the browser starts are labelled: the new
// renderer setting up the page's frame, the navigation commit (with the part spent issuing the
// document's preloads), and a frame swapped out to another process (the video frame).
// --busy N: N processes spinning on the CPU for the whole series (a loaded machine).
// --bare: over a bare DevTools connection without the Runtime and Network domains (bare-load.ts),
// as a phone without DevTools runs the page; no CPU profile then unless --profile.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { bareTracedLoad, SLOW_4G } from './bare-load.ts';
import { openThrottledPage } from './page-load.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time (the thread's own clock) of a complete event. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown>; name?: string; [key: string]: unknown };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const path = args.find((a) => a.startsWith('/')) ?? '/nbc/welcome';
const runs = option('--runs', 1);
const threshold = option('--threshold', 50);
const min = option('--min', 8);
const depth = option('--depth', 6);
const save = args.includes('--save') ? args[args.indexOf('--save') + 1] : undefined;
const bare = args.includes('--bare') || args.includes('--slow4g');
// --slow4g (bare): Lighthouse's Slow 4G applied as DevTools throttling, so responses arrive as on the phone's network.
const slow4g = args.includes('--slow4g');
// Bare loads take a CPU profile only when asked (--profile): it names functions, but costs time.
const profile = bare ? args.includes('--profile') : !args.includes('--no-profile');
const busy = option('--busy', 0);
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
const ms = (us: number) => (us / 1000).toFixed(1);
// --light: only the categories that name the tasks (as a phone's own task timing sees them); the
// detailed ones (blink, v8, compile) put trace events inside layout and compile loops, which at 4x
// CPU adds to the very tasks being measured.
const light = args.includes('--light');
const CATEGORIES = light
  ? ['toplevel', 'devtools.timeline', 'blink.user_timing', 'loading']
  : ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8', 'v8.execute', 'blink', 'disabled-by-default-v8.compile'];

/** One load's trace events (and CPU profile), through Playwright as page-load.ts sets it up, or bare. */
async function tracedLoad(): Promise<{ events: TraceEvent[]; cpu?: Profile }> {
  if (bare) {
    const { events, cpu } = await bareTracedLoad(path, CATEGORIES, slow4g ? 6000 : 3000, slow4g ? SLOW_4G : undefined, profile);
    return { events: events as TraceEvent[], ...(cpu ? { cpu: cpu as Profile } : {}) };
  }
  const page = await openThrottledPage(path);
  try {
    const { browser, page: tab, cdp } = page;
    await browser.startTracing(tab, { categories: CATEGORIES });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.load(path);
    const cpu = profile ? ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile : undefined;
    const buffer = await browser.stopTracing();
    return { events: (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents, cpu };
  } finally {
    await page.close();
  }
}

/** Sum of wall and thread time of the named events (not nested in one another). */
function spent(events: TraceEvent[], name: string): { wall: number; thread: number } {
  const named = events.filter((e) => e.name === name);
  return { wall: named.reduce((sum, e) => sum + (e.dur ?? 0), 0), thread: named.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) };
}

/**
 * What a task is, when an IPC from the browser started it (the Mojo interface it came in on): the
 * new renderer setting up the page's frame, the page's navigation commit, a subframe's commit, or a
 * frame unloaded here because its document went to another process. Undefined for the page's own.
 */
function browserTask(inside: TraceEvent[]): 'frame setup' | 'navigation commit' | 'frame commit' | 'frame swap' | undefined {
  const ipc = inside.find((e) => e.name === 'Receive mojo message');
  const info = ipc?.args?.chrome_mojo_event_info as { mojo_interface_tag?: string } | undefined;
  switch (info?.mojo_interface_tag) {
    case 'content.mojom.AgentSchedulingGroup':
      return 'frame setup';
    case 'content.mojom.NavigationClient':
      return inside.some((e) => e.name === 'CommitLoad' && e.args?.data?.isMainFrame === true) ? 'navigation commit' : 'frame commit';
    case 'content.mojom.Frame':
      return inside.some((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'unload') ? 'frame swap' : undefined;
    default:
      return undefined;
  }
}

// --busy: a loaded machine, the same for every run.
const spinners = Array.from({ length: busy }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
process.on('exit', () => spinners.forEach((spinner) => spinner.kill()));

const summary: string[] = [];
/** Per run: the longest page task of --min ms or more (not the frame setup or navigation commit) by wall time, and by thread time. */
const longestPage: { wall: number; thread: number }[] = [];
const commits: { wall: number; thread: number; preloads: number }[] = [];
for (let run = 1; run <= runs; run++) {
  const { events, cpu } = await tracedLoad();
  if (save) writeFileSync(runs > 1 ? save.replace(/(\.json)?$/, `-${run}.json`) : save, JSON.stringify({ traceEvents: events }));
  // The page's renderer: the one whose main thread committed the navigation to `path`.
  const commit = events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').endsWith(path));
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = threads.find((t) => t.pid === commit?.pid) ?? threads[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const t0 = commit?.ts ?? events[0]!.ts;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= t0 - 50_000).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  // Top-level tasks only (a RunTask inside another is a nested run loop).
  const top: TraceEvent[] = [];
  for (const task of tasks) {
    const last = top[top.length - 1];
    if (last && task.ts < last.ts + (last.dur ?? 0)) continue;
    top.push(task);
  }
  // CPU profile samples by absolute time.
  const sampleTimes: { ts: number; node: ProfileNode | undefined }[] = [];
  if (cpu) {
    const nodes = new Map(cpu.nodes.map((n) => [n.id, n]));
    let ts = cpu.startTime;
    cpu.samples.forEach((id, i) => {
      ts += cpu.timeDeltas[i] ?? 0;
      sampleTimes.push({ ts, node: nodes.get(id) });
    });
  }
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  console.log(`\n# run ${run}: ${path}, first contentful paint @${fcp ? ms(fcp.ts - t0) : '-'} ms`);
  for (const candidate of events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === main.pid)) {
    const data = candidate.args?.data ?? {};
    console.log(`LCP candidate @${ms(candidate.ts - t0)} ms: ${String(data.type ?? '')} ${String(data.nodeName ?? '')} ${String(data.size ?? '')} px² ${data.url ? short(String(data.url)) : ''}`.trimEnd());
  }
  const long: string[] = [];
  const page = { wall: 0, thread: 0 };
  for (const task of top.filter((t) => (t.dur ?? 0) >= min * 1000)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask');
    const kind = browserTask(inside);
    const thread = task.tdur ?? task.dur ?? 0;
    if (kind === 'navigation commit') {
      commits.push({ wall: task.dur ?? 0, thread, preloads: spent(inside, 'HTMLDocumentParser::MaybeFetchQueuedPreloads').thread });
    } else if (kind !== 'frame setup') {
      page.wall = Math.max(page.wall, task.dur ?? 0);
      page.thread = Math.max(page.thread, thread);
    }
    const names = inside.filter((e) => (e.dur ?? 0) >= 2000).slice(0, 6).map((e) => `${e.name} ${ms(e.dur ?? 0)}`);
    const preloads = spent(inside, 'HTMLDocumentParser::MaybeFetchQueuedPreloads');
    const what = [kind, preloads.wall > 0 ? `preloads ${ms(preloads.wall)} [${ms(preloads.thread)}]` : ''].filter(Boolean).join(', ');
    console.log(`task @${ms(task.ts - t0)} ms ${ms(task.dur ?? 0)} ms [${ms(thread)}]${what ? ` (${what})` : ''}: ${names.join(', ')}`);
    if ((task.dur ?? 0) < threshold * 1000) continue;
    long.push(`${ms(task.dur ?? 0)} ms [${ms(thread)}] @${ms(task.ts - t0)} (${kind ?? names[0] ?? '?'})`);
    // Nested trace events as a tree (>= 1 ms, up to --depth levels).
    const stack: TraceEvent[] = [];
    for (const e of inside) {
      while (stack.length > 0 && e.ts >= stack[stack.length - 1]!.ts + (stack[stack.length - 1]!.dur ?? 0)) stack.pop();
      if ((e.dur ?? 0) >= 1000 && stack.length < depth) {
        const data = e.args?.data ?? {};
        const detail = data.url ? short(String(data.url)).slice(0, 60) : data.functionName ? String(data.functionName) : data.fileName ? short(String(data.fileName)).slice(0, 60) : '';
        console.log(`    ${'  '.repeat(stack.length)}${e.name}${detail ? ` (${detail})` : ''} ${ms(e.dur ?? 0)}`);
      }
      stack.push(e);
    }
    if (cpu) {
      const byFunction = new Map<string, number>();
      let previous = task.ts;
      for (const sample of sampleTimes) {
        if (sample.ts < task.ts || sample.ts >= end) continue;
        const frame = sample.node?.callFrame;
        const key = frame ? `${frame.functionName || '(anonymous)'} ${short(frame.url)}${frame.url ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}` : '?';
        byFunction.set(key, (byFunction.get(key) ?? 0) + (sample.ts - previous));
        previous = sample.ts;
      }
      console.log('    profile, self time by function:');
      for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`      ${ms(us).padStart(6)} ${fn}`);
    }
  }
  summary.push(`run ${run}: ${long.length === 0 ? `no task >= ${threshold} ms` : long.join('; ')}`);
  longestPage.push(page);
}
spinners.forEach((spinner) => spinner.kill());
const range = (values: number[]) => (values.length === 0 ? '-' : `${ms(Math.min(...values))}-${ms(Math.max(...values))}`);
const over = (values: number[]) => values.filter((value) => value >= threshold * 1000).length;
console.log(`\n${path}${bare ? ' (bare DevTools connection)' : ''}, tasks >= ${threshold} ms at 4x CPU${slow4g ? ' on Slow 4G' : ''}${light ? ', task-naming trace categories only' : ''}${busy ? `, ${busy} busy process${busy > 1 ? 'es' : ''}` : ''} (wall ms [thread ms]):\n${summary.join('\n')}`);
console.log(
  [
    `page tasks (all but the frame setup and the navigation commit), longest per run: by wall time ${range(longestPage.map((p) => p.wall))} ms, by thread time ${range(longestPage.map((p) => p.thread))} ms;`,
    `  runs with one >= ${threshold} ms: ${over(longestPage.map((p) => p.wall))} of ${runs} by wall time, ${over(longestPage.map((p) => p.thread))} of ${runs} by thread time`,
    `navigation commit: wall ${range(commits.map((c) => c.wall))} ms, thread ${range(commits.map((c) => c.thread))} ms, of which issuing the preloads ${range(commits.map((c) => c.preloads))} ms thread`,
  ].join('\n'),
);
