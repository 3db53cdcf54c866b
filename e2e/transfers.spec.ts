/**
 * The attendee changes and hands over their own registration (docs/transfers.md): an enrolled nbc
 * dealer changes a date on their page, then gives the place to a colleague of the same store; the
 * colleague accepts through the link mailed to them and gets their own registration; once the
 * event's changes have closed, that page is read-only with the help desk. Mails are read from the
 * journeys' loopback mailbox (e2e/mailbox.ts).
 *   npm run build && E2E_PORT=4430 npx playwright test e2e/transfers.spec.ts
 */
import type { APIRequestContext } from '@playwright/test';
import { ADMIN_PATHS, type AdminEvent, type AdminPerson, type AdminRegistration } from '@portal/contracts';
import { expect, openResentLink, organizerHeaders, seriousA11yViolations, snap, test } from './fixtures.ts';
import { linkIn, mailCount, waitForMail } from './mailbox.ts';

type Rows<T> = { data: { rows: T[] } };

/** An enrolled nbc dealer with a real address, and a colleague of the same store with no nbc registration at all. */
async function holderAndColleague(request: APIRequestContext, headers: Record<string, string>) {
  const enrolled = ((await (await request.get(`${ADMIN_PATHS.registrations}?event=nbc&status=Enrolled&type=dealer&pageSize=100`, { headers })).json()) as Rows<AdminRegistration>).data.rows;
  for (const holder of enrolled.filter((r) => r.email && r.storeDlrnum)) {
    const store = holder.storeDlrnum!;
    const people = ((await (await request.get(`${ADMIN_PATHS.people}?store=${store}&pageSize=100`, { headers })).json()) as Rows<AdminPerson>).data.rows;
    const registered = ((await (await request.get(`${ADMIN_PATHS.registrations}?event=nbc&store=${store}&pageSize=100`, { headers })).json()) as Rows<AdminRegistration>).data.rows;
    const taken = new Set(registered.map((r) => r.attendeeId));
    const colleague = people.find((p) => p.email && p.storeDlrnum === store && !taken.has(p.id) && !p.erasedAt);
    if (colleague) return { holder, colleague };
  }
  throw new Error('no enrolled dealer with a free colleague in the demo data');
}

test('change before the close, give the place to a colleague who accepts it, read-only after the close', async ({ page, browser, request }) => {
  const headers = await organizerHeaders(request);
  const { holder, colleague } = await holderAndColleague(request, headers);
  const holderEmail = holder.email!;
  const colleagueEmail = colleague.email!;
  const events = ((await (await request.get(ADMIN_PATHS.events, { headers })).json()) as Rows<AdminEvent>).data.rows;
  const closesBefore = events.find((e) => e.id === 'nbc')!.changesCloseAt;

  // The holder's own link, as the organizer's "Resend link" mails it.
  await openResentLink(page, request, headers, holder.id, holderEmail);

  // Before the close: the attendee changes their own dates.
  await page.getByRole('radio', { name: /In person/ }).check();
  await page.getByLabel('Arrival date').fill('2027-03-02');
  await page.getByLabel('Departure date').fill('2027-03-04');
  const beforeChange = mailCount(holderEmail);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Your registration has been updated' })).toBeVisible();
  await expect(page.getByText('Tuesday, March 2, 2027')).toBeVisible();

  // The change's mail carries the next link: give the place to a colleague there.
  const changed = await waitForMail(holderEmail, /your registration was changed/, beforeChange);
  await page.goto(new URL(linkIn(changed, /^\/register\//)).pathname);
  await page.getByRole('button', { name: 'Give my place to a colleague' }).click();
  await page.getByLabel('Colleague’s first name').fill(colleague.firstName);
  await page.getByLabel('Colleague’s last name').fill(colleague.lastName);
  await page.getByLabel('Colleague’s e-mail address').fill(colleagueEmail);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await snap(page, 'transfer-offer-form');
  const colleagueMailsBefore = mailCount(colleagueEmail);
  const beforeOffer = mailCount(holderEmail);
  await page.getByRole('button', { name: 'Offer my place' }).click();
  await expect(page.getByTestId('transfer-sent')).toContainText(colleagueEmail);
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await waitForMail(holderEmail, /your place is offered to/i, beforeOffer);

  // The colleague, in a browser of their own, accepts through the link mailed to them.
  const offer = await waitForMail(colleagueEmail, /offers you their place/, colleagueMailsBefore);
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();
  try {
    await colleaguePage.goto(new URL(linkIn(offer, /^\/register\//)).pathname);
    await expect(colleaguePage.getByRole('heading', { name: 'A place offered to you' })).toBeVisible();
    await expect(colleaguePage.getByTestId('transfer-offer')).toContainText(`${holder.firstName} ${holder.lastName} cannot come`);
    expect(await seriousA11yViolations(colleaguePage)).toEqual([]);
    await snap(colleaguePage, 'transfer-accept');
    const beforeAccept = mailCount(colleagueEmail);
    await colleaguePage.getByRole('button', { name: 'Accept the place' }).click();
    await expect(colleaguePage.getByRole('heading', { name: 'You are registered' })).toBeVisible();
    await expect(colleaguePage.getByText(`${colleague.firstName} ${colleague.lastName} is registered for`)).toBeVisible();
    await expect(colleaguePage.getByText('Tuesday, March 2, 2027')).toBeVisible();
    await waitForMail(holderEmail, /has taken your place/);

    // After the event's changes close, the colleague's own page is read-only and names the help desk.
    const confirmation = await waitForMail(colleagueEmail, /your registration is confirmed/, beforeAccept);
    const closed = await request.put(ADMIN_PATHS.event.replace('{eventType}', 'nbc'), { headers, data: { changesCloseAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(closed.status()).toBe(200);
    try {
      await colleaguePage.goto(new URL(linkIn(confirmation, /^\/register\//)).pathname);
      await expect(colleaguePage.getByRole('heading', { name: 'Your registration' })).toBeVisible();
      const notice = colleaguePage.getByTestId('changes-closed');
      await expect(notice).toContainText('Changes to registrations closed');
      await expect(notice.getByRole('link', { name: 'nbc.helpdesk@corp.example.com' })).toBeVisible();
      await expect(colleaguePage.getByLabel('Arrival date')).toBeDisabled();
      await expect(colleaguePage.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
      await expect(colleaguePage.getByRole('button', { name: 'Give my place to a colleague' })).toHaveCount(0);
      expect(await seriousA11yViolations(colleaguePage)).toEqual([]);
      await snap(colleaguePage, 'registration-read-only');
    } finally {
      await request.put(ADMIN_PATHS.event.replace('{eventType}', 'nbc'), { headers, data: { changesCloseAt: closesBefore } });
    }
  } finally {
    await colleagueContext.close();
  }
});
