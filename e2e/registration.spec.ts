/**
 * The builtin hosted registration page (/register/:token; docs/registration-providers.md): revisiting
 * through the enrollment tab to change or cancel, the abc login straight to registration, and the
 * pages for links that cannot be used.
 */
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, loginAs, openEnrollmentScreen, seriousA11yViolations, snap, submitDates, test } from './fixtures.ts';
import { linkIn, mailCount, waitForMail } from './mailbox.ts';

const JORDAN = DEMO_ACCOUNTS.dealerStaff.userName;

const enrollmentTab = (page: Page) => page.getByRole('navigation').getByRole('link', { name: 'Enrollment' });

/** The enrollment tab with a registration to revisit opens it in a new window. */
async function revisitThroughTab(page: Page) {
  const popup = page.waitForEvent('popup');
  await enrollmentTab(page).click();
  const revisit = await popup;
  await revisit.waitForURL(/\/register\/[A-Za-z0-9_-]{43}$/);
  await expect(revisit.getByRole('heading', { name: 'Your registration' })).toBeVisible();
  return revisit;
}

test('general manager enrols, changes the dates through the enrollment tab, and cancels through the link mailed to them', async ({ page }) => {
  await loginAs(page, 'dealerStaff');
  const enrollment = await openEnrollmentScreen(page);
  await enrollment.getByRole('radio', { name: 'General Manager' }).check();
  await expect(enrollment.getByText('Are you Jordan Lee?')).toBeVisible();
  await enrollment.getByRole('button', { name: 'Yes' }).click();
  const opened = enrollment.waitForEvent('popup');
  await enrollment.getByRole('button', { name: 'Continue to Registration' }).click();
  const registration = await opened;
  await submitDates(registration, '2027-03-01', '2027-03-04');
  await expect(registration.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await registration.close();
  await enrollment.close();

  // Change the dates.
  const change = await revisitThroughTab(page);
  await expect(change.getByLabel('Arrival date')).toHaveValue('2027-03-01');
  await change.getByLabel('Arrival date').fill('2027-03-02');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(change.getByRole('heading', { name: 'Your registration has been updated' })).toBeVisible();
  await expect(change.getByText('Tuesday, March 2, 2027')).toBeVisible();
  await change.close();

  // Cancel.
  const cancel = await revisitThroughTab(page);
  await expect(cancel.getByLabel('Arrival date')).toHaveValue('2027-03-02');
  await cancel.getByRole('button', { name: 'Cancel my registration' }).click();
  await snap(cancel, 'registration-revisit-cancel');
  // A page opened from the portal shows no badge and cannot give the place up: a link goes to the
  // attendee's own mailbox instead, and the page says where (masked).
  await expect(cancel.getByRole('button', { name: 'Mail me the link to my badge' })).toBeVisible();
  const mailsBefore = mailCount(JORDAN);
  await cancel.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(cancel.getByTestId('mailed-link-notice')).toContainText('j***@m***.com');
  await cancel.close();
  const mail = await waitForMail(JORDAN, /cancel your registration/, mailsBefore);
  const mailed = await page.context().newPage();
  await mailed.goto(new URL(linkIn(mail, /^\/register\//)).pathname);
  await expect(mailed.getByRole('heading', { name: 'Your badge' })).toBeVisible();
  await expect(mailed.getByRole('img', { name: /Badge QR code of Jordan Lee/ })).toBeVisible();
  await mailed.getByRole('button', { name: 'Cancel my registration' }).click();
  await mailed.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(mailed.getByRole('heading', { name: 'Your registration has been cancelled' })).toBeVisible();
  await mailed.close();

  // Nothing left to revisit: the tab opens the enrollment screen again.
  await page.goto('/nbc/welcome');
  await openEnrollmentScreen(page);
});

test('abc attendee goes from the login straight to the registration page', async ({ page }) => {
  const email = `abc.${Date.now().toString(36)}@mail.example.net`;
  await page.goto('/abc');
  await page.getByLabel(/^e-mail address/i).fill(email);
  await page.getByLabel(/^access code/i).fill('ABC27');
  await page.getByLabel(/^first name/i).fill('Avery');
  await page.getByLabel(/^last name/i).fill('Annual');
  await page.getByRole('button', { name: /sign in/i }).click();

  await page.waitForURL(/\/register\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Avery');
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  await expect(page.getByRole('radio', { name: /Virtually/ })).toHaveCount(0);
  await submitDates(page, '2027-03-01', '2027-09-16');
  await expect(page.getByText('Arrival date must be between Monday, September 13, 2027 and Thursday, September 16, 2027.')).toBeVisible();
  await page.getByLabel('Arrival date').fill('2027-09-13');
  await page.getByRole('button', { name: 'Complete registration' }).click();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await expect(page.getByText('Annual Business Conference 2027', { exact: false }).first()).toBeVisible();
});

test('an unknown registration link gets a clear page', async ({ page }) => {
  await page.goto(`/register/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expect(page.getByRole('link', { name: 'Go to the portal' })).toHaveAttribute('href', '/');
});
