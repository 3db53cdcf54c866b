/**
 * The door app's scan-to-result time with the CPU throttled 4x (aim: at most 100 ms), in
 * Debian's Chromium against the built portal with demo data (docs/checkin-app.md).
 *   npm run build && npx tsx bench/checkin/scan-to-result.bench.ts [--write]
 *
 * The door is paired with the demo code, then, with `Emulation.setCPUThrottlingRate` at 4:
 * - handheld scanner: a badge code typed into the field and Enter, timed by the app itself from the
 *   code's arrival to the frame after the full-screen result rendered (`checkin-scan-to-result`,
 *   performance.measure in src/checkin/screens/result.tsx): signature check (WebCrypto Ed25519), roster
 *   lookup, the IndexedDB write of the queued scan, React's render;
 * - the same badges again (amber, "already checked in");
 * - camera: Chromium's fake camera showing a badge QR; the first scan is timed from the frame the
 *   decoder read (it includes loading the WebAssembly decoder), then every later frame's decode
 *   (`checkin-decode`) while the badge stays in view.
 * With --write the figures go into bench/checkin/RESULTS.md. Exits 1 when the warm p95 of the
 * handheld or camera scan (decode + result) is over 100 ms.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { qrY4m } from '../../e2e/qr-y4m.ts';
import { CHROME_PATH, CHROMIUM_ARGS } from '../../e2e/chromium.ts';
import { REPO_ROOT, startPortal } from '../web-budget/portal-process.ts';
import { percentile } from '../lib/stats.ts';

const SAMPLES = Number(process.env.SAMPLES ?? 30);
const BUDGET_MS = 100;
const ORGANIZER = { email: 'admin@corp.example.com', password: 'Organizer-Demo-2027' };

async function json(response: Response): Promise<{ succeeded: boolean; message?: string; data: Record<string, unknown> }> {
  return (await response.json()) as { succeeded: boolean; message?: string; data: Record<string, unknown> };
}

const ms = (value: number) => value.toFixed(1);

async function lastMeasure(page: Page, name: string): Promise<number> {
  await page.waitForFunction((n) => performance.getEntriesByName(n, 'measure').length > 0, name);
  return page.evaluate((n) => {
    const entries = performance.getEntriesByName(n, 'measure');
    const duration = entries.at(-1)?.duration ?? NaN;
    performance.clearMeasures(n);
    return duration;
  }, name);
}

const loadBefore = loadavg()[0] ?? 0;
const portal = await startPortal();
const dir = mkdtempSync(join(tmpdir(), 'checkin-bench-'));
let failed = false;
try {
  const login = await json(await fetch(`${portal.url}/Admin/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANIZER) }));
  if (!login.succeeded) throw new Error(`organizer sign-in failed: ${login.message ?? ''}`);
  const token = String(login.data.accessToken);
  // Fresh badges of demo store 10001, not checked in: each handheld scan is a green one.
  const codes: string[] = [];
  for (let i = 0; i <= SAMPLES; i++) {
    const answer = await json(
      await fetch(`${portal.url}/api/Admin/WalkIns`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ event: 'nbc', email: `bench.${i}.${Date.now()}@example.com`, firstName: 'Bench', lastName: `Person${i}`, storeDlrnum: '10001', checkIn: false }),
      }),
    );
    if (!answer.succeeded) throw new Error(`walk-in failed: ${answer.message ?? ''}`);
    codes.push(String((answer.data.badge as { code: string }).code));
  }
  const cameraCode = codes.pop() ?? '';
  const video = join(dir, 'badge.y4m');
  writeFileSync(video, qrY4m(cameraCode));

  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`] });
  try {
    const context = await browser.newContext({ permissions: ['camera'], viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}/checkin`);
    await page.getByLabel('Pairing code').fill('DOOR-NBC-27');
    await page.getByRole('button', { name: 'Pair this device' }).click();
    await page.getByText(/list updated/).waitFor({ timeout: 60_000 });
    const rosterSize = Number((await page.getByText(/on the list/).textContent())?.match(/([\d,]+) on the list/)?.[1]?.replace(/,/g, '') ?? 0);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    const scanAll = async (expected: string): Promise<number[]> => {
      const times: number[] = [];
      for (const code of codes) {
        await page.getByLabel('Badge code').fill(code);
        await page.getByLabel('Badge code').press('Enter');
        const shown = await page.getByRole('alertdialog').getAttribute('data-result');
        if (shown !== expected && process.env.DEBUG_DOOR) {
          const dump = await page.evaluate(async () => {
            const db = await new Promise<IDBDatabase>((resolve) => { const r = indexedDB.open('portal-checkin'); r.onsuccess = () => resolve(r.result); });
            const all = (store: string) => new Promise<unknown[]>((resolve) => { const r = db.transaction(store).objectStore(store).getAll(); r.onsuccess = () => resolve(r.result as unknown[]); });
            const recent = (await all('recent')) as { name: string; result: string; synced: boolean; at: string }[];
            return { recent: recent.filter((x) => x.name.includes('Person0')), pending: (await all('pending')).length, meta: await all('meta') };
          });
          console.log(JSON.stringify(dump, null, 1).slice(0, 3000));
        }
        if (shown !== expected) throw new Error(`scan ${times.length + 1}: the door showed ${shown ?? 'nothing'}, expected ${expected}: ${(await page.getByRole('alertdialog').textContent()) ?? ''}`);
        times.push(await lastMeasure(page, 'checkin-scan-to-result'));
        await page.keyboard.press('Escape');
        await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      }
      return times;
    };
    const green = await scanAll('checked_in');
    const amber = await scanAll('already');

    await page.getByRole('button', { name: 'Start camera' }).click();
    await page.locator('[role="alertdialog"][data-result="checked_in"]').waitFor({ timeout: 60_000 });
    const cameraFirst = await lastMeasure(page, 'checkin-scan-to-result');
    await page.keyboard.press('Escape');
    await page.evaluate(() => performance.clearMeasures('checkin-decode'));
    // The badge stays in view: every frame is decoded again (and not scanned twice).
    await page.waitForTimeout(6000);
    const decodes = await page.evaluate(() => performance.getEntriesByName('checkin-decode', 'measure').map((entry) => entry.duration));
    const decoder = await page.locator('[data-decoder]').getAttribute('data-decoder');
    await context.close();

    const warmGreen = green.slice(1);
    const decodeP95 = percentile(decodes, 95);
    const cameraWarmP95 = decodeP95 + percentile(warmGreen, 95);
    const rows = [
      `| handheld scanner, green (first scan, cold) | 1 | ${ms(green[0] ?? NaN)} | | |`,
      `| handheld scanner, green | ${warmGreen.length} | ${ms(percentile(warmGreen, 50))} | ${ms(percentile(warmGreen, 95))} | ${ms(Math.max(...warmGreen))} |`,
      `| handheld scanner, amber (already in) | ${amber.length} | ${ms(percentile(amber, 50))} | ${ms(percentile(amber, 95))} | ${ms(Math.max(...amber))} |`,
      `| camera, first scan (loads the ${decoder} decoder) | 1 | ${ms(cameraFirst)} | | |`,
      `| camera, decode of one frame (${decoder}) | ${decodes.length} | ${ms(percentile(decodes, 50))} | ${ms(decodeP95)} | ${ms(Math.max(...decodes))} |`,
      `| camera, warm scan = decode + result (p95 + p95) | | | ${ms(cameraWarmP95)} | |`,
    ];
    for (const row of rows) console.log(row);
    failed = percentile(warmGreen, 95) > BUDGET_MS || cameraWarmP95 > BUDGET_MS;
    console.log(`roster ${rosterSize} people; budget ${BUDGET_MS} ms: ${failed ? 'OVER' : 'within'}`);
    if (process.argv.includes('--write')) {
      const text = `# Door app: scan to result at 4x CPU

Measured by \`npx tsx bench/checkin/scan-to-result.bench.ts --write\` (${new Date().toISOString().slice(0, 10)}) after \`npm run build\`:
Debian's Chromium, the built portal with demo data (roster of ${rosterSize} people on the door), the door paired
with the demo code, CPU throttled 4x (\`Emulation.setCPUThrottlingRate\`). Times in ms, from the code's arrival
(the handheld scanner's Enter, or the camera frame the decoder read) to the frame after the full-screen result
rendered, measured by the app (\`performance.measure\`). Budget: ${BUDGET_MS} ms. Taken on a shared
machine (2 cores, other helpers' builds and tests running; load average ${loadBefore.toFixed(1)} at the start,
${(loadavg()[0] ?? 0).toFixed(1)} at the end): figures are upper bounds.

| scan | n | p50 | p95 | max |
|---|---|---|---|---|
${rows.join('\n')}

Verdict: ${failed ? `**over ${BUDGET_MS} ms**` : `within ${BUDGET_MS} ms`} (warm handheld p95 and warm camera p95).
`;
      writeFileSync(join(REPO_ROOT, 'bench/checkin/RESULTS.md'), text);
      console.log('wrote bench/checkin/RESULTS.md');
    }
  } finally {
    await browser.close();
  }
} finally {
  await portal.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
