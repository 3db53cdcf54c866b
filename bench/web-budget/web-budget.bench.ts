/**
 * The JavaScript a first visit downloads, per page, gzipped (spec: at most 150 KB for `/` and
 * `/nbc`), and proof that reporting, Excel and enrollment code is not among it.
 *   npm run build -w @portal/web && npx tsx bench/web-budget/web-budget.bench.ts [--write]
 * With --write the table goes into bench/web-budget/RESULTS.md. Exits 1 when over budget.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from '../../e2e/chromium.ts';
import { apiLogin, DEALER_LOGIN, REPO_ROOT, startPortal } from './portal-process.ts';

const BUDGET_KB = 150;
/** `--fr`: measured as a French reader (the browser's language fr-CA: the French catalog loads too). */
const LOCALE = process.argv.includes('--fr') ? 'fr-CA' : 'en-US';
/** Pages held to the budget, and pages only reported. */
const PAGES: { path: string; budget: boolean; login?: boolean; ready: string; late?: RegExp }[] = [
  { path: '/', budget: true, ready: 'a[href="/nbc"]' },
  { path: '/nbc', budget: true, ready: 'form button[type="submit"]' },
  { path: '/reportLogin', budget: false, ready: 'form button[type="submit"]' },
  { path: '/nbc/welcome', budget: false, login: true, ready: '#faq h2' },
  // The door app (its own build, docs/checkin-app.md): same budget; the QR decoder, camera and desk
  // forms load only when used.
  { path: '/checkin', budget: true, ready: '#pairing-code', late: /ponyfill|zxing|camera|desk-forms/i },
];
/** Chunks that must not load before they are used (names from the Vite build); the console, the chart and the sessions pages included. */
const LATE_CODE = /reporting|enrollment|retailer-report|registration|workbook|export|xlsx|exceljs|admin|uplot|timeline|checkin|door-|sessions/i;

interface Script {
  name: string;
  raw: number;
  gzip: number;
}

async function scriptsOf(page: Page, url: string, ready: string): Promise<Script[]> {
  const scripts = new Map<string, Script>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    pending.push(
      response.body().then((body) => {
        scripts.set(response.url(), { name: new URL(response.url()).pathname.replace('/assets/', ''), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector(ready, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return [...scripts.values()].sort((a, b) => b.gzip - a.gzip);
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const portal = await startPortal();
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
const rows: string[] = [];
const details: string[] = [];
let failed = false;
try {
  const stored = await apiLogin(portal.url, DEALER_LOGIN);
  for (const target of PAGES) {
    const context = await browser.newContext({ locale: LOCALE });
    if (target.login) await context.addInitScript((value) => window.localStorage.setItem('userdetail', value), JSON.stringify(stored));
    const page = await context.newPage();
    const scripts = await scriptsOf(page, `${portal.url}${target.path}`, target.ready);
    await context.close();
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    const late = scripts.filter((s) => (target.late ?? LATE_CODE).test(s.name) && !(target.path === '/nbc/welcome' && /enrollment/i.test(s.name)));
    const over = target.budget && total > BUDGET_KB * 1000;
    if (over || (target.budget && late.length > 0)) failed = true;
    const verdict = target.budget ? (over ? `**over ${BUDGET_KB}**` : `within ${BUDGET_KB}`) : 'reported only';
    rows.push(`| \`${target.path}\` | ${scripts.length} | ${kb(raw)} | **${kb(total)}** | ${verdict} | ${late.length === 0 ? 'none' : late.map((s) => s.name).join(', ')} |`);
    details.push(`\`${target.path}\`: ${scripts.map((s) => `${s.name} ${kb(s.gzip)}`).join(', ')}`);
    console.log(`${target.path.padEnd(14)} ${String(scripts.length).padStart(2)} scripts  ${kb(raw).padStart(7)} kB raw  ${kb(total).padStart(6)} kB gzip  ${verdict}${late.length ? `  LATE CODE: ${late.map((s) => s.name).join(', ')}` : ''}`);
  }
} finally {
  await browser.close();
  await portal.stop();
}

if (process.argv.includes('--write')) {
  const when = new Date().toISOString().slice(0, 10);
  const text = `# Web budget: JavaScript of a first visit

Measured by \`npx tsx bench/web-budget/web-budget.bench.ts --write\` (${when}): Debian's Chromium loads each page from
the built portal (\`npm run build\`, demo data) with an empty cache and waits until the page is usable; every
script response is gzipped here at level 9 and summed (kB = 1000 bytes). Budget: at most ${BUDGET_KB} kB
for \`/\`, \`/nbc\` and the door app \`/checkin\`; React and React DOM alone are about 69 kB. "Late code"
lists any reporting, Excel, enrollment, retailer report, registration or door-app chunk that loaded although the page
does not use it, and on \`/checkin\` the QR decoder, camera or desk forms (loaded only when used).

| page | scripts | raw kB | gzip kB | budget | late code |
|---|---|---|---|---|---|
${rows.join('\n')}

\`/nbc/welcome\` is measured signed in as the demo dealer (stored login injected before the page loads).

Scripts per page (gzip kB):

${details.map((d) => `- ${d}`).join('\n')}
`;
  writeFileSync(join(REPO_ROOT, 'bench/web-budget/RESULTS.md'), text);
  console.log('wrote bench/web-budget/RESULTS.md');
}
process.exit(failed ? 1 : 0);
