/**
 * What a door device may do beyond scanning (docs/security.md, door devices): walk-ins and
 * substitutions name only people of the event's roster (others answer 404 without a name), an
 * e-mail on file is used only with matching names, a person a door creates is unconfirmed (no store
 * login until confirmed by mail), walk-ins stay within the capacity, every walk-in is audited with
 * the device; and a device token ends with its event, retention revoking what is left and deleting
 * the event's scan log.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_PATHS, EVENT_DAYS_ADMIN_PATHS, substituteDataSchema, walkInDataSchema } from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { loadConfig } from '../../config.ts';
import { bearer, body, buildTestApp, DEMO, injectAs, login, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { confirmEmailFromOutbox, mailsTo } from '../../testing/mail-helpers.ts';
import { retentionPlan, runRetention } from '../privacy/retention.ts';
import { deviceTokenEnd } from './device-auth.ts';
import { pairedDoor } from './testing/paired-door.ts';

/** nbc runs 2027-03-02 to 2027-03-04, abc ends 2027-09-16. */
let clock = Date.parse('2027-03-03T10:00:00Z');
let t: TestApp;

const organizer = async () => (await loginOrganizer(t.app)).accessToken;

const device = async (event: 'nbc' | 'abc', rights: { canWalkIn?: boolean; canSubstitute?: boolean } = {}) => pairedDoor(t.app, await organizer(), { event, name: `Desk ${randomUUID().slice(0, 4)}`, ...rights });

/** Whether the store's roster-only dealer code (DEALER27, store 10001's roster) logs this address in. */
const loggedIn = async (email: string) => {
  const res = await login(t.app, { userName: email, password: 'DEALER27' });
  return res.statusCode === 200 && (res.json() as { succeeded: boolean }).succeeded;
};

const post = (token: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** Someone the door may not name: no store, no nbc registration. */
async function offRoster() {
  const [row] = rowsOf<{ id: number; first: string; last: string; email: string }>(
    await t.database.db.execute(sql`
      select p.id, p.first_name as first, p.last_name as last, p.email from people p
      where p.store_dlrnum is null and not exists (select 1 from registrations r where r.attendee_id = p.id and r.event_id = 'nbc')
      order by p.id limit 1`),
  );
  return row!;
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
}, 120_000);
afterAll(async () => t?.close());

describe('walk-ins and substitutions from a door', () => {
  it('answer 404 without a name for an id outside the event’s roster, and for someone of another store', async () => {
    const door = await device('nbc', { canWalkIn: true, canSubstitute: true });
    const stranger = await offRoster();
    for (const payload of [{ personId: stranger.id }, { personId: 99_999_999 }]) {
      const res = await post(door.token, CHECKIN_PATHS.walkIns, payload);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(stranger.first);
      expect(res.body).not.toContain(stranger.last);
    }
    // A store named: only that store's roster.
    const [other] = rowsOf<{ id: number; first: string; last: string }>(
      await t.database.db.execute(sql`select id, first_name as first, last_name as last from people where store_dlrnum is not null and store_dlrnum <> '10001' order by id limit 1`),
    );
    const wrongStore = await post(door.token, CHECKIN_PATHS.walkIns, { personId: other!.id, storeDlrnum: '10001' });
    expect(wrongStore.statusCode).toBe(404);
    expect(wrongStore.body).not.toContain(other!.last);

    // Substitution: the colleague must be on the registration's store roster, else 404 without a name.
    const [reg] = rowsOf<{ id: number; store: string }>(
      await t.database.db.execute(sql`select r.id, r.store_dlrnum as store from registrations r where r.event_id = 'nbc' and r.status = 'Enrolled' and r.store_dlrnum is not null and r.store_dlrnum <> ${other!.id} order by r.id limit 1`),
    );
    const [outsider] = rowsOf<{ id: number; last: string }>(
      await t.database.db.execute(sql`select id, last_name as last from people where store_dlrnum is not null and store_dlrnum <> ${reg!.store} order by id limit 1`),
    );
    for (const personId of [outsider!.id, stranger.id]) {
      const res = await post(door.token, CHECKIN_PATHS.substitutions, { registrationId: reg!.id, personId });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(outsider!.last);
      expect(res.body).not.toContain(stranger.last);
    }
    // The console is not bound by the door's limits: it may name anyone (and says why it refuses).
    const console = await injectAs(t.app, await organizer(), 'POST', EVENT_DAYS_ADMIN_PATHS.walkIns, { event: 'nbc', personId: stranger.id, checkIn: false });
    expect(console.statusCode, console.body).toBe(201);
  });

  it('use an e-mail on file only for a roster person whose names match, saying nothing of them otherwise', async () => {
    const door = await device('nbc', { canWalkIn: true });
    const wrongNames = await post(door.token, CHECKIN_PATHS.walkIns, { email: DEMO.gm, firstName: 'Some', lastName: 'Body', checkIn: false });
    expect(wrongNames.statusCode).toBe(409);
    expect(wrongNames.body).not.toMatch(/Jordan|Lee/);
    const stranger = await offRoster();
    const notOnRoster = await post(door.token, CHECKIN_PATHS.walkIns, { email: stranger.email, firstName: stranger.first, lastName: stranger.last, checkIn: false });
    expect(notOnRoster.statusCode).toBe(409);
    const right = await post(door.token, CHECKIN_PATHS.walkIns, { email: DEMO.gm.toUpperCase(), firstName: 'jordan', lastName: 'LEE', checkIn: false });
    expect(right.statusCode, right.body).toBe(201);
    expect(walkInDataSchema.parse(body(right).data).name).toBe('Jordan Lee');
  });

  it('create a new person unconfirmed: no login with the store’s roster-only code until the mailed link is opened', async () => {
    const door = await device('nbc', { canWalkIn: true, canSubstitute: true });
    const email = `planted-${randomUUID().slice(0, 8)}@example.com`;
    const res = await post(door.token, CHECKIN_PATHS.walkIns, { email, firstName: 'Plant', lastName: 'Ed', storeDlrnum: '10001', door: 'Door 4' });
    expect(res.statusCode, res.body).toBe(201);
    const [person] = await t.database.db.select().from(schema.people).where(eq(schema.people.email, email));
    expect(person).toMatchObject({ storeDlrnum: '10001', emailVerified: false });
    expect((await mailsTo(t.database.db, email, 'confirm-email')).length).toBe(1);
    // The roster-only dealer code of the store does not open with the planted address...
    expect(await loggedIn(email)).toBe(false);
    // ...until its owner confirms it from the mail.
    await confirmEmailFromOutbox(t.app, t.database.db, email);
    expect(await loggedIn(email)).toBe(true);

    // The same for a colleague a door substitutes in.
    const [reg] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select r.id from registrations r where r.event_id = 'nbc' and r.status = 'Enrolled' and r.store_dlrnum = '10001' order by r.id desc limit 1`),
    );
    const colleague = `colleague-${randomUUID().slice(0, 8)}@example.com`;
    const sub = await post(door.token, CHECKIN_PATHS.substitutions, { registrationId: reg!.id, email: colleague, firstName: 'Cole', lastName: 'League' });
    expect(sub.statusCode, sub.body).toBe(200);
    const [subbed] = await t.database.db.select().from(schema.people).where(eq(schema.people.id, substituteDataSchema.parse(body(sub).data).personId));
    expect(subbed).toMatchObject({ storeDlrnum: '10001', emailVerified: false });
    expect(await loggedIn(colleague)).toBe(false);
  });

  it('stay within the event’s capacity (the console may go beyond it), and every walk-in is audited with the device', async () => {
    const door = await device('nbc', { canWalkIn: true });
    await t.database.db.execute(sql`update events set capacity = (select count(*)::int from registrations where event_id = 'nbc' and status in ('Enrolled', 'Offered')) where id = 'nbc'`);
    try {
      const full = await post(door.token, CHECKIN_PATHS.walkIns, { email: `full-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Too', lastName: 'Many' });
      expect(full.statusCode).toBe(409);
      expect(body(full).message).toMatch(/is full/);
      const console = await injectAs(t.app, await organizer(), 'POST', EVENT_DAYS_ADMIN_PATHS.walkIns, { event: 'nbc', email: `desk-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Desk', lastName: 'Guest' });
      expect(console.statusCode, console.body).toBe(201);
    } finally {
      await t.database.db.execute(sql`update events set capacity = null where id = 'nbc'`);
    }
    const ok = await post(door.token, CHECKIN_PATHS.walkIns, { email: `fits-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Fits', lastName: 'In' });
    expect(ok.statusCode, ok.body).toBe(201);
    const rows = await t.database.db.select().from(schema.auditLog).where(and(eq(schema.auditLog.action, 'walk-in'), eq(schema.auditLog.actorEmail, `device:${door.id}`)));
    expect(rows.map((r) => [r.success, r.detail?.deviceId, r.detail?.status ?? 201])).toEqual(
      expect.arrayContaining([
        [false, door.id, 409],
        [true, door.id, 201],
      ]),
    );
    expect(rows.find((r) => r.success)?.detail).toMatchObject({ deviceName: expect.stringMatching(/^Desk /), newPerson: true, emailConfirmed: false });
  });
});

describe('device tokens end with the event', () => {
  it('a token works until the end of the event’s last day plus the grace (24 h by default), then answers 401 revoked', async () => {
    const door = await device('nbc');
    const config = () => t.app.inject({ method: 'GET', url: CHECKIN_PATHS.config, headers: bearer(door.token) });
    expect((await config()).statusCode).toBe(200);
    expect(deviceTokenEnd('2027-03-04', 24).toISOString()).toBe('2027-03-06T00:00:00.000Z');
    clock = Date.parse('2027-03-05T23:59:00Z');
    expect((await config()).statusCode).toBe(200);
    clock = Date.parse('2027-03-06T00:00:00Z');
    const over = await config();
    expect(over.statusCode).toBe(401);
    expect(over.headers['x-checkin-device']).toBe('revoked');
    // Configurable, and checked at the edge.
    expect(loadConfig({ CHECKIN_DEVICE_GRACE_HOURS: '0' }).checkInDeviceGraceHours).toBe(0);
    expect(loadConfig({}).checkInDeviceGraceHours).toBe(24);
    expect(() => loadConfig({ CHECKIN_DEVICE_GRACE_HOURS: '-1' })).toThrow(/CHECKIN_DEVICE_GRACE_HOURS/);
  });

  it('retention revokes the event’s devices left and deletes its scan log with its registrations', async () => {
    clock = Date.parse('2027-09-10T10:00:00Z');
    const abcDoor = await device('abc');
    const nbcScans = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from checkin_scans where event_id = 'nbc'`))[0]!.n;
    const [reg] = rowsOf<{ id: number; version: number }>(
      await t.database.db.execute(sql`select r.id, b.version from registrations r join badges b on b.registration_id = r.id where r.event_id = 'abc' and r.status = 'Enrolled' order by r.id limit 1`),
    );
    const code = t.app.badgeKeys.sign({ registrationId: reg!.id, eventId: 'abc', version: reg!.version });
    const scans = await post(abcDoor.token, CHECKIN_PATHS.scans, {
      scans: [code, 'not a badge'].map((c) => ({ scanId: randomUUID(), code: c, scannedAt: new Date(clock).toISOString(), door: 'Hall' })),
    });
    expect(scans.statusCode, scans.body).toBe(200);
    const nbcBefore = await nbcScans();
    await t.database.db.insert(schema.eventRetention).values({ eventId: 'abc', retentionDays: 30 }).onConflictDoUpdate({ target: schema.eventRetention.eventId, set: { retentionDays: 30 } });

    const now = new Date('2027-11-02T12:00:00Z');
    const plan = (await retentionPlan(t.database.db, now)).find((p) => p.event === 'abc');
    expect(plan).toMatchObject({ due: true, scanLogs: 2 });
    const [outcome] = await runRetention(t.database.db, now, { pace: { peopleBatch: 500, minGapMs: 0, pauseRatio: 0 } });
    expect(outcome).toMatchObject({ event: 'abc', scanLogs: 2 });
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from checkin_scans where event_id = 'abc'`))[0]!.n).toBe(0);
    expect(await nbcScans()).toBe(nbcBefore);
    const [revoked] = await t.database.db.select().from(schema.checkinDevices).where(eq(schema.checkinDevices.id, abcDoor.id));
    expect(revoked!.revokedAt).not.toBeNull();
    const nbcLive = await t.database.db.select().from(schema.checkinDevices).where(and(eq(schema.checkinDevices.eventId, 'nbc'), sql`${schema.checkinDevices.revokedAt} is null`));
    expect(nbcLive.length).toBeGreaterThan(0);
  });
});
