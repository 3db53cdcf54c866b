/**
 * Session doors (docs/sessions.md, "Session doors"): a door paired to a session counts attendance
 * there (not the event's check-in), answers `not_picked` for an Enrolled attendee without a pick of
 * a `picked` session, serves the session's people as its roster, and queues `session.attended`.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKIN_PATHS,
  checkInConfigSchema,
  checkInDeviceSchema,
  EVENT_DAYS_ADMIN_PATHS,
  rosterDataSchema,
  scansDataSchema,
  WEBHOOK_PATHS,
} from '@portal/contracts';
import { rowsOf } from '@portal/db';
import { loadDemoSessions } from '../../demo/demo-sessions.ts';
import { bearer, body, buildTestApp, injectAs, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { startReceiver, type Receiver } from '../../testing/webhook-receiver.ts';
import { pairedDoor } from './testing/paired-door.ts';

const dataOf = <T>(res: LightMyRequestResponse) => body<T>(res).data;

describe('session doors', () => {
  let t: TestApp;
  let receiver: Receiver;
  let admin: string;
  let picked: { id: number; room: string; title: string };
  let open: { id: number };
  const adminCall = (method: 'GET' | 'POST', url: string, payload?: object) => injectAs(t.app, admin, method, url, payload);
  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(text));

  const newDoor = (sessionId: number | undefined) => pairedDoor(t.app, admin, { event: 'nbc', ...(sessionId ? { sessionId } : {}) });
  async function sendScans(token: string, scans: object[]) {
    const res = await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.scans, headers: bearer(token), payload: { scans } });
    expect(res.statusCode, res.body).toBe(200);
    return scansDataSchema.parse(dataOf(res)).results;
  }
  const badgeOf = async (registrationId: number) => {
    const [b] = await query<{ version: number }>(sql`select version from badges where registration_id = ${registrationId}`);
    return t.app.badgeKeys.sign({ registrationId, eventId: 'nbc', version: b!.version });
  };
  const scan = (extra: Record<string, unknown>) => ({ scanId: randomUUID(), scannedAt: new Date().toISOString(), door: 'Room door', ...extra });
  const enrolledWithout = async (sessionId: number) =>
    (
      await query<{ id: number }>(sql`select r.id from registrations r join badges b on b.registration_id = r.id
        where r.event_id = 'nbc' and r.status = 'Enrolled'
          and not exists (select 1 from session_picks p where p.registration_id = r.id and p.session_id = ${sessionId})
          and not exists (select 1 from session_attendance a where a.registration_id = r.id and a.session_id = ${sessionId})
        order by r.id limit 1`)
    )[0]!.id;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await buildTestApp({ env: { DEMO_DATA: 'true' } });
    await loadDemoSessions(t.database.db);
    admin = (await loginOrganizer(t.app)).accessToken;
    [picked] = await query<{ id: number; room: string; title: string }>(sql`select s.id, s.room, s.title from sessions s
      where s.event_id = 'nbc' and s.entry = 'picked' and s.cancelled_at is null
        and exists (select 1 from session_picks p where p.session_id = s.id and p.status = 'Enrolled'
          and not exists (select 1 from session_attendance a where a.session_id = s.id and a.registration_id = p.registration_id))
      order by s.id limit 1`) as [typeof picked];
    [open] = await query<{ id: number }>(sql`select id from sessions where event_id = 'nbc' and entry = 'open' and cancelled_at is null order by id limit 1`) as [typeof open];
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('pairs a door to a session of its event only, and the door learns the session', async () => {
    const wrong = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.devices, { event: 'abc', name: 'Wrong event', sessionId: picked.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('sessionId');
    const missing = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.devices, { event: 'nbc', name: 'No such', sessionId: 999_999 });
    expect(missing.statusCode).toBe(400);
    const bad = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.devices, { event: 'nbc', name: 'Bad id', sessionId: 'x' });
    expect(bad.statusCode).toBe(400);

    const door = await newDoor(picked.id);
    expect(door.pair.session).toMatchObject({ id: picked.id, title: picked.title, room: picked.room, entry: 'picked' });
    const config = await t.app.inject({ method: 'GET', url: CHECKIN_PATHS.config, headers: bearer(door.pair.accessToken) });
    expect(checkInConfigSchema.parse(dataOf(config)).session?.id).toBe(picked.id);
    const list = await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.devices}?event=nbc`);
    const row = dataOf<{ rows: unknown[] }>(list).rows.map((d) => checkInDeviceSchema.parse(d)).find((d) => d.id === door.id);
    expect(row?.session).toEqual({ id: picked.id, title: picked.title });
    // An event door has none.
    expect((await newDoor(undefined)).pair.session ?? null).toBeNull();
  });

  it('counts attendance at a picked session: checked_in once, then already; not_picked for the others; undo takes it back; the event check-in is untouched', async () => {
    const door = await newDoor(picked.id);
    const token = door.pair.accessToken;
    const [picker] = await query<{ id: number; checkedInAt: string | null }>(sql`select p.registration_id as id, b.checked_in_at as "checkedInAt"
      from session_picks p join badges b on b.registration_id = p.registration_id
      where p.session_id = ${picked.id} and p.status = 'Enrolled'
        and not exists (select 1 from session_attendance a where a.session_id = p.session_id and a.registration_id = p.registration_id)
      order by p.registration_id limit 1`);
    const other = await enrolledWithout(picked.id);

    const [first, second] = await sendScans(token, [scan({ code: await badgeOf(picker!.id) }), scan({ code: await badgeOf(picker!.id) })]);
    expect(first!.result).toBe('checked_in');
    expect(second!.result).toBe('already');
    expect(second!.firstCheckIn?.door).toBe(picked.room);
    const [notPicked] = await sendScans(token, [scan({ code: await badgeOf(other) })]);
    expect(notPicked).toMatchObject({ result: 'not_picked', registrationId: other });
    expect(notPicked!.name).toBeTruthy();

    const attendance = await query<{ registrationId: number; picked: boolean; deviceId: number }>(
      sql`select registration_id as "registrationId", picked, device_id as "deviceId" from session_attendance where session_id = ${picked.id} and registration_id in (${picker!.id}, ${other}) order by registration_id`,
    );
    expect(attendance.map((a) => ({ ...a }))).toEqual(
      [
        { registrationId: picker!.id, picked: true, deviceId: door.id },
        { registrationId: other, picked: false, deviceId: door.id },
      ].sort((a, b) => a.registrationId - b.registrationId),
    );
    // The event's check-in is the main doors' business.
    const [after] = await query<{ checkedInAt: string | null }>(sql`select checked_in_at as "checkedInAt" from badges where registration_id = ${picker!.id}`);
    expect(after!.checkedInAt === null ? null : 'set').toBe(picker!.checkedInAt === null ? null : 'set');

    const [undone] = await sendScans(token, [scan({ code: await badgeOf(picker!.id), undo: true })]);
    expect(undone!.result).toBe('undone');
    expect((await query(sql`select 1 from session_attendance where session_id = ${picked.id} and registration_id = ${picker!.id}`)).length).toBe(0);
    expect((await sendScans(token, [scan({ code: await badgeOf(picker!.id) })]))[0]!.result).toBe('checked_in');
  });

  it('admits every enrolled attendee at an open session, and a badge of another event is wrong_event', async () => {
    const door = await newDoor(open.id);
    const someone = await enrolledWithout(open.id);
    expect((await sendScans(door.pair.accessToken, [scan({ code: await badgeOf(someone) })]))[0]!.result).toBe('checked_in');
    const abcCode = t.app.badgeKeys.sign({ registrationId: someone, eventId: 'abc', version: 1 });
    expect((await sendScans(door.pair.accessToken, [scan({ code: abcCode })]))[0]!.result).toBe('wrong_event');
  });

  it("serves a picked session's people as the door's roster, with their attendance there", async () => {
    const door = await newDoor(picked.id);
    const res = await t.app.inject({ method: 'GET', url: `${CHECKIN_PATHS.roster}?limit=1000`, headers: bearer(door.pair.accessToken) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = rosterDataSchema.parse(dataOf(res)).rows;
    const picks = await query<{ id: number }>(sql`select p.registration_id as id from session_picks p join badges b on b.registration_id = p.registration_id
      where p.session_id = ${picked.id} and p.status = 'Enrolled' order by 1`);
    expect(rows.map((r) => r.registrationId).sort((a, b) => a - b)).toEqual(picks.map((p) => p.id));
    const attended = await query<{ id: number }>(sql`select registration_id as id from session_attendance where session_id = ${picked.id}`);
    const seen = new Set(attended.map((a) => a.id));
    for (const row of rows) expect(row.checkedInAt !== null).toBe(seen.has(row.registrationId));
  });

  it('queues session.attended for a first scan only, to an endpoint that subscribes', async () => {
    const created = await adminCall('POST', WEBHOOK_PATHS.webhooks, { url: receiver.url, events: ['session.attended'], description: 'Room counts' });
    expect(created.statusCode, created.body).toBe(201);
    const door = await newDoor(open.id);
    const someone = await enrolledWithout(open.id);
    await sendScans(door.pair.accessToken, [scan({ code: await badgeOf(someone) }), scan({ code: await badgeOf(someone) })]);
    const hooks = await query<{ body: string }>(sql`select body from webhook_deliveries where event_type = 'session.attended' and ordering_key = ${`registration:${someone}`}`);
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]!.body).data).toMatchObject({ sessionId: open.id, registrationId: someone, event: 'nbc' });
  });
});
