/**
 * The waiting list journey (docs/waiting-lists.md) on the demo's per-store code SEATS27, whose seats
 * are taken: a dealer of the store enrols a colleague, the submit joins the waiting list (behind
 * those already waiting: two in the demo, as the queue stands when the journey starts); an organizer offers the place by hand (console API) and passes on
 * the attendee's link; the attendee's page shows the offer and its expiry, and the claim enrols.
 *   npm run build && E2E_PORT=4501 npx playwright test e2e/waitlist.spec.ts
 */
import { ADMIN_PATHS, type AdminWaitlist } from '@portal/contracts';
import { continueToRegistration, expect, organizerHeaders, seriousA11yViolations, signInToNbc, test } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test('a full per-store code: the submit joins the waiting list, an offer is claimed on the attendee page', async ({ page, request }) => {
  // The queue as it stands: other journeys of the same run (or a retry) may have joined or left it.
  const headers = await organizerHeaders(request);
  const codeQueues = async () =>
    ((await (await request.get(`${ADMIN_PATHS.waitlists}?event=nbc`, { headers })).json()) as { data: { rows: AdminWaitlist[] } }).data.rows.filter((q) => q.kind === 'code');
  const waitingBefore = (await codeQueues()).reduce((n, q) => n + q.waiting, 0);
  const suffix = unique();
  const lastName = `Waiting ${suffix}`;
  await signInToNbc(page, `guest.${suffix}@seats.example.com`, 'SEATS27');

  await page.goto('/nbc/enrollment');
  await page.getByRole('radio', { name: 'Executive Manager' }).check();
  await page.getByRole('button', { name: 'No' }).click();
  await page.getByRole('button', { name: "Enter the attendee's name" }).click();
  await page.getByLabel('First Name', { exact: true }).fill('Wren');
  await page.getByLabel('Last Name', { exact: true }).fill(lastName);
  const registration = await continueToRegistration(page);
  await registration.getByLabel('E-mail address').fill(`wren.${suffix}@seats.example.com`);
  await registration.getByRole('radio', { name: /Virtual/ }).check();
  await registration.getByRole('button', { name: 'Complete registration' }).click();
  await expect(registration.getByRole('heading', { name: 'You are on the waiting list' })).toBeVisible();
  await expect(registration.getByTestId('waitlist-position')).toContainText(`position ${waitingBefore + 1}`);

  // The organizer offers the place by hand and passes on the attendee's own link.
  const entry = (await codeQueues()).flatMap((q) => q.entries).find((e) => e.lastName === lastName)!;
  expect(entry).toMatchObject({ status: 'Waitlisted', position: waitingBefore + 1 });
  expect((await request.post(`/api/Admin/Registrations/${entry.registrationId}/Offer`, { headers })).status()).toBe(200);
  const resent = await request.post(`/api/Admin/Registrations/${entry.registrationId}/ResendLink`, { headers });
  const link = ((await resent.json()) as { data: { link: string } }).data.link;

  await registration.goto(new URL(link).pathname);
  await expect(registration.getByRole('heading', { name: 'A place is offered to you' })).toBeVisible();
  await expect(registration.getByTestId('offer-expiry')).toContainText(/\d{4}/);
  expect(await seriousA11yViolations(registration)).toEqual([]);
  await registration.getByRole('button', { name: 'Claim my place' }).click();
  await expect(registration.getByRole('heading', { name: 'You are registered' })).toBeVisible();
});
