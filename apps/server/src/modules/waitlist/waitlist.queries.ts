/**
 * The waiting list's SQL (docs/waiting-lists.md). A queue is the event's own (`waitlist_code_id`
 * null) or a per-store code's; its order is `waitlist_order` (a sequence value taken under the
 * queue's lock, or a value between two others after an organizer's move). With the event's
 * `waitlist_store_first`, people of stores that hold no place yet come first. The positions in that
 * order are counted in registration-views.queries.ts, where the console and webhooks read them too.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, schema, statementIn, type DbOrTx, type Tx } from '@portal/db';
import { waitingAheadSql } from '../registration-views/registration-views.queries.ts';

const { accessCodes, registrations, events } = schema;

export type EventRow = typeof events.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;

/** Locks the event row: every offer of the event's queues is made under it (docs/decisions/012-waiting-list-offers.md). */
export async function lockEventRow(tx: Tx, eventId: string) {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('update').limit(1);
  return row;
}

/** Places held (Enrolled, Offered) at the event, and per access code with seats. */
export async function heldPlaces(tx: DbOrTx, eventId: string): Promise<{ event: number; byCode: Map<number, number> }> {
  const rows = rowsOf<{ code: number | null; n: number }>(
    await tx.execute(sql`
      select access_code_id as code, count(*)::int as n from registrations
      where event_id = ${eventId} and status in ('Enrolled', 'Offered') group by access_code_id`),
  );
  let total = 0;
  const byCode = new Map<number, number>();
  for (const r of rows) {
    total += Number(r.n);
    if (r.code !== null) byCode.set(Number(r.code), Number(r.n));
  }
  return { event: total, byCode };
}

/** Stores that hold a place (Enrolled or Offered) at the event. */
export async function storesHoldingPlaces(tx: DbOrTx, eventId: string): Promise<Set<string>> {
  const rows = rowsOf<{ store: string }>(
    await tx.execute(sql`select distinct store_dlrnum as store from registrations where event_id = ${eventId} and store_dlrnum is not null and status in ('Enrolled', 'Offered')`),
  );
  return new Set(rows.map((r) => r.store));
}

/**
 * Offers past their expiry, locked; rows locked by a running change (a claim in progress) are
 * skipped and seen on the next run.
 */
export async function lapsedOffers(tx: Tx, eventId: string, now: Date) {
  return tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.status, 'Offered'), sql`${registrations.offerExpiresAt} <= ${now.toISOString()}::timestamptz`))
    .for('update', { skipLocked: true });
}

/** The event's waiting registrations in queue order, locked (skipping those a running change holds). */
export async function waitingLocked(tx: Tx, eventId: string) {
  return tx
    .select({ id: registrations.id, accessCodeId: registrations.accessCodeId, storeDlrnum: registrations.storeDlrnum, waitlistCodeId: registrations.waitlistCodeId })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.status, 'Waitlisted')))
    .orderBy(asc(registrations.waitlistOrder))
    .for('update', { skipLocked: true });
}

/** Seats of the given access codes, their rows locked in id order (the submit locks a code after the event, too). */
export async function lockCodeSeats(tx: Tx, codeIds: number[]): Promise<Map<number, number | null>> {
  if (!codeIds.length) return new Map();
  const rows = await tx
    .select({ id: schema.accessCodes.id, seats: schema.accessCodes.seats })
    .from(schema.accessCodes)
    .where(inArray(schema.accessCodes.id, codeIds))
    .orderBy(asc(schema.accessCodes.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.seats]));
}

/** Events with someone waiting or offered: the sweep's work list. */
export async function eventsWithQueues(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select distinct event_id as id from registrations where status in ('Waitlisted', 'Offered')`));
  return rows.map((r) => r.id);
}

/** The first name and address of a registration's attendee (for its mails). */
export async function attendeeOf(db: DbOrTx, registrationId: number) {
  const [row] = rowsOf<{ email: string; first_name: string; event_id: string }>(
    await db.execute(sql`select p.email, p.first_name, r.event_id from registrations r join people p on p.id = r.attendee_id where r.id = ${registrationId}`),
  );
  return row;
}

export interface QueueEntryRow {
  id: number;
  event_id: string;
  status: 'Waitlisted' | 'Offered';
  waitlist_code_id: number | null;
  access_code_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  store_dlrnum: string | null;
  store_name: string | null;
  waitlisted_at: Date | string | null;
  offer_expires_at: Date | string | null;
}

/** Everyone waiting or offered, for the console's queues page. */
export async function queueEntries(db: DbOrTx, eventId: string | undefined): Promise<QueueEntryRow[]> {
  return rowsOf<QueueEntryRow>(
    await db.execute(sql`
      select r.id, r.event_id, r.status, r.waitlist_code_id, r.access_code_id, p.first_name, p.last_name, p.email, r.store_dlrnum, s.name as store_name,
        r.waitlisted_at, r.offer_expires_at
      from registrations r join people p on p.id = r.attendee_id left join stores s on s.dlrnum = r.store_dlrnum
      where r.status in ('Waitlisted', 'Offered') ${eventId ? sql`and r.event_id = ${eventId}` : sql``}
      order by r.event_id, r.waitlist_order nulls first, r.offer_expires_at`),
  );
}

/**
 * A registration whose submit found no place joins the end of its queue, in one statement (with the
 * queue's lock held): the next value of the order's sequence taken by the update itself, and the
 * position counted as positionOf counts it (those of the queue ahead of it), from the same
 * statement's snapshot, which sees every commit made under the lock. `position` is null for an event
 * whose queues put stores without a place first: positionOf ranks those. A named statement.
 */
export async function joinQueue(
  tx: Tx,
  registrationId: number,
  entry: { attendance: { isVirtual: boolean; arrivalDate: string | null; departureDate: string | null }; at: Date; queueCodeId: number | null },
): Promise<{ order: string; position: number | null } | undefined> {
  const [row] = await joinQueueStatement(tx, [registrationId, entry.attendance.isVirtual, entry.attendance.arrivalDate, entry.attendance.departureDate, entry.at, entry.queueCodeId]);
  return row && { order: row.order, position: row.position === null ? null : Number(row.position) };
}

const joinQueueStatement = statementIn<{ order: string; position: number | null }>(
  'waitlist_join_queue',
  `with joined as (
     update registrations set status = 'Waitlisted', is_virtual = $2::boolean, arrival_date = $3::date, departure_date = $4::date,
       waitlisted_at = $5::timestamptz, waitlist_order = nextval('registration_waitlist_seq'), waitlist_code_id = $6::integer,
       offered_at = null, offer_expires_at = null, is_free = false, updated_at = $5::timestamptz
     where id = $1
     returning event_id, waitlist_code_id, waitlist_order
   )
   select j.waitlist_order::text as "order",
     case when e.waitlist_store_first then null else ${waitingAheadSql('j.event_id', 'coalesce(j.waitlist_code_id, 0)', 'j.waitlist_order')} + 1 end as position
   from joined j join events e on e.id = j.event_id`,
);

export async function markOffered(tx: Tx, registrationId: number, now: Date, expiresAt: Date): Promise<void> {
  await tx.update(registrations).set({ status: 'Offered', offeredAt: now, offerExpiresAt: expiresAt, updatedAt: now }).where(eq(registrations.id, registrationId));
}

/** A lapsed offer or a closed queue: the registration leaves the queue. */
export async function markExpired(tx: Tx, registrationId: number, now: Date): Promise<void> {
  await tx.update(registrations).set({ status: 'Expired', waitlistOrder: null, offerExpiresAt: null, updatedAt: now }).where(eq(registrations.id, registrationId));
}

/** The registration's event, read without a lock (to take the event's lock first). */
export async function eventIdOfRegistration(tx: Tx, registrationId: number): Promise<string | undefined> {
  const [peek] = await tx.select({ eventId: registrations.eventId }).from(registrations).where(eq(registrations.id, registrationId)).limit(1);
  return peek?.eventId;
}

/** The registration, locked for the rest of the transaction. */
export async function lockRegistration(tx: Tx, registrationId: number): Promise<RegistrationRow | undefined> {
  const [row] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for('update').limit(1);
  return row;
}

/** The orders of the others waiting in the registration's queue, in queue order. */
export async function otherQueueOrders(tx: Tx, row: Pick<RegistrationRow, 'id' | 'eventId' | 'waitlistCodeId'>): Promise<string[]> {
  const others = await tx
    .select({ order: registrations.waitlistOrder })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, row.eventId),
        eq(registrations.status, 'Waitlisted'),
        row.waitlistCodeId === null ? sql`${registrations.waitlistCodeId} is null` : eq(registrations.waitlistCodeId, row.waitlistCodeId),
        sql`${registrations.id} <> ${row.id}`,
      ),
    )
    .orderBy(registrations.waitlistOrder);
  return others.map((o) => o.order!);
}

/**
 * Where a moved registration goes: its own order (alone in the queue), one before the first, one
 * after the last, or the midpoint of two neighbours.
 */
export type QueuePlace = { own: string | null } | { before: string } | { after: string } | { between: [string, string] };

/** Sets the registration's order; numeric arithmetic in the database: a midpoint never rounds onto a neighbour. */
export async function setQueueOrder(tx: Tx, registrationId: number, place: QueuePlace, now: Date): Promise<void> {
  const next =
    'own' in place
      ? sql`${place.own}::numeric`
      : 'before' in place
        ? sql`${place.before}::numeric - 1`
        : 'after' in place
          ? sql`${place.after}::numeric + 1`
          : sql`(${place.between[0]}::numeric + ${place.between[1]}::numeric) / 2`;
  await tx.update(registrations).set({ waitlistOrder: sql`${next}`, updatedAt: now }).where(eq(registrations.id, registrationId));
}

export async function findEvent(db: DbOrTx, eventId: string): Promise<EventRow | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return event;
}

/** The label, seats and store of these access codes (the queues of per-store codes). */
export async function queueCodes(db: DbOrTx, codeIds: number[]) {
  return db.select({ id: accessCodes.id, label: accessCodes.label, seats: accessCodes.seats, store: accessCodes.storeDlrnum }).from(accessCodes).where(sql`${accessCodes.id} in ${codeIds}`);
}
