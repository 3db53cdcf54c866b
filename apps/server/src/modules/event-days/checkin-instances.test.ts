/**
 * The door API on PostgreSQL with two instances on one database (docs/event-days.md, "Several instances"):
 * four doors send overlapping batches alternately to both, each batch sent twice at once (a retry
 * after a lost answer) and once more later → each attendee exactly one arrival, every scan logged
 * once, the same answers on every retry; a device revoked on one instance is refused at once on the
 * other (the device row is read on every request: no cache to invalidate); and behind one address (a
 * round-robin proxy on loopback, as a load balancer), two doors scanning the same badge at the same
 * moment through both instances give one arrival. PostgreSQL only: one
 * PGlite database has one owner, so two instances cannot each hold their own connection to it.
 */
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, CHECKIN_PATHS, EVENT_DAYS_ADMIN_PATHS, scansDataSchema, type ScanResultRow } from '@portal/contracts';
import { openDatabase, rowsOf, type Database } from '@portal/db';
import { isPostgresRun } from '@portal/db/testing';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { bearer, buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { pairedDoor } from './testing/paired-door.ts';

type Body<T = unknown> = { succeeded: boolean; data: T; errors?: Array<{ field: string; message: string }> };
const dataOf = <T>(res: { json(): unknown }) => (res.json() as Body<T>).data;

describe.skipIf(!isPostgresRun())('the door API with two instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;
  let secondDatabase: Database;
  let admin: string;

  beforeAll(async () => {
    first = await buildTestApp();
    // The second instance: its own connection pool on the same database.
    const [row] = rowsOf<{ name: string }>(await first.database.db.execute(sql`select current_database() as name`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    secondDatabase = await openDatabase({ url: url.toString(), poolSize: 5, poolWaitMs: 60_000 });
    second = await buildTestApp({ database: secondDatabase });
    const res = await first.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
    admin = dataOf<{ accessToken: string }>(res).accessToken;
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  const instances = () => [first, second];

  // Paired on the other instance than the one that registered it.
  const newDevice = (on: TestApp, name: string) => pairedDoor(on.app, admin, { event: 'nbc', name }, (on === first ? second : first).app);

  async function send(on: TestApp, token: string, scans: object[]): Promise<ScanResultRow[]> {
    const res = await on.app.inject({ method: 'POST', url: CHECKIN_PATHS.scans, headers: bearer(token), payload: { scans } });
    expect(res.statusCode, res.body).toBe(200);
    return scansDataSchema.parse(dataOf(res)).results;
  }

  it('four doors, overlapping batches to both instances with retries: one arrival each, every scan logged, the same answers on retry', async () => {
    const doors = await Promise.all([0, 1, 2, 3].map((i) => newDevice(instances()[i % 2]!, `Gate ${i + 1}`)));
    const people = rowsOf<{ id: number; version: number }>(
      await first.database.db.execute(sql`select r.id, b.version from registrations r join badges b on b.registration_id = r.id
        where r.event_id = 'nbc' and r.status = 'Enrolled' and b.checked_in_at is null order by r.id limit 60`),
    );
    expect(people.length).toBe(60);
    const code = (p: { id: number; version: number }) => first.app.badgeKeys.sign({ registrationId: p.id, eventId: 'nbc', version: p.version });
    // Each door scans everyone once, in its own order (by badge or, every fifth, by name), in five batches overlapping by two.
    const batches = doors.flatMap((door, i) => {
      const scans = [...people]
        .sort((x, y) => ((x.id * (i + 7)) % 61) - ((y.id * (i + 7)) % 61))
        .map((p, n) => ({ scanId: randomUUID(), scannedAt: new Date(Date.now() - 60_000 + n * 100).toISOString(), door: `Gate ${i + 1}`, ...(n % 5 === 4 ? { registrationId: p.id } : { code: code(p) }) }));
      return [0, 1, 2, 3, 4].map((part) => ({ door, index: i, part, scans: scans.slice(part * 12, part * 12 + 14) }));
    });

    // Alternately to both instances; each batch twice at once, one copy to each instance (the retry of a lost answer).
    const answered = await Promise.all(
      batches.map(async (batch) => {
        const [a, b] = batch.index % 2 === batch.part % 2 ? [first, second] : [second, first];
        const [one, two] = await Promise.all([send(a, batch.door.token, batch.scans), send(b, batch.door.token, batch.scans)]);
        expect(two).toEqual(one);
        return one;
      }),
    );
    const results = new Map(answered.flat().map((r) => [r.scanId, r]));
    expect(results.size).toBe(4 * people.length);
    expect(new Set([...results.values()].map((r) => r.result))).toEqual(new Set(['checked_in', 'already']));

    // Exactly one arrival per person, whatever instance or retry answered.
    const arrivals = new Map<number, string[]>();
    for (const r of results.values()) if (r.result === 'checked_in') arrivals.set(r.registrationId!, [...(arrivals.get(r.registrationId!) ?? []), r.scanId]);
    expect(arrivals.size).toBe(people.length);
    expect([...arrivals.values()].every((scanIds) => scanIds.length === 1)).toBe(true);
    // Every `already` names the arrival's time and door.
    const arrivalOf = new Map<number, { at: string; door: string }>();
    for (const batch of batches) {
      for (const s of batch.scans) {
        const r = results.get(s.scanId)!;
        if (r.result === 'checked_in') arrivalOf.set(r.registrationId!, { at: s.scannedAt, door: s.door });
      }
    }
    for (const r of results.values()) if (r.result === 'already') expect(r.firstCheckIn).toEqual(arrivalOf.get(r.registrationId!));

    // The scan log: every scan once, one check-in per person; the badges agree.
    const ids = sql.join(doors.map((d) => sql`${d.id}::int`), sql`, `);
    const [log] = rowsOf<{ n: number; distinct: number; checkins: number }>(
      await second.database.db.execute(sql`select count(*)::int as n, count(distinct (device_id, scan_id))::int as distinct,
        count(*) filter (where result = 'checked_in')::int as checkins from checkin_scans where device_id in (${ids})`),
    );
    expect(log).toEqual({ n: 4 * people.length, distinct: 4 * people.length, checkins: people.length });
    const [arrived] = rowsOf<{ n: number }>(
      await first.database.db.execute(sql`select count(*)::int as n from badges where checked_in_at is not null
        and registration_id in (${sql.join(people.map((p) => sql`${p.id}::int`), sql`, `)})`),
    );
    expect(arrived!.n).toBe(people.length);

    // Later retries of every batch, each to the instance that did not take it first: the same answers, nothing new.
    for (const batch of batches) {
      const again = await send(batch.index % 2 === batch.part % 2 ? second : first, batch.door.token, batch.scans);
      expect(again).toEqual(batch.scans.map((s) => results.get(s.scanId)));
    }
    const [after] = rowsOf<{ n: number }>(await first.database.db.execute(sql`select count(*)::int as n from checkin_scans where device_id in (${ids})`));
    expect(after!.n).toBe(4 * people.length);
  });

  it('two doors scanning the same badge at once through one address (round robin to both instances) give one arrival', async () => {
    // Both instances on real sockets, and a load balancer in front of them: each request to the next instance in turn.
    const upstreams: number[] = [];
    for (const on of instances()) {
      await on.app.listen({ port: 0, host: '127.0.0.1' });
      upstreams.push((on.app.server.address() as AddressInfo).port);
    }
    let turn = 0;
    const balancer: Server = createServer((incoming, outgoing) => {
      const index = turn++ % upstreams.length;
      const forward = httpRequest({ host: '127.0.0.1', port: upstreams[index], path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instance': String(index) });
        answer.pipe(outgoing);
      });
      forward.on('error', () => outgoing.writeHead(502).end());
      incoming.pipe(forward);
    });
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
    try {
      const north = await newDevice(first, 'North door');
      const south = await newDevice(second, 'South door');
      const people = rowsOf<{ id: number; version: number }>(
        await first.database.db.execute(sql`select r.id, b.version from registrations r join badges b on b.registration_id = r.id
          where r.event_id = 'nbc' and r.status = 'Enrolled' and b.checked_in_at is null order by r.id desc limit 20`),
      );
      expect(people.length).toBe(20);
      const scanAt = async (door: { token: string }, doorName: string, code: string) => {
        const res = await fetch(`${address}${CHECKIN_PATHS.scans}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${door.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ scans: [{ scanId: randomUUID(), code, scannedAt: new Date().toISOString(), door: doorName }] }),
        });
        expect(res.status).toBe(200);
        return { instance: res.headers.get('x-instance'), result: scansDataSchema.parse(((await res.json()) as Body).data).results[0]! };
      };
      for (const person of people) {
        const code = first.app.badgeKeys.sign({ registrationId: person.id, eventId: 'nbc', version: person.version });
        // The same badge at both doors at the same moment (a badge passed back over the barrier), each online door asking at once.
        const [a, b] = await Promise.all([scanAt(north, 'North door', code), scanAt(south, 'South door', code)]);
        // One through each instance.
        expect(new Set([a.instance, b.instance])).toEqual(new Set(['0', '1']));
        expect([a.result.result, b.result.result].sort()).toEqual(['already', 'checked_in']);
        const arrival = a.result.result === 'checked_in' ? a : b;
        const later = arrival === a ? b : a;
        expect(later.result.firstCheckIn?.door).toBe(arrival === a ? 'North door' : 'South door');
      }
      const ids = sql.join(people.map((p) => sql`${p.id}::int`), sql`, `);
      const [arrived] = rowsOf<{ n: number; checkins: number }>(
        await second.database.db.execute(sql`select (select count(*)::int from badges where checked_in_at is not null and registration_id in (${ids})) as n,
          (select count(*)::int from checkin_scans where result = 'checked_in' and registration_id in (${ids})) as checkins`),
      );
      expect(arrived).toEqual({ n: people.length, checkins: people.length });
    } finally {
      await new Promise<void>((resolve) => balancer.close(() => resolve()).closeAllConnections());
    }
  });

  it('a device revoked on one instance is refused at once on the other', async () => {
    const door = await newDevice(first, 'Gate 9');
    for (const on of instances()) expect((await on.app.inject({ method: 'GET', url: CHECKIN_PATHS.config, headers: bearer(door.token) })).statusCode).toBe(200);
    const revoked = await second.app.inject({ method: 'POST', url: EVENT_DAYS_ADMIN_PATHS.deviceRevoke.replace('{id}', String(door.id)), headers: bearer(admin) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    // The very next request on the first instance, and on the second.
    for (const on of [first, second]) {
      const res = await on.app.inject({ method: 'POST', url: CHECKIN_PATHS.scans, headers: bearer(door.token), payload: { scans: [{ scanId: randomUUID(), registrationId: 1, scannedAt: new Date().toISOString(), door: 'Gate 9' }] } });
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-checkin-device']).toBe('revoked');
    }
    const [logged] = rowsOf<{ n: number }>(await first.database.db.execute(sql`select count(*)::int as n from checkin_scans where device_id = ${door.id}`));
    expect(logged!.n).toBe(0);
  });
});
