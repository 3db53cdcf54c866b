/**
 * Mails queued by the portal's own flows, read back from the outbox: the hosted page's unverified
 * address (docs/security.md: unverified until confirmed), links mailed to enrolled colleagues, registration confirmations, and
 * the organizer console's outbox list and resend.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, outboxMailSchema, type LoginData } from '@portal/contracts';
import { schema } from '@portal/db';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { bearer, buildTestApp, DEMO, login, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { confirmEmailFromOutbox, mailsTo } from '../../testing/mail-helpers.ts';

let t: TestApp;
let pat: LoginData;
let organizerToken: string;

const LINK = '/api/Enrollment/GetBuiltinLink';

async function enrolColleague(firstName: string, lastName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: LINK, headers: bearer(pat.accessToken), payload: { firstName, lastName, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return new URL((res.json() as { data: string }).data).pathname.split('/').pop()!;
}

beforeAll(async () => {
  t = await buildTestApp();
  pat = await loginAs(t.app, DEMO.em, 'DEALER27');
  const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
  expect(res.statusCode, res.body).toBe(200);
  organizerToken = (res.json() as { data: { accessToken: string } }).data.accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('an address typed on the hosted page', () => {
  const email = 'robin.typed@morgan-motors.example.com';

  it('is stored unverified, mailed a confirmation link, and opens the store only once confirmed', async () => {
    const token = await enrolColleague('Robin', 'Typed');
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/Registration/${token}`,
      payload: { action: 'submit', firstName: 'Robin', lastName: 'Typed', email, isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-02' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [person] = await t.database.db.select().from(schema.people).where(eq(schema.people.email, email));
    expect(person?.emailVerified).toBe(false);

    const kinds = (await mailsTo(t.database.db, email)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['confirm-email', 'registration-confirmed']);
    const [confirmation] = await mailsTo(t.database.db, email, 'registration-confirmed');
    expect(confirmation!.data).toMatchObject({ firstName: 'Robin', arrivalDate: '2027-03-01', revisitUrl: expect.stringMatching(/^http:\/\/portal\.test\/register\//) });

    // Someone who knows the address cannot use it with the store's dealer code yet.
    const refused = await login(t.app, { userName: email, password: 'DEALER27' });
    expect(refused.json()).toMatchObject({ succeeded: false });

    const [mail] = await mailsTo(t.database.db, email, 'confirm-email');
    const path = new URL(mail!.data.link as string).pathname;
    // Opening the link shows a button (a mail scanner's GET confirms nothing) ...
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post">');
    // In the language the mail's link names (the person's), whatever the browser's.
    const french = await t.app.inject({ method: 'GET', url: `${path}?lang=fr-CA`, headers: { 'accept-language': 'en-US' } });
    expect(french.body).toContain('<html lang="fr-CA">');
    expect(french.body).toContain('Confirmer mon adresse courriel');
    expect((await t.database.db.select().from(schema.people).where(eq(schema.people.email, email)))[0]?.emailVerified).toBe(false);
    // ... and pressing it confirms, as the browser's form post does.
    const confirmed = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('E-mail address confirmed');

    const robin = await loginAs(t.app, email, 'DEALER27');
    expect(robin.user.firstName).toBe('Robin');
    // A second press is harmless.
    await confirmEmailFromOutbox(t.app, t.database.db, email);
  });

  it('answers an unknown or malformed confirmation link with 404 and an expired one with 410', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/confirm-email/${'A'.repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/confirm-email/short' })).statusCode).toBe(404);

    const token = await enrolColleague('Kim', 'Late');
    const email2 = 'kim.late@morgan-motors.example.com';
    await t.app.inject({ method: 'POST', url: `/api/Registration/${token}`, payload: { action: 'submit', firstName: 'Kim', lastName: 'Late', email: email2, isVirtual: true } });
    const [mail] = await mailsTo(t.database.db, email2, 'confirm-email');
    await t.database.db.update(schema.emailVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(sql`${schema.emailVerifications.email} = ${email2}`);
    const expired = await t.app.inject({ method: 'POST', url: `${new URL(mail!.data.link as string).pathname}?lang=fr-CA` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Ce lien est expiré');
    expect((await login(t.app, { userName: email2, password: 'DEALER27' })).json()).toMatchObject({ succeeded: false });
  });
});

describe('links by mail', () => {
  it('mails the registration link to a colleague whose address is known', async () => {
    await enrolColleague('Jordan', 'Lee', { isGeneralManager: true });
    const [mail] = await mailsTo(t.database.db, DEMO.gm, 'registration-link');
    expect(mail).toBeDefined();
    expect(mail!.data).toMatchObject({ firstName: 'Jordan', invitedBy: 'Pat Morgan', link: expect.stringMatching(/^http:\/\/portal\.test\/register\//) });
    expect(mail!.status).toBe('pending');
  });

  it('mails nothing when the caller enrols themself', async () => {
    const before = (await mailsTo(t.database.db, DEMO.em, 'registration-link')).length;
    const corp = await loginAs(t.app, DEMO.corporate, 'CORP27');
    const res = await t.app.inject({ method: 'POST', url: LINK, headers: bearer(corp.accessToken), payload: { firstName: 'Casey', lastName: 'Corp' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailsTo(t.database.db, DEMO.corporate, 'registration-link')).toHaveLength(0);
    expect(await mailsTo(t.database.db, DEMO.em, 'registration-link')).toHaveLength(before);
  });
});

describe('organizer console: outbox', () => {
  const OUTBOX = ADMIN_PATHS.outbox;

  it('lists mails newest first with status, attempts and last error, filtered by status', async () => {
    await t.database.db.execute(sql`update mail_outbox set status = 'failed', attempts = 10, last_error = '550 mailbox unavailable' where id = (select min(id) from mail_outbox)`);
    const all = await t.app.inject({ method: 'GET', url: `${OUTBOX}?pageSize=200`, headers: bearer(organizerToken) });
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data as { rows: unknown[]; total: number };
    const rows = data.rows.map((r) => outboxMailSchema.parse(r));
    expect(data.total).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    // Not sent yet, still with the subject it will carry.
    expect(rows.filter((r) => r.status === 'pending').every((r) => r.subject?.includes('National Business Conference'))).toBe(true);

    const failed = await t.app.inject({ method: 'GET', url: `${OUTBOX}?status=failed`, headers: bearer(organizerToken) });
    const failedRows = (failed.json().data as { rows: Array<{ status: string; attempts: number; lastError: string }> }).rows;
    expect(failedRows).toHaveLength(1);
    expect(failedRows[0]).toMatchObject({ status: 'failed', attempts: 10, lastError: '550 mailbox unavailable' });

    const registrationMail = rows.find((r) => r.kind === 'registration-confirmed');
    expect(registrationMail?.registrationId).toEqual(expect.any(Number));

    const paged = await t.app.inject({ method: 'GET', url: `${OUTBOX}?page=2&pageSize=1`, headers: bearer(organizerToken) });
    expect((paged.json().data as { rows: Array<{ id: number }> }).rows[0]!.id).toBe(rows[1]!.id);
  });

  it('refuses a bad status (400), no token (401) and an attendee token (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${OUTBOX}?status=lost`, headers: bearer(organizerToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: OUTBOX })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: OUTBOX, headers: bearer(pat.accessToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${OUTBOX}/1/Resend`, headers: bearer(pat.accessToken) })).statusCode).toBe(403);
  });

  it('resends a mail as a new pending copy, audited with the organizer', async () => {
    const [original] = await mailsTo(t.database.db, DEMO.gm, 'registration-link');
    const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.outboxResend.replace('{id}', String(original!.id)), headers: bearer(organizerToken) });
    expect(res.statusCode, res.body).toBe(200);
    const copy = outboxMailSchema.parse(res.json().data);
    expect(copy).toMatchObject({ kind: 'registration-link', to: DEMO.gm, status: 'pending', attempts: 0, resendOf: original!.id });
    expect(copy.id).not.toBe(original!.id);
    const [row] = await t.database.db.select().from(schema.outbox).where(eq(schema.outbox.id, copy.id));
    expect(row!.data).toEqual(original!.data);
    expect(row!.messageId).not.toBe(original!.messageId);
    const audits = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'admin-outbox-resend'));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.organizerId).not.toBeNull();

    expect((await t.app.inject({ method: 'POST', url: `${OUTBOX}/999999/Resend`, headers: bearer(organizerToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${OUTBOX}/abc/Resend`, headers: bearer(organizerToken) })).statusCode).toBe(400);
  });
});
