/**
 * One page load as the Lighthouse phone profile sees it, for the trace and profile scripts: the built
 * portal started on its own port, Chromium with a phone viewport, 4x CPU throttle (no network
 * throttle), signed in as the demo dealer first when the page is the welcome page, loaded from
 * about:blank.
 */
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from '../../e2e/chromium.ts';
import { apiLogin, DEALER_LOGIN, startPortal, type PortalProcess } from '../web-budget/portal-process.ts';

export interface ThrottledPage {
  portal: PortalProcess;
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  /** Loads `path` (waits for the network to settle, then 1.5 s more). */
  load(path: string): Promise<void>;
  close(): Promise<void>;
}

export async function openThrottledPage(path: string): Promise<ThrottledPage> {
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
    return {
      portal,
      browser,
      page,
      cdp,
      load: async (target) => {
        // From a blank page, as Lighthouse loads it: the commit then does not also tear down a
        // portal document (the /healthz page used to sign in, 20-37 ms at 4x CPU in its commit task).
        await page.goto('about:blank');
        await page.goto(`${portal.url}${target}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(1500);
      },
      close: async () => {
        await browser.close();
        await portal.stop();
      },
    };
  } catch (error) {
    await portal.stop();
    throw error;
  }
}
