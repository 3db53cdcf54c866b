/**
 * Reminder runs: exactly one mail per eligible recipient, none on a second run; run through the
 * pg-boss job queue (on PGlite or PostgreSQL, whichever the suite runs on) and delivered over a
 * loopback SMTP server.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, schema } from '@portal/db';
import { startBackgroundWork } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';
import { hashToken } from '../../lib/registration-tokens.ts';
import { LINK_REMINDER_AFTER_MS, queueLinkReminders, queueStoreReminders } from './reminders.ts';

let t: TestApp;
let smtp: SmtpCatcher;
const NOW = new Date('2027-02-20T12:00:00Z');

/** Managers (with a real, confirmed address) of stores with no enrolled nbc attendee: who should be reminded. */
async function expectedManagers(): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(
    await t.database.db.execute(sql`
      select distinct p.email from stores s
      join people p on p.id in (s.executive_manager_id, s.general_manager_id)
      where not exists (select 1 from registrations r where r.event_id = 'nbc' and r.store_dlrnum = s.dlrnum and r.status = 'Enrolled')
        and p.email not like '%.invalid' and p.email_verified
      order by 1`),
  );
  return rows.map((r) => r.email);
}

async function outboxOf(kind: string) {
  return t.database.db.select().from(schema.outbox).where(eq(schema.outbox.kind, kind));
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url }, mailDelivery: { pollMs: 100, backoffBaseMs: 100 } });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('store-manager reminders', () => {
  it('queue nothing outside the reminder window or without reminder days', async () => {
    await t.database.db.update(schema.events).set({ registrationClosesAt: new Date('2027-02-25T00:00:00Z'), reminderDaysBeforeClose: null }).where(eq(schema.events.id, 'nbc'));
    expect(await queueStoreReminders(t.database.db, NOW)).toBe(0);
    await t.database.db.update(schema.events).set({ reminderDaysBeforeClose: 3 }).where(eq(schema.events.id, 'nbc'));
    // Closes in 4.5 days: not yet inside a 3-day window.
    expect(await queueStoreReminders(t.database.db, NOW)).toBe(0);
    // Closed already.
    expect(await queueStoreReminders(t.database.db, new Date('2027-02-26T00:00:00Z'))).toBe(0);
  });

  it('queue exactly one mail per manager of a store with nobody enrolled, and none on a second run', async () => {
    await t.database.db.update(schema.events).set({ registrationClosesAt: new Date('2027-02-25T00:00:00Z'), reminderDaysBeforeClose: 7 }).where(eq(schema.events.id, 'nbc'));
    const expected = await expectedManagers();
    expect(expected.length).toBeGreaterThan(5);

    expect(await queueStoreReminders(t.database.db, NOW)).toBe(expected.length);
    expect(await queueStoreReminders(t.database.db, new Date(NOW.getTime() + 3_600_000))).toBe(0);
    const rows = await outboxOf('store-reminder');
    expect(rows.map((r) => r.toEmail).sort()).toEqual(expected);
    expect(rows[0]!.data).toMatchObject({ closesOn: '2027-02-25', dlrnum: expect.any(String), storeName: expect.any(String) });

    // A moved closing date is a new window: everyone still uncovered is reminded again, once.
    await t.database.db.update(schema.events).set({ registrationClosesAt: new Date('2027-02-27T00:00:00Z') }).where(eq(schema.events.id, 'nbc'));
    expect(await queueStoreReminders(t.database.db, NOW)).toBe(expected.length);
    expect(await queueStoreReminders(t.database.db, NOW)).toBe(0);
    await t.database.db.execute(sql`delete from mail_outbox where kind = 'store-reminder' and data->>'closesOn' = '2027-02-27'`);
  });
});

describe('link reminders', () => {
  it('remind an attendee whose link was never used, once per window, with a fresh link', async () => {
    // A pending registration whose register link went out four days ago.
    const [person] = await t.database.db
      .insert(schema.people)
      .values({ email: 'slow.starter@example.com', firstName: 'Slow', lastName: 'Starter', category: 'expo' })
      .returning({ id: schema.people.id });
    const [registration] = await t.database.db
      .insert(schema.registrations)
      .values({ eventId: 'nbc', attendeeId: person!.id, registeredById: person!.id, attendeeType: 'expo', providerRef: 'slow-starter-ref' })
      .returning({ id: schema.registrations.id });
    const issued = new Date(NOW.getTime() - LINK_REMINDER_AFTER_MS - 86_400_000);
    await t.database.db.insert(schema.registrationTokens).values({ tokenHash: hashToken('old-link'), registrationId: registration!.id, purpose: 'register', expiresAt: new Date(issued.getTime() + 72 * 3_600_000), createdAt: issued });

    const before = (await outboxOf('link-reminder')).length;
    expect(await queueLinkReminders(t.database.db, NOW, 'http://portal.test')).toBeGreaterThanOrEqual(1);
    const mine = (await outboxOf('link-reminder')).filter((m) => m.toEmail === 'slow.starter@example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data.link).toMatch(/^http:\/\/portal\.test\/register\/[A-Za-z0-9_-]{43}$/);
    expect(await queueLinkReminders(t.database.db, new Date(NOW.getTime() + 3_600_000), 'http://portal.test')).toBe(0);
    expect((await outboxOf('link-reminder')).length).toBe(before + 1);
    expect((await outboxOf('link-reminder')).filter((m) => m.toEmail === 'slow.starter@example.com')).toHaveLength(1);
  });
});

describe('the job queue', () => {
  it('runs the reminder job on pg-boss and the worker delivers each reminder once', async () => {
    // Delivery at volume is mail.test's; here a few reminders show the job and the worker together.
    await t.database.db.execute(sql`delete from mail_outbox where id not in (select id from mail_outbox order by id limit 8)`);
    const queued = (await t.database.db.select().from(schema.outbox)).length;
    await startBackgroundWork(t.app);
    expect(t.app.jobs.running).toBe(true);
    // The scheduled run, sent now instead of waiting for its minute: nothing new (all deduplicated).
    await t.app.jobs.send('mail-reminders');
    const mails = await smtp.waitFor(queued, 60_000);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [state] = rowsOf<{ state: string }>(await t.database.db.execute(sql`select state from pgboss.job where name = 'mail-reminders' order by created_on desc limit 1`));
      if (state?.state === 'completed') break;
      if (Date.now() > deadline) throw new Error(`reminder job not completed: ${state?.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const schedules = rowsOf<{ name: string; cron: string }>(await t.database.db.execute(sql`select name, cron from pgboss.schedule`));
    expect(schedules).toContainEqual({ name: 'mail-reminders', cron: '15 * * * *' });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails).toHaveLength(queued);
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(queued);
    const reminder = mails.find((m) => /nobody from/.test(m.subject ?? ''));
    expect(reminder?.text).toMatch(/Registration closes on/);
    expect(reminder?.html).toContain('<!doctype html>');
  }, 120_000);
});
