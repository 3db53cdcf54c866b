/**
 * Visual checks: the attendee, report and console pages at 360, 768 and 1280 px
 * against committed baselines (e2e/visual.spec.ts-snapshots/), so a layout that breaks shows in CI.
 * Baselines are made with Debian's Chromium on the CI machine: `npx playwright test e2e/visual.spec.ts
 * --update-snapshots`. The screenshots are of the first screenful (the layout of headers, forms and
 * tables), animations off; what changes from run to run is masked: dates and clocks, the welcome
 * video's frame, the timeline chart, and report and console tables with their counts (other journeys
 * of the same run add registrations, so rows, counts and column widths move; the place and size of
 * each table, and everything around it, stay compared).
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, loginAs, nothingLoading, seriousA11yViolations, signInOrganizer, test } from './fixtures.ts';

const WIDTHS = [360, 768, 1280] as const;
/** What differs between two runs of the same build (see the file's comment). */
function volatile(page: Page): Locator[] {
  return [
    page.locator('iframe'),
    page.locator('.timeline-chart, .timeline-chart-placeholder'),
    // Whole tables and the console's pager counts: rows (and so column widths) move with the data.
    page.locator('.table-responsive'),
    page.getByText(/\bof [\d,]+ \(page \d+ of \d+\)/),
    page.locator('time, .registration-expiry'),
    page.locator('input[type="email"], input[type="date"]'),
  ];
}

/** The page's data shown (nothing loading), its fonts loaded and its images decoded. */
async function settle(page: Page): Promise<void> {
  await nothingLoading(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Images (logo, banner) decoded before the picture is taken.
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
}

/**
 * `aboveTable`: only the part of the page above its first table is compared, for a list shorter than
 * a page, whose height (and the place of everything below it) moves with what other journeys added.
 */
async function shoot(page: Page, name: string, { aboveTable = false } = {}): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    const table = aboveTable ? await page.locator('.table-responsive').first().boundingBox() : null;
    await expect(page, `${name} at ${width} px`).toHaveScreenshot(`${name}-${width}.png`, {
      animations: 'disabled',
      caret: 'hide',
      mask: volatile(page),
      maxDiffPixelRatio: 0.01,
      ...(table ? { clip: { x: 0, y: 0, width, height: Math.ceil(table.y) } } : {}),
    });
  }
}

test.describe.configure({ mode: 'serial' });

test('attendee pages', async ({ page }) => {
  test.setTimeout(180_000);
  for (const [name, path, ready] of [
    ['landing', '/', 'Event portal'],
    ['login-nbc', '/nbc', /sign in/i],
    ['login-abc', '/abc', /sign in/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    await shoot(page, name);
  }
  expect(await seriousA11yViolations(page)).toEqual([]);

  await loginAs(page, 'dealer');
  await expect(page.getByRole('button', { name: 'Show more' })).toBeVisible();
  // The video's frame is masked: it has to be in its box for the mask to cover it.
  await expect(page.locator('#welcome iframe')).toBeAttached();
  await shoot(page, 'welcome');
  await page.goto('/nbc/enrollment');
  await expect(page.getByRole('radio', { name: 'Executive Manager' })).toBeVisible();
  await shoot(page, 'enrollment');

  // The abc attendee goes from the login to the hosted registration page, in the abc frame.
  const abc = DEMO_ACCOUNTS.abc;
  await page.goto('/abc');
  await page.getByLabel(/^e-mail address/i).fill(`visual.${Date.now().toString(36)}@mail.example.net`);
  await page.getByLabel(/^access code/i).fill(abc.password);
  await page.getByLabel(/^first name/i).fill(abc.firstName);
  await page.getByLabel(/^last name/i).fill(abc.lastName);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/register\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Northwind Motor Company, Annual Business Conference 2027' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'register-abc');
});

test('report pages', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, 'corporate');
  for (const [name, path, heading] of [
    ['report-menu', '/nbc/reporting', /reports/i],
    ['report-region', '/nbc/reporting/region', 'STORE ENROLLMENT REPORT BY REGION'],
    ['report-district', '/nbc/reporting/region/010/zone/011/district', 'STORE ENROLLMENT REPORT BY DISTRICT'],
    ['report-detail', '/nbc/reporting/region/010/zone/011/district/011001/', 'STORE ENROLLMENT DETAIL'],
    ['report-candidate', '/nbc/reporting/candidate', /candidate/i],
    ['report-field', '/nbc/reporting/field', /field/i],
    ['report-traveller', '/nbc/reporting/traveller', /travel/i],
    ['report-timeline', '/nbc/reporting/timeline', /timeline/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await shoot(page, name);
  }

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await loginAs(page, 'reports');
  await expect(page.getByRole('heading', { name: 'Retailer Enrollment Report' })).toBeVisible();
  await shoot(page, 'report-dashboard');
});

/** Signs a demo nbc account in through the French login page (its labels are French). */
async function signInInFrench(page: Page, role: 'dealer' | 'corporate'): Promise<void> {
  await page.goto('/nbc');
  await page.locator('input[type="email"]').fill(DEMO_ACCOUNTS[role].userName);
  await page.locator('input[type="password"]').fill(DEMO_ACCOUNTS[role].password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/nbc\/welcome$/);
}

test('attendee and report pages in French', async ({ page }) => {
  test.setTimeout(240_000);
  // A French reader: the stored choice, as the switch keeps it.
  await page.addInitScript(() => window.localStorage.setItem('portal.language', 'fr-CA'));
  for (const [name, path, ready] of [
    ['fr-landing', '/', 'Portail des événements'],
    ['fr-login-nbc', '/nbc', /connexion|connecter/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    await shoot(page, name);
  }
  await signInInFrench(page, 'dealer');
  await expect(page.getByRole('button', { name: 'Lire la suite' })).toBeVisible();
  await expect(page.locator('#welcome iframe')).toBeAttached();
  await shoot(page, 'fr-welcome');
  await page.goto('/nbc/enrollment');
  await expect(page.getByRole('radio', { name: 'Direction exécutive' })).toBeVisible();
  await shoot(page, 'fr-enrollment');

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.removeItem('userdetail'));
  await signInInFrench(page, 'corporate');
  for (const [name, path] of [
    ['fr-report-menu', '/nbc/reporting'],
    ['fr-report-region', '/nbc/reporting/region'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.getByText('Chargement…')).toHaveCount(0);
    await shoot(page, name);
  }
});

test('console pages, the navigation on one line at laptop widths', async ({ page }) => {
  test.setTimeout(180_000);
  await signInOrganizer(page);

  // Every section's link on one line at the common laptop widths (it wrapped onto two at 1280).
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  for (const width of [1280, 1366, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const heights = await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    expect(Math.max(...heights), `nav link height at ${width} px`).toBeLessThan(48);
    // ...and none runs under the sign-out button or off the screen (the links do not wrap, they overflow).
    const rightmost = Math.max(...(await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right))));
    const signOut = await nav.getByRole('button', { name: 'Sign out' }).boundingBox();
    expect(rightmost, `last section link's right edge at ${width} px`).toBeLessThanOrEqual(signOut!.x);
    expect(signOut!.height, `sign-out button on one line at ${width} px`).toBeLessThan(40);
    expect(signOut!.x + signOut!.width, `sign-out button on screen at ${width} px`).toBeLessThanOrEqual(width);
  }

  for (const [name, path, heading, aboveTable] of [
    ['console-registrations', '/admin/registrations', 'Registrations', false],
    // Fewer codes than a page: the journeys before this one add codes, so the list grows.
    ['console-access-codes', '/admin/access-codes', 'Access codes', true],
    ['console-people', '/admin/people', 'People and network', false],
    ['console-events', '/admin/events', 'Events', false],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await shoot(page, name, { aboveTable });
  }
});
