/**
 * The event's questions on the attendee's own registration page (docs/questions.md): an enrolled
 * nbc attendee answers the questions (room sharing with a named colleague, a diet, an accessibility
 * need, the gala), the console's detail shows the answers (the sensitive one marked), and the
 * attendee changes an answer before the event's changes close. The read-only page after the close
 * is the transfers journey's. Mails are read from the journeys' loopback mailbox (e2e/mailbox.ts).
 *   npm run build && E2E_PORT=4420 npx playwright test e2e/questions.spec.ts
 */
import type { APIRequestContext } from '@playwright/test';
import { ADMIN_PATHS, type AdminRegistration, type AdminRegistrationDetail } from '@portal/contracts';
import { expect, openResentLink, organizerHeaders, seriousA11yViolations, test } from './fixtures.ts';
import { linkIn, mailCount, waitForMail } from './mailbox.ts';

type Rows<T> = { data: { rows: T[] } };

/** An enrolled nbc dealer with a real address: the last of the list, so the transfers journey's holder is left alone. */
async function attendee(request: APIRequestContext, headers: Record<string, string>): Promise<AdminRegistration> {
  const enrolled = ((await (await request.get(`${ADMIN_PATHS.registrations}?event=nbc&status=Enrolled&type=dealer&pageSize=100`, { headers })).json()) as Rows<AdminRegistration>).data.rows;
  const holder = enrolled.filter((r) => r.email).at(-1);
  if (!holder) throw new Error('no enrolled dealer with an address in the demo data');
  return holder;
}

test('answer the questions, see them in the console, change an answer before the close', async ({ page, request }) => {
  const headers = await organizerHeaders(request);
  const holder = await attendee(request, headers);
  const email = holder.email!;
  const detail = async () => ((await (await request.get(ADMIN_PATHS.registration.replace('{id}', String(holder.id)), { headers })).json()) as { data: AdminRegistrationDetail }).data;
  const answersOf = async () => Object.fromEntries(((await detail()).answers ?? []).map((a) => [a.key, a]));

  // The attendee's own link, as the organizer's "Resend link" mails it.
  await openResentLink(page, request, headers, holder.id, email);

  await page.getByRole('radio', { name: /In person/ }).check();
  await page.getByLabel('Arrival date').fill('2027-03-01');
  await page.getByLabel('Departure date').fill('2027-03-03');
  const questions = page.getByRole('group', { name: 'Questions from the event team' });
  await expect(questions).toBeVisible();
  await questions.getByRole('radio', { name: 'Sharing with a colleague' }).check();
  await questions.getByLabel('Colleague you share with').fill('Robin Hook');
  await questions.getByRole('checkbox', { name: 'Vegan' }).check();
  await questions.getByLabel('Accessibility needs').fill('Step-free access to my room, please.');
  await questions.getByRole('checkbox', { name: 'I will attend the evening gala' }).check();
  await expect(questions.getByText('Only the event team sees this answer.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const beforeSave = mailCount(email);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Your registration has been updated' })).toBeVisible();

  // The console's detail: the answers with their labels, the accessibility need marked sensitive.
  const saved = await answersOf();
  expect(saved.room).toMatchObject({ value: 'sharing', text: 'Sharing with a colleague' });
  expect(saved.room_share_with?.value).toBe('Robin Hook');
  expect(saved.dietary?.value).toContain('vegan');
  expect(saved.accessibility).toMatchObject({ value: 'Step-free access to my room, please.', sensitive: true });
  expect(saved.gala?.value).toBe(true);

  // Before the close, the change's mail carries the next link: the attendee changes an answer.
  const changed = await waitForMail(email, /your registration was changed/, beforeSave);
  await page.goto(new URL(linkIn(changed, /^\/register\//)).pathname);
  const again = page.getByRole('group', { name: 'Questions from the event team' });
  await expect(again.getByRole('radio', { name: 'Sharing with a colleague' })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Vegan' })).toBeChecked();
  await again.getByRole('radio', { name: 'A room of my own' }).check();
  await again.getByLabel('Colleague you share with').fill('');
  await again.getByRole('checkbox', { name: 'Vegan' }).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Your registration has been updated' })).toBeVisible();
  const after = await answersOf();
  expect(after.room?.value).toBe('single');
  expect(after.room_share_with).toBeUndefined();
  expect((after.dietary?.value as string[] | undefined) ?? []).not.toContain('vegan');
  expect(after.accessibility?.sensitive).toBe(true);
});
