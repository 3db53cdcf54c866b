/**
 * Retention (docs/privacy.md): an event's `retentionDays`, set in the console; the dry run's counts;
 * a run erases the event's attendees (not those still registered for a kept event) and purges its
 * delivered mail bodies, with every report figure unchanged and the catalogue walk finding nothing
 * of an erased attendee.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, PRIVACY_PATHS, retentionPlanSchema, retentionRunResultSchema } from '@portal/contracts';
import { rowsOf } from '@portal/db';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { findInCatalogue } from '../../testing/catalogue-walk.ts';
import { mailsTo } from '../../testing/mail-helpers.ts';
import { enrolThroughLink } from '../../testing/enrol-through-link.ts';
import { retentionPlan, runRetention } from './retention.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';

/** abc ends 2027-09-16; with 30 days it is due from 2027-10-16. */
const NOW = new Date('2027-11-02T12:00:00Z');
const FIRST = 'Ottoline';
const LAST = 'Vashtiwarren';
const EMAIL = 'ottoline.vashtiwarren@retention-test.example.org';

let t: TestApp;
let smtp: SmtpCatcher;
let organizer: Record<string, string>;
let corp: Record<string, string>;

async function abcOnlyAttendees(): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await t.database.db.execute(sql`
      select count(distinct r.attendee_id)::int as n from registrations r
      where r.event_id = 'abc' and not exists (select 1 from registrations o where o.attendee_id = r.attendee_id and o.event_id <> 'abc')
        and not exists (select 1 from person_erasures e where e.person_id = r.attendee_id)`),
  );
  return Number(row?.n ?? 0);
}

async function figures() {
  const out: unknown[] = [];
  for (const event of ['nbc', 'abc']) {
    const res = await t.app.inject({ method: 'POST', url: `/api/Report/GetEnrollments?reportLevel=Region&eventType=${event}`, headers: corp, payload: { region: '', zone: '', district: '', select: '' } });
    expect(res.statusCode, res.body).toBe(200);
    out.push(res.json().data);
  }
  out.push(rowsOf(await t.database.db.execute(sql`select event_id, status, count(*)::int as n from registrations group by 1, 2 order by 1, 2`)));
  out.push(rowsOf(await t.database.db.execute(sql`select event_id, sum(enrolled_attendees)::int as n from store_enrollment_counts group by 1 order by 1`)));
  return out;
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await buildTestApp({ now: () => NOW.getTime(), env: { SMTP_URL: smtp.url }, mailDelivery: { pollMs: 50, backoffBaseMs: 50 } });
  const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
  organizer = bearer((res.json() as { data: { accessToken: string } }).data.accessToken);
  corp = bearer((await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken);
  // An abc attendee enrols and gets the confirmation mail, delivered.
  const ottoline = await loginAs(t.app, EMAIL, 'ABC27', { eventType: 'abc', firstName: FIRST, lastName: LAST });
  await enrolThroughLink(t.app, ottoline.accessToken, { firstName: FIRST, lastName: LAST, eventType: 'abc' }, { email: EMAIL, arrivalDate: '2027-09-13', departureDate: '2027-09-15' });
  await t.app.mailDelivery.drain();
  expect((await mailsTo(t.database.db, EMAIL)).some((m) => m.status === 'sent' && m.textBody)).toBe(true);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('retention', () => {
  it('is set per event in the console, checked at the edge', async () => {
    for (const bad of [0, -1, 1.5, 'x', 4000]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/Admin/Events/abc', headers: organizer, payload: { retentionDays: bad } });
      expect(res.statusCode, String(bad)).toBe(400);
    }
    const set = await t.app.inject({ method: 'PUT', url: '/api/Admin/Events/abc', headers: organizer, payload: { retentionDays: 30 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ id: 'abc', retentionDays: 30 });
    const list = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.events, headers: organizer });
    expect(list.json().data.rows).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'nbc', retentionDays: null }), expect.objectContaining({ id: 'abc', retentionDays: 30 })]));
    const audit = await t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.audit}?action=admin-event-update`, headers: organizer });
    expect(audit.json().data.rows[0].detail).toEqual({ changes: { retentionDays: 30 } });
  });

  it('says first, in a dry run, how many of what a run erases and purges', async () => {
    const res = await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.retentionDryRun, headers: organizer });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().data.rows as unknown[]).map((r) => retentionPlanSchema.parse(r));
    const abc = rows.find((r) => r.event === 'abc')!;
    const expected = await abcOnlyAttendees();
    expect(expected).toBeGreaterThan(5);
    expect(abc).toMatchObject({ retentionDays: 30, endsOn: '2027-09-16', dueOn: '2027-10-16', due: true, people: expected, scanLogs: 0 });
    expect(abc.mailBodies).toBeGreaterThanOrEqual(1);
    expect(rows.find((r) => r.event === 'nbc')).toMatchObject({ retentionDays: null, due: false, people: 0, mailBodies: 0 });
    // A dry run changes nothing.
    expect(await abcOnlyAttendees()).toBe(expected);
  });

  it('erases the event\'s attendees and purges its delivered mails; figures stay, the walk finds nothing', async () => {
    const expected = await abcOnlyAttendees();
    const [both] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select a.attendee_id as id from registrations a join registrations b on b.attendee_id = a.attendee_id and b.event_id = 'nbc' where a.event_id = 'abc' limit 1`),
    );
    const before = await figures();
    expect((await findInCatalogue(t.database.db, [EMAIL, FIRST, LAST])).length).toBeGreaterThan(0);

    const res = await t.app.inject({ method: 'POST', url: PRIVACY_PATHS.retentionRun, headers: organizer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toEqual([expect.objectContaining({ event: 'abc', people: expected, mailBodies: expect.any(Number) })]);

    expect(await findInCatalogue(t.database.db, [EMAIL, FIRST, LAST])).toEqual([]);
    expect(await figures()).toEqual(before);
    expect(await abcOnlyAttendees()).toBe(0);
    // Someone also registered for nbc (no retention) is kept.
    if (both) {
      const kept = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from person_erasures where person_id = ${both.id}`));
      expect(Number(kept[0]?.n)).toBe(0);
    }
    const sentWithBodies = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from mail_outbox where event_id = 'abc' and status = 'sent' and (text_body is not null or html_body is not null)`),
    );
    expect(Number(sentWithBodies[0]?.n)).toBe(0);
    const again = await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.retentionDryRun, headers: organizer });
    expect(again.json().data.rows.find((r: { event: string }) => r.event === 'abc')).toMatchObject({ people: 0, mailBodies: 0 });
    const audit = await t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.audit}?action=retention-run`, headers: organizer });
    expect(audit.json().data.rows[0]).toMatchObject({ eventId: 'abc', actorEmail: DEMO_ORGANIZER.email, detail: { people: expected } });
  });

  it('goes through the attendees chunk by chunk, by id after the last: each due one erased once, as many as the dry run said', async () => {
    const set = await t.app.inject({ method: 'PUT', url: '/api/Admin/Events/nbc', headers: organizer, payload: { retentionDays: 1 } });
    expect(set.statusCode, set.body).toBe(200);
    const plan = (await retentionPlan(t.database.db, NOW)).find((p) => p.event === 'nbc')!;
    expect(plan).toMatchObject({ due: true });
    expect(plan.people).toBeGreaterThan(10);
    const outcomes = await runRetention(t.database.db, NOW, { pace: { peopleBatch: 3, minGapMs: 0, pauseRatio: 0 } });
    expect(outcomes).toEqual(expect.arrayContaining([expect.objectContaining({ event: 'nbc', people: plan.people }), expect.objectContaining({ event: 'abc', people: 0 })]));
    const [left] = rowsOf<{ n: number | string }>(
      await t.database.db.execute(sql`select count(distinct r.attendee_id)::int as n from registrations r where not exists (select 1 from person_erasures e where e.person_id = r.attendee_id)`),
    );
    expect(Number(left?.n)).toBe(0);
  });
});

describe('a console run longer than the request waits', () => {
  let slow: TestApp;
  beforeAll(async () => {
    // Chunks of 20 people at least 100 ms apart: the run outlasts the (zero) wait.
    slow = await buildTestApp({ now: () => NOW.getTime(), retention: { answerWithinMs: 0, pace: { peopleBatch: 20, minGapMs: 100, pauseRatio: 1 } } });
  });
  afterAll(async () => {
    await slow.close();
  });

  it('answers 202 at once and goes on in the background until the dry run shows nothing left', async () => {
    const login = await slow.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
    const headers = bearer((login.json() as { data: { accessToken: string } }).data.accessToken);
    const set = await slow.app.inject({ method: 'PUT', url: '/api/Admin/Events/abc', headers, payload: { retentionDays: 30 } });
    expect(set.statusCode, set.body).toBe(200);
    const res = await slow.app.inject({ method: 'POST', url: PRIVACY_PATHS.retentionRun, headers });
    expect(res.statusCode, res.body).toBe(202);
    expect(retentionRunResultSchema.parse(res.json().data)).toEqual({ rows: [], running: true });
    expect(res.json().message).toMatch(/background/);
    // A second click while it runs starts no second run.
    const again = await slow.app.inject({ method: 'POST', url: PRIVACY_PATHS.retentionRun, headers });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toMatch(/still going on/);
    await expect
      .poll(async () => (await slow.app.inject({ method: 'GET', url: PRIVACY_PATHS.retentionDryRun, headers })).json().data.rows.find((r: { event: string }) => r.event === 'abc').people, { timeout: 20_000 })
      .toBe(0);
    // The audit row is written when the run ends, a moment after its last chunk commits.
    await expect
      .poll(async () => (await slow.app.inject({ method: 'GET', url: `${ADMIN_PATHS.audit}?action=retention-run`, headers })).json().data.rows[0], { timeout: 10_000 })
      .toMatchObject({ eventId: 'abc', actorEmail: DEMO_ORGANIZER.email });
  });
});
