/**
 * Runs a load (bench/lib/load.ts, its own process) while this process, which hosts the app, is under
 * the V8 CPU profiler; prints self time per package/folder and per function, writes the profile for
 * Chrome DevTools. Shared by the login and report profiles.
 */
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { runLoad, type LoadSpec, type LoadSummary } from './load.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Groups a script URL into a package or our own source folder. */
function packageOf(url: string): string {
  if (!url) return '(native / idle / gc)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(url.lastIndexOf('/', src - 1) + 1, url.lastIndexOf('/') + 1) : url;
}

/** Profiles this process during `spec`'s load (after a warm-up, 2 s unless told) and prints where the time went. */
export async function profileLoad(spec: Omit<LoadSpec, 'duration'>, seconds: number, out: string, warmUpSeconds = 2): Promise<LoadSummary> {
  if (warmUpSeconds > 0) await runLoad({ ...spec, duration: warmUpSeconds });
  let load: LoadSummary | undefined;
  await profileWhile(async () => {
    load = await runLoad({ ...spec, duration: seconds });
    console.log(`${load.reqPerSec} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms over ${seconds} s (non-2xx ${load.non2xx})`);
  }, out);
  return load!;
}

/** Profiles this process while `work` runs, prints self time per package or folder and per function, writes the profile to `out`. */
export async function profileWhile(work: () => Promise<void>, out: string): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  await work();
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  session.disconnect();
  writeFileSync(out, JSON.stringify(profile));

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const perFunction = new Map<string, number>();
  const perPackage = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const fn = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/')}:${lineNumber + 1}` : ''}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + us);
    const pkg = packageOf(url);
    perPackage.set(pkg, (perPackage.get(pkg) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  console.log(`\nself time by package or folder:\n${top(perPackage, 25)}`);
  console.log(`\nself time by function:\n${top(perFunction, 40)}`);
  console.log(`\nprofile: ${out}`);
}
