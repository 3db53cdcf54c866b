/**
 * The attendee's program (docs/sessions.md): a newly enrolled
 * attendee opens the Sessions tab beside Agenda, picks three sessions, is refused an overlapping
 * fourth with the other session's name, joins a full session's waiting list with a position, and
 * sees the same agenda on their registration page. A report user reads each session's fill and one
 * session by region, and downloads the workbook.
 */
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import type { SessionHierarchyData, SessionReportData } from '@portal/contracts';
import { continueToRegistration, expect, loginAs, openEnrollmentScreen, seriousA11yViolations, signInOrganizer, snap, test } from './fixtures.ts';

test('pick three sessions, be refused an overlapping fourth, join a full one’s queue', async ({ page }) => {
  const email = `sam.sessions.${Date.now().toString(36)}@expo.example.com`;
  await page.goto('/nbc');
  await page.getByLabel(/^e-mail address/i).fill(email);
  await page.getByLabel(/^access code/i).fill('EXPO27');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/nbc\/welcome$/);

  // Not registered yet: the program is shown, picking is not.
  await page.getByRole('navigation').getByRole('link', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(/\/nbc\/sessions$/);
  await expect(page.getByText('Sessions are picked once your registration for the event is complete.')).toBeVisible();

  await page.goto('/nbc/welcome');
  const enrollment = await openEnrollmentScreen(page);
  const registration = await continueToRegistration(enrollment);
  await registration.getByLabel('Arrival date').fill('2027-03-01');
  await registration.getByLabel('Departure date').fill('2027-03-04');
  await registration.getByRole('button', { name: 'Complete registration' }).click();
  await expect(registration.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await registration.close();
  await enrollment.close();

  await page.getByRole('navigation').getByRole('link', { name: 'Sessions' }).click();
  await expect(page.getByRole('heading', { name: 'Monday, March 1' })).toBeVisible();
  const notice = page.getByTestId('session-notice');
  for (const title of ['Opening keynote: the road to 2030', 'Fixed ops profitability', 'EV service readiness']) {
    await page.getByRole('button', { name: `Join: ${title}`, exact: true }).click();
    await expect(notice).toHaveText(`You have a seat in “${title}”.`);
  }
  const agenda = page.getByTestId('my-agenda');
  await expect(agenda.getByRole('listitem')).toHaveCount(3);

  // The same hour as Fixed ops profitability: refused, naming it.
  await page.getByRole('button', { name: 'Join: Digital retailing that closes', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Fixed ops profitability');
  await expect(agenda.getByRole('listitem')).toHaveCount(3);

  // A full session: its waiting list, with a position.
  await page.getByRole('button', { name: 'Join the waiting list: Fleet and commercial sales', exact: true }).click();
  await expect(notice).toContainText(/“Fleet and commercial sales” is full: you are number \d+ on its waiting list\./);
  await expect(agenda.getByRole('listitem')).toHaveCount(4);
  await expect(agenda).toContainText(/Waiting list: number \d+/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await snap(page, 'sessions-picked');
});

test('the console lists each session’s fill and its people', async ({ page }) => {
  await signInOrganizer(page);
  await page.getByRole('link', { name: 'Waiting lists', exact: true }).click();
  await page.getByRole('link', { name: 'Sessions: fill, people and their waiting lists' }).click();
  await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Sessions' });
  const full = table.getByRole('row').filter({ hasText: 'Fleet and commercial sales' });
  await expect(full).toContainText('Room 203');
  await full.getByRole('button', { name: 'People' }).click();
  const people = page.getByRole('table', { name: 'People of Fleet and commercial sales' });
  await expect(people.getByRole('row').filter({ hasText: 'Waitlisted' }).first()).toBeVisible();
  await expect(people.getByRole('row').filter({ hasText: 'Enrolled' })).toHaveCount(40);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await snap(page, 'console-sessions');
  // Cancelling a session asks first, in the console's own dialog; stepping back changes nothing.
  await full.getByRole('button', { name: 'Cancel session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this session?' });
  await expect(dialog).toContainText('Everyone who picked “Fleet and commercial sales” gets a mail');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(full).not.toContainText('cancelled');
});

/** Calls the API with the page's stored token, as the web app does. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userdetail') ?? '{}') as { data?: { accessToken?: string } }).data?.accessToken ?? '');
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test('a report user reads session fill and one session by region, and downloads the workbook', async ({ page }) => {
  await loginAs(page, 'reports');
  await page.goto('/nbc/reporting');
  // From the keyboard: the menu's link, then the session's breakdown.
  const link = page.getByRole('list', { name: 'Sessions' }).getByRole('link', { name: 'Session Fill' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/nbc\/reporting\/sessions$/);
  const table = page.getByRole('table', { name: 'Session fill (nbc)' });
  const fleet = table.getByRole('row').filter({ hasText: 'Fleet and commercial sales' });
  await expect(fleet).toBeVisible();

  const expected = await api<SessionReportData>(page, '/api/Report/Sessions?event=nbc');
  const fleetRow = expected.rows.find((r) => r.title === 'Fleet and commercial sales')!;
  expect(fleetRow).toMatchObject({ capacity: 40, enrolled: 40 });
  await expect(table.locator('tbody tr')).toHaveCount(expected.rows.length);
  // Capacity, enrolled, % of seats, waiting.
  await expect(fleet.getByRole('cell').nth(3)).toHaveText('40');
  await expect(fleet.getByRole('cell').nth(4)).toHaveText('40');
  await expect(fleet.getByRole('cell').nth(5)).toHaveText('100%');
  await expect(fleet.getByRole('cell').nth(6)).toHaveText(String(fleetRow.waitlisted));
  const enrolled = expected.rows.reduce((sum, r) => sum + r.enrolled, 0);
  await expect(page.getByTestId('sessions-summary')).toContainText(`${expected.rows.length} sessions: ${enrolled.toLocaleString('en-US')} enrolled`);

  await fleet.getByRole('button', { name: 'Fleet and commercial sales: by region, zone and district' }).press('Enter');
  const heading = page.getByRole('heading', { name: 'Fleet and commercial sales by region' });
  await expect(heading).toBeFocused();
  const regions = page.getByRole('table', { name: 'Fleet and commercial sales by region' });
  const byRegion = await api<SessionHierarchyData>(page, `/api/Report/Sessions/${fleetRow.id}/Hierarchy?reportLevel=Region`);
  expect(byRegion.rows.reduce((sum, r) => sum + r.enrolled, 0)).toBe(40);
  await expect(regions.locator('tbody tr')).toHaveCount(byRegion.rows.length);
  await expect(regions.locator('tfoot tr')).toContainText('Total40');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await snap(page, 'sessions-report');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).first().click()]);
  expect(download.suggestedFilename()).toBe('sessions-nbc.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.rowCount).toBe(expected.rows.length + 1);
  const titles: string[] = [];
  sheet.getColumn(1).eachCell((cell, row) => row > 1 && titles.push(String(cell.value)));
  expect(titles).toContain('Fleet and commercial sales');

  // A phone's width: the tables scroll inside their boxes, the page itself does not scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(regions).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await snap(page, 'sessions-report-360');
});
