/**
 * Proof of the mailbox on the hosted registration page (docs/security.md): a link a signed-in
 * session obtained (Get{Provider}Link, GetRevisitURL) shows no badge and cannot cancel, claim or
 * decline; such a step answers 403 naming the masked address a link was mailed to, and the page
 * behind that mailed link (or the confirmation mail's) shows the badge and takes the step.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginData, RegistrationPage } from '@portal/contracts';
import { schema } from '@portal/db';
import { bearer, body, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { confirmEmailFromOutbox, mailsTo } from '../../testing/mail-helpers.ts';
import { maskEmail } from '../../lib/mask-email.ts';

const EMAIL = 'quentin.mailbox@morgan-motors.example.com';
const ATTEND = { isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-03' } as const;

let t: TestApp;
let quentin: LoginData;
let registrationId: number;

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;
const view = (token: string) => t.app.inject({ method: 'GET', url: `/api/Registration/${token}` });
const post = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/Registration/${token}`, payload });
const statusOf = async (id: number) => (await t.database.db.select({ s: schema.registrations.status }).from(schema.registrations).where(eq(schema.registrations.id, id)))[0]!.s;

async function portalRevisitToken(user: LoginData): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/Enrollment/GetRevisitURL', headers: bearer(user.accessToken) });
  expect(res.statusCode, res.body).toBe(200);
  return tokenOf((res.json() as { data: string }).data);
}

beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_DATA: 'true' } });
  // Pat enrols a new colleague; the colleague completes the hosted page reached from the enrollment screen.
  const pat = await loginAs(t.app, DEMO.em, 'DEALER27');
  const link = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(pat.accessToken), payload: { firstName: 'Quentin', lastName: 'Mailbox' } });
  expect(link.statusCode, link.body).toBe(200);
  const done = await post(tokenOf((link.json() as { data: string }).data), { action: 'submit', firstName: 'Quentin', lastName: 'Mailbox', email: EMAIL, ...ATTEND });
  expect(done.statusCode, done.body).toBe(200);
  // The spec's flow keeps working, but the answer to a link a session got carries no badge.
  expect(done.json().data).toMatchObject({ status: 'Enrolled', badge: null });
  await confirmEmailFromOutbox(t.app, t.database.db, EMAIL);
  quentin = await loginAs(t.app, EMAIL, 'DEALER27');
  const [person] = await t.database.db.select().from(schema.people).where(eq(schema.people.email, EMAIL));
  const [reg] = await t.database.db.select().from(schema.registrations).where(eq(schema.registrations.attendeeId, person!.id));
  registrationId = reg!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a link a session obtained', () => {
  it('the confirmation mail’s link shows the badge, even after the portal handed out a link', async () => {
    const [confirmation] = await mailsTo(t.database.db, EMAIL, 'registration-confirmed');
    const revisitUrl = confirmation!.data.revisitUrl as string;
    await portalRevisitToken(quentin);
    const res = await view(tokenOf(revisitUrl));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as RegistrationPage;
    expect(page.linkMailed).toBe(true);
    expect(page.badge?.code).toMatch(/\S{20,}/);
  });

  it('opens the page without the badge', async () => {
    const res = await view(await portalRevisitToken(quentin));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as RegistrationPage;
    expect(page.status).toBe('Enrolled');
    expect(page.badge ?? null).toBeNull();
    expect(page.linkMailed).toBe(false);
  });

  it('cannot cancel: 403 naming the masked address, a link is mailed instead, and the place stays', async () => {
    const before = (await mailsTo(t.database.db, EMAIL, 'confirm-action')).length;
    const res = await post(await portalRevisitToken(quentin), { action: 'cancel' });
    expect(res.statusCode, res.body).toBe(403);
    expect(maskEmail(EMAIL)).toBe('q***@m***.com');
    expect(body(res).message).toContain('q***@m***.com');
    expect(res.body).not.toContain(EMAIL);
    expect(await statusOf(registrationId)).toBe('Enrolled');
    const mails = await mailsTo(t.database.db, EMAIL, 'confirm-action');
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.data).toMatchObject({ step: 'cancel' });

    // A second try a moment later mails nothing more (the mailbox is not flooded), and still refuses.
    const again = await post(await portalRevisitToken(quentin), { action: 'cancel' });
    expect(again.statusCode, again.body).toBe(403);
    expect((await mailsTo(t.database.db, EMAIL, 'confirm-action')).length).toBe(before + 1);
  });

  it('can ask for the badge link to be mailed: the answer says where, masked', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/Registration/${await portalRevisitToken(quentin)}/MailLink` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sentTo: 'q***@m***.com' });
    const [mail] = await mailsTo(t.database.db, EMAIL, 'confirm-action');
    expect(mail!.data).toMatchObject({ step: 'badge' });
  });
});

describe('a link from the mailbox', () => {
  it('the newest link mailed (only the latest works) cancels', async () => {
    const [mail] = await mailsTo(t.database.db, EMAIL, 'confirm-action');
    const res = await post(tokenOf(mail!.data.link as string), { action: 'cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(registrationId)).toBe('Cancelled');
  });
});

describe('an offer of a place, and the hand-over of a place', () => {
  it('cannot be claimed or declined through a link a session obtained', async () => {
    const pat = await loginAs(t.app, DEMO.em, 'DEALER27');
    const link = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(pat.accessToken), payload: { firstName: pat.user.firstName, lastName: pat.user.lastName } });
    expect(link.statusCode, link.body).toBe(200);
    const [patRow] = await t.database.db.select().from(schema.people).where(eq(schema.people.email, DEMO.em));
    const [reg] = await t.database.db.select().from(schema.registrations).where(eq(schema.registrations.attendeeId, patRow!.id));
    await t.database.db
      .update(schema.registrations)
      .set({ status: 'Offered', waitlistOrder: '1', offerExpiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(schema.registrations.id, reg!.id));
    const claim = await post(await portalRevisitToken(pat), { action: 'claim' });
    expect(claim.statusCode, claim.body).toBe(403);
    expect(body(claim).message).toContain('p***@m***.com');
    const decline = await post(await portalRevisitToken(pat), { action: 'cancel' });
    expect(decline.statusCode, decline.body).toBe(403);
    expect(await statusOf(reg!.id)).toBe('Offered');
    const steps = (await mailsTo(t.database.db, DEMO.em, 'confirm-action')).map((m) => m.data.step);
    expect(steps).toEqual(expect.arrayContaining(['claim', 'decline']));
    // The newest mailed link claims.
    const [mail] = await mailsTo(t.database.db, DEMO.em, 'confirm-action');
    const claimed = await post(tokenOf(mail!.data.link as string), { action: 'claim' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data.status).toBe('Enrolled');
  });

  it('cannot be handed over to a colleague through a link a session obtained', async () => {
    const pat = await loginAs(t.app, DEMO.em, 'DEALER27');
    const before = (await mailsTo(t.database.db, DEMO.em, 'confirm-action')).length;
    const res = await post(await portalRevisitToken(pat), { action: 'transfer', firstName: 'Jordan', lastName: 'Lee', email: DEMO.gm });
    expect(res.statusCode, res.body).toBe(403);
    expect(body(res).message).toContain('p***@m***.com');
    const mails = await mailsTo(t.database.db, DEMO.em, 'confirm-action');
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.data).toMatchObject({ step: 'transfer' });
    expect(await mailsTo(t.database.db, DEMO.gm, 'transfer-offer')).toEqual([]);
  });
});
