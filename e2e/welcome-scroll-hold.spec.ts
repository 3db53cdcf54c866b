/**
 * Scroll hold (docs/design/web-rules.md, "Tabs"): a tab chosen on /nbc/welcome before the page
 * below it has loaded keeps its section in place while the rest loads, until the user scrolls. The
 * event area's content (the last section of a dealer's page) is held back by the test: a tab chosen
 * meanwhile (the event area's own, or the FAQ above it on a tall screen) cannot reach its place (the
 * page ends too soon) and stops short; once the event area arrives the section must be brought to
 * just below the bar, without the reader doing anything. Once the reader scrolls, the page no longer
 * pulls them back.
 */
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures.ts';

/** The section's top and the sticky bar's bottom, once the page has stopped scrolling. */
async function settledTop(page: Page, id: string): Promise<{ top: number; bar: number }> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const top = await page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN, id);
        const still = Math.abs(top - last) < 0.5;
        last = top;
        return still;
      },
      { intervals: [300], timeout: 10_000 },
    )
    .toBe(true);
  const bar = await page.evaluate(() => document.querySelector('.app-navbar')?.getBoundingClientRect().bottom ?? Number.NaN);
  return { top: last, bar };
}

const isEventArea = (url: URL) => /^\/content\/[^/]+\/items$/.test(url.pathname) && url.searchParams.get('system.type') === 'tourism_page';

/** Holds the event area's content request until the answer's `release()` is called. */
async function holdEventArea(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(isEventArea, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/** A dealer chooses the event area ("Las Vegas") while its content is held; answers its release once the scroll has settled. */
async function chooseEventAreaWhileHeld(page: Page): Promise<() => void> {
  const release = await holdEventArea(page);
  await loginAs(page, 'dealer');
  await page.getByRole('navigation').getByRole('link', { name: 'Las Vegas' }).click();
  await expect(page.locator('#eventarea .section-placeholder')).toHaveCount(1);
  await settledTop(page, 'eventarea');
  return release;
}

test.describe('a chosen section stays in place while the page loads', () => {
  // The event area (its tab is named after the place, "Las Vegas") is still loading: its placeholder
  // is shorter than its content. On a tall screen the FAQ above it cannot reach its place either
  // until the event area is there.
  for (const { tab, id, height } of [
    { tab: 'Las Vegas', id: 'eventarea', height: 800 },
    { tab: 'FAQ', id: 'faq', height: 1440 },
  ]) {
    test(`the ${tab} tab chosen before the event area has loaded ends just below the bar once it has (${height} px high)`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height });
      const release = await holdEventArea(page);
      await loginAs(page, 'dealer');
      const nav = page.getByRole('navigation');
      await nav.getByRole('link', { name: tab }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator('#eventarea .section-placeholder')).toHaveCount(1);
      // The page ends too soon for the section to reach its place: the scroll stops short.
      const early = await settledTop(page, id);
      expect(early.top, `${tab} top ${early.top} px, bar bottom ${early.bar} px while the event area loads`).toBeGreaterThan(early.bar + 48);

      release();
      await expect(page.locator('#eventarea .section-placeholder')).toHaveCount(0);
      const { top, bar } = await settledTop(page, id);
      expect(top, `${tab} top ${top} px, bar bottom ${bar} px once the page has loaded`).toBeGreaterThanOrEqual(bar - 4);
      expect(top).toBeLessThanOrEqual(bar + 48);
      await expect(nav.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'location');
    });
  }

  // Something above the chosen section changing size once its smooth scroll is over (a late font or
  // image; here the welcome section grows) moves the page without the reader: the browser's own
  // scroll adjustment (scroll anchoring) follows, and it may not end the hold.
  test('a size change above the chosen section while it waits does not end the hold', async ({ page }) => {
    const release = await chooseEventAreaWhileHeld(page);
    // Past the tab's smooth scroll (TAB_SCROLL_LOCK_MS, 1.2 s): from now on only the reader ends the hold.
    await page.waitForTimeout(1_500);
    const before = await page.evaluate(() => window.scrollY);
    await page.evaluate(() => document.getElementById('welcome')?.style.setProperty('padding-bottom', '300px', 'important'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 200);
    release();
    await expect(page.locator('#eventarea .section-placeholder')).toHaveCount(0);
    const { top, bar } = await settledTop(page, 'eventarea');
    expect(top, `event area top ${top} px, bar bottom ${bar} px once the page has loaded`).toBeGreaterThanOrEqual(bar - 4);
    expect(top).toBeLessThanOrEqual(bar + 48);
  });

  test('once the reader scrolls, content that loads later does not pull them back', async ({ page }) => {
    const release = await chooseEventAreaWhileHeld(page);
    // The reader scrolls up with the mouse wheel.
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -600);
    // The wheel scrolls smoothly: read the position once it has come to rest.
    let scrolled = Number.NaN;
    await expect
      .poll(
        async () => {
          const y = await page.evaluate(() => window.scrollY);
          const still = y === scrolled;
          scrolled = y;
          return still;
        },
        { intervals: [300], timeout: 10_000 },
      )
      .toBe(true);
    release();
    await expect(page.locator('#eventarea .section-placeholder')).toHaveCount(0);
    await page.waitForTimeout(1_000);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(4);
  });
});
