/**
 * Enrollment journeys (docs/design/web-rules.md, section 2 "Enrollment screen"; docs/registration-providers.md): the
 * enrollment screen asks for a link, the builtin hosted page completes the registration, and the
 * report users see it.
 */
import type { Page } from '@playwright/test';
import { continueToRegistration, DEMO_ACCOUNTS, expect, loginAs, openEnrollmentScreen, seriousA11yViolations, signInToNbc, snap, submitDates, test } from './fixtures.ts';

const PAT = DEMO_ACCOUNTS.dealer.userName;
const MORGAN_MOTORS = '10001';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Signs in to nbc with an e-mail of the test's own (codes that admit any e-mail). */
async function loginNbcAs(page: Page, email: string, code: string) {
  await signInToNbc(page, email, code);
}

test.describe.serial('dealer enrollment', () => {
  test('executive manager: Yes, then the registration page and its confirmation', async ({ page }) => {
    await loginAs(page, 'dealer');
    const enrollment = await openEnrollmentScreen(page);
    await expect(enrollment.getByRole('radio', { name: 'Physical' })).toBeChecked();
    await expect(enrollment.getByRole('radio', { name: 'General Manager' })).toBeVisible();
    expect(await seriousA11yViolations(enrollment)).toEqual([]);

    await enrollment.getByRole('radio', { name: 'Executive Manager' }).check();
    await expect(enrollment.getByText('Are you Pat Morgan?')).toBeVisible();
    await enrollment.getByRole('button', { name: 'Yes' }).click();
    await expect(enrollment.getByLabel('First Name', { exact: true })).toHaveValue('Pat');
    await expect(enrollment.getByLabel('Last Name', { exact: true })).toHaveValue('Morgan');

    const registration = await continueToRegistration(enrollment);
    await expect(registration.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
    await expect(registration.getByLabel('E-mail address')).toHaveValue(PAT);
    expect(await seriousA11yViolations(registration)).toEqual([]);
    await snap(registration, 'registration-page');
    await submitDates(registration, '2027-03-01', '2027-03-04');
    await expect(registration.getByRole('heading', { name: 'You are registered' })).toBeVisible();
    await expect(registration.getByText('Morgan Motors (10001)')).toBeVisible();
    await expect(registration.getByText('Monday, March 1, 2027')).toBeVisible();
    await snap(registration, 'registration-confirmation');

    // The link worked once: opening it again shows a clear page.
    await registration.reload();
    await expect(registration.getByRole('heading', { name: 'This link cannot be used again' })).toBeVisible();
  });

  test('the new registration shows in the corporate user’s store detail report', async ({ page }) => {
    await loginAs(page, 'corporate');
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userdetail') ?? 'null') as { data: { accessToken: string } }).data.accessToken);
    const stores = await page.request.post('/api/Report/GetStoreData?reportLevel=Region', {
      headers: { authorization: `Bearer ${token}` },
      data: { region: '', zone: '', district: '', select: 'ALL' },
    });
    expect(stores.ok()).toBe(true);
    const table = ((await stores.json()) as { data: { dataSet: { table: Array<Record<string, string>> } } }).data.dataSet.table;
    const morgan = table.find((row) => row.dlrnum === MORGAN_MOTORS);
    expect(morgan).toBeDefined();

    await page.goto(`/nbc/reporting/region/${morgan!.region}/zone/${morgan!.zone}/district/${morgan!.district}/`);
    await expect(page.getByRole('heading', { name: 'STORE ENROLLMENT DETAIL' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Pat Morgan' });
    await expect(row).toContainText('Morgan Motors');
    await expect(row).toContainText('Enrolled');
    await snap(page, 'store-detail-with-new-registration');
  });

  test('Other: a new attendee by name, who gives an e-mail on the registration page', async ({ page }) => {
    const suffix = unique();
    await loginAs(page, 'dealer');
    await page.goto('/nbc/enrollment');
    await page.getByRole('radio', { name: 'Executive Manager' }).check();
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('radio', { name: 'Other' })).toBeChecked();
    await page.getByRole('button', { name: "Enter the attendee's name" }).click();

    // The name checks come first.
    await page.getByRole('button', { name: 'Continue to Registration' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    await expect(page.getByText('Last name is required.')).toBeVisible();
    await snap(page, 'enrollment-name-messages');

    await page.getByLabel('First Name', { exact: true }).fill('Riley');
    await page.getByLabel('Last Name', { exact: true }).fill(`Newcomer ${suffix}`);
    const registration = await continueToRegistration(page);
    const email = registration.getByLabel('E-mail address');
    await expect(email).toHaveValue('');
    await expect(email).toBeEditable();
    await email.fill(`riley.${suffix}@morgan-motors.example.com`);
    await submitDates(registration, '2027-03-02', '2027-03-01');
    await expect(registration.getByText('Departure date cannot be before the arrival date.')).toBeVisible();
    await registration.getByLabel('Departure date').fill('2027-03-03');
    await registration.getByRole('button', { name: 'Complete registration' }).click();
    await expect(registration.getByRole('heading', { name: 'You are registered' })).toBeVisible();
    await expect(registration.getByText(`Riley Newcomer ${suffix}`, { exact: true }).first()).toBeVisible();
  });
});

test('virtual registration of a traveller under their own name', async ({ page }) => {
  const suffix = unique();
  await loginNbcAs(page, `vera.virtual.${suffix}@expo.example.com`, 'EXPO27');
  const enrollment = await openEnrollmentScreen(page);
  await expect(enrollment.getByRole('group', { name: 'Select your title' })).toHaveCount(0);
  await enrollment.getByRole('radio', { name: 'Virtual' }).check();
  await expect(enrollment.getByRole('heading', { name: 'Virtual registration' })).toBeVisible();
  await expect(enrollment.getByLabel('First Name', { exact: true })).toHaveValue('Vera');
  await snap(enrollment, 'enrollment-virtual');

  const registration = await continueToRegistration(enrollment);
  await expect(registration.getByRole('radio', { name: /Virtually/ })).toBeChecked();
  await expect(registration.getByLabel('Arrival date')).toHaveCount(0);
  await registration.getByRole('button', { name: 'Complete registration' }).click();
  await expect(registration.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await expect(registration.getByText('Virtual', { exact: true })).toBeVisible();

  // Back on the screen, Physical clears the virtual view again.
  await enrollment.getByRole('radio', { name: 'Physical' }).check();
  await expect(enrollment.getByRole('heading', { name: 'Virtual registration' })).toHaveCount(0);
});
