import { DEMO_ACCOUNTS, expect, seriousA11yViolations, snap, test } from './fixtures.ts';

test.describe('landing and login screens', () => {
  test('the landing page leads to each event login', async ({ page }) => {
    await page.goto('/');
    const nbc = page.getByRole('link', { name: 'National Business Conference 2027' });
    const abc = page.getByRole('link', { name: 'Annual Business Conference 2027' });
    await expect(nbc).toBeVisible();
    await expect(abc).toBeVisible();
    await snap(page, 'landing');

    await nbc.click();
    await expect(page).toHaveURL(/\/nbc$/);
    await expect(page.getByRole('heading', { level: 1, name: /National Business Conference/ })).toBeVisible();
    await expect(page.getByLabel(/^first name/i)).toHaveCount(0);
    await snap(page, 'login-nbc');

    await page.goto('/');
    await abc.click();
    await expect(page).toHaveURL(/\/abc$/);
    await expect(page.getByRole('heading', { level: 1, name: /Annual Business Conference/ })).toBeVisible();
    await expect(page.getByLabel(/^first name/i)).toBeVisible();
    await expect(page.getByLabel(/^last name/i)).toBeVisible();
    await snap(page, 'login-abc');
  });

  test('messages appear as a list only after a submit attempt and follow every change', async ({ page }) => {
    await page.goto('/nbc');
    const errors = page.getByRole('alert');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(errors.getByRole('listitem')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(errors.getByRole('listitem')).toHaveText(['E-mail address is required.', 'Access code is required.']);
    await page.getByLabel(/^e-mail address/i).fill('pat.morgan');
    await expect(errors.getByRole('listitem')).toHaveText(['Please enter a valid e-mail address.', 'Access code is required.']);
    await snap(page, 'login-nbc-messages');
    await page.getByLabel(/^e-mail address/i).fill(DEMO_ACCOUNTS.dealer.userName);
    await page.getByLabel(/^access code/i).fill('WRONG27');
    await expect(errors.getByRole('listitem')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(errors.getByRole('listitem')).toHaveText(['The e-mail address or access code you entered is not valid.']);
    await expect(page).toHaveURL(/\/nbc$/);
  });

  test('every protected page without a stored login goes to /', async ({ page }) => {
    for (const path of ['/nbc/welcome', '/nbc/enrollment', '/nbc/dashboard', '/nbc/reporting', '/nbc/reporting/region', '/somewhere/else']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'National Business Conference 2027' })).toBeVisible();
    }
  });

  test('login and report login pages have no serious accessibility violations', async ({ page }) => {
    for (const path of ['/', '/nbc', '/abc', '/reportLogin']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    // With the message list showing as well.
    await page.goto('/nbc');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveCount(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('keyboard alone signs in, with a visible focus ring', async ({ page }) => {
    await page.goto('/nbc');
    const userName = page.getByLabel(/^e-mail address/i);
    await expect(userName).toBeVisible();
    // The language switch (English | Français) comes first, then the form.
    const languages = page.getByRole('group', { name: /language|langue/i });
    await page.keyboard.press('Tab');
    await expect(languages.getByRole('button').first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(languages.getByRole('button').last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(userName).toBeFocused();
    const outline = await userName.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.type(DEMO_ACCOUNTS.dealer.userName);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_ACCOUNTS.dealer.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/nbc\/welcome$/);
  });

  test('a page chunk that fails to load shows a retry message, not a blank page', async ({ page }) => {
    await page.route(/\/assets\/event-login-page-[\w-]+\.js$/, (route) => route.abort('failed'));
    await page.goto('/nbc');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This page could not be loaded');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await snap(page, 'chunk-load-failed');
    await page.unroute(/\/assets\/event-login-page-[\w-]+\.js$/);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
