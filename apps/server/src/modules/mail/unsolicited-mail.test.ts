/**
 * No mail to strangers. Reminders, "remind" actions and digests go only to
 * confirmed addresses (an imported roster's, or one confirmed through /confirm-email/{token}; an
 * address typed at a login is nobody's confirmed address), at most REMINDERS_PER_RECIPIENT_DAY a day.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, schema } from '@portal/db';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { runDigests } from '../report-insights/digest.ts';
import { remind } from '../report-insights/insights.ts';
import { areaCondition } from '../report-insights/report-insights.queries.ts';
import { NETWORK_SCOPE } from '../report-scope/report-scope.ts';
import { createReportScopeService } from '../report-scope/report-scope.service.ts';
import { LINK_REMINDER_AFTER_MS, queueLinkReminders } from '../registration/reminders.ts';

const PER_DAY = 2;

describe('no mail to strangers', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const mailsTo = async (email: string, kind: string) =>
    (await db().select().from(schema.outbox).where(and(eq(schema.outbox.toEmail, email), eq(schema.outbox.kind, kind)))).length;

  beforeAll(async () => {
    t = await buildTestApp({ env: { REMINDERS_PER_RECIPIENT_DAY: String(PER_DAY) } });
  });
  afterAll(() => t?.close());

  it('sends no link reminder to an address typed at a login (a stranger), and one to a confirmed address', async () => {
    const stranger = 'victim@stranger.example.com';
    const data = await loginAs(t.app, stranger, 'EXPO27');
    const res = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(data.accessToken), payload: { firstName: 'Vic', lastName: 'Tim', isVirtual: true } });
    expect(res.statusCode, res.body).toBe(200);
    const now = new Date(Date.now() + LINK_REMINDER_AFTER_MS + 86_400_000);
    await queueLinkReminders(db(), now, 'http://portal.test', { perRecipientDay: PER_DAY });
    expect(await mailsTo(stranger, 'link-reminder')).toBe(0);

    // Once its owner confirmed the address, the reminder goes out.
    await db().execute(sql`update people set email_verified = true where email = ${stranger}`);
    await queueLinkReminders(db(), now, 'http://portal.test', { perRecipientDay: PER_DAY });
    expect(await mailsTo(stranger, 'link-reminder')).toBe(1);
  });

  it('"remind" mails only confirmed managers, at most REMINDERS_PER_RECIPIENT_DAY reminders a day each', async () => {
    // One fixed instant (the cap counts per UTC day), through the route's own service.
    const now = new Date(Date.now() + 3 * 86_400_000);
    // Stores with nobody enrolled for nbc and two managers with real addresses.
    const gaps = rowsOf<{ dlrnum: string; em: string; gm: string }>(
      await db().execute(sql`
        select s.dlrnum, em.email as em, gm.email as gm from stores s
        join people em on em.id = s.executive_manager_id join people gm on gm.id = s.general_manager_id
        where em.id <> gm.id and em.email not like '%.invalid' and gm.email not like '%.invalid'
          and not exists (select 1 from registrations r where r.event_id = 'nbc' and r.store_dlrnum = s.dlrnum and r.status = 'Enrolled')
          and not exists (select 1 from registrations r where r.event_id = 'nbc' and r.attendee_id in (em.id, gm.id))
        order by s.dlrnum limit 2`),
    );
    expect(gaps).toHaveLength(2);
    const [unconfirmed, capped] = gaps as [(typeof gaps)[0], (typeof gaps)[0]];
    await db().execute(sql`update people set email_verified = false where email = ${unconfirmed.em}`);
    // The general manager of the second store had PER_DAY reminders today already.
    for (let i = 0; i < PER_DAY; i++) {
      await db().insert(schema.outbox).values({ kind: 'store-reminder', toEmail: capped.gm, eventId: 'abc', data: {}, dedupeKey: `earlier-${i}`, messageId: `<earlier-${i}@test>`, createdAt: now });
    }
    const result = await remind(db(), {
      event: 'nbc',
      area: areaCondition(NETWORK_SCOPE, {}),
      dlrnums: [unconfirmed.dlrnum, capped.dlrnum],
      actorEmail: DEMO.corporate,
      ip: '127.0.0.1',
      now,
      perRecipientDay: PER_DAY,
    });
    expect(result.queued).toBe(2);
    expect(await mailsTo(unconfirmed.em, 'store-reminder')).toBe(0);
    expect(await mailsTo(unconfirmed.gm, 'store-reminder')).toBe(1);
    expect(await mailsTo(capped.em, 'store-reminder')).toBe(1);
    expect(await mailsTo(capped.gm, 'store-reminder')).toBe(PER_DAY);
  });

  it('sends a digest only once its subscriber confirmed the address typed at their login', async () => {
    const email = 'new.zone.lead@corp.example.com';
    const data = await loginAs(t.app, email, 'FIELD27');
    const [person] = rowsOf<{ id: number }>(await db().execute(sql`select id from people where email = ${email}`));
    await createReportScopeService({ db: db() }).setPersonScope(person!.id, { level: 'zone', code: '011' });
    const put = await t.app.inject({ method: 'PUT', url: '/api/Report/Digest', headers: bearer(data.accessToken), payload: { subscribed: true } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().message).toMatch(/once you confirm your e-mail address/);
    expect(await mailsTo(email, 'confirm-email')).toBe(1);

    const now = new Date(Date.now() + 60_000);
    await runDigests(db(), createReportScopeService({ db: db() }), now, undefined, PER_DAY);
    expect(await mailsTo(email, 'digest')).toBe(0);

    // The owner opens the link mailed to the address: the next run sends the digest.
    const [mail] = await db().select().from(schema.outbox).where(and(eq(schema.outbox.toEmail, email), eq(schema.outbox.kind, 'confirm-email')));
    const link = String((mail!.data as { link: string }).link);
    const confirmed = await t.app.inject({ method: 'POST', url: new URL(link).pathname });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(400);
    await runDigests(db(), createReportScopeService({ db: db() }), now, undefined, PER_DAY);
    expect(await mailsTo(email, 'digest')).toBe(1);
  });
});
