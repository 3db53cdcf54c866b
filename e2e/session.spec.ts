import { expect, loginAs, snap, test } from './fixtures.ts';

test.describe('sessions', () => {
  test('abc login goes on to its registration link', async ({ page }) => {
    await loginAs(page, 'abc');
    await expect(page).toHaveURL(/\/register\/[^/]+$/);
    await snap(page, 'abc-registration-link');
  });

  test('report login opens the retailer report page; Logout returns to the report login', async ({ page }) => {
    await page.goto('/reportLogin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText(['E-mail address is required.', 'Report code is required.']);
    // Outside the company mail domain: refused with the content's message.
    await page.getByLabel(/company e-mail/i).fill('reports@example.com');
    await page.getByLabel(/report code/i).fill('REPORTS27');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([/not valid|corp\.example\.com/]);
    await snap(page, 'report-login-messages');
    await loginAs(page, 'reports');
    await expect(page).toHaveURL(/\/nbc\/dashboard$/);
    await snap(page, 'report-dashboard');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/reportLogin$/);
  });

  test('a revoked token: the next call answers 401, the login is forgotten and the browser goes to /', async ({ page, request }) => {
    await loginAs(page, 'dealer');
    const enrollment = page.getByRole('navigation').getByRole('link', { name: 'Enrollment' });
    await expect(enrollment).toBeVisible();
    const token = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('userdetail') ?? '{}') as { data?: { accessToken?: string } }).data?.accessToken);
    expect(token).toBeTruthy();
    // Revoke it from elsewhere (as a logout in another tab would).
    const logout = await request.post('/User/ProcessLogout', { headers: { authorization: `Bearer ${token}` }, data: {} });
    expect(logout.ok()).toBe(true);

    await enrollment.click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.localStorage.getItem('userdetail'))).toBeNull();
    await snap(page, 'revoked-token-landing');
  });
});
