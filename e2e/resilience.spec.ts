/**
 * When things fail: a pop-up blocker refuses the registration window, the content service
 * stops answering while people sign in, the login call itself fails.
 */
import type { Page } from '@playwright/test';
import { expect, loginAs, seriousA11yViolations, signInToNbc, snap, test } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A blocker answers window.open with null (Playwright's Chromium lets every pop-up through). */
async function blockPopups(page: Page) {
  await page.addInitScript(() => {
    window.open = () => null;
  });
}

/** The content service stops: every content call answers 503 (the client retries, then gives up). */
async function stopContent(page: Page) {
  await page.route(/\/content\/[^/]+\/items/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable","request_id":"","error_code":0,"specific_code":0}' }));
}

test.describe('pop-up blocked', () => {
  test('the enrollment submit and the enrollment tab say so and offer the link', async ({ page }) => {
    await blockPopups(page);
    const email = `blocked.${unique()}@example.com`;
    await signInToNbc(page, email, 'EXPO27');

    // No registration yet: the tab's window (the enrollment screen) is refused, and said so.
    await page.getByRole('navigation').getByRole('link', { name: 'Enrollment' }).click();
    const screenAlert = page.getByRole('alert').filter({ hasText: 'Your browser blocked the new window' });
    await expect(screenAlert.getByRole('link', { name: 'the enrollment page' })).toHaveAttribute('href', /\/nbc\/enrollment$/);
    await expect(page).toHaveURL(/\/nbc\/welcome$/);
    await page.goto('/nbc/enrollment');
    await page.getByLabel('First Name', { exact: true }).fill('Blake');
    await page.getByLabel('Last Name', { exact: true }).fill('Blocked');
    await page.getByRole('button', { name: 'Continue to Registration' }).click();
    const submitAlert = page.getByRole('alert').filter({ hasText: 'Your browser blocked the new window' });
    await expect(submitAlert).toBeVisible();
    await expect(submitAlert.getByRole('link', { name: 'the registration page' })).toHaveAttribute('href', /\/register\/[A-Za-z0-9_-]{43}$/);
    await snap(page, 'enrollment-popup-blocked');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Now there is a registration to revisit: the tab's window is refused too, and said so.
    await page.getByRole('navigation').getByRole('link', { name: 'Enrollment' }).click();
    const tabAlert = page.getByRole('alert').filter({ hasText: 'Your browser blocked the new window' }).filter({ has: page.getByRole('link', { name: 'your registration' }) });
    await expect(tabAlert).toBeVisible();
    const link = await tabAlert.getByRole('link', { name: 'your registration' }).getAttribute('href');
    expect(link).toMatch(/\/register\/[A-Za-z0-9_-]{43}$/);
    // The offered link works.
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
  });

  test('with pop-ups allowed the enrollment tab opens its window within the click and points it at the revisit link or the enrollment screen', async ({ page }) => {
    await loginAs(page, 'dealer');
    // The window opens at the click, before GetRevisitURL answers (a blocker allows nothing later).
    const popup = page.waitForEvent('popup');
    await page.getByRole('navigation').getByRole('link', { name: 'Enrollment' }).click();
    const opened = await popup;
    // With a registration to revisit the window shows it; without one, the enrollment screen
    // (docs/design/web-rules.md, section 7: "fallback /nbc/enrollment; opens in new window"). This page stays.
    await expect
      .poll(async () => (opened.isClosed() ? 'closed' : opened.url()), { timeout: 15_000 })
      .toMatch(/\/nbc\/enrollment$|\/register\/[A-Za-z0-9_-]{43}$/);
    await expect(page).toHaveURL(/\/nbc\/welcome$/);
    expect(opened.isClosed()).toBe(false);
    await expect(page.getByText('Your browser blocked the new window')).toHaveCount(0);
  });
});

test.describe('content service stopped', () => {
  test('/nbc signs in with the built-in texts, and the welcome page says what it could not load', async ({ page }) => {
    await page.goto('/nbc');
    await expect(page.getByRole('heading', { level: 1, name: /Sign In to the National Business Conference/ })).toBeVisible();
    await stopContent(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In to the National Business Conference' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('could not be loaded')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(['E-mail address is required.', 'Access code is required.']);
    await snap(page, 'nbc-login-content-down');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel(/^e-mail address/i).fill('pat.morgan@morgan-motors.example.com');
    await page.getByLabel(/^access code/i).fill('WRONG');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('The e-mail address or access code you entered is not valid.')).toBeVisible();
    await page.getByLabel(/^access code/i).fill('DEALER27');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/nbc\/welcome$/);
    await expect(page.getByRole('button', { name: /log out/i })).toBeVisible();
  });

  test('/abc asks for the names with the built-in texts', async ({ page }) => {
    await stopContent(page);
    await page.goto('/abc');
    await page.getByRole('button', { name: 'Sign In and Register' }).click({ timeout: 10_000 });
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(['E-mail address is required.', 'Access code is required.', 'First name is required.', 'Last name is required.']);
  });

  test('/reportLogin signs in with the built-in texts; its footer and the report user’s logo', async ({ page }) => {
    await page.goto('/reportLogin');
    await expect(page.getByRole('contentinfo').getByText(/Northwind Motor Company/)).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Log Out' })).toBeVisible();
    await snap(page, 'report-login-footer');
    await loginAs(page, 'reports');
    const brand = page.getByRole('navigation').getByRole('link').first();
    await expect(brand.getByRole('img', { name: /Northwind Motor Company/ })).toBeVisible();
    await expect(brand).toHaveAttribute('href', '/nbc/welcome');

    await stopContent(page);
    await page.goto('/reportLogin');
    await page.getByLabel(/company e-mail/i).fill('reports@corp.example.com', { timeout: 10_000 });
    await page.getByLabel(/report code/i).fill('REPORTS27');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/nbc\/dashboard$/);
  });
});

test('a login call that fails (no answer) shows the invalid-data message, not an unexpected error', async ({ page }) => {
  await page.goto('/nbc');
  await page.route('**/User/ProcessLogin', (route) => route.abort('connectionrefused'));
  await page.getByLabel(/^e-mail address/i).fill('pat.morgan@morgan-motors.example.com');
  await page.getByLabel(/^access code/i).fill('DEALER27');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('The e-mail address or access code you entered is not valid.')).toBeVisible();
  await expect(page.getByText('Unexpected error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/nbc$/);
});
