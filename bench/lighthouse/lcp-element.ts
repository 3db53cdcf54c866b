/**
 * Which element is a page's largest contentful paint, and when, in Chromium with a phone's CPU and
 * line (4x CPU, 150 ms, 1.6 Mbps down: Lighthouse's mobile profile applied through DevTools), with
 * the page's paints and requests. Lighthouse 12's own "LCP element" audit fails on this Chromium
 * (its trace gatherer), so the element is read from the page's PerformanceObserver instead.
 *
 *   npm run build && npx tsx bench/lighthouse/lcp-element.ts [--path /nbc/welcome] [--fr] [--runs 3] [--requests]
 *
 * Signed in as the demo dealer for the signed-in pages; a fresh browser per run (no HTTP cache).
 */
import { chromium } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from '../../e2e/chromium.ts';
import { apiLogin, DEALER_LOGIN, startPortal } from '../web-budget/portal-process.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? fallback) : fallback);
const path = option('--path', '/nbc/welcome');
const runs = Number(option('--runs', '3')) || 3;
const french = args.includes('--fr');
const showRequests = args.includes('--requests');
const signedIn = !['/', '/nbc', '/abc', '/reportLogin'].includes(path);

interface Paint {
  name: string;
  at: number;
  size?: number;
  element?: string;
}

const portal = await startPortal();
try {
  const stored = signedIn ? await apiLogin(portal.url, DEALER_LOGIN) : null;
  for (let run = 1; run <= runs; run++) {
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: french ? 'fr-CA' : 'en-US' });
      const page = await context.newPage();
      await page.goto(`${portal.url}/healthz`);
      if (stored) await page.evaluate((value) => window.localStorage.setItem('userdetail', value), JSON.stringify(stored));
      if (french) await page.evaluate(() => window.localStorage.setItem('portal.language', 'fr-CA'));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const seen: Paint[] = [];
        (window as unknown as { __paints: Paint[] }).__paints = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
            const element = entry.element ? `${entry.element.tagName.toLowerCase()}${entry.element.className ? `.${String(entry.element.className).split(' ').join('.')}` : ''} "${(entry.element.textContent ?? '').trim().slice(0, 50)}"` : '(removed)';
            seen.push({ name: 'lcp', at: Math.round(entry.startTime), size: entry.size, element });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.push({ name: entry.name, at: Math.round(entry.startTime) });
        }).observe({ type: 'paint', buffered: true });
      });
      await page.goto(`${portal.url}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      const paints = await page.evaluate(() => (window as unknown as { __paints: Paint[] }).__paints);
      console.log(`${path}${french ? ' (fr-CA)' : ''} run ${run}:`);
      for (const paint of paints) console.log(`  ${String(paint.at).padStart(5)} ms  ${paint.name}${paint.size ? `  ${paint.size} px²  ${paint.element ?? ''}` : ''}`);
      if (showRequests) {
        const requests = await page.evaluate(() =>
          performance.getEntriesByType('resource').map((entry) => `${entry.name.replace(location.origin, '').slice(0, 70)} ${Math.round(entry.startTime)}-${Math.round((entry as PerformanceResourceTiming).responseEnd)}`),
        );
        for (const request of requests) console.log(`    ${request}`);
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await portal.stop();
}
