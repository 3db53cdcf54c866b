/**
 * Organizer console journeys against the real server with demo data: sign-in, a per-store code
 * created and used, a registration found and cancelled (and gone from the store detail report), a
 * rosters import refused with its row errors and then committed, two-factor sign-in turned on with a
 * code computed here (otplib) and used at the next sign-in, and axe on every console page.
 * Attendee and report sessions run in their own browser contexts, as separate people would.
 */
import type { Browser, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, loginAs, ORGANIZER, seriousA11yViolations, signInOrganizer, signInToNbc, snap, test } from './fixtures.ts';

/** A second person at another browser: its own storage, so sessions never mix. */
async function otherPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

async function nav(page: Page, label: string): Promise<void> {
  const toggle = page.getByRole('button', { name: /toggle navigation/i });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { name: label === 'Audit log' ? 'Audit log' : label === 'People' ? 'People and network' : label, level: 1 })).toBeVisible();
}

test.describe('organizer console', () => {
  test('the demo organizer signs in, the registrations page passes axe, and signs out', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Organizer console' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('E-mail').fill(ORGANIZER.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Sign-in failed.');

    await page.getByLabel('Password').fill(ORGANIZER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Registrations' })).toBeVisible();
    // The organizer's token is kept apart from an attendee's stored login.
    expect(await page.evaluate(() => window.localStorage.getItem('userdetail'))).toBeNull();
    expect(await page.evaluate(() => window.sessionStorage.getItem('portal-admin-session'))).toContain('accessToken');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'admin-registrations');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('portal-admin-session'))).toBeNull();
  });

  // One test per page: axe on a page costs seconds, and on a busy machine the nine pages together
  // outran one test's two minutes.
  for (const [label, ready] of [
    ['Access codes', 'table'],
    ['Events', 'form'],
    ['People', 'table'],
    ['Import', 'form'],
    ['Outbox', null],
    ['Audit log', 'table'],
    ['Organizers', 'table'],
    ['My account', null],
  ] as const) {
    test(`the console page ${label} passes axe`, async ({ page }) => {
      await signInOrganizer(page);
      await nav(page, label);
      if (ready) await expect(page.getByRole(ready).first()).toBeVisible();
      else await expect(page.getByRole('status')).toHaveCount(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test('a phone-sized screen gets the folded menu and usable tables', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInOrganizer(page);
    await nav(page, 'Access codes');
    await expect(page.getByRole('table', { name: 'Access codes of nbc' })).toBeVisible();
    // Tables scroll inside their own box; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'admin-phone-access-codes');
    await context.close();
  });

  test('creates a per-store code with 2 seats, and a new attendee logs in with it', async ({ page, browser }) => {
    await signInOrganizer(page);
    await nav(page, 'Access codes');
    await page.getByRole('button', { name: 'New access code' }).click();
    await page.getByLabel('Store number (per-store code)').fill('10500');
    await page.getByLabel('Seats').fill('2');
    await page.getByLabel('Label').fill('Store 10500 guests');
    await page.getByRole('button', { name: 'Create code' }).click();
    const shown = page.getByLabel('New access code');
    await expect(shown).toBeVisible();
    const code = await shown.inputValue();
    expect(code).toMatch(/^[A-Za-z0-9-]{8,40}$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'admin-code-created');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(code)).toHaveCount(0);
    const row = page.getByRole('row', { name: /Store 10500 guests/ });
    await expect(row).toContainText('10500');
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');
    await expect(row.getByRole('cell').nth(4)).toHaveText('0');

    const attendee = await otherPerson(browser);
    await signInToNbc(attendee, 'store.guest.10500@example.com', code.toLowerCase());
    await attendee.context().close();

    await page.reload();
    await expect(page.getByRole('row', { name: /Store 10500 guests/ }).getByRole('cell').nth(4)).toHaveText('1');
  });

  test('finds a registration by name, cancels it after confirming, and the store detail report no longer shows it', async ({ page, browser }) => {
    test.setTimeout(150_000);
    await signInOrganizer(page);
    await page.getByLabel('Event').selectOption('nbc');
    await page.getByLabel('Status').selectOption('Enrolled');
    await page.getByLabel('Attendee type').selectOption('dealer');
    await expect(page).toHaveURL(/event=nbc/);
    await expect(page).toHaveURL(/type=dealer/);
    const table = page.getByRole('table', { name: 'Registrations' });
    // Rows of the filtered answer only (an earlier answer may still be on screen), and names repeat
    // across events: the row must be an nbc one.
    const nbcRows = table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: 'nbc', exact: true }) });
    await expect(table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: 'abc', exact: true }) })).toHaveCount(0);
    // Someone outside Morgan Motors, whose people other journeys use.
    const candidate = nbcRows.filter({ hasNotText: '10001' }).first();
    const name = (await candidate.getByRole('link').innerText()).trim();

    await page.getByLabel('Name, e-mail or store').fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}`));
    await expect(table.locator('tbody tr').filter({ hasNotText: name })).toHaveCount(0);
    await nbcRows.getByRole('link', { name }).first().click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const status = (text: string) => page.locator('h1 + .badge', { hasText: new RegExp(`^${text}$`) });
    await expect(status('Enrolled')).toBeVisible();
    const where = (await page.locator('dt', { hasText: 'Region / zone / district' }).locator('xpath=following-sibling::dd').innerText()).split(' / ');
    const store = (await page.locator('dt', { hasText: /^Store$/ }).locator('xpath=following-sibling::dd').innerText()).split(' ')[0]!;
    const [region, zone, district] = where as [string, string, string];
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The report reader sees the attendee enrolled at the store first.
    const reader = await otherPerson(browser);
    await loginAs(reader, 'corporate');
    const detailUrl = `/nbc/reporting/region/${region}/zone/${zone}/district/${district}/`;
    await reader.goto(detailUrl);
    const detail = reader.getByRole('table', { name: 'Store enrollment detail' });
    await expect(detail.locator('tbody tr').first()).not.toContainText('Loading');
    await expect(detail.locator('tbody tr').filter({ hasText: name })).toContainText(['Enrolled']);

    await page.getByRole('button', { name: 'Cancel registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this registration?' });
    await expect(dialog).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(status('Enrolled')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel registration' }).click();
    await dialog.getByLabel(/Reason/).fill('Journey test: asked to cancel');
    await dialog.getByRole('button', { name: 'Cancel registration' }).click();
    await expect(page.getByText(/The registration is cancelled/)).toBeVisible();
    await expect(status('Cancelled')).toBeVisible();
    await expect(page.getByRole('table', { name: 'History' })).toContainText(/cancel/i);
    await snap(page, 'admin-registration-cancelled');

    await reader.reload();
    await expect(detail.locator('tbody tr').first()).not.toContainText('Loading');
    await expect(detail.locator('tbody tr').filter({ hasText: store }).first()).toBeVisible();
    await expect(detail.locator('tbody tr').filter({ hasText: name })).toHaveCount(0);
    await reader.context().close();
  });

  test('a rosters import with a bad row shows the error and writes nothing; the fixed file is committed', async ({ page }) => {
    const header = 'dlrnum,email,first_name,last_name,role';
    const good = ['10990,casey.import@example.com,Casey,Import,executive_manager;general_manager', '10990,robin.import@example.com,Robin,Import,staff'];
    const bad = [good[0], '10990,not-an-email,Robin,Import,staff'];
    await signInOrganizer(page);
    await nav(page, 'Import');
    await page.getByLabel('What the file holds').selectOption('rosters');
    await page.getByLabel('CSV file (UTF-8)').setInputFiles({ name: 'rosters-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${bad.join('\n')}\n`) });
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText(/found: nothing was written/)).toBeVisible();
    const problems = page.getByRole('table', { name: 'Problems in the file' });
    await expect(problems.locator('tbody tr')).toHaveCount(1);
    await expect(problems.locator('tbody tr').first()).toContainText('3');
    await expect(problems.locator('tbody tr').first()).toContainText('email');
    await expect(page.getByRole('button', { name: /^Import / })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'admin-import-problems');

    // Nothing was written: the good row's person is not on the roster.
    await nav(page, 'People');
    await page.getByLabel('Name or e-mail').fill('casey.import@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Nobody matches this search.')).toBeVisible();

    await nav(page, 'Import');
    await page.getByLabel('What the file holds').selectOption('rosters');
    await page.getByLabel('CSV file (UTF-8)').setInputFiles({ name: 'rosters-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${good.join('\n')}\n`) });
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText('No problems found in rosters-fixed.csv')).toBeVisible();
    await page.getByRole('button', { name: 'Import rosters-fixed.csv' }).click();
    await page.getByRole('dialog', { name: 'Import this file?' }).getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Imported rosters-fixed.csv')).toBeVisible();

    await nav(page, 'People');
    await page.getByLabel('Name or e-mail').fill('import@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    const people = page.getByRole('table', { name: 'People' });
    await expect(people.getByRole('row', { name: /Casey Import/ })).toContainText('10990');
    await expect(people.getByRole('row', { name: /Robin Import/ })).toContainText('10990');
  });
  // Last in the file: it changes the demo organizer's sign-in, and turns two-factor off again at the end.
  test('turns two-factor sign-in on with a first code, then signs in with password and code, and turns it off', async ({ page }) => {
    await signInOrganizer(page);
    await nav(page, 'My account');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    // The current password first: no secret without it.
    await page.getByLabel('Password').fill(ORGANIZER.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
    const secret = await page.getByLabel('Key', { exact: true }).inputValue();
    expect(await page.getByLabel('Set-up link (otpauth)').inputValue()).toContain(`secret=${secret}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await snap(page, 'admin-totp-setup');
    const now = () => Math.floor(Date.now() / 1000);
    await page.getByLabel('Code from the app').fill(await generate({ secret, epoch: now() }));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByText(/Two-factor sign-in is on/)).toBeVisible();
    await expect(page.getByRole('heading', { name: /Two-factor sign-in\s*On/ })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('E-mail').fill(ORGANIZER.email);
    await page.getByLabel('Password').fill(ORGANIZER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The password alone is not enough any more: the console asks for the code.
    await expect(page.getByText('Enter the 6-digit code of your authenticator app.')).toBeVisible();
    await expect(page.getByLabel(/authenticator code/i)).toBeFocused();
    // The code confirmed at set-up is used up; the next 30-second step's code is within the allowed drift.
    await page.getByLabel(/authenticator code/i).fill(await generate({ secret, epoch: now() + 30 }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signed in again where the session ended: the account page, two-factor on.
    await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Two-factor sign-in\s*On/ })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('portal-admin-session'))).toContain('accessToken');

    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await page.getByLabel('Password', { exact: true }).fill(ORGANIZER.password);
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Two-factor sign-in\s*Off/ })).toBeVisible();
  });
});
