/**
 * Mail over a real SMTP server on loopback: registration mails with calendar files, the outbox's
 * retries when the server is down, exactly one delivery with two workers, and the outbox kept when
 * no SMTP server is configured.
 */
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, schema, type Database } from '@portal/db';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';
import { MailDelivery } from './delivery.ts';
import { queueRegistrationMail } from './mail.service.ts';
import { enqueueMail } from './outbox.ts';
import { until } from '../../testing/until.ts';

let t: TestApp;
let smtp: SmtpCatcher;
const workers: MailDelivery[] = [];
const extraDatabases: Database[] = [];

const FROM = { name: 'Event team', address: 'events@portal.test' };

function worker(options: Partial<ConstructorParameters<typeof MailDelivery>[0]> = {}): MailDelivery {
  const w = new MailDelivery({ db: t.database.db, smtpUrl: smtp.url, from: FROM, publicUrl: 'http://portal.test', pollMs: 50, backoffBaseMs: 100, ...options });
  workers.push(w);
  return w;
}


async function outboxRow(id: number) {
  const [row] = await t.database.db.select().from(schema.outbox).where(sql`${schema.outbox.id} = ${id}`);
  return row!;
}

/** An enrolled demo registration of a physical attendee with a real e-mail. */
async function someRegistration(): Promise<{ id: number; eventId: string; email: string }> {
  const rows = rowsOf<{ id: number; event_id: string; email: string }>(
    await t.database.db.execute(sql`
      select r.id, r.event_id, p.email from registrations r join people p on p.id = r.attendee_id
      where r.status = 'Enrolled' and r.event_id = 'nbc' and p.email not like '%.invalid' order by r.id limit 1`),
  );
  const row = rows[0]!;
  return { id: row.id, eventId: row.event_id, email: row.email };
}

function calendarOf(mail: ParsedMail) {
  const file = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
  expect(file, 'an .ics attachment').toBeDefined();
  const component = new ICAL.Component(ICAL.parse(file!.content.toString('utf8')));
  const event = new ICAL.Event(component.getFirstSubcomponent('vevent')!);
  return {
    method: component.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toString(),
    end: event.endDate.toString(),
    summary: event.summary,
    contentType: file!.contentType,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startSmtpCatcher();
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  smtp.mails.length = 0;
  await t.database.db.execute(sql`delete from mail_outbox`);
});

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all(extraDatabases.map((d) => d.close()));
  await smtp?.close();
  await t?.close();
});

describe('registration mails', () => {
  it('sends a confirmation with text, HTML and a calendar file; a change keeps the UID; a cancel carries METHOD:CANCEL', async () => {
    const reg = await someRegistration();
    const db = t.database.db;
    await db.execute(sql`update registrations set is_virtual = false, arrival_date = '2027-03-01', departure_date = '2027-03-03' where id = ${reg.id}`);

    await db.transaction((tx) =>
      queueRegistrationMail(tx, { kind: 'registration-confirmed', registrationId: reg.id, revisitUrl: 'http://portal.test/register/abc', now: new Date('2026-11-01T10:00:00Z') }),
    );
    const w = worker();
    await w.drain();
    const [confirmed] = await smtp.waitFor(1);
    expect(confirmed!.to && 'text' in confirmed!.to ? confirmed!.to.text : '').toContain(reg.email);
    expect(confirmed!.subject).toMatch(/confirmed/);
    expect(confirmed!.text).toContain('http://portal.test/register/abc');
    // The link names the mail's language, so the page opens in it.
    expect(confirmed!.html).toContain('href="http://portal.test/register/abc?lang=en"');
    const first = calendarOf(confirmed!);
    expect(first.method).toBe('REQUEST');
    expect(first.uid).toBe(`registration-nbc-${reg.id}@event-portal`);
    expect(first.start).toBe('2027-03-01');
    // All-day DTEND is exclusive: the day after departure.
    expect(first.end).toBe('2027-03-04');
    expect(first.summary).toBeTruthy();

    await db.execute(sql`update registrations set arrival_date = '2027-03-02', departure_date = '2027-03-04' where id = ${reg.id}`);
    await db.transaction((tx) => queueRegistrationMail(tx, { kind: 'registration-changed', registrationId: reg.id, now: new Date('2026-11-02T10:00:00Z') }));
    await w.drain();
    const changed = calendarOf((await smtp.waitFor(2))[1]!);
    expect(changed.uid).toBe(first.uid);
    expect(changed.sequence).toBeGreaterThan(first.sequence);
    expect(changed.start).toBe('2027-03-02');
    expect(changed.end).toBe('2027-03-05');

    await db.transaction((tx) => queueRegistrationMail(tx, { kind: 'registration-cancelled', registrationId: reg.id, now: new Date('2026-11-03T10:00:00Z') }));
    await w.drain();
    const cancelledMail = (await smtp.waitFor(3))[2]!;
    const cancelled = calendarOf(cancelledMail);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.uid).toBe(first.uid);
    expect(cancelled.sequence).toBeGreaterThan(changed.sequence);
    expect(cancelledMail.subject).toMatch(/cancelled/);

    const rows = await db.select().from(schema.outbox);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(rows.every((r) => r.subject && r.textBody && r.htmlBody && r.sentAt)).toBe(true);
  });

  it('queues nothing for an attendee without a real e-mail, and rolls the mail back with its transaction', async () => {
    const reg = await someRegistration();
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueRegistrationMail(tx, { kind: 'registration-confirmed', registrationId: reg.id, now: new Date() });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.database.db.select().from(schema.outbox)).toHaveLength(0);
  });
});

describe('outbox delivery', () => {
  it('keeps mails in the outbox without SMTP_URL', async () => {
    const { id } = await enqueueMail(t.database.db, { kind: 'confirm-email', to: 'someone@example.com', event: 'nbc', data: { firstName: 'Sam', link: 'http://portal.test/confirm-email/x' } });
    const idle = new MailDelivery({ db: t.database.db, smtpUrl: undefined, from: FROM, publicUrl: 'http://portal.test' });
    idle.start();
    expect(await idle.drain()).toEqual({ sent: 0, failed: 0 });
    await idle.stop();
    expect((await outboxRow(id!)).status).toBe('pending');
  });

  it('dedupe keys queue a mail once', async () => {
    const input = { kind: 'store-reminder', to: 'Manager@Example.com', event: 'nbc', data: { managerName: 'M', storeName: 'S', dlrnum: '10001' }, dedupeKey: 'k1' } as const;
    expect((await enqueueMail(t.database.db, input)).queued).toBe(true);
    expect(await enqueueMail(t.database.db, input)).toEqual({ id: null, queued: false });
  });

  it('retries while the SMTP server is down and delivers every mail exactly once when it is back', async () => {
    await smtp.down();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { id } = await enqueueMail(t.database.db, { kind: 'registration-link', to: `colleague${i}@example.com`, event: 'nbc', data: { firstName: `C${i}`, link: `http://portal.test/register/${i}` } });
      ids.push(id!);
    }
    const w = worker();
    w.start();
    // Every mail failed at least once, with the error recorded for the console.
    await until('failed attempts', async () => {
      const rows = await t.database.db.select().from(schema.outbox);
      return rows.every((r) => r.attempts >= 1 && r.lastError && r.status === 'pending') && rows;
    });
    await smtp.up();
    const mails = await smtp.waitFor(5);
    await until('all rows sent', async () => (await t.database.db.select().from(schema.outbox)).every((r) => r.status === 'sent'));
    await w.stop();
    // One more pass finds nothing to send.
    expect(await worker().drain()).toEqual({ sent: 0, failed: 0 });
    const messageIds = mails.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(5);
    expect(mails.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort()).toEqual(ids.map((_, i) => `colleague${i}@example.com`).sort());
  });

  it('gives up on a permanent refusal and says why', async () => {
    const { id } = await enqueueMail(t.database.db, { kind: 'confirm-email', to: 'x@example.com', event: 'nbc', data: { firstName: 'X', link: 'http://portal.test/c' } });
    await t.database.db.execute(sql`update mail_outbox set kind = 'no-such-kind' where id = ${id}`);
    await worker().drain();
    const row = await outboxRow(id!);
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/unknown mail kind/);
  });

  it('two instances on one database send each mail once', async () => {
    // A second instance: its own connection pool on PostgreSQL, the same embedded database on PGlite.
    let second = t.database;
    if (t.database.kind === 'postgres') {
      const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      second = await openDatabase({ url, poolSize: 3 });
      extraDatabases.push(second);
    }
    const count = 40;
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await enqueueMail(tx, { kind: 'registration-link', to: `p${i}@example.com`, event: 'abc', data: { firstName: `P${i}`, link: `http://portal.test/register/${i}` } });
      }
    });
    const a = worker({ batchSize: 3 });
    const b = worker({ db: second.db, batchSize: 3 });
    a.start();
    b.start();
    await smtp.waitFor(count);
    await until('all rows sent', async () => (await t.database.db.select().from(schema.outbox)).every((r) => r.status === 'sent'));
    await Promise.all([a.stop(), b.stop()]);
    // Give a late duplicate the chance to arrive before counting.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails).toHaveLength(count);
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(count);
    const rows = await t.database.db.select().from(schema.outbox);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('a mail claimed by a worker that died is sent by another once the claim runs out', async () => {
    const { id } = await enqueueMail(t.database.db, { kind: 'registration-link', to: 'late@example.com', event: 'nbc', data: { firstName: 'L', link: 'http://portal.test/register/l' } });
    // The dead worker's claim, as claimDue leaves it: sending, leased for a moment.
    await t.database.db.execute(sql`update mail_outbox set status = 'sending', attempts = 1, locked_until = now() + interval '300 milliseconds' where id = ${id}`);
    const w = worker();
    expect((await w.deliverDue()).claimed).toBe(0);
    w.start();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toMatch(/complete your registration/);
    await until('sent', async () => (await outboxRow(id!)).status === 'sent');
    expect((await outboxRow(id!)).attempts).toBe(2);
  });
});
