// CPU profile of one page load (4x CPU throttle, no network throttle): self time by script and by
// function, to see what the trace's long tasks are made of.
//   npx tsx bench/lighthouse/profile-page.ts /nbc/welcome [--until 4000] [--top 40]
import { openThrottledPage } from './page-load.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const path = args.find((a) => a.startsWith('/')) ?? '/nbc/welcome';
const top = Number(args[args.indexOf('--top') + 1] ?? 40) || 40;
const run = await openThrottledPage(path);
try {
  const { cdp } = run;
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await run.load(path);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const byUrl = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const url = short(frame.url) || `(${frame.functionName || 'native'})`;
    byUrl.set(url, (byUrl.get(url) ?? 0) + us);
    const key = `${frame.functionName || '(anonymous)'} ${url}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  const ms = (us: number) => (us / 1000).toFixed(1);
  console.log(`self time by script (ms at 4x CPU), ${path}:`);
  for (const [url, us] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${ms(us).padStart(7)} ${url}`);
  console.log('self time by function:');
  for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms(us).padStart(7)} ${fn}`);
} finally {
  await run.close();
}
