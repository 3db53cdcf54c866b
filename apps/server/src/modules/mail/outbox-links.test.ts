/**
 * A delivered mail leaves no live link in the outbox. The mail that reaches the
 * (real, loopback) SMTP server carries the working link; the row kept afterwards carries the link
 * without its token, in its data and in its stored bodies, and the console says so.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, outboxMailSchema, pagedSchema, type AdminLoginData } from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { bearer, buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';
import { MailDelivery } from './delivery.ts';
import { requireEmailConfirmation } from './mail.service.ts';
import { redactLink } from './redact-links.ts';

let t: TestApp;
let smtp: SmtpCatcher;
let worker: MailDelivery;
let admin: string;

const TOKEN_IN = (text: string) => [...text.matchAll(/\/(?:register|confirm-email)\/([A-Za-z0-9_-]{20,})/g)].map((m) => m[1]!);

async function outboxRow(id: number) {
  const [row] = await t.database.db.select().from(schema.outbox).where(eq(schema.outbox.id, id));
  return row!;
}

/** A registration of the builtin provider whose attendee has a real address, in the given status. */
async function registrationIn(status: 'Pending' | 'Enrolled'): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`
      select r.id from registrations r join people p on p.id = r.attendee_id
      where r.status = ${status} and r.provider = 'builtin' and p.email not like '%.invalid' order by r.id limit 1`),
  );
  return rows[0]!.id;
}

async function resendLink(registrationId: number): Promise<{ link: string; outboxId: number }> {
  const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.registrationResendLink.replace('{id}', String(registrationId)), headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { link: string; outboxId: number } }).data;
}

beforeAll(async () => {
  t = await buildTestApp({ stores: 20 });
  smtp = await startSmtpCatcher();
  worker = new MailDelivery({ db: t.database.db, smtpUrl: smtp.url, from: { name: 'Event team', address: 'events@portal.test' }, publicUrl: 'http://portal.test', pollMs: 50, backoffBaseMs: 100 });
  const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
  admin = (res.json() as { data: AdminLoginData }).data.accessToken;
});

afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
  await t?.close();
});

describe('live links in the outbox', () => {
  it('redacts a link to the token-less path and drops the query', () => {
    expect(redactLink('http://portal.test/register/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde')).toBe('http://portal.test/register/***');
    expect(redactLink('https://portal.example/confirm-email/ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210-_zyxwv?x=1#y')).toBe('https://portal.example/confirm-email/***');
    expect(redactLink('https://cvent.example/event/register?ref=R1&email=a%40b.example')).toBe('https://cvent.example/event/register');
    expect(redactLink('not a url')).toBe('***');
  });

  it('keeps the link while the mail waits, sends it, then keeps only the redacted link', async () => {
    smtp.mails.length = 0;
    const pending = await resendLink(await registrationIn('Pending'));
    const enrolled = await resendLink(await registrationIn('Enrolled'));
    const [pendingToken] = TOKEN_IN(pending.link);
    const [enrolledToken] = TOKEN_IN(enrolled.link);
    expect(pendingToken).toBeTruthy();
    expect(enrolledToken).toBeTruthy();

    // Waiting to be sent, the row needs its link.
    expect((await outboxRow(pending.outboxId)).data.link).toBe(pending.link);
    expect((await outboxRow(enrolled.outboxId)).data.revisitUrl).toBe(enrolled.link);

    await worker.drain();
    const mails = await smtp.waitFor(2);
    const delivered = mails.map((m) => `${m.text ?? ''}${typeof m.html === 'string' ? m.html : ''}`).join('\n');
    expect(delivered).toContain(pending.link);
    expect(delivered).toContain(enrolled.link);

    for (const [id, token, field] of [
      [pending.outboxId, pendingToken!, 'link'],
      [enrolled.outboxId, enrolledToken!, 'revisitUrl'],
    ] as const) {
      const row = await outboxRow(id);
      expect(row.status).toBe('sent');
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.data[field]).toBe('http://portal.test/register/***');
      expect(row.data.linksRemoved).toBe(true);
      // What the console keeps of the mail still reads as the mail did, without the token.
      expect(row.textBody).toContain('http://portal.test/register/***');
      expect(row.htmlBody).toContain('href="http://portal.test/register/***?lang=en"');
    }

    // The links themselves still work: only the outbox's copy is gone.
    expect((await t.app.inject({ method: 'GET', url: new URL(pending.link).pathname.replace('/register/', '/api/Registration/') })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: new URL(enrolled.link).pathname.replace('/register/', '/api/Registration/') })).statusCode).toBe(200);
  });

  it('removes the confirmation link of a delivered confirmation mail, and the link still confirms', async () => {
    smtp.mails.length = 0;
    const [person] = await t.database.db.select().from(schema.people).where(and(isNotNull(schema.people.email), ne(schema.people.email, ''))).limit(1);
    const queued = await t.database.db.transaction((tx) =>
      requireEmailConfirmation(tx, { personId: person!.id, email: person!.email!, firstName: person!.firstName, eventId: 'nbc', publicUrl: 'http://portal.test', now: new Date() }),
    );
    await worker.drain();
    const [mail] = await smtp.waitFor(1);
    const [token] = TOKEN_IN(mail!.text ?? '');
    expect(token).toBeTruthy();
    const row = await outboxRow(queued.id!);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.data.link).toBe('http://portal.test/confirm-email/***');
    expect((await t.app.inject({ method: 'POST', url: `/confirm-email/${token}` })).statusCode).toBe(200);
  });

  it('shows the console that the link was removed, and refuses to resend a dead link', async () => {
    const list = await t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.outbox}?status=sent`, headers: bearer(admin) });
    expect(list.statusCode, list.body).toBe(200);
    const page = pagedSchema(outboxMailSchema).parse((list.json() as { data: unknown }).data);
    expect(page.total).toBeGreaterThanOrEqual(3);
    for (const mail of page.rows) {
      expect(mail).toMatchObject({ status: 'sent', linksRemoved: true });
      expect(mail.subject).toBeTruthy();
    }
    const resend = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.outboxResend.replace('{id}', String(page.rows[0]!.id)), headers: bearer(admin) });
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ succeeded: false, message: expect.stringMatching(/Resend link/) });
  });
});
