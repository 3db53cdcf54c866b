/**
 * Journeys log in through the real screens in one line (`await loginAs(page, 'dealer')`), take
 * screenshots into test-results/screenshots/, and check accessibility with axe.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PATHS } from '@portal/contracts';
import { linkIn, mailCount, waitForMail } from './mailbox.ts';

/** The demo accounts of docs (docs/architecture.md, "Demo data"). */
export const DEMO_ACCOUNTS = {
  dealer: { event: 'nbc', userName: 'pat.morgan@morgan-motors.example.com', password: 'DEALER27' },
  dealerStaff: { event: 'nbc', userName: 'jordan.lee@morgan-motors.example.com', password: 'DEALER27' },
  expo: { event: 'nbc', userName: 'expo.visitor@example.com', password: 'EXPO27' },
  field: { event: 'nbc', userName: 'field.user@corp.example.com', password: 'FIELD27' },
  corporate: { event: 'nbc', userName: 'corp.user@corp.example.com', password: 'CORP27' },
  abc: { event: 'abc', userName: 'sam.rivera@example.com', password: 'ABC27', firstName: 'Sam', lastName: 'Rivera' },
  reports: { event: 'report', userName: 'reports@corp.example.com', password: 'REPORTS27' },
} as const;

export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** The demo organizer of the console (/admin). */
export const ORGANIZER = { email: 'admin@corp.example.com', password: 'Organizer-Demo-2027' } as const;

/** Signs in to the organizer console as the demo organizer and waits for its first page. */
export async function signInOrganizer(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(ORGANIZER.email);
  await page.getByLabel('Password').fill(ORGANIZER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible();
}

export const SCREENSHOT_DIR = join('test-results', 'screenshots');

/** Saves a full-page screenshot named after the journey step. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Signs in through the login screen of the role's event and waits for where it leads. */
export async function loginAs(page: Page, role: DemoRole): Promise<void> {
  const account = DEMO_ACCOUNTS[role];
  if (account.event === 'report') {
    await page.goto('/reportLogin');
    await page.getByLabel(/company e-mail/i).fill(account.userName);
    await page.getByLabel(/report code/i).fill(account.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/nbc\/dashboard$/);
    return;
  }
  if (account.event === 'nbc') return signInToNbc(page, account.userName, account.password);
  await page.goto(`/${account.event}`);
  await page.getByLabel(/^e-mail address/i).fill(account.userName);
  await page.getByLabel(/^access code/i).fill(account.password);
  await page.getByLabel(/^first name/i).fill(account.firstName);
  await page.getByLabel(/^last name/i).fill(account.lastName);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** Signs in on /nbc with an e-mail and an access code and waits for the welcome page. */
export async function signInToNbc(page: Page, email: string, code: string): Promise<void> {
  await page.goto('/nbc');
  await page.getByLabel(/^e-mail address/i).fill(email);
  await page.getByLabel(/^access code/i).fill(code);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/nbc\/welcome$/);
}

/** Types the stay's dates on the registration page (or its window) and sends the form. */
export async function submitDates(page: Page, arrival: string, departure: string): Promise<void> {
  await page.getByLabel('Arrival date').fill(arrival);
  await page.getByLabel('Departure date').fill(departure);
  await page.getByRole('button', { name: 'Complete registration' }).click();
}

/** The organizer's bearer header, signed in through the console's API. */
export async function organizerHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post(ADMIN_PATHS.login, { data: ORGANIZER });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/** Has the console mail a registration's link again (its "Resend link") and opens the link as its holder. */
export async function openResentLink(page: Page, request: APIRequestContext, headers: Record<string, string>, registrationId: number, email: string): Promise<void> {
  const mailsBefore = mailCount(email);
  expect((await request.post(ADMIN_PATHS.registrationResendLink.replace('{id}', String(registrationId)), { headers })).status()).toBe(200);
  const resent = await waitForMail(email, /./, mailsBefore);
  await page.goto(new URL(linkIn(resent, /^\/register\//)).pathname);
  await expect(page.getByRole('heading', { name: 'Your registration' })).toBeVisible();
}

/**
 * Waits until the page shows nothing still loading: no spinner, placeholder or busy table, no status
 * saying it loads (in English or French). What a journey waits for before reading or photographing a
 * whole page, rather than the network going quiet, which also waited for the outside pages in frames.
 */
export async function nothingLoading(page: Page): Promise<void> {
  await expect(page.locator('.page-loading, .section-placeholder, .event-banner-placeholder, .spinner-border, [aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /loading|chargement/i })).toHaveCount(0);
}

/** Serious and critical axe violations (WCAG 2.1 A and AA rules) on the page as it is now. */
export async function seriousA11yViolations(page: Page) {
  // A toast still fading in has text of partial opacity, which axe measures as low contrast: let
  // entrance animations end first (not the ones without an end, nor a toast's countdown bar).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .filter((a) => !((a.effect as KeyframeEffect | null)?.target as Element | null)?.className?.toString().includes('progress'))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      // A paused animation never finishes: do not wait for it longer than any entrance takes.
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Every journey also fails on a Content-Security-Policy violation: Chromium reports each one as a
 * console error, so a script, style or frame the policy blocks cannot go unnoticed.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /content security policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * The portal's Enrollment tab (without a registration to revisit) opens the enrollment screen in a
 * new window; the welcome page stays where it was.
 */
export async function openEnrollmentScreen(page: Page): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('navigation').getByRole('link', { name: 'Enrollment' }).click();
  const enrollment = await popup;
  await enrollment.waitForURL(/\/nbc\/enrollment$/);
  await expect(enrollment.getByRole('heading', { name: 'Enrollment', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/nbc\/welcome$/);
  return enrollment;
}

/** Submits the name entry and answers the registration window it opens. */
export async function continueToRegistration(page: Page): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue to Registration' }).click();
  const registration = await popup;
  await registration.waitForURL(/\/register\/[A-Za-z0-9_-]{43}$/);
  return registration;
}

