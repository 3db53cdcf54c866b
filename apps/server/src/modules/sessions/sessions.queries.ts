/**
 * The statements of the event's program (docs/sessions.md). Each takes the `Db` or the `Tx` the
 * service opened; the locks are taken here (`lockSession`, `lockRegistration`, the queue's rows
 * `for update skip locked`), the rules stay in sessions.service.ts.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx, type SessionPickStatus, type Tx } from '@portal/db';
import { registrationInScope, scopeCondition, type ReportScope } from '../report-scope/report-scope.ts';
import { firstRow } from '../../lib/rows.ts';

const { sessions, sessionPicks, sessionAttendance, calendarFeeds, events, registrations, people } = schema;

export type SessionRowDb = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type SessionChanges = Partial<NewSession>;
export type PickRow = typeof sessionPicks.$inferSelect;

/** Picks that are the person's: a seat, an offer or a place in the queue. */
export const LIVE_STATUSES = ['Enrolled', 'Waitlisted', 'Offered'] as const satisfies readonly SessionPickStatus[];

export async function findEvent(db: DbOrTx, eventId: string) {
  return firstRow(
    db
      .select({
        id: events.id,
        name: events.name,
        startsOn: events.startsOn,
        timeZone: events.timeZone,
        sessionsOpenAt: events.sessionsOpenAt,
        sessionsCloseAt: events.sessionsCloseAt,
        changesCloseAt: events.changesCloseAt,
        waitlistOfferMinutes: events.waitlistOfferMinutes,
      })
      .from(events)
      .where(eq(events.id, eventId)),
  );
}
export type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>;

export async function findSession(db: DbOrTx, id: number): Promise<SessionRowDb | undefined> {
  return firstRow(db.select().from(sessions).where(eq(sessions.id, id)));
}

export async function lockSession(tx: Tx, id: number): Promise<SessionRowDb | undefined> {
  return firstRow(tx.select().from(sessions).where(eq(sessions.id, id)).for('no key update'));
}

export async function insertSession(tx: Tx, values: NewSession): Promise<number> {
  const [row] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

export async function updateSession(tx: Tx, id: number, changes: SessionChanges): Promise<void> {
  await tx.update(sessions).set(changes).where(eq(sessions.id, id));
}

export interface SessionCounts {
  enrolled: number;
  waitlisted: number;
  offered: number;
  attended: number;
}

/** The sessions of one event (or all), by start, with their pick counts and attendance. */
export async function listSessions(db: DbOrTx, eventId?: string, ids?: readonly number[]): Promise<Array<SessionRowDb & SessionCounts & { timeZone: string }>> {
  const where = [eventId ? eq(sessions.eventId, eventId) : undefined, ids ? inArray(sessions.id, [...ids, 0]) : undefined].filter((w) => w !== undefined);
  const rows = await db
    .select({
      session: sessions,
      timeZone: events.timeZone,
      enrolled: sql<number>`(select count(*)::int from session_picks p where p.session_id = ${sessions.id} and p.status = 'Enrolled')`,
      waitlisted: sql<number>`(select count(*)::int from session_picks p where p.session_id = ${sessions.id} and p.status = 'Waitlisted')`,
      offered: sql<number>`(select count(*)::int from session_picks p where p.session_id = ${sessions.id} and p.status = 'Offered')`,
      attended: sql<number>`(select count(*)::int from session_attendance a where a.session_id = ${sessions.id})`,
    })
    .from(sessions)
    .innerJoin(events, eq(events.id, sessions.eventId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(sessions.startsAt), asc(sessions.id));
  return rows.map((r) => ({ ...r.session, timeZone: r.timeZone, enrolled: Number(r.enrolled), waitlisted: Number(r.waitlisted), offered: Number(r.offered), attended: Number(r.attended) }));
}

/** What a pick needs of its registration. */
const registrationRef = { id: registrations.id, status: registrations.status, attendeeType: registrations.attendeeType, eventId: registrations.eventId };

/** A person's registration for an event, whatever its status. */
export async function registrationOfPerson(db: DbOrTx, eventId: string, personId: number) {
  return firstRow(db.select(registrationRef).from(registrations).where(and(eq(registrations.eventId, eventId), eq(registrations.attendeeId, personId))));
}

export async function registrationById(db: DbOrTx, id: number) {
  return firstRow(db.select(registrationRef).from(registrations).where(eq(registrations.id, id)));
}
export type RegistrationRef = NonNullable<Awaited<ReturnType<typeof registrationById>>>;

/**
 * Locks the registration for a join: a person's joins run one at a time, so two overlapping
 * sessions joined at once cannot both pass the overlap check. `no key update` lets the pick's
 * foreign key check pass in the same transaction and blocks nobody's reads.
 */
export async function lockRegistration(tx: Tx, id: number) {
  return firstRow(tx.select(registrationRef).from(registrations).where(eq(registrations.id, id)).for('no key update'));
}

/** The registration's live picks of sessions not cancelled, with their times (overlaps, my agenda). */
export async function livePicksOf(db: DbOrTx, registrationId: number) {
  return db
    .select({
      pickId: sessionPicks.id,
      sessionId: sessions.id,
      status: sessionPicks.status,
      waitlistOrder: sessionPicks.waitlistOrder,
      offerExpiresAt: sessionPicks.offerExpiresAt,
      title: sessions.title,
      description: sessions.description,
      room: sessions.room,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
    })
    .from(sessionPicks)
    .innerJoin(sessions, eq(sessions.id, sessionPicks.sessionId))
    .where(and(eq(sessionPicks.registrationId, registrationId), inArray(sessionPicks.status, [...LIVE_STATUSES]), sql`${sessions.cancelledAt} is null`))
    .orderBy(asc(sessions.startsAt), asc(sessions.id));
}
export type LivePick = Awaited<ReturnType<typeof livePicksOf>>[number];

export async function lockPick(tx: Tx, sessionId: number, registrationId: number): Promise<PickRow | undefined> {
  return firstRow(tx.select().from(sessionPicks).where(and(eq(sessionPicks.sessionId, sessionId), eq(sessionPicks.registrationId, registrationId))).for('update'));
}

/** Seats held (`Enrolled` and `Offered`): counted under the session's row lock. */
export async function heldSeats(db: DbOrTx, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionPicks)
    .where(and(eq(sessionPicks.sessionId, sessionId), inArray(sessionPicks.status, ['Enrolled', 'Offered'])));
  return Number(row?.n ?? 0);
}

/** Seats held per session of an event (the attendee's list). */
export async function heldSeatsOfEvent(db: DbOrTx, eventId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: sessionPicks.sessionId, n: sql<number>`count(*)::int` })
    .from(sessionPicks)
    .innerJoin(sessions, eq(sessions.id, sessionPicks.sessionId))
    .where(and(eq(sessions.eventId, eventId), inArray(sessionPicks.status, ['Enrolled', 'Offered'])))
    .groupBy(sessionPicks.sessionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** A waiting pick's order taken from the sequence by the write itself (savePick). */
export const NEXT_IN_QUEUE = Symbol('next in queue');

/**
 * Writes the registration's pick of the session (a first join, or a new one after a leave).
 * `waitlistOrder: NEXT_IN_QUEUE` takes the queue's next order from the sequence in the same statement;
 * answers the order written.
 */
export async function savePick(
  tx: Tx,
  values: { sessionId: number; registrationId: number; status: SessionPickStatus; waitlistOrder: string | typeof NEXT_IN_QUEUE | null; waitlistedAt: Date | null; enrolledAt: Date | null; at: Date },
): Promise<string | null> {
  const waitlistOrder = values.waitlistOrder === NEXT_IN_QUEUE ? sql`nextval('registration_waitlist_seq')` : values.waitlistOrder;
  const { at, ...rest } = values;
  const insert = { ...rest, waitlistOrder, offeredAt: null, offerExpiresAt: null, updatedAt: at };
  const [row] = await tx
    .insert(sessionPicks)
    .values({ ...insert, createdAt: at })
    .onConflictDoUpdate({
      target: [sessionPicks.sessionId, sessionPicks.registrationId],
      set: { status: insert.status, waitlistOrder, waitlistedAt: insert.waitlistedAt, enrolledAt: insert.enrolledAt, offeredAt: null, offerExpiresAt: null, updatedAt: at },
    })
    .returning({ order: sql<string | null>`${sessionPicks.waitlistOrder}::text` });
  return row?.order ?? null;
}

export async function setPick(tx: Tx, pickId: number, changes: Partial<typeof sessionPicks.$inferInsert>): Promise<void> {
  await tx.update(sessionPicks).set(changes).where(eq(sessionPicks.id, pickId));
}

/** 1 = next: the waiting picks of the session at or before this order. */
export async function positionOf(db: DbOrTx, sessionId: number, order: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessionPicks)
    .where(and(eq(sessionPicks.sessionId, sessionId), eq(sessionPicks.status, 'Waitlisted'), sql`${sessionPicks.waitlistOrder} <= ${order}`));
  return Number(row?.n ?? 1);
}

/** Offers past their expiry, locked (a running claim or leave holds its row: skipped, the next run sees it). */
export async function lapsedOffers(tx: Tx, sessionId: number, now: Date) {
  return tx
    .select({ id: sessionPicks.id, registrationId: sessionPicks.registrationId })
    .from(sessionPicks)
    .where(and(eq(sessionPicks.sessionId, sessionId), eq(sessionPicks.status, 'Offered'), sql`${sessionPicks.offerExpiresAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(asc(sessionPicks.id))
    .for('update', { skipLocked: true });
}

/** The session's queue in order (not locked: lockOfferable takes each row as it is offered). */
export async function waitingInOrder(db: DbOrTx, sessionId: number) {
  return db
    .select({ id: sessionPicks.id, registrationId: sessionPicks.registrationId })
    .from(sessionPicks)
    .where(and(eq(sessionPicks.sessionId, sessionId), eq(sessionPicks.status, 'Waitlisted')))
    .orderBy(asc(sessionPicks.waitlistOrder));
}

/**
 * Locks a waiting pick for an offer, its registration first, both `skip locked`: a registration a
 * cancel holds, or a pick a leave holds, is passed over (the next run sees it), so the offer run,
 * which holds the session's lock, never waits on anyone. Answers whether both were taken and the
 * pick is still waiting for an `Enrolled` registration.
 */
export async function lockOfferable(tx: Tx, pick: { id: number; registrationId: number }): Promise<boolean> {
  const registration = await firstRow(
    tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.id, pick.registrationId), eq(registrations.status, 'Enrolled')))
      .for('no key update', { skipLocked: true }),
  );
  if (!registration) return false;
  const lockedPick = await firstRow(
    tx
      .select({ id: sessionPicks.id })
      .from(sessionPicks)
      .where(and(eq(sessionPicks.id, pick.id), eq(sessionPicks.status, 'Waitlisted')))
      .for('update', { skipLocked: true }),
  );
  return lockedPick !== undefined;
}

/** Ends a closed session's queue: answers whose places ended. */
export async function expireWaiting(tx: Tx, sessionId: number, at: Date): Promise<number[]> {
  const rows = await tx
    .update(sessionPicks)
    .set({ status: 'Expired', waitlistOrder: null, updatedAt: at })
    .where(and(eq(sessionPicks.sessionId, sessionId), eq(sessionPicks.status, 'Waitlisted')))
    .returning({ registrationId: sessionPicks.registrationId });
  return rows.map((r) => r.registrationId);
}

/** Sessions with someone waiting or offered (the sweep), of one event or all. */
export async function sessionsWithQueues(db: DbOrTx, eventId?: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: sessionPicks.sessionId })
    .from(sessionPicks)
    .innerJoin(sessions, eq(sessions.id, sessionPicks.sessionId))
    .where(and(inArray(sessionPicks.status, ['Waitlisted', 'Offered']), eventId ? eq(sessions.eventId, eventId) : undefined));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Who a mail about a pick goes to. */
export async function attendeeOf(db: DbOrTx, registrationId: number) {
  return firstRow(
    db
      .select({ email: people.email, firstName: people.firstName, lastName: people.lastName, eventId: registrations.eventId })
      .from(registrations)
      .innerJoin(people, eq(people.id, registrations.attendeeId))
      .where(eq(registrations.id, registrationId)),
  );
}

/** Ends every live pick of the registration (it was cancelled): answers the sessions whose seats or queue places freed. */
export async function endPicksOfRegistration(tx: Tx, registrationId: number, at: Date): Promise<Array<{ sessionId: number; status: SessionPickStatus }>> {
  const rows = await tx
    .select({ id: sessionPicks.id, sessionId: sessionPicks.sessionId, status: sessionPicks.status })
    .from(sessionPicks)
    .where(and(eq(sessionPicks.registrationId, registrationId), inArray(sessionPicks.status, [...LIVE_STATUSES])))
    .for('update');
  if (!rows.length) return [];
  await tx
    .update(sessionPicks)
    .set({ status: 'Cancelled', waitlistOrder: null, offerExpiresAt: null, updatedAt: at })
    .where(inArray(sessionPicks.id, rows.map((r) => r.id)));
  return rows.map((r) => ({ sessionId: r.sessionId, status: r.status }));
}

/** Ends every live pick of a cancelled session: answers whose they were. */
export async function endPicksOfSession(tx: Tx, sessionId: number, at: Date): Promise<number[]> {
  const rows = await tx
    .update(sessionPicks)
    .set({ status: 'Cancelled', waitlistOrder: null, offerExpiresAt: null, updatedAt: at })
    .where(and(eq(sessionPicks.sessionId, sessionId), inArray(sessionPicks.status, [...LIVE_STATUSES])))
    .returning({ registrationId: sessionPicks.registrationId });
  return rows.map((r) => r.registrationId);
}

/** The session's people for the console: every pick (any status) and everyone who came. */
export async function sessionPeople(db: DbOrTx, sessionId: number) {
  return rowsOf<{
    registration_id: number;
    status: SessionPickStatus | null;
    position: number | null;
    first_name: string;
    last_name: string;
    email: string;
    attendee_type: string;
    store_dlrnum: string | null;
    store_name: string | null;
    attended_at: string | Date | null;
  }>(
    await db.execute(sql`
      with picks as (
        select p.registration_id, p.status,
          case when p.status = 'Waitlisted' then row_number() over (partition by (p.status = 'Waitlisted') order by p.waitlist_order) end::int as position
        from session_picks p where p.session_id = ${sessionId}
      ), who as (
        select registration_id from picks union select registration_id from session_attendance where session_id = ${sessionId}
      )
      select w.registration_id, pk.status, pk.position, pe.first_name, pe.last_name, pe.email, r.attendee_type,
        r.store_dlrnum, s.name as store_name, a.attended_at
      from who w
      join registrations r on r.id = w.registration_id
      join people pe on pe.id = r.attendee_id
      left join stores s on s.dlrnum = r.store_dlrnum
      left join picks pk on pk.registration_id = w.registration_id
      left join session_attendance a on a.session_id = ${sessionId} and a.registration_id = w.registration_id
      order by case pk.status when 'Enrolled' then 0 when 'Offered' then 1 when 'Waitlisted' then 2 else 3 end, pk.position nulls last, pe.last_name, pe.first_name, w.registration_id`),
  );
}

// ---------------------------------------------------------------------------------------------
// Attendance (session doors)

/** Records that the person came (once; a second scan changes nothing): answers whether it is new. */
export async function recordAttendance(tx: Tx, values: { sessionId: number; registrationId: number; at: Date; deviceId: number | null; picked: boolean }): Promise<boolean> {
  const rows = await tx
    .insert(sessionAttendance)
    .values({ sessionId: values.sessionId, registrationId: values.registrationId, attendedAt: values.at, deviceId: values.deviceId, picked: values.picked })
    .onConflictDoNothing()
    .returning({ id: sessionAttendance.registrationId });
  return rows.length > 0;
}

export async function pickStatus(db: DbOrTx, sessionId: number, registrationId: number): Promise<SessionPickStatus | null> {
  const [row] = await db
    .select({ status: sessionPicks.status })
    .from(sessionPicks)
    .where(and(eq(sessionPicks.sessionId, sessionId), eq(sessionPicks.registrationId, registrationId)))
    .limit(1);
  return row?.status ?? null;
}

// ---------------------------------------------------------------------------------------------
// Calendar feeds

export async function findFeed(db: DbOrTx, registrationId: number) {
  return firstRow(db.select().from(calendarFeeds).where(eq(calendarFeeds.registrationId, registrationId)));
}

export async function feedByHash(db: DbOrTx, tokenHash: string) {
  return firstRow(db.select({ registrationId: calendarFeeds.registrationId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)));
}

export async function saveFeed(tx: DbOrTx, registrationId: number, version: number, tokenHash: string): Promise<void> {
  await tx
    .insert(calendarFeeds)
    .values({ registrationId, version, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.registrationId, set: { version, tokenHash } });
}

export async function deleteFeed(tx: DbOrTx, registrationId: number): Promise<boolean> {
  const rows = await tx.delete(calendarFeeds).where(eq(calendarFeeds.registrationId, registrationId)).returning({ id: calendarFeeds.registrationId });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Reports (within the reader's scope: docs/reports.md, "Report scopes")

/** Each session's fill, counting only the registrations inside the scope (the capacity is the room's). */
export async function sessionFill(db: DbOrTx, eventId: string, scope: ReportScope) {
  const inScope = registrationInScope(scope, { store: sql`r.store_dlrnum`, person: sql`r.attendee_id` });
  return rowsOf<{ id: number; title: string; starts_at: string | Date; room: string; capacity: number; enrolled: number; waitlisted: number; attended: number }>(
    await db.execute(sql`
      select s.id, s.title, s.starts_at, s.room, s.capacity,
        (select count(*)::int from session_picks p join registrations r on r.id = p.registration_id where p.session_id = s.id and p.status = 'Enrolled' and ${inScope}) as enrolled,
        (select count(*)::int from session_picks p join registrations r on r.id = p.registration_id where p.session_id = s.id and p.status in ('Waitlisted', 'Offered') and ${inScope}) as waitlisted,
        (select count(*)::int from session_attendance a join registrations r on r.id = a.registration_id where a.session_id = s.id and ${inScope}) as attended
      from sessions s
      where s.event_id = ${eventId} and s.cancelled_at is null
      order by s.starts_at, s.id`),
  );
}

/** One session's enrolled and attended people by the region, zone or district of their store, inside the scope and the named area. */
export async function sessionByArea(db: DbOrTx, sessionId: number, level: 'Region' | 'Zone' | 'District', scope: ReportScope, area: { region: string; zone: string; district: string }) {
  const [codeCol, nameCol] = level === 'Region' ? [sql`g.code`, sql`g.description`] : level === 'Zone' ? [sql`z.code`, sql`z.name`] : [sql`d.code`, sql`d.name`];
  const parts: SQL[] = [scopeCondition(scope, { region: sql`z.region_code`, zone: sql`z.code`, district: sql`d.code` })];
  if (area.region) parts.push(sql`z.region_code = ${area.region}`);
  if (area.zone) parts.push(sql`z.code = ${area.zone}`);
  if (area.district) parts.push(sql`d.code = ${area.district}`);
  return rowsOf<{ code: string; name: string; enrolled: number; attended: number }>(
    await db.execute(sql`
      with who as (
        select registration_id, bool_or(enrolled) as enrolled, bool_or(attended) as attended from (
          select registration_id, true as enrolled, false as attended from session_picks where session_id = ${sessionId} and status = 'Enrolled'
          union all select registration_id, false, true from session_attendance where session_id = ${sessionId}
        ) x group by registration_id
      )
      select ${codeCol} as code, ${nameCol} as name, count(*) filter (where w.enrolled)::int as enrolled, count(*) filter (where w.attended)::int as attended
      from who w
      join registrations r on r.id = w.registration_id
      join stores st on st.dlrnum = r.store_dlrnum
      join districts d on d.code = st.district_code
      join zones z on z.code = d.zone_code
      join regions g on g.code = z.region_code
      where ${sql.join(parts, sql` and `)}
      group by ${codeCol}, ${nameCol}
      order by ${codeCol}`),
  );
}
