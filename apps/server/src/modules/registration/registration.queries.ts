import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RegistrationSummary } from '@portal/contracts';
import { schema, type DbOrTx, type Tx } from '@portal/db';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import { positionOf } from '../waitlist/waitlist.queries.ts';

const { accessCodes, registrations, events, people, stores } = schema;

export type RegistrationRow = typeof registrations.$inferSelect;

/** The registration, locked for the rest of the transaction. */
export async function lockRegistration(tx: Tx, where: { id: number } | { providerRef: string }): Promise<RegistrationRow | undefined> {
  const condition = 'id' in where ? eq(registrations.id, where.id) : eq(registrations.providerRef, where.providerRef);
  const [row] = await tx.select().from(registrations).where(condition).for('update').limit(1);
  return row;
}

export async function findEvent(db: DbOrTx, eventId: string) {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return row;
}

export async function findPerson(db: DbOrTx, personId: number) {
  const [row] = await db.select().from(people).where(eq(people.id, personId)).limit(1);
  return row;
}

/** `known.waitlistPosition`: the position just computed by the caller (joining the list), not counted again. */
export async function summaryOf(db: DbOrTx, registrationId: number, known: { waitlistPosition?: number } = {}): Promise<RegistrationSummary | undefined> {
  const [row] = await db
    .select({
      status: registrations.status,
      eventType: events.id,
      eventName: events.name,
      startsOn: events.startsOn,
      endsOn: events.endsOn,
      programVirtual: events.isVirtual,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      storeCode: stores.dlrnum,
      storeName: stores.name,
      isVirtual: registrations.isVirtual,
      arrivalDate: registrations.arrivalDate,
      departureDate: registrations.departureDate,
      enrolledAt: registrations.enrolledAt,
      isFree: registrations.isFree,
      offerExpiresAt: registrations.offerExpiresAt,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .innerJoin(people, eq(people.id, registrations.attendeeId))
    .leftJoin(stores, eq(stores.dlrnum, registrations.storeDlrnum))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row) return undefined;
  return {
    status: row.status,
    event: {
      eventType: row.eventType === 'abc' ? 'abc' : 'nbc',
      name: row.eventName,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      isVirtual: row.programVirtual,
    },
    attendee: { firstName: row.firstName, lastName: row.lastName, email: isPlaceholderEmail(row.email) ? null : row.email },
    store: row.storeCode && row.storeName ? { code: row.storeCode, name: row.storeName } : null,
    isVirtual: row.isVirtual,
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    enrolledAt: row.enrolledAt ? row.enrolledAt.toISOString() : null,
    isFree: row.isFree,
    ...(row.status === 'Waitlisted' ? { waitlistPosition: known.waitlistPosition ?? (await positionOf(db, registrationId)) ?? 1 } : {}),
    ...(row.status === 'Offered' && row.offerExpiresAt ? { offerExpiresAt: row.offerExpiresAt.toISOString() } : {}),
  };
}

/** Takes the store's row lock: seat counting of one store is serialized by it. */
export async function lockStore(tx: Tx, dlrnum: string) {
  const [row] = await tx
    .select({ dlrnum: stores.dlrnum, complimentarySeats: stores.complimentarySeats, executiveManagerId: stores.executiveManagerId, generalManagerId: stores.generalManagerId })
    .from(stores)
    .where(eq(stores.dlrnum, dlrnum))
    .for('update')
    .limit(1);
  return row;
}

export async function countFreeEnrolled(tx: Tx, eventId: string, dlrnum: string, exceptId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        eq(registrations.storeDlrnum, dlrnum),
        eq(registrations.status, 'Enrolled'),
        eq(registrations.isFree, true),
        ne(registrations.id, exceptId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The store's earliest enrolled attendee who pays, if any. */
export async function firstPayingEnrolled(tx: Tx, eventId: string, dlrnum: string) {
  const [row] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.storeDlrnum, dlrnum), eq(registrations.status, 'Enrolled'), eq(registrations.isFree, false)))
    .orderBy(asc(registrations.enrolledAt), asc(registrations.id))
    .limit(1);
  return row;
}

export async function findPersonByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: people.id }).from(people).where(eq(people.email, email)).limit(1);
  return row;
}

/**
 * Locks what a change of one registration touches, always in the same order (the store, then the
 * registration) so that concurrent enrollments of one store queue up instead of deadlocking.
 */
export async function lockForChange(tx: Tx, where: { id: number } | { providerRef: string }) {
  const condition = 'id' in where ? eq(registrations.id, where.id) : eq(registrations.providerRef, where.providerRef);
  const [peek] = await tx.select({ storeDlrnum: registrations.storeDlrnum }).from(registrations).where(condition).limit(1);
  if (!peek) return undefined;
  const store = peek.storeDlrnum ? await lockStore(tx, peek.storeDlrnum) : undefined;
  const registration = await lockRegistration(tx, where);
  return registration ? { registration, store } : undefined;
}

/** The event's registration window and capacity (registration-limits.ts checks them). */
export async function eventLimits(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ name: events.name, opensAt: events.registrationOpensAt, closesAt: events.registrationClosesAt, capacity: events.capacity })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}

/** Takes the event's row lock: places of an event with a capacity are counted under it. */
export async function lockEventForPlaces(tx: Tx, eventId: string): Promise<void> {
  await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
}

/** Places held (Enrolled or Offered) at the event, or under the access code, by others than the attendee. */
export async function othersHoldingPlaces(tx: DbOrTx, where: { eventId: string } | { accessCodeId: number }, attendeeId: number): Promise<number> {
  const of = 'eventId' in where ? eq(registrations.eventId, where.eventId) : eq(registrations.accessCodeId, where.accessCodeId);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(of, inArray(registrations.status, ['Enrolled', 'Offered']), ne(registrations.attendeeId, attendeeId)));
  return Number(row?.n ?? 0);
}

/** The access code's seats and state; `lock` takes its row lock (after the event's, as the waiting list's offers do). */
export async function accessCodeState(db: DbOrTx, accessCodeId: number, { lock }: { lock: boolean }) {
  const query = db.select({ seats: accessCodes.seats, active: accessCodes.active }).from(accessCodes).where(eq(accessCodes.id, accessCodeId));
  const [row] = await (lock ? query.for('update').limit(1) : query.limit(1));
  return row;
}
