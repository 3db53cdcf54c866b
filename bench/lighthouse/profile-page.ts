// CPU profile of one page load (4x CPU throttle, no network throttle): self time by script and by
// function, to see what the trace's long tasks are made of.
//   npx tsx bench/lighthouse/profile-page.ts /nbc/welcome [--until 4000] [--top 40]
import { chromium } from '@playwright/test';
import { apiLogin, CHROME_PATH, CHROMIUM_ARGS, DEALER_LOGIN, startPortal } from '../web-budget/portal-process.ts';

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
const portal = await startPortal();
try {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  if (path.includes('welcome')) {
    const stored = await apiLogin(portal.url, DEALER_LOGIN);
    await page.goto(`${portal.url}/healthz`);
    await page.evaluate((v) => localStorage.setItem('userdetail', v), JSON.stringify(stored));
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(`${portal.url}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
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
  await browser.close();
} finally {
  await portal.stop();
}
