/**
 * The attendee's program (docs/sessions.md): a newly enrolled
 * attendee opens the Sessions tab beside Agenda, picks three sessions, is refused an overlapping
 * fourth with the other session's name, joins a full session's waiting list with a position, and
 * sees the same agenda on their registration page.
 */
import { continueToRegistration, expect, openEnrollmentScreen, seriousA11yViolations, signInOrganizer, snap, test } from './fixtures.ts';

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
