import type { Page } from '@playwright/test';
import { expect, loginAs, seriousA11yViolations, snap, test } from './fixtures.ts';

/** The welcome page's tabs, with the sessions page's beside Agenda. */
const EVENT_TABS = ['Welcome', 'Conference Info', 'Agenda', 'Sessions', 'Attire', 'FAQ', 'Las Vegas'];

test.describe('welcome page and shell', () => {
  test('a dealer sees the welcome page with the tabs of its access code', async ({ page }) => {
    await loginAs(page, 'dealer');
    const tabs = page.getByRole('navigation').getByRole('list').getByRole('link');
    await expect(tabs).toHaveText([...EVENT_TABS, 'Enrollment']);
    await expect(page.getByRole('link', { name: 'Welcome' })).toHaveAttribute('aria-current', 'location');
    const logo = page.getByRole('navigation').getByRole('img').first();
    await expect(logo).toHaveJSProperty('width', 225);
    await expect(logo).toHaveJSProperty('height', 60);
    await expect(page.getByRole('link', { name: /Northwind Motor Company/ }).first()).toHaveAttribute('href', '/nbc/welcome');
    // The dealer variant of the agenda, the general conference information.
    await expect(page.getByRole('heading', { name: 'Retailer Agenda' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Conference Information', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Retailer Expo', exact: true })).toHaveCount(0);
    await snap(page, 'welcome-dealer');
  });

  test('corporate sees the expo link and reporting tab', async ({ page }) => {
    await loginAs(page, 'corporate');
    const tabs = page.getByRole('navigation').getByRole('list').getByRole('link');
    await expect(tabs).toHaveText([...EVENT_TABS, 'Expo', 'Enrollment', 'Reporting']);
    await expect(page.getByRole('heading', { name: 'Retailer Expo', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Conference Information for Corporate/ })).toBeVisible();
    await snap(page, 'welcome-corporate');
  });

  test('opened directly, the page paints the public bar, banner and the letter’s opening from its HTML, then the page’s own take over in place', async ({ page }) => {
    await loginAs(page, 'dealer');
    // A reload is a direct load: the server's copy of the bar and banner comes with the HTML.
    const served = await (await page.request.get('/nbc/welcome')).text();
    expect(served).toContain('id="first-paint" data-path="/nbc/welcome" data-lang="en" aria-hidden="true"');
    // Without any script the bar, the banner and the letter's opening paragraphs are on screen.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    await expect(page.locator('#first-paint img.brand-logo')).toBeVisible();
    await expect(page.locator('#first-paint img.event-banner')).toBeVisible();
    const drawn = page.locator('#first-paint-content .letter-text p');
    await expect(drawn.first()).toHaveText('Dear Northwind Retail Partner,');
    const boxes = async (paragraphs: typeof drawn) => Promise.all((await paragraphs.all()).map(async (p) => (await p.boundingBox()) ?? null));
    const before = await boxes(drawn);
    expect(before.length).toBeGreaterThan(1);
    await page.unroute(/\/assets\/.*\.js$/);
    await page.reload();
    await expect(page.locator('#first-paint')).toHaveCount(0);
    await expect(page.locator('#first-paint-content')).toHaveCount(0);
    // The page's own paragraphs are where the copies were: nothing moved when they were swapped.
    const after = await boxes(page.locator('#main-content .letter-text p'));
    expect(after.slice(0, before.length)).toEqual(before);
    // The shell's own bar works: its toggle and links are not covered.
    await expect(page.getByRole('navigation').getByRole('img').first()).toBeVisible();
    await expect(page.locator('.event-banner-wrap img')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show more' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('Show more and Show less open and close the welcome letter', async ({ page }) => {
    await loginAs(page, 'dealer');
    const more = page.getByRole('button', { name: 'Show more' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const letter = page.locator('.letter-text');
    await expect(letter).not.toContainText('Daniel Okafor');
    const collapsed = (await letter.textContent()) ?? '';
    expect(collapsed.length).toBeLessThanOrEqual(600);
    await more.click();
    await expect(letter).toContainText('Daniel Okafor');
    await snap(page, 'welcome-letter-expanded');
    await page.getByRole('button', { name: 'Show less' }).click();
    await expect(letter).not.toContainText('Daniel Okafor');
    await expect(page.getByTitle('Welcome video')).toHaveAttribute('src', /^https:\/\//);
  });

  test('tabs scroll smoothly to their section and follow the scrolling', async ({ page }) => {
    await loginAs(page, 'dealer');
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/#faq$/);
    await expect(page.locator('#faq')).toBeInViewport({ ratio: 0.3 });
    await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'location');
    await snap(page, 'welcome-tab-faq');

    // The reader goes back to the top with the Home key, which also lets go of the chosen section (a
    // scroll by script within the tab's smooth scroll would not: the section is kept in place).
    await page.keyboard.press('Home');
    await expect(nav.getByRole('link', { name: 'Welcome' })).toHaveAttribute('aria-current', 'location');
    await page.evaluate(() => document.getElementById('attire')?.scrollIntoView({ behavior: 'instant', block: 'start' }));
    await expect(nav.getByRole('link', { name: 'Attire' })).toHaveAttribute('aria-current', 'location');
    await expect(nav.getByRole('link', { name: 'FAQ' })).not.toHaveAttribute('aria-current');
  });

  test('a scroll tab on another page leads back to its section', async ({ page }) => {
    await loginAs(page, 'dealer');
    await page.goto('/nbc/enrollment');
    await page.getByRole('navigation').getByRole('link', { name: 'Agenda' }).click();
    await expect(page).toHaveURL(/\/nbc\/welcome#agenda$/);
    await expect(page.locator('#agenda')).toBeInViewport({ ratio: 0.3 });
  });

  test('the welcome page has no serious accessibility violations', async ({ page }) => {
    await loginAs(page, 'corporate');
    await expect(page.getByRole('heading', { name: 'Retailer Expo', exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('on a small screen the toggle opens and closes the menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'dealer');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const agenda = page.getByRole('navigation').getByRole('link', { name: 'Agenda' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(agenda).toBeHidden();
    await snap(page, 'small-screen-menu-closed');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(agenda).toBeVisible();
    await snap(page, 'small-screen-menu-open');
    await agenda.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#agenda')).toBeInViewport({ ratio: 0.3 });
    await toggle.click();
    await expect(agenda).toBeVisible();
    await toggle.click();
    await expect(agenda).toBeHidden();
  });

  /** The section's top and the sticky bar's bottom, once the page has stopped scrolling. */
  async function settledTop(page: Page, id: string): Promise<{ top: number; bar: number }> {
    let last = Number.NaN;
    await expect
      .poll(async () => {
        const top = await page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? Number.NaN, id);
        const still = Math.abs(top - last) < 0.5;
        last = top;
        return still;
      }, { intervals: [250], timeout: 10_000 })
      .toBe(true);
    const bar = await page.evaluate(() => document.querySelector('.app-navbar')?.getBoundingClientRect().bottom ?? Number.NaN);
    return { top: last, bar };
  }

  // section 2 of docs/design/web-rules.md: "selecting a tab scrolls smoothly to its section". With the menu
  // collapsed (below 992 px) the offset is measured once the menu has closed; measured while it was
  // still open, the section would end up about 280 px past its place.
  test('on a small screen a tab chosen in the open menu brings its section to just below the closed bar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'dealer');
    // Every section on the page first (they load on the first scroll), then back to the top.
    await page.evaluate(() => window.scrollBy(0, 1));
    await expect(page.locator('#eventarea')).toBeAttached({ timeout: 15_000 });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const toggle = page.getByRole('button', { name: 'Menu' });
    for (const [tab, id] of [['FAQ', 'faq'], ['Conference Info', 'confinfo']] as const) {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('navigation').getByRole('link', { name: tab }).click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // The scroll starts once the menu has closed (its transition), and the address names the
      // section then: before that the page stands still where it was, which is not where it settles.
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      const { top, bar } = await settledTop(page, id);
      // The section starts at its scroll margin (5rem) below the top, just under the closed bar.
      expect(top, `${tab}: section top ${top} px, bar bottom ${bar} px`).toBeGreaterThanOrEqual(bar - 4);
      expect(top).toBeLessThanOrEqual(bar + 48);
      await expect(page.getByRole('navigation').getByRole('link', { name: tab, includeHidden: true })).toHaveAttribute('aria-current', 'location');
    }
  });

  test('Logout ends the session and returns to /', async ({ page }) => {
    await loginAs(page, 'dealer');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.localStorage.getItem('userdetail'))).toBeNull();
    await page.goto('/nbc/welcome');
    await expect(page).toHaveURL(/\/$/);
    await snap(page, 'after-logout');
  });
});
