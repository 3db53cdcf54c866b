import { chromium } from 'playwright';
import { CHROME_PATH, CHROMIUM_ARGS } from '../../e2e/chromium.ts';
import { apiLogin, DEALER_LOGIN, startPortal } from '../web-budget/portal-process.ts';
const portal = await startPortal();
try {
  const stored = await apiLogin(portal.url, DEALER_LOGIN);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  for (const width of [412, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 823 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${portal.url}/healthz`);
  await page.evaluate((v) => localStorage.setItem('userdetail', v), JSON.stringify(stored));
  await page.goto(`${portal.url}/nbc/welcome`);
  await page.waitForTimeout(3000);
  console.log(await page.evaluate(() => { const nav = document.querySelector('nav.app-navbar')!; const b = document.querySelector('.event-banner-wrap')!; return [nav.outerHTML.slice(0, 900), b.outerHTML, JSON.stringify(nav.getBoundingClientRect()), JSON.stringify(b.getBoundingClientRect())].join('\n'); }));
  await context.close();
  }
  await browser.close();
} finally { await portal.stop(); }
