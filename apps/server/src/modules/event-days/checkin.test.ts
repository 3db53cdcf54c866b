import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  ADMIN_PATHS,
  CHECKIN_PATHS,
  checkInActivitySchema,
  checkInConfigSchema,
  checkInDeviceSchema,
  createdCheckInDeviceSchema,
  EVENT_DAYS_ADMIN_PATHS,
  pairDataSchema,
  rosterDataSchema,
  scansDataSchema,
  type RosterRow,
  type ScanResultRow,
} from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { body, buildTestApp, DEMO, injectAs, loginAs, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { DEMO_DOOR } from '../../demo/demo-accounts.ts';
import { emailHashOf } from '@portal/contracts/checkin';
import { PLACEHOLDER_EMAIL_DOMAIN } from '../../lib/placeholder-email.ts';
import { BadgeKeys, decodePayload } from '../badges/badge-code.ts';
import { pairedDoor } from './testing/paired-door.ts';


describe('door devices and the check-in API', () => {
  let t: TestApp;
  let admin: string;
  let keys: BadgeKeys;

  const adminCall = (method: 'GET' | 'POST', url: string, payload?: object) => injectAs(t.app, admin, method, url, payload);
  const deviceCall = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => injectAs(t.app, token, method, url, payload);

  const newDevice = (extra: { canWalkIn?: boolean; canSubstitute?: boolean; event?: 'nbc' | 'abc' } = {}) => pairedDoor(t.app, admin, { event: 'nbc', ...extra });

  /** Enrolled nbc registrations with their badge version, by id. */
  async function enrolled(event: 'nbc' | 'abc', n: number, offset = 0) {
    return rowsOf<{ id: number; version: number; first: string; last: string }>(
      await t.database.db.execute(sql`
        select r.id, b.version, p.first_name as first, p.last_name as last from registrations r join badges b on b.registration_id = r.id join people p on p.id = r.attendee_id
        where r.event_id = ${event} and r.status = 'Enrolled' and b.checked_in_at is null order by r.id limit ${n} offset ${offset}`),
    );
  }
  const codeOf = (r: { id: number; version: number }, event = 'nbc') => keys.sign({ registrationId: r.id, eventId: event, version: r.version });
  const scan = (extra: Record<string, unknown>) => ({ scanId: randomUUID(), scannedAt: new Date().toISOString(), door: 'Door 2', ...extra });
  const sendScans = async (token: string, scans: object[]) => {
    const res = await deviceCall(token, 'POST', CHECKIN_PATHS.scans, { scans });
    expect(res.statusCode, res.body).toBe(200);
    return scansDataSchema.parse(body(res).data).results;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    keys = t.app.badgeKeys;
    admin = (await loginOrganizer(t.app)).accessToken;
  });
  afterAll(async () => t?.close());

  describe('badge codes', () => {
    it('are EP1.<payload>.<signature>, at most 122 characters, and carry registration, event, version and key id', async () => {
      const [r] = await enrolled('nbc', 1);
      const code = codeOf(r!);
      expect(code.length).toBeLessThanOrEqual(122);
      expect(code).toMatch(/^EP1\.[\w-]+\.[\w-]{86}$/);
      const payload = decodePayload(Buffer.from(code.split('.')[1]!, 'base64url'));
      expect(payload).toEqual({ registrationId: r!.id, eventId: 'nbc', version: r!.version, kid: keys.signer.kid });
      expect(keys.verify(code)).toEqual(payload);
    });

    it('refuse a tampered payload, a tampered signature, a foreign key and junk', async () => {
      const [r] = await enrolled('nbc', 1);
      const code = codeOf(r!);
      const [prefix, payload, signature] = code.split('.') as [string, string, string];
      const bytes = Buffer.from(payload, 'base64url');
      bytes.writeUInt32BE(r!.id + 1, 0);
      expect(keys.verify(`${prefix}.${bytes.toString('base64url')}.${signature}`)).toBeNull();
      const sig = Buffer.from(signature, 'base64url');
      sig.writeUInt8(sig.readUInt8(10) ^ 1, 10);
      expect(keys.verify(`${prefix}.${payload}.${sig.toString('base64url')}`)).toBeNull();
      const other = new BadgeKeys('another-badge-key-0123456789abcdefghijkl');
      expect(keys.verify(other.sign({ registrationId: r!.id, eventId: 'nbc', version: r!.version }))).toBeNull();
      for (const junk of ['', 'EP1..', 'EP1.abc.def', `EP2.${payload}.${signature}`, `${code}x`]) expect(keys.verify(junk)).toBeNull();
    });
  });

  describe('devices', () => {
    it('are created with a one-time pairing code (hashed), paired once, listed and revoked', async () => {
      const res = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.devices, { event: 'nbc', name: 'Hall A', canWalkIn: true });
      expect(res.statusCode).toBe(201);
      const created = createdCheckInDeviceSchema.parse(body(res).data);
      expect(created.pairingCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      expect(new Date(created.pairingExpiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
      const [stored] = await t.database.db.select().from(schema.checkinDevices).where(eq(schema.checkinDevices.id, created.id));
      expect(stored!.pairingCodeHash).not.toContain(created.pairingCode);
      expect(stored!.pairingCodeHash).not.toBeNull();

      const pair = await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.pair, payload: { pairingCode: created.pairingCode.toLowerCase() } });
      expect(pair.statusCode).toBe(200);
      const paired = pairDataSchema.parse(body(pair).data);
      expect(paired).toMatchObject({ deviceId: created.id, name: 'Hall A', event: 'nbc', rights: { walkIn: true, substitute: false } });
      expect(paired.accessToken.startsWith('ckd1.')).toBe(true);
      // Once only.
      const again = await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.pair, payload: { pairingCode: created.pairingCode } });
      expect(again.statusCode).toBe(400);
      expect(body(again).errors).toEqual([{ field: 'pairingCode', message: 'is not valid' }]);

      const config = await deviceCall(paired.accessToken, 'GET', CHECKIN_PATHS.config);
      expect(config.statusCode).toBe(200);
      const data = checkInConfigSchema.parse(body(config).data);
      expect(data.event).toBe('nbc');
      expect(data.publicKeys).toEqual([{ kid: keys.signer.kid, spki: keys.signer.spki }]);

      const list = await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.devices}?event=nbc`);
      const row = checkInDeviceSchema.array().parse(body<{ rows: unknown[] }>(list).data.rows).find((d) => d.id === created.id)!;
      expect(row).toMatchObject({ state: 'paired', canWalkIn: true, scans: 0 });
      expect(row.lastSyncAt).toBeNull();

      const revoke = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.deviceRevoke.replace('{id}', String(created.id)));
      expect(revoke.statusCode).toBe(200);
      expect(checkInDeviceSchema.parse(body(revoke).data)).toMatchObject({ state: 'revoked', holds: { rows: 0, fields: [] } });
      // At once: the next request of the device is refused with the code that tells it to wipe.
      const after = await deviceCall(paired.accessToken, 'GET', CHECKIN_PATHS.roster);
      expect(after.statusCode).toBe(401);
      expect(after.headers['x-checkin-device']).toBe('revoked');
      expect(body(after).errors).toEqual([{ field: 'device', message: 'revoked' }]);
      expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.deviceRevoke.replace('{id}', String(created.id)))).statusCode).toBe(409);
    });

    it('refuses an expired pairing code, bad input, and unknown devices', async () => {
      const res = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.devices, { event: 'nbc', name: 'Late' });
      const created = createdCheckInDeviceSchema.parse(body(res).data);
      await t.database.db.update(schema.checkinDevices).set({ pairingExpiresAt: new Date(Date.now() - 1000) }).where(eq(schema.checkinDevices.id, created.id));
      const pair = await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.pair, payload: { pairingCode: created.pairingCode } });
      expect(pair.statusCode).toBe(400);
      expect(body(pair).message).toMatch(/expired/);
      expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.devices, { event: 'xyz', name: 'x' })).statusCode).toBe(400);
      expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.devices, { event: 'nbc', name: '' })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.pair, payload: {} })).statusCode).toBe(400);
      expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.deviceRevoke.replace('{id}', '999999'))).statusCode).toBe(404);
      // A forged token (good shape, wrong MAC) and an unknown device id with a good MAC.
      const forged = `ckd1.1.${'A'.repeat(16)}.${'B'.repeat(43)}`;
      const res1 = await deviceCall(forged, 'GET', CHECKIN_PATHS.config);
      expect(res1.statusCode).toBe(401);
      expect(res1.headers['x-checkin-device']).toBe('invalid');
    });

    it('pairs the demo door with DOOR-NBC-27 in demo mode only, again and again', async () => {
      const demo = await buildTestApp({ database: t.database, env: { DEMO_DATA: 'true' } });
      const production = await buildTestApp({ database: t.database, env: { DEMO_DATA: 'false' } });
      try {
        for (let i = 0; i < 2; i++) {
          const pair = await demo.app.inject({ method: 'POST', url: CHECKIN_PATHS.pair, payload: { pairingCode: DEMO_DOOR.pairingCode } });
          expect(pair.statusCode).toBe(200);
          expect(pairDataSchema.parse(body(pair).data)).toMatchObject({ name: 'Door 1', event: 'nbc', rights: { walkIn: true, substitute: true } });
        }
        const refused = await production.app.inject({ method: 'POST', url: CHECKIN_PATHS.pair, payload: { pairingCode: DEMO_DOOR.pairingCode } });
        expect(refused.statusCode).toBe(400);
      } finally {
        await demo.close();
        await production.close();
      }
    });
  });

  describe('each door’s count, live', () => {
    it('counts each door’s scans of the last 15 minutes and of the event’s day, its prints, arrivals per hour, and flags devices not synced for 2 minutes', async () => {
      const quiet = await newDevice();
      const busy = await newDevice();
      const [a, b] = await enrolled('nbc', 2, 140);
      const now = Date.now();
      const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
      await sendScans(busy.token, [scan({ code: codeOf(a!), scannedAt: at(5) }), scan({ code: codeOf(a!), scannedAt: at(4) }), scan({ code: codeOf(b!), scannedAt: at(40) })]);
      // The quiet door last synced three minutes ago.
      await t.database.db.update(schema.checkinDevices).set({ lastSyncAt: new Date(now - 3 * 60_000) }).where(eq(schema.checkinDevices.id, quiet.id));
      const res = await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.activity}?event=nbc`);
      expect(res.statusCode, res.body).toBe(200);
      const data = checkInActivitySchema.parse(body(res).data);
      expect(data.timeZone).toBe('America/Los_Angeles');
      const localDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: data.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
      const today = [at(5), at(4), at(40)].filter((iso) => localDay(iso) === localDay(data.asOf)).length;
      expect(data.doors.find((d) => d.deviceId === busy.id)).toMatchObject({ scansLast15Min: 2, scansToday: today, stale: false, state: 'paired', prints: 0 });
      expect(data.doors.find((d) => d.deviceId === quiet.id)).toMatchObject({ scansLast15Min: 0, scansToday: 0, stale: true });
      // Arrivals per local hour, oldest first, the last 48 hours with any: the two check-ins are in theirs.
      const hours = data.arrivalsByHour.map((h) => h.hour);
      expect(hours).toEqual([...hours].sort());
      expect(hours.length).toBeLessThanOrEqual(48);
      const hourOf = (iso: string) => {
        const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: data.timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
        return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:00`;
      };
      for (const iso of [at(5), at(40)]) expect(data.arrivalsByHour.find((h) => h.hour === hourOf(iso))?.arrivals ?? 0).toBeGreaterThanOrEqual(1);
      expect((await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.activity}?event=zzz`)).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: `${EVENT_DAYS_ADMIN_PATHS.activity}?event=nbc` })).statusCode).toBe(401);
    });
  });

  describe('token separation', () => {
    it('a device token reaches only /api/CheckIn/*, and no other token reaches those', async () => {
      const device = await newDevice();
      for (const url of ['/api/Admin/Events', '/api/Report/GetAllRegions', '/api/Report/Arrivals?event=nbc', '/api/Enrollment/GetEnrollmentInfo']) {
        const res = await deviceCall(device.token, 'GET', url);
        expect(res.statusCode, url).toBe(403);
      }
      const attendee = await loginAs(t.app, DEMO.em, 'DEALER27');
      for (const token of [admin, attendee.accessToken]) {
        // Any spelling of the path: the guard matches case-insensitively.
        for (const url of [CHECKIN_PATHS.roster, '/api/checkin/roster', '/API/CHECKIN/Scans']) {
          const res = await deviceCall(token, 'GET', url);
          expect(res.statusCode, url).toBe(403);
        }
      }
      const none = await t.app.inject({ method: 'GET', url: CHECKIN_PATHS.config });
      expect(none.statusCode).toBe(401);
      expect(none.headers['x-checkin-device']).toBe('invalid');
    });
  });

  describe('roster', () => {
    it('answers the event in pages with a delta cursor, cancelled ones included, door fields only', async () => {
      const device = await newDevice();
      const rows: RosterRow[] = [];
      let cursor: string | undefined;
      for (let more = true; more; ) {
        const res = await deviceCall(device.token, 'GET', `${CHECKIN_PATHS.roster}?limit=500${cursor ? `&after=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const data = rosterDataSchema.parse(body(res).data);
        rows.push(...data.rows);
        cursor = data.cursor;
        more = data.more;
      }
      const ids = new Set(rows.map((r) => r.registrationId));
      const [expected] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from badges where event_id = 'nbc'`));
      expect(ids.size).toBe(expected!.n);
      // The door fields, and a keyed hash of the address (search by e-mail) where there is one: never the address.
      expect(Object.keys(rows[0]!).filter((k) => k !== 'emailHash').sort()).toEqual(['attendeeType', 'badgeVersion', 'checkedInAt', 'door', 'firstName', 'lastName', 'registrationId', 'status', 'storeDlrnum', 'storeName']);
      expect(JSON.stringify(rows)).not.toContain('@');
      // The demo's arrivals are there.
      expect(rows.some((r) => r.checkedInAt !== null)).toBe(true);

      // A cancel after the full sync reaches the next delta, with a raised badge version.
      const [target] = await enrolled('nbc', 1, 5);
      const cancel = await adminCall('POST', ADMIN_PATHS.registrationCancel.replace('{id}', String(target!.id)), {});
      expect(cancel.statusCode).toBe(200);
      const delta = await deviceCall(device.token, 'GET', `${CHECKIN_PATHS.roster}?after=${cursor}`);
      const changed = rosterDataSchema.parse(body(delta).data).rows.find((r) => r.registrationId === target!.id);
      expect(changed).toMatchObject({ status: 'Cancelled', badgeVersion: target!.version + 1 });

      expect((await deviceCall(device.token, 'GET', `${CHECKIN_PATHS.roster}?after=junk!`)).statusCode).toBe(400);
      expect((await deviceCall(device.token, 'GET', `${CHECKIN_PATHS.roster}?after=1_2_x`)).statusCode).toBe(400);
      expect((await deviceCall(device.token, 'GET', `${CHECKIN_PATHS.roster}?event=abc`)).statusCode).toBe(403);
    });
  });

  describe('search by e-mail', () => {
    it('roster rows carry the keyed hash the door computes from a typed address; none for a placeholder address', async () => {
      const device = await newDevice();
      const [withEmail, named] = await enrolled('nbc', 2, 200);
      const [person] = rowsOf<{ id: number; email: string }>(
        await t.database.db.execute(sql`select p.id, p.email from registrations r join people p on p.id = r.attendee_id where r.id = ${withEmail!.id}`),
      );
      // A person enrolled by name only has a placeholder address: nothing to find them by.
      await t.database.db.execute(sql`update people set email = ${`name-only-${named!.id}@${PLACEHOLDER_EMAIL_DOMAIN}`}
        where id = (select attendee_id from registrations where id = ${named!.id})`);
      const config = checkInConfigSchema.parse(body(await deviceCall(device.token, 'GET', CHECKIN_PATHS.config)).data);
      expect(config.emailHashKey).toMatch(/^[\w-]{43}$/);
      // The event's name in each language, for a door that switches its language offline.
      expect(config.eventNames).toEqual({ en: config.eventName, 'fr-CA': 'Congrès national des affaires 2027' });
      const rows: RosterRow[] = [];
      let cursor: string | undefined;
      for (let more = true; more; ) {
        const data = rosterDataSchema.parse(body(await deviceCall(device.token, 'GET', `${CHECKIN_PATHS.roster}?limit=5000${cursor ? `&after=${cursor}` : ''}`)).data);
        rows.push(...data.rows);
        cursor = data.cursor;
        more = data.more;
      }
      const row = rows.find((r) => r.registrationId === withEmail!.id)!;
      // What the door computes (WebCrypto, @portal/contracts/checkin) from the address as a person would type it.
      expect(row.emailHash).toBe(await emailHashOf(config.emailHashKey!, ` ${person!.email.toUpperCase()} `));
      expect(row.emailHash).toMatch(/^[\w-]{22}$/);
      expect(rows.find((r) => r.registrationId === named!.id)).not.toHaveProperty('emailHash');
      // Distinct people, distinct hashes.
      const hashes = rows.flatMap((r) => (r.emailHash ? [r.emailHash] : []));
      expect(new Set(hashes).size).toBe(hashes.length);
      expect(JSON.stringify(rows)).not.toContain(person!.email);

      // Per event: another event's key gives another hash of the same address; every device of an event gets the same key.
      const abc = await newDevice({ event: 'abc' });
      const abcConfig = checkInConfigSchema.parse(body(await deviceCall(abc.token, 'GET', CHECKIN_PATHS.config)).data);
      expect(abcConfig.emailHashKey).not.toBe(config.emailHashKey);
      const other = checkInConfigSchema.parse(body(await deviceCall((await newDevice()).token, 'GET', CHECKIN_PATHS.config)).data);
      expect(other.emailHashKey).toBe(config.emailHashKey);
    });
  });

  describe('scans', () => {
    it('answers checked_in, already, invalid, cancelled, wrong_event and undone', async () => {
      const device = await newDevice();
      const [a, b, c] = await enrolled('nbc', 3, 20);
      const [abc] = await enrolled('abc', 1);
      await adminCall('POST', ADMIN_PATHS.registrationCancel.replace('{id}', String(c!.id)), {});
      const first = scan({ code: codeOf(a!), scannedAt: '2027-03-01T08:14:00.000Z', door: 'Door 2' });
      const results = await sendScans(device.token, [
        first,
        scan({ code: codeOf(a!) }),
        scan({ code: `${codeOf(b!).slice(0, -2)}AA` }),
        scan({ code: codeOf(c!) }),
        scan({ code: codeOf(abc!, 'abc') }),
        scan({ registrationId: b!.id }),
        scan({ registrationId: b!.id, undo: true }),
        scan({ registrationId: 99_999_999 }),
        scan({ code: 'not a badge' }),
      ]);
      expect(results.map((r) => r.result)).toEqual(['checked_in', 'already', 'invalid', 'cancelled', 'wrong_event', 'checked_in', 'undone', 'invalid', 'invalid']);
      expect(results[0]).toMatchObject({ registrationId: a!.id, name: `${a!.first} ${a!.last}` });
      expect(results[1]!.firstCheckIn).toEqual({ at: '2027-03-01T08:14:00.000Z', door: 'Door 2' });
      const [state] = await t.database.db.select().from(schema.badges).where(eq(schema.badges.registrationId, b!.id));
      expect(state!.checkedInAt).toBeNull();
      // Every scan kept in the log.
      const [logged] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from checkin_scans where device_id = ${device.id}`));
      expect(logged!.n).toBe(9);
    });

    it('answers a badge not on the door list with what the door shows (names, store), and records the doorkeeper’s offline choice', async () => {
      const device = await newDevice();
      const [admitted, refused] = await enrolled('nbc', 2, 100);
      const store = rowsOf<{ dlrnum: string | null; name: string | null }>(
        await t.database.db.execute(sql`select r.store_dlrnum as dlrnum, s.name from registrations r left join stores s on s.dlrnum = r.store_dlrnum where r.id = ${admitted!.id}`),
      )[0]!;
      const results = await sendScans(device.token, [scan({ code: codeOf(admitted!), decision: 'admitted' }), scan({ code: codeOf(refused!), decision: 'refused' })]);
      expect(results.map((r) => r.result)).toEqual(['checked_in', 'refused']);
      expect(results[0]).toMatchObject({ registrationId: admitted!.id, firstName: admitted!.first, lastName: admitted!.last, ...(store.dlrnum ? { storeDlrnum: store.dlrnum, storeName: store.name } : {}) });
      expect(results[1]).toMatchObject({ registrationId: refused!.id, name: `${refused!.first} ${refused!.last}` });
      // The refused one is not checked in; both choices are kept in the scan log.
      const [state] = await t.database.db.select().from(schema.badges).where(eq(schema.badges.registrationId, refused!.id));
      expect(state!.checkedInAt).toBeNull();
      const logged = await t.database.db
        .select({ registrationId: schema.checkinScans.registrationId, result: schema.checkinScans.result, decision: schema.checkinScans.decision })
        .from(schema.checkinScans)
        .where(eq(schema.checkinScans.deviceId, device.id))
        .orderBy(schema.checkinScans.registrationId);
      expect(logged).toEqual(
        [
          { registrationId: admitted!.id, result: 'checked_in', decision: 'admitted' },
          { registrationId: refused!.id, result: 'refused', decision: 'refused' },
        ].sort((x, y) => x.registrationId - y.registrationId),
      );
      const bad = await deviceCall(device.token, 'POST', CHECKIN_PATHS.scans, { scans: [scan({ code: codeOf(admitted!), decision: 'maybe' })] });
      expect(bad.statusCode).toBe(400);
    });

    it('an old badge (cancel and re-enrol raise the version) is refused', async () => {
      const device = await newDevice();
      const [r] = await enrolled('nbc', 1, 40);
      const old = codeOf(r!);
      await t.database.db.update(schema.registrations).set({ status: 'Cancelled' }).where(eq(schema.registrations.id, r!.id));
      await t.database.db.update(schema.registrations).set({ status: 'Enrolled' }).where(eq(schema.registrations.id, r!.id));
      const [badge] = await t.database.db.select().from(schema.badges).where(eq(schema.badges.registrationId, r!.id));
      expect(badge!.version).toBe(r!.version + 2);
      const results = await sendScans(device.token, [scan({ code: old }), scan({ code: codeOf({ id: r!.id, version: badge!.version }) })]);
      expect(results.map((x) => x.result)).toEqual(['invalid', 'checked_in']);
    });

    it('is idempotent by scanId: a retried batch changes nothing and answers the same results', async () => {
      const device = await newDevice();
      const people = await enrolled('nbc', 5, 60);
      const batch = people.map((p) => scan({ code: codeOf(p) }));
      const first = await sendScans(device.token, batch);
      const again = await sendScans(device.token, batch);
      expect(again).toEqual(first);
      expect(first.every((r) => r.result === 'checked_in')).toBe(true);
      const [logged] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from checkin_scans where device_id = ${device.id}`));
      expect(logged!.n).toBe(5);
    });

    it('four doors with overlapping batches and retries give exactly one arrival each', async () => {
      const doors = await Promise.all([0, 1, 2, 3].map(() => newDevice()));
      const people = await enrolled('nbc', 40, 100);
      // Each door scans every person once (a crowd going through all doors), in its own order, in 4 batches; each batch is sent twice.
      const sends: Array<Promise<ScanResultRow[]>> = [];
      const perDoor = doors.map((door, i) => {
        const scans = [...people].sort((x, y) => ((x.id * (i + 3)) % 41) - ((y.id * (i + 3)) % 41)).map((p) => scan({ code: codeOf(p), door: `Door ${i + 1}` }));
        return { door, scans };
      });
      for (let part = 0; part < 4; part++) {
        for (const { door, scans } of perDoor) {
          const batch = scans.slice(part * 10, part * 10 + 12); // overlapping by two
          sends.push(sendScans(door.token, batch), sendScans(door.token, batch));
        }
      }
      const results = (await Promise.all(sends)).flat();
      const checkedIn = results.filter((r) => r.result === 'checked_in');
      const distinct = new Set(checkedIn.map((r) => r.scanId));
      expect(new Set(results.map((r) => r.result))).toEqual(new Set(['checked_in', 'already']));
      // One check-in scan per person, whatever the retries answered.
      const byPerson = new Map<number, Set<string>>();
      for (const r of checkedIn) byPerson.set(r.registrationId!, (byPerson.get(r.registrationId!) ?? new Set()).add(r.scanId));
      expect(byPerson.size).toBe(people.length);
      expect([...byPerson.values()].every((s) => s.size === 1)).toBe(true);
      expect(distinct.size).toBe(people.length);
      const [log] = rowsOf<{ n: number; checkins: number }>(
        await t.database.db.execute(sql`select count(*)::int as n, count(*) filter (where result = 'checked_in')::int as checkins from checkin_scans
          where device_id in (${sql.join(doors.map((d) => sql`${d.id}::int`), sql`, `)})`),
      );
      expect(log).toEqual({ n: 4 * people.length, checkins: people.length });
      const arrived = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.badges)
        .where(and(sql`${schema.badges.registrationId} in (${sql.join(people.map((p) => sql`${p.id}::int`), sql`, `)})`, sql`${schema.badges.checkedInAt} is not null`));
      expect(arrived[0]!.n).toBe(people.length);
    });

    it('reports two offline doors that both admitted one badge as a conflict', async () => {
      const [d1, d2] = [await newDevice(), await newDevice()];
      const [p] = await enrolled('nbc', 1);
      const offlineAt = new Date(Date.now() - 60_000).toISOString();
      expect((await sendScans(d1.token, [scan({ code: codeOf(p!), scannedAt: offlineAt, door: 'North' })]))[0]!.result).toBe('checked_in');
      const second = await sendScans(d2.token, [scan({ code: codeOf(p!), scannedAt: new Date(Date.now() - 30_000).toISOString(), door: 'South' })]);
      expect(second[0]).toMatchObject({ result: 'already', firstCheckIn: { at: offlineAt, door: 'North' } });
      // A later scan at a door that could know is no conflict.
      await sendScans(d2.token, [scan({ code: codeOf(p!), scannedAt: new Date(Date.now() + 1000).toISOString() })]);
      const res = await adminCall('GET', `${EVENT_DAYS_ADMIN_PATHS.conflicts}?event=nbc`);
      const rows = body<{ rows: Array<{ registrationId: number; first: { door: string }; second: { door: string } }> }>(res).data.rows.filter((r) => r.registrationId === p!.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ first: { door: 'North' }, second: { door: 'South' } });
    });

    it('refuses bad batches at the edge: too many, bad ids, both code and registrationId', async () => {
      const device = await newDevice();
      const many = Array.from({ length: 501 }, () => scan({ registrationId: 1 }));
      expect((await deviceCall(device.token, 'POST', CHECKIN_PATHS.scans, { scans: many })).statusCode).toBe(400);
      expect((await deviceCall(device.token, 'POST', CHECKIN_PATHS.scans, { scans: [scan({ scanId: 'nope', registrationId: 1 })] })).statusCode).toBe(400);
      expect((await deviceCall(device.token, 'POST', CHECKIN_PATHS.scans, { scans: [scan({ registrationId: 1, code: 'x' })] })).statusCode).toBe(400);
      expect((await deviceCall(device.token, 'POST', CHECKIN_PATHS.scans, { scans: [scan({ registrationId: 1, scannedAt: 'yesterday' })] })).statusCode).toBe(400);
      expect((await deviceCall(device.token, 'POST', CHECKIN_PATHS.scans, { scans: [] })).statusCode).toBe(400);
      // 500 scans fit.
      const five = Array.from({ length: 500 }, () => scan({ registrationId: 1 }));
      expect((await deviceCall(device.token, 'POST', CHECKIN_PATHS.scans, { scans: five })).statusCode).toBe(200);
    });
  });
});
