/**
 * The program's API (docs/sessions.md) on the engine of the run: the console's sessions (times in
 * the event's zone, validation, cancel with mails), the picking window, joins and leaves signed in
 * and through the registration link, the overlap refusal naming the other session, the audience,
 * the queue with positions, one offer per freed seat, its claim and lapse, a cancelled registration
 * releasing its picks, my agenda by mail and the revocable calendar feed.
 */
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, joinSessionDataSchema, SESSIONS_PATHS, sessionsDataSchema, type AdminSession } from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { issueToken } from '../../lib/registration-tokens.ts';
import { bearer, body, buildTestApp, loginAs, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { mailsTo } from '../../testing/mail-helpers.ts';
import { createReportScopeService } from '../report-scope/report-scope.service.ts';
import { createSessionsService } from './sessions.service.ts';
import { createSession, enrolledAttendees, type Attendee } from './testing/sessions-fixture.ts';

let t: TestApp;
let admin: string;
const clock = Date.now();
const db = () => t.database.db;
/** The job queue's offer run, on the test's clock. */
const offers = (at = clock) => createSessionsService({ db: db(), feedKey: t.config.codeHashKey, scopes: createReportScopeService({ db: db() }), now: () => new Date(at) });
const path = (p: string, params: Record<string, string | number>) => p.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
const join = (who: Attendee, id: number) => t.app.inject({ method: 'POST', url: path(SESSIONS_PATHS.join, { id }), headers: bearer(who.token) });
const leave = (who: Attendee, id: number) => t.app.inject({ method: 'POST', url: path(SESSIONS_PATHS.leave, { id }), headers: bearer(who.token) });
const list = async (who: Attendee) => {
  const res = await t.app.inject({ method: 'GET', url: SESSIONS_PATHS.sessions, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return sessionsDataSchema.parse(body(res).data);
};
const pickStatus = async (sessionId: number, registrationId: number) =>
  rowsOf<{ status: string }>(await db().execute(sql`select status from session_picks where session_id = ${sessionId} and registration_id = ${registrationId}`))[0]?.status ?? null;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  admin = (await loginOrganizer(t.app)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('sessions in the console', () => {
  it('creates a session with times in the event’s time zone, lists and changes it', async () => {
    const s = await createSession(t.app, admin, { title: 'Keynote', startsAt: '2027-03-01T09:00', endsAt: '2027-03-01T10:30', capacity: 300, entry: 'open', audience: null, track: 'General' });
    // 09:00 in Los Angeles in March (PST, UTC-8) is 17:00 UTC.
    expect(s).toMatchObject({ title: 'Keynote', startsAt: '2027-03-01T17:00:00.000Z', endsAt: '2027-03-01T18:30:00.000Z', timeZone: 'America/Los_Angeles', seatsLeft: 300, entry: 'open' });
    const zoned = await createSession(t.app, admin, { startsAt: '2027-03-02T09:00:00Z', endsAt: '2027-03-02T10:00:00Z' });
    expect(zoned.startsAt).toBe('2027-03-02T09:00:00.000Z');

    const res = await t.app.inject({ method: 'PUT', url: path(SESSIONS_PATHS.adminSession, { id: s.id }), headers: bearer(admin), payload: { room: 'Ballroom', capacity: 250 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<AdminSession>(res).data).toMatchObject({ room: 'Ballroom', capacity: 250 });

    const listed = await t.app.inject({ method: 'GET', url: `${SESSIONS_PATHS.adminSessions}?event=nbc`, headers: bearer(admin) });
    expect(body<{ rows: AdminSession[] }>(listed).data.rows.map((r) => r.id)).toContain(s.id);
  });

  it('refuses bad input with the field named, and attendees', async () => {
    const bad = async (payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: SESSIONS_PATHS.adminSessions, headers: bearer(admin), payload: { event: 'nbc', title: 'X', startsAt: '2027-03-02T09:00', endsAt: '2027-03-02T10:00', room: 'R', capacity: 5, entry: 'picked', ...payload } });
      expect(res.statusCode, res.body).toBe(400);
      return body(res).errors?.map((e) => e.field) ?? [];
    };
    expect(await bad({ endsAt: '2027-03-02T08:00' })).toContain('endsAt');
    expect(await bad({ startsAt: '2027-02-30T09:00' })).toContain('startsAt');
    expect(await bad({ capacity: -1 })).toContain('capacity');
    expect(await bad({ entry: 'walk-in' })).toContain('entry');
    expect(await bad({ audience: ['wizard'] })).toContain('audience.0');
    const [someone] = await enrolledAttendees(t.app, db(), 1);
    const res = await t.app.inject({ method: 'GET', url: SESSIONS_PATHS.adminSessions, headers: bearer(someone!.token) });
    expect(res.statusCode).toBe(403);
  });
});

describe('picking sessions', () => {
  it('joins, refuses an overlap naming the other session, and leaves', async () => {
    const [pat] = await enrolledAttendees(t.app, db(), 1);
    const a = await createSession(t.app, admin, { title: 'Fixed Ops Profit', startsAt: '2027-03-02T13:00', endsAt: '2027-03-02T14:00' });
    const b = await createSession(t.app, admin, { title: 'EV Service Readiness', startsAt: '2027-03-02T13:30', endsAt: '2027-03-02T14:30' });
    const c = await createSession(t.app, admin, { title: 'Back to back', startsAt: '2027-03-02T14:00', endsAt: '2027-03-02T15:00' });

    const first = await join(pat!, a.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(joinSessionDataSchema.parse(body(first).data)).toEqual({ status: 'Enrolled' });
    // Joining again changes nothing.
    expect(body(await join(pat!, a.id)).data).toEqual({ status: 'Enrolled' });

    const overlap = await join(pat!, b.id);
    expect(overlap.statusCode).toBe(409);
    expect(body(overlap).message).toContain('Fixed Ops Profit');
    // Ending as the other starts is no overlap.
    expect((await join(pat!, c.id)).statusCode).toBe(200);

    const mine = await list(pat!);
    expect(mine.canPick).toBe(true);
    expect(mine.rows.find((r) => r.id === a.id)).toMatchObject({ mine: 'Enrolled', seatsLeft: 9 });
    expect(mine.rows.find((r) => r.id === b.id)).toMatchObject({ mine: null, conflictsWith: a.id });

    expect((await leave(pat!, a.id)).statusCode).toBe(200);
    expect((await leave(pat!, a.id)).statusCode).toBe(409);
    // b still overlaps c.
    const still = await join(pat!, b.id);
    expect(still.statusCode).toBe(409);
    expect(body(still).message).toContain('Back to back');
    await leave(pat!, c.id);
    expect((await join(pat!, b.id)).statusCode).toBe(200);
  });

  it('keeps a session to its audience, and an unknown or other event’s session is 404', async () => {
    const [expo] = await enrolledAttendees(t.app, db(), 1, { attendeeType: 'expo' });
    const dealers = await createSession(t.app, admin, { title: 'Dealers only', audience: ['dealer'], startsAt: '2027-03-03T08:00', endsAt: '2027-03-03T08:30' });
    expect((await join(expo!, dealers.id)).statusCode).toBe(403);
    expect((await list(expo!)).rows.map((r) => r.id)).not.toContain(dealers.id);
    expect((await join(expo!, 999_999)).statusCode).toBe(404);
    const abc = await createSession(t.app, admin, { event: 'abc', title: 'Other event', startsAt: '2027-03-03T08:00', endsAt: '2027-03-03T08:30' });
    expect((await join(expo!, abc.id)).statusCode).toBe(404);
  });

  it('refuses without an Enrolled registration (403) and outside the window (409)', async () => {
    const [person] = await enrolledAttendees(t.app, db(), 1);
    const s = await createSession(t.app, admin, { startsAt: '2027-03-03T11:00', endsAt: '2027-03-03T12:00' });
    await db().update(schema.registrations).set({ status: 'Pending' }).where(eq(schema.registrations.id, person!.registrationId));
    expect((await join(person!, s.id)).statusCode).toBe(403);
    expect((await list(person!)).canPick).toBe(false);
    // Why not, in the reader's language.
    const french = await t.app.inject({ method: 'GET', url: SESSIONS_PATHS.sessions, headers: { ...bearer(person!.token), 'accept-language': 'fr-CA' } });
    expect(body<{ reason: string }>(french).data.reason).toBe('Vous pourrez choisir vos séances une fois votre inscription à l’événement terminée.');
    expect((await list(person!)).reason).toBe('Sessions are picked once your registration for the event is complete.');
    await db().update(schema.registrations).set({ status: 'Enrolled' }).where(eq(schema.registrations.id, person!.registrationId));

    const put = (payload: object) => t.app.inject({ method: 'PUT', url: path(ADMIN_PATHS.event, { eventType: 'nbc' }), headers: bearer(admin), payload });
    expect((await put({ sessionsOpenAt: new Date(clock + 3_600_000).toISOString() })).statusCode).toBe(200);
    const early = await join(person!, s.id);
    expect(early.statusCode).toBe(409);
    expect(body(early).message).toMatch(/open on/);
    const closed = await put({ sessionsOpenAt: null, sessionsCloseAt: new Date(clock - 60_000).toISOString() });
    expect(body<{ sessionsCloseAt: string }>(closed).data.sessionsCloseAt).not.toBeNull();
    expect((await join(person!, s.id)).statusCode).toBe(409);
    expect((await put({ sessionsOpenAt: '2027-01-02T00:00:00Z', sessionsCloseAt: '2027-01-01T00:00:00Z' })).statusCode).toBe(400);
    expect((await put({ timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    await put({ sessionsCloseAt: null });
    expect((await join(person!, s.id)).statusCode).toBe(200);
  });

  it('queues when full, offers a freed seat to the first in line once, lapses it to the next', async () => {
    const people = await enrolledAttendees(t.app, db(), 5);
    const s = await createSession(t.app, admin, { title: 'Tiny room', capacity: 2, startsAt: '2027-03-04T09:00', endsAt: '2027-03-04T10:00' });
    const answers = [];
    for (const p of people) answers.push(body(await join(p, s.id)).data);
    expect(answers).toEqual([{ status: 'Enrolled' }, { status: 'Enrolled' }, { status: 'Waitlisted', waitlistPosition: 1 }, { status: 'Waitlisted', waitlistPosition: 2 }, { status: 'Waitlisted', waitlistPosition: 3 }]);
    expect((await list(people[4]!)).rows.find((r) => r.id === s.id)).toMatchObject({ mine: 'Waitlisted', waitlistPosition: 3, seatsLeft: 0 });

    // The third leaves the queue: positions close up.
    await leave(people[2]!, s.id);
    expect((await list(people[4]!)).rows.find((r) => r.id === s.id)).toMatchObject({ waitlistPosition: 2 });

    // A seat frees: one offer, to the first in line, with a mail; a second run offers nothing more.
    await leave(people[0]!, s.id);
    const runs = await Promise.all([offers().offerFreedSeats(s.id), offers().offerFreedSeats(s.id)]);
    expect(runs.flatMap((r) => r.offered)).toEqual([people[3]!.registrationId]);
    expect(await pickStatus(s.id, people[3]!.registrationId)).toBe('Offered');
    expect(await mailsTo(db(), people[3]!.email, 'session-offer')).toHaveLength(1);
    expect((await list(people[3]!)).rows.find((r) => r.id === s.id)).toMatchObject({ mine: 'Offered' });

    // Not claimed in time: it lapses (mail) and goes to the next.
    const lapse = await offers(clock + 3 * 24 * 3_600_000).offerFreedSeats(s.id);
    expect(lapse.expired).toEqual([people[3]!.registrationId]);
    expect(lapse.offered).toEqual([people[4]!.registrationId]);
    expect(await mailsTo(db(), people[3]!.email, 'session-offer-expired')).toHaveLength(1);
    // Claimed: a join of an offered seat takes it.
    expect(body(await join(people[4]!, s.id)).data).toEqual({ status: 'Enrolled' });
    expect(await pickStatus(s.id, people[4]!.registrationId)).toBe('Enrolled');
  });

  it('through the registration link: the same answers, the link is not used up', async () => {
    const [person] = await enrolledAttendees(t.app, db(), 1);
    const token = await db().transaction((tx) => issueToken(tx, person!.registrationId, 'revisit', new Date(clock)));
    const s = await createSession(t.app, admin, { startsAt: '2027-03-01T15:00', endsAt: '2027-03-01T16:00' });
    const joined = await t.app.inject({ method: 'POST', url: path(SESSIONS_PATHS.registrationJoin, { token, id: s.id }) });
    expect(joined.statusCode, joined.body).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: path(SESSIONS_PATHS.registrationSessions, { token }) });
    expect(sessionsDataSchema.parse(body(listed).data).rows.find((r) => r.id === s.id)?.mine).toBe('Enrolled');
    expect((await t.app.inject({ method: 'POST', url: path(SESSIONS_PATHS.registrationLeave, { token, id: s.id }) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path(SESSIONS_PATHS.registrationSessions, { token: 'x'.repeat(43) }) })).statusCode).toBe(404);
  });

  it('a cancelled registration releases its picks; a cancelled session mails everyone picked', async () => {
    const people = await enrolledAttendees(t.app, db(), 3);
    const s = await createSession(t.app, admin, { title: 'Compliance workshop', capacity: 1, startsAt: '2027-03-02T16:00', endsAt: '2027-03-02T17:00' });
    await join(people[0]!, s.id);
    await join(people[1]!, s.id);
    const cancel = await t.app.inject({ method: 'POST', url: path(ADMIN_PATHS.registrationCancel, { id: people[0]!.registrationId }), headers: bearer(admin) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await pickStatus(s.id, people[0]!.registrationId)).toBe('Cancelled');
    expect((await offers().offerFreedSeats(s.id)).offered).toEqual([people[1]!.registrationId]);

    await join(people[2]!, s.id);
    const res = await t.app.inject({ method: 'POST', url: path(SESSIONS_PATHS.adminSessionCancel, { id: s.id }), headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<AdminSession>(res).data).toMatchObject({ enrolled: 0, waitlisted: 0, offered: 0 });
    for (const p of people.slice(1)) expect(await mailsTo(db(), p.email, 'session-cancelled')).toHaveLength(1);
    expect(await mailsTo(db(), people[0]!.email, 'session-cancelled')).toHaveLength(0);
    expect((await join(people[2]!, s.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: path(SESSIONS_PATHS.adminSessionCancel, { id: s.id }), headers: bearer(admin) })).statusCode).toBe(409);
  });
});

describe('my agenda', () => {
  it('mails the agenda with an .ics, and serves a revocable feed with nothing but the sessions', async () => {
    const [person] = await enrolledAttendees(t.app, db(), 1);
    const s = await createSession(t.app, admin, { title: 'Agenda item', startsAt: '2027-03-03T13:00', endsAt: '2027-03-03T14:00', room: 'Room 7' });
    await join(person!, s.id);
    const mailed = await t.app.inject({ method: 'POST', url: SESSIONS_PATHS.agendaMail, headers: bearer(person!.token) });
    expect(mailed.statusCode, mailed.body).toBe(200);
    const [mail] = await db().select().from(schema.outbox).where(sql`${schema.outbox.toEmail} = ${person!.email} and ${schema.outbox.kind} = 'session-agenda'`);
    const attachment = mail!.attachments[0]!;
    expect(attachment.filename).toBe('nbc-sessions.ics');
    expect('content' in attachment && Buffer.from(attachment.content, 'base64').toString('utf8')).toContain('SUMMARY:Agenda item');

    const issued = await t.app.inject({ method: 'POST', url: SESSIONS_PATHS.calendar, headers: bearer(person!.token) });
    const url = new URL(body<{ url: string }>(issued).data.url);
    expect(url.pathname).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('SUMMARY:Agenda item');
    expect(feed.body).toContain('LOCATION:Room 7');
    expect(feed.body).not.toContain(person!.email);

    // A new address retires the old one; revoking ends the new one.
    const again = new URL(body<{ url: string }>(await t.app.inject({ method: 'POST', url: SESSIONS_PATHS.calendar, headers: bearer(person!.token) })).data.url);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: again.pathname })).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: SESSIONS_PATHS.calendar, headers: bearer(person!.token) });
    expect((await t.app.inject({ method: 'GET', url: again.pathname })).statusCode).toBe(404);
  });
});

describe('session reports within the reader’s scope', () => {
  it('fills per session and counts by region, zone and district; a region manager sees only their region; xlsx exports', async () => {
    const [inside, outside] = rowsOf<{ dlrnum: string; region: string; zone: string }>(
      await db().execute(sql`(select s.dlrnum, z.region_code as region, z.code as zone from stores s join districts d on d.code = s.district_code join zones z on z.code = d.zone_code where z.region_code = '010' order by s.dlrnum limit 1)
        union all (select s.dlrnum, z.region_code, z.code from stores s join districts d on d.code = s.district_code join zones z on z.code = d.zone_code where z.region_code <> '010' order by s.dlrnum limit 1)`),
    );
    const here = await enrolledAttendees(t.app, db(), 3, { store: inside!.dlrnum, attendeeType: 'dealer' });
    const there = await enrolledAttendees(t.app, db(), 2, { store: outside!.dlrnum, attendeeType: 'dealer' });
    const s = await createSession(t.app, admin, { title: 'Compliance by region', capacity: 100, startsAt: '2027-03-04T13:00', endsAt: '2027-03-04T14:00' });
    for (const p of [...here, ...there]) expect((await join(p, s.id)).statusCode).toBe(200);
    await db().insert(schema.sessionAttendance).values({ sessionId: s.id, registrationId: here[0]!.registrationId, attendedAt: new Date(clock), deviceId: null, picked: true });

    const corporate = (await loginAs(t.app, 'corp.user@corp.example.com', 'CORP27')).accessToken;
    const fill = await t.app.inject({ method: 'GET', url: `${SESSIONS_PATHS.report}?event=nbc`, headers: bearer(corporate) });
    expect(fill.statusCode, fill.body).toBe(200);
    expect(body<{ rows: Array<{ id: number }> }>(fill).data.rows.find((r) => r.id === s.id)).toMatchObject({ capacity: 100, enrolled: 5, waitlisted: 0, attended: 1 });
    expect(body<{ timeZone: string }>(fill).data.timeZone).toBe('America/Los_Angeles');
    const byRegion = await t.app.inject({ method: 'GET', url: `${path(SESSIONS_PATHS.reportHierarchy, { id: s.id })}?reportLevel=Region`, headers: bearer(corporate) });
    const regions = body<{ rows: Array<{ code: string; enrolled: number; attended: number }> }>(byRegion).data.rows;
    expect(regions.find((r) => r.code === '010')).toMatchObject({ enrolled: 3, attended: 1 });
    expect(regions.find((r) => r.code === outside!.region)).toMatchObject({ enrolled: 2, attended: 0 });

    const manager = (await loginAs(t.app, 'region.manager@corp.example.com', 'FIELD27')).accessToken;
    const scoped = await t.app.inject({ method: 'GET', url: `${SESSIONS_PATHS.report}?event=nbc`, headers: bearer(manager) });
    expect(body<{ rows: Array<{ id: number }> }>(scoped).data.rows.find((r) => r.id === s.id)).toMatchObject({ enrolled: 3, attended: 1 });
    const zones = await t.app.inject({ method: 'GET', url: `${path(SESSIONS_PATHS.reportHierarchy, { id: s.id })}?reportLevel=Zone&region=010`, headers: bearer(manager) });
    expect(body<{ rows: Array<{ code: string }> }>(zones).data.rows.map((r) => r.code)).toEqual([inside!.zone]);
    expect((await t.app.inject({ method: 'GET', url: `${path(SESSIONS_PATHS.reportHierarchy, { id: s.id })}?reportLevel=Zone&region=${outside!.region}`, headers: bearer(manager) })).statusCode).toBe(403);

    const xlsx = await t.app.inject({ method: 'GET', url: `${SESSIONS_PATHS.report}?event=nbc&format=xlsx`, headers: bearer(manager) });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const english = await sheetOf(xlsx.rawPayload);
    expect(english.name).toBe('Sessions');
    expect(english.header).toEqual(['Session', 'Starts (UTC)', 'Room', 'Capacity', 'Enrolled', 'Waitlisted', 'Attended']);
    // A French reader gets the sheet and its headers in French, the level included.
    const french = await sheetOf((await t.app.inject({ method: 'GET', url: `${SESSIONS_PATHS.report}?event=nbc&format=xlsx`, headers: { ...bearer(manager), 'accept-language': 'fr-CA' } })).rawPayload);
    expect(french.name).toBe('Séances');
    expect(french.header).toEqual(['Séance', 'Début (UTC)', 'Salle', 'Capacité', 'Inscrits', 'En liste d’attente', 'Présents']);
    const byZone = await t.app.inject({ method: 'GET', url: `${path(SESSIONS_PATHS.reportHierarchy, { id: s.id })}?reportLevel=Region&format=xlsx`, headers: { ...bearer(manager), 'accept-language': 'fr' } });
    expect((await sheetOf(byZone.rawPayload)).header).toEqual(['Région', 'Nom', 'Inscrits', 'Présents']);
    // Attendees read no reports.
    expect((await t.app.inject({ method: 'GET', url: `${SESSIONS_PATHS.report}?event=nbc`, headers: bearer(here[1]!.token) })).statusCode).toBe(403);
  });
});

/** The first sheet's name and header row of a workbook. */
async function sheetOf(bytes: Buffer): Promise<{ name: string; header: unknown[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  return { name: sheet.name, header: (sheet.getRow(1).values as unknown[]).slice(1) };
}
