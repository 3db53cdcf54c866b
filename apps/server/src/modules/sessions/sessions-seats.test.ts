/**
 * Exactly `capacity` seats under load (docs/sessions.md, "Seats"): 2,000 parallel joins for a
 * 50-seat session give exactly 50 `Enrolled` and 1,950 `Waitlisted` at positions 1..1,950; a leave
 * then gives exactly one offer, however many offer runs race for it. On PostgreSQL the joins and
 * the offer runs go to two app instances with their own pools on one database; on PGlite (one
 * owner per database) to one instance, with 400 joins: PGlite has one connection, so its
 * transactions run one after the other however many requests wait, and 400 (eight per seat) race
 * for the seats as 2,000 do (the file's CPU on PGlite: 70.9 s with 2,000, 36.4 s with 400).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_PATHS } from '@portal/contracts';
import { openDatabase, rowsOf, type Database } from '@portal/db';
import { isPostgresRun } from '@portal/db/testing';
import { bearer, body, buildTestApp, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { createReportScopeService } from '../report-scope/report-scope.service.ts';
import { createSessionsService } from './sessions.service.ts';
import { createSession, enrolledAttendees, type Attendee } from './testing/sessions-fixture.ts';

const JOINS = isPostgresRun() ? 2_000 : 400;
const SEATS = 50;

let first: TestApp;
let second: TestApp | undefined;
let secondDatabase: Database | undefined;

beforeAll(async () => {
  first = await buildTestApp();
  if (isPostgresRun()) {
    const [row] = rowsOf<{ name: string }>(await first.database.db.execute(sql`select current_database() as name`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    secondDatabase = await openDatabase({ url: url.toString(), poolSize: 5, poolWaitMs: 60_000 });
    second = await buildTestApp({ database: secondDatabase });
  }
}, 120_000);
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await first?.close();
});

const instances = () => (second ? [first, second] : [first]);

/** A join sent again after a 503 (the request never got a connection: nothing was written). */
async function joinRetrying(on: TestApp, who: Attendee, id: number) {
  for (let attempt = 0; ; attempt++) {
    const res = await on.app.inject({ method: 'POST', url: SESSIONS_PATHS.join.replace('{id}', String(id)), headers: bearer(who.token) });
    // A 503 ("try again shortly": no pool connection within its wait) is retried as a client would:
    // waiting twice as long each time (0.5, 1, 2, 4 s, then 8 s, with jitter), for about a minute in
    // all: on a loaded machine 2,000 joins at once keep the pool busy that long.
    if (res.statusCode !== 503 || attempt >= 10) return res;
    await new Promise((r) => setTimeout(r, 500 * 2 ** Math.min(attempt, 4) * (0.5 + Math.random())));
  }
}

describe(`${JOINS} parallel joins for a ${SEATS}-seat session`, () => {
  it('seat exactly the capacity, queue the rest at positions 1..n, and offer one freed seat once', { timeout: 600_000 }, async () => {
    const db = first.database.db;
    const admin = (await loginOrganizer(first.app)).accessToken;
    const session = await createSession(first.app, admin, { title: 'The full room', capacity: SEATS, startsAt: '2027-03-02T10:00', endsAt: '2027-03-02T11:00' });
    const people = await enrolledAttendees(first.app, db, JOINS);

    const answers = await Promise.all(people.map((p, i) => joinRetrying(instances()[i % instances().length]!, p, session.id)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const data = answers.map((res) => body<{ status: string; waitlistPosition?: number }>(res).data);
    expect(data.filter((d) => d.status === 'Enrolled')).toHaveLength(SEATS);
    const positions = data.filter((d) => d.status === 'Waitlisted').map((d) => d.waitlistPosition!);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: JOINS - SEATS }, (_, i) => i + 1));

    const counts = rowsOf<{ status: string; n: number }>(await db.execute(sql`select status, count(*)::int as n from session_picks where session_id = ${session.id} group by status`));
    expect(Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]))).toEqual({ Enrolled: SEATS, Waitlisted: JOINS - SEATS });

    // The first in line, as the queue's order says.
    const [head] = rowsOf<{ registration_id: number }>(
      await db.execute(sql`select registration_id from session_picks where session_id = ${session.id} and status = 'Waitlisted' order by waitlist_order limit 1`),
    );
    const seated = people.find((_, i) => data[i]!.status === 'Enrolled')!;
    const left = await first.app.inject({ method: 'POST', url: SESSIONS_PATHS.leave.replace('{id}', String(session.id)), headers: bearer(seated.token) });
    expect(left.statusCode, left.body).toBe(200);

    // Offer runs race on every instance (the nudge after the leave may run too): one offer in all.
    const runners = instances().flatMap((on) => [0, 1, 2].map(() => createSessionsService({ db: on.database.db, feedKey: on.config.codeHashKey, scopes: createReportScopeService({ db: on.database.db }) })));
    await Promise.all(runners.map((r) => r.offerFreedSeats(session.id)));
    const after = rowsOf<{ status: string; n: number }>(await db.execute(sql`select status, count(*)::int as n from session_picks where session_id = ${session.id} group by status`));
    expect(Object.fromEntries(after.map((c) => [c.status, Number(c.n)]))).toEqual({ Enrolled: SEATS - 1, Offered: 1, Waitlisted: JOINS - SEATS - 1, Cancelled: 1 });
    const [offered] = rowsOf<{ registration_id: number }>(await db.execute(sql`select registration_id from session_picks where session_id = ${session.id} and status = 'Offered'`));
    expect(Number(offered!.registration_id)).toBe(Number(head!.registration_id));
  });
});
