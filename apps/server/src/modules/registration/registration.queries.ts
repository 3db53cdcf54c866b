import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RegistrationSummary } from '@portal/contracts';
import { dateOf, rowsOf, schema, statementIn, type DbOrTx, type Tx } from '@portal/db';
import { isPlaceholderEmail, PLACEHOLDER_EMAIL_DOMAIN } from '../../lib/placeholder-email.ts';
import { withinDailyCap } from '../mail/outbox.ts';
import type { StatementPart } from '../../lib/statements-together.ts';
import { positionOf } from '../registration-views/registration-views.queries.ts';
import { subscribersColumn, subscribersOf } from '../webhooks/outbox.ts';

const { accessCodes, registrations, events, people, providerCallbacks } = schema;

export type RegistrationRow = typeof registrations.$inferSelect;

/** The registration, locked for the rest of the transaction. */
export async function lockRegistration(tx: Tx, where: { id: number } | { providerRef: string }): Promise<RegistrationRow | undefined> {
  if ('id' in where) {
    const [row] = await lockRegistrationStatement(tx, [where.id]);
    return row && registrationOf(row);
  }
  const [row] = await tx.select().from(registrations).where(eq(registrations.providerRef, where.providerRef)).for('update').limit(1);
  return row;
}

type Timestamps<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K] };

/**
 * The registration's row lock by id, a named statement (every submit of the hosted page takes it):
 * the row as drizzle's select answers it, dates as their text and the order key's numeric as text,
 * timestamps as the drivers parse them (dateOf above).
 */
const REGISTRATION_COLUMNS = `r.id, r.event_id as "eventId", r.attendee_id as "attendeeId", r.store_dlrnum as "storeDlrnum", r.registered_by_id as "registeredById",
     r.attendee_type as "attendeeType", r.status, r.enrolled_at as "enrolledAt", r.arrival_date::text as "arrivalDate", r.departure_date::text as "departureDate",
     r.is_virtual as "isVirtual", r.is_free as "isFree", r.provider, r.provider_ref as "providerRef", r.access_code_id as "accessCodeId",
     r.waitlisted_at as "waitlistedAt", r.waitlist_order::text as "waitlistOrder", r.waitlist_code_id as "waitlistCodeId", r.offered_at as "offeredAt",
     r.offer_expires_at as "offerExpiresAt", r.created_at as "createdAt", r.updated_at as "updatedAt"`;

const lockRegistrationStatement = statementIn<Timestamps<RegistrationRow>>('registration_lock_by_id', `select ${REGISTRATION_COLUMNS} from registrations r where r.id = $1 limit 1 for update`);

/** A row of REGISTRATION_COLUMNS with its timestamps as Dates, as drizzle's select answers it. */
function registrationOf(row: Timestamps<RegistrationRow>): RegistrationRow {
  return { ...row, enrolledAt: dateOf(row.enrolledAt), waitlistedAt: dateOf(row.waitlistedAt), offeredAt: dateOf(row.offeredAt), offerExpiresAt: dateOf(row.offerExpiresAt), createdAt: dateOf(row.createdAt), updatedAt: dateOf(row.updatedAt) };
}

export async function findEvent(db: DbOrTx, eventId: string) {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  return row;
}

export async function findPerson(db: DbOrTx, personId: number) {
  const [row] = await db.select().from(people).where(eq(people.id, personId)).limit(1);
  return row;
}

/**
 * `known.waitlistPosition`: the position just computed by the caller (joining the list), not counted again.
 * A fixed statement (summaryStatement): every submit and page view reads it, and as a named statement
 * PostgreSQL plans its four-table join once per connection instead of on every call.
 */
export async function summaryOf(db: DbOrTx, registrationId: number, known: { waitlistPosition?: number } = {}): Promise<RegistrationSummary | undefined> {
  const [row] = await summaryStatement(db, [registrationId]);
  return row && summaryFromRow(db, registrationId, row, known);
}

/** The summary of a row of SUMMARY_COLUMNS (summaryOf, and the enrolment's update that answers it). */
async function summaryFromRow(db: DbOrTx, registrationId: number, row: SummaryRow, known: { waitlistPosition?: number }): Promise<RegistrationSummary> {
  return {
    status: row.status,
    event: {
      eventType: row.event_type === 'abc' ? 'abc' : 'nbc',
      name: row.event_name,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      isVirtual: row.program_virtual,
    },
    attendee: { firstName: row.first_name, lastName: row.last_name, email: isPlaceholderEmail(row.email) ? null : row.email },
    store: row.store_code && row.store_name ? { code: row.store_code, name: row.store_name } : null,
    isVirtual: row.is_virtual,
    arrivalDate: row.arrival_date,
    departureDate: row.departure_date,
    enrolledAt: row.enrolled_at ? dateOf(row.enrolled_at).toISOString() : null,
    isFree: row.is_free,
    ...(row.status === 'Waitlisted' ? { waitlistPosition: known.waitlistPosition ?? (await positionOf(db, registrationId)) ?? 1 } : {}),
    ...(row.status === 'Offered' && row.offer_expires_at ? { offerExpiresAt: dateOf(row.offer_expires_at).toISOString() } : {}),
  };
}

/** Dates as their text (`yyyy-mm-dd`, as drizzle's string-mode date columns answer them), timestamps as the drivers parse them. */
interface SummaryRow {
  status: RegistrationSummary['status'];
  event_type: string;
  event_name: string;
  starts_on: string;
  ends_on: string;
  program_virtual: boolean;
  first_name: string;
  last_name: string;
  email: string;
  store_code: string | null;
  store_name: string | null;
  is_virtual: boolean;
  arrival_date: string | null;
  departure_date: string | null;
  enrolled_at: Date | string | null;
  is_free: boolean;
  offer_expires_at: Date | string | null;
}

/** The summary's columns over a registration row `r` (the table's, or the row an update answers). */
const SUMMARY_SELECT = `select r.status, e.id as event_type, e.name as event_name, e.starts_on::text as starts_on, e.ends_on::text as ends_on,
     e.is_virtual as program_virtual, p.first_name, p.last_name, p.email, s.dlrnum as store_code, s.name as store_name,
     r.is_virtual, r.arrival_date::text as arrival_date, r.departure_date::text as departure_date, r.enrolled_at, r.is_free,
     r.offer_expires_at`;
const SUMMARY_JOINS = `join events e on e.id = r.event_id
   join people p on p.id = r.attendee_id
   left join stores s on s.dlrnum = r.store_dlrnum`;

const summaryStatement = statementIn<SummaryRow>(
  'registration_summary',
  `${SUMMARY_SELECT}
   from registrations r
   ${SUMMARY_JOINS}
   where r.id = $1
   limit 1`,
);

/**
 * Takes the store's row lock: seat counting of one store is serialized by it. A named statement (every
 * change of a registration takes it): parsed and planned once per connection.
 */
export async function lockStore(tx: Tx, dlrnum: string): Promise<{ dlrnum: string; complimentarySeats: number; executiveManagerId: number | null; generalManagerId: number | null } | undefined> {
  const [row] = await lockStoreStatement(tx, [dlrnum]);
  return row;
}

const lockStoreStatement = statementIn<{ dlrnum: string; complimentarySeats: number; executiveManagerId: number | null; generalManagerId: number | null }>(
  'registration_lock_store',
  `select dlrnum, complimentary_seats as "complimentarySeats", executive_manager_id as "executiveManagerId", general_manager_id as "generalManagerId"
   from stores where dlrnum = $1 limit 1 for update`,
);

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

/**
 * Locks what a change of one registration touches, always in the same order (the store, then the
 * registration) so that concurrent enrollments of one store queue up instead of deadlocking.
 * `peeked`: the registration's store as a read of the caller's just found it (the submit's first
 * read), so it is not read again here.
 */
export async function lockForChange(tx: Tx, where: { id: number } | { providerRef: string }, peeked?: { storeDlrnum: string | null }) {
  const condition = 'id' in where ? eq(registrations.id, where.id) : eq(registrations.providerRef, where.providerRef);
  let storeDlrnum = peeked?.storeDlrnum;
  if (storeDlrnum === undefined) {
    const [peek] = await tx.select({ storeDlrnum: registrations.storeDlrnum }).from(registrations).where(condition).limit(1);
    if (!peek) return undefined;
    storeDlrnum = peek.storeDlrnum;
  }
  if (storeDlrnum && 'id' in where) {
    // Both locks, in that order, in one statement.
    const [row] = await lockStoreAndRegistrationStatement(tx, [where.id, storeDlrnum]);
    if (!row) return undefined;
    const { lockedStore, ...registration } = row;
    return { registration: registrationOf(registration), store: lockedStore ?? undefined };
  }
  const store = storeDlrnum ? await lockStore(tx, storeDlrnum) : undefined;
  const registration = await lockRegistration(tx, where);
  return registration ? { registration, store } : undefined;
}

/**
 * The store's row lock, then the registration's, in one statement: the store's is taken by the
 * CTE's own locking scan, which runs when the join reads it, below the lock of the registration's
 * row at the top of the plan, so the store is always locked first (lockForChange's order). The
 * registration is answered as it is once locked (a row changed meanwhile is read again, as a
 * `for update` does); the store as lockStore answers it (null when no such store).
 */
const lockStoreAndRegistrationStatement = statementIn<Timestamps<RegistrationRow> & { lockedStore: { dlrnum: string; complimentarySeats: number; executiveManagerId: number | null; generalManagerId: number | null } | null }>(
  'registration_lock_store_and_registration',
  `with s as (
     select dlrnum, complimentary_seats, executive_manager_id, general_manager_id from stores where dlrnum = $2::text limit 1 for update
   )
   select ${REGISTRATION_COLUMNS},
     case when s.dlrnum is null then null else json_build_object('dlrnum', s.dlrnum, 'complimentarySeats', s.complimentary_seats,
       'executiveManagerId', s.executive_manager_id, 'generalManagerId', s.general_manager_id) end as "lockedStore"
   from registrations r left join s on true
   where r.id = $1
   for update of r`,
);

/**
 * The live link behind a token hash and, in the same read without locks, what its submit needs
 * before it changes anything: the registration's store (locked next, in lock order: lockForChange),
 * its attendee, its event (the attendance window, the changes' closing) and, when `outlook` (a
 * register link's submit), what placeOutlook reads: the window, the capacity, the access code's state
 * and seats, and the places others hold (not counted for the events of `uncountedEvents`: held null).
 * Undefined when the token is not live (unknown, used or expired). The attendee read here is checked
 * against the locked registration by the caller.
 */
export async function submitPeek(db: DbOrTx, tokenHash: string, now: Date, outlook: boolean, uncountedEvents: readonly string[] = []) {
  const [row] = await submitPeekStatement(db, [tokenHash, now, outlook, JSON.stringify(uncountedEvents)]);
  if (!row) return undefined;
  return {
    registrationId: row.registration_id,
    purpose: row.purpose,
    expiresAt: row.expires_at,
    mailed: row.mailed,
    storeDlrnum: row.store_dlrnum,
    /** The registration's row as this read saw it: the caller uses the rest only while the locked row still says the same. */
    seen: { attendeeId: row.attendee_id, eventId: row.event_id, accessCodeId: row.access_code_id },
    person: { id: row.person_id, email: row.person_email, firstName: row.first_name, lastName: row.last_name },
    event: {
      name: row.event_name,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      isVirtual: row.event_virtual,
      changesCloseAt: row.changes_close_at,
      helpDeskEmail: row.help_desk_email,
      helpDeskPhone: row.help_desk_phone,
    },
    /** Whether the event had questions when this read ran (none: the submit reads none, and stores no answers). */
    hasQuestions: row.has_questions,
    /** The enabled webhook endpoints subscribed to SUBMIT_WEBHOOK_TYPES when this read ran (for the submit's emits). */
    webhookSubscribers: subscribersOf(row.webhook_subscribers),
    outlook: row.outlook
      ? {
          name: row.event_name,
          opensAt: row.registration_opens_at,
          closesAt: row.registration_closes_at,
          capacity: row.capacity,
          held: row.held === null ? null : Number(row.held),
          codeActive: row.code_active,
          codeSeats: row.code_seats,
          codeHeld: Number(row.code_held),
        }
      : undefined,
  };
}

export type SubmitPeek = NonNullable<Awaited<ReturnType<typeof submitPeek>>>;

/**
 * The webhook events a submit of the hosted page may send (the attendee's details, the
 * registration's enrolment, change or place on the waiting list): the endpoints subscribed to them
 * are read with the submit's first read, so its emits send no statement when none is subscribed.
 */
const SUBMIT_WEBHOOK_TYPES = ['registration.updated', 'registration.waitlisted', 'person.updated'] as const;

const submitPeekStatement = statementIn<{
  registration_id: number;
  purpose: 'register' | 'revisit';
  expires_at: Date;
  mailed: boolean;
  store_dlrnum: string | null;
  attendee_id: number;
  event_id: string;
  access_code_id: number | null;
  person_id: number;
  person_email: string;
  first_name: string;
  last_name: string;
  event_name: string;
  starts_on: string;
  ends_on: string;
  event_virtual: boolean;
  changes_close_at: Date | null;
  help_desk_email: string | null;
  help_desk_phone: string | null;
  outlook: boolean;
  registration_opens_at: Date | null;
  registration_closes_at: Date | null;
  capacity: number | null;
  code_active: boolean | null;
  code_seats: number | null;
  held: number | null;
  code_held: number;
  webhook_subscribers: unknown;
  has_questions: boolean;
}>(
  'registration_submit_peek',
  `select t.registration_id, t.purpose, t.expires_at, t.mailed, r.store_dlrnum, r.attendee_id, r.event_id, r.access_code_id,
     p.id as person_id, p.email as person_email, p.first_name, p.last_name,
     e.name as event_name, e.starts_on::text as starts_on, e.ends_on::text as ends_on, e.is_virtual as event_virtual,
     e.changes_close_at, e.help_desk_email, e.help_desk_phone,
     ($3::boolean and t.purpose = 'register') as outlook,
     e.registration_opens_at, e.registration_closes_at, e.capacity, c.active as code_active, c.seats as code_seats,
     case when $3::boolean and t.purpose = 'register' and e.capacity is not null then case when $4::jsonb ? e.id then null else (select count(*)::int from registrations h
       where h.event_id = e.id and h.status in ('Enrolled', 'Offered') and h.attendee_id <> r.attendee_id) end else 0 end as held,
     case when $3::boolean and t.purpose = 'register' and c.seats is not null then (select count(*)::int from registrations h
       where h.access_code_id = c.id and h.status in ('Enrolled', 'Offered') and h.attendee_id <> r.attendee_id) else 0 end as code_held,
     ${subscribersColumn(SUBMIT_WEBHOOK_TYPES)} as webhook_subscribers,
     exists (select 1 from questions qs where qs.event_id = e.id) as has_questions
   from registration_tokens t
   join registrations r on r.id = t.registration_id
   join people p on p.id = r.attendee_id
   join events e on e.id = r.event_id
   left join access_codes c on c.id = r.access_code_id
   where t.token_hash = $1 and t.used_at is null and t.expires_at > $2`,
);

/**
 * Enrolled, in one statement: the attendance set, the order key and the offer's expiry cleared, and
 * the seat free while fewer than `free.seats` others of the store hold a free seat (the caller holds
 * the store's row lock, so two enrollments cannot take the last free seat together). Answers the
 * registration's summary after the change (as summaryOf reads it: the statement's update answers
 * the row it wrote; the attendee, event and store rows are read as they are at the statement's
 * start). A named statement: every enrolment sends it.
 */
export async function enrollRegistration(
  tx: Tx,
  registrationId: number,
  values: { enrolledAt: Date; isVirtual: boolean; arrivalDate: string | null; departureDate: string | null; updatedAt: Date },
  free: { eventId: string; dlrnum: string; seats: number } | null,
): Promise<RegistrationSummary | undefined> {
  const [row] = await enrollStatement(tx, [registrationId, values.enrolledAt, values.isVirtual, values.arrivalDate, values.departureDate, values.updatedAt, free?.eventId ?? null, free?.dlrnum ?? null, free?.seats ?? null]);
  return row && summaryFromRow(tx, registrationId, row, {});
}

const enrollStatement = statementIn<SummaryRow>(
  'registration_enroll',
  `with r as (
     update registrations set status = 'Enrolled', enrolled_at = $2::timestamptz, is_virtual = $3::boolean, arrival_date = $4::date, departure_date = $5::date,
       waitlist_order = null, offer_expires_at = null, updated_at = $6::timestamptz,
       is_free = case when $8::text is null then false else (select count(*) from registrations f where f.event_id = $7::text and f.store_dlrnum = $8::text
         and f.status = 'Enrolled' and f.is_free and f.id <> $1) < $9::integer end
     where id = $1
     returning *
   )
   ${SUMMARY_SELECT}
   from r
   ${SUMMARY_JOINS}`,
);

/**
 * A savepoint the caller may roll back to (rollbackToSavepoint); a kept one is not released: the
 * commit ends it, a round trip less than a nested transaction's release.
 */
export async function savepoint(tx: Tx, name: SavepointName): Promise<void> {
  await tx.execute(sql.raw(`savepoint ${name}`));
}

export async function rollbackToSavepoint(tx: Tx, name: SavepointName): Promise<void> {
  await tx.execute(sql.raw(`rollback to savepoint ${name}`));
}

/** The savepoints this module sets (names written into the statement, so a fixed list). */
export type SavepointName = 'submit_enrolment';

/** The event's registration window and capacity (registration-limits.ts checks them). */
export async function eventLimits(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ name: events.name, opensAt: events.registrationOpensAt, closesAt: events.registrationClosesAt, capacity: events.capacity })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}

/** Takes the event's row lock: places of an event with a capacity are counted under it (a named statement, as lockStore). */
export async function lockEventForPlaces(tx: Tx, eventId: string): Promise<void> {
  await lockEventStatement(tx, [eventId]);
}

const lockEventStatement = statementIn('registration_lock_event', `select "id" from "events" where "events"."id" = $1 for update`);

/** Places held (Enrolled or Offered) at the event, or under the access code, by others than the attendee. */
export async function othersHoldingPlaces(tx: DbOrTx, where: { eventId: string } | { accessCodeId: number }, attendeeId: number): Promise<number> {
  const of = 'eventId' in where ? eq(registrations.eventId, where.eventId) : eq(registrations.accessCodeId, where.accessCodeId);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(of, inArray(registrations.status, ['Enrolled', 'Offered']), ne(registrations.attendeeId, attendeeId)));
  return Number(row?.n ?? 0);
}

const HOLDING = sql`('Enrolled', 'Offered')`;

/**
 * The event's window and capacity, the access code's state and seats, and the places others hold
 * at the event and under the code, in one read without locks: what a submit expects to find before it
 * takes the place under the locks (registration-limits.ts).
 */
export async function placeOutlook(db: DbOrTx, input: { eventId: string; accessCodeId: number | null; attendeeId: number }) {
  const [row] = await db
    .select({
      name: events.name,
      opensAt: events.registrationOpensAt,
      closesAt: events.registrationClosesAt,
      capacity: events.capacity,
      held: sql<number>`case when ${events.capacity} is null then 0 else (select count(*)::int from registrations r
        where r.event_id = ${events.id} and r.status in ${HOLDING} and r.attendee_id <> ${input.attendeeId}) end`,
      codeActive: accessCodes.active,
      codeSeats: accessCodes.seats,
      codeHeld: sql<number>`case when ${accessCodes.seats} is null then 0 else (select count(*)::int from registrations r
        where r.access_code_id = ${accessCodes.id} and r.status in ${HOLDING} and r.attendee_id <> ${input.attendeeId}) end`,
    })
    .from(events)
    .leftJoin(accessCodes, eq(accessCodes.id, input.accessCodeId ?? -1))
    .where(eq(events.id, input.eventId))
    .limit(1);
  return row ? { ...row, held: Number(row.held), codeHeld: Number(row.codeHeld) } : undefined;
}

/**
 * Places others hold at the event and under the access code (null: not counted), in one statement.
 * Run it after the locks are taken, as a statement of its own: it then sees every commit made
 * under them.
 */
export async function heldPlaces(tx: Tx, input: { eventId: string | null; accessCodeId: number | null; attendeeId: number }): Promise<{ event: number; code: number }> {
  // Every place held, less the attendee's own: the first count reads the index alone (an index-only
  // scan of registrations_held_idx or registrations_access_code_idx, where the table's pages are
  // marked all-visible), the second one row by (event, attendee) or the attendee. A filter on the
  // attendee in the first count would read every held registration's row from the table: 3.7 ms
  // against 0.6-1 ms at 5,800 places held. A named statement per case (the event's, the code's, or
  // both), sent under the event's lock by every submit that takes a place.
  const [row] =
    input.eventId === null
      ? input.accessCodeId === null
        ? [{ event: 0, code: 0 }]
        : await heldByCodeStatement(tx, [input.accessCodeId, input.attendeeId])
      : input.accessCodeId === null
        ? await heldAtEventStatement(tx, [input.eventId, input.attendeeId])
        : await heldBothStatement(tx, [input.eventId, input.accessCodeId, input.attendeeId]);
  return { event: Number(row?.event ?? 0), code: Number(row?.code ?? 0) };
}

/** Places held at the event ($1) or under the code ($1), less the attendee's ($2) own. */
const heldAt = (column: 'event_id' | 'access_code_id', type: 'text' | 'integer', of: string, attendee: string) =>
  `(select count(*)::int from registrations where ${column} = ${of}::${type} and status in ('Enrolled', 'Offered'))
     - (select count(*)::int from registrations where ${column} = ${of}::${type} and attendee_id = ${attendee}::integer and status in ('Enrolled', 'Offered'))`;
const heldAtEventStatement = statementIn<{ event: number; code: number }>('registration_held_at_event', `select ${heldAt('event_id', 'text', '$1', '$2')} as event, 0 as code`);
const heldByCodeStatement = statementIn<{ event: number; code: number }>('registration_held_by_code', `select 0 as event, ${heldAt('access_code_id', 'integer', '$1', '$2')} as code`);
const heldBothStatement = statementIn<{ event: number; code: number }>(
  'registration_held_both',
  `select ${heldAt('event_id', 'text', '$1', '$3')} as event, ${heldAt('access_code_id', 'integer', '$2', '$3')} as code`,
);

/** The access code's seats and state; `lock` takes its row lock (after the event's, as the waiting list's offers do). */
export async function accessCodeState(db: DbOrTx, accessCodeId: number, { lock }: { lock: boolean }) {
  const query = db.select({ seats: accessCodes.seats, active: accessCodes.active }).from(accessCodes).where(eq(accessCodes.id, accessCodeId));
  const [row] = await (lock ? query.for('update').limit(1) : query.limit(1));
  return row;
}

/** Sets the registration's columns (its status, attendance, seat or queue fields). */
export async function updateRegistration(tx: Tx, registrationId: number, values: Partial<typeof registrations.$inferInsert>): Promise<void> {
  await tx.update(registrations).set(values).where(eq(registrations.id, registrationId));
}

/** What the hosted page's submit may change of its attendee. */
export type PersonChanges = Partial<Pick<typeof people.$inferInsert, 'firstName' | 'lastName' | 'email'>>;

/**
 * Sets the attendee's changed names and address in one fixed statement, a named one (every first
 * submit of the hosted page sends it): a column not changed is given null and keeps its value (all
 * three are not null). The report's statement trigger names all three columns, so it fires as before.
 */
export async function updatePerson(tx: Tx, personId: number, changes: PersonChanges): Promise<void> {
  await updatePersonStatement(tx, [personId, changes.firstName ?? null, changes.lastName ?? null, changes.email ?? null]);
}

const UPDATE_PERSON_SQL = `update people set first_name = coalesce($2::text, first_name), last_name = coalesce($3::text, last_name), email = coalesce($4::text, email)`;

const updatePersonStatement = statementIn('registration_update_person', `${UPDATE_PERSON_SQL} where id = $1`);

/**
 * updatePerson's change with the address marked unverified (a new address, whose confirmation the
 * statement's other parts write), as a part of a statement of several writes (writeTogether).
 */
export function updatePersonUnverifiedPart(personId: number, changes: PersonChanges): StatementPart {
  return { name: 'person', texts: [`${UPDATE_PERSON_SQL}, email_verified = false where id = $1`], params: [personId, changes.firstName ?? null, changes.lastName ?? null, changes.email ?? null] };
}

/** Records a provider's callback id once: false when it was seen before (a retried delivery). */
export async function recordProviderCallback(tx: Tx, row: typeof providerCallbacks.$inferInsert): Promise<boolean> {
  const fresh = await tx.insert(providerCallbacks).values(row).onConflictDoNothing().returning({ id: providerCallbacks.id });
  return fresh.length > 0;
}

/**
 * Queues the store-manager reminders of every event inside its reminder window, in one statement
 * (reminders.ts): managers of stores with no enrolled attendee, confirmed addresses only, within the
 * daily cap; the outbox's dedupe key keeps it to one per manager, event and closing date. Answers
 * how many were queued.
 */
export async function insertStoreReminders(db: DbOrTx, now: Date, perRecipientDay: number): Promise<number> {
  const result = await db.execute(sql`
    with due_events as (
      select id, registration_closes_at as closes_at
      from events
      where registration_closes_at is not null and reminder_days_before_close is not null
        and ${now.toISOString()}::timestamptz < registration_closes_at
        and ${now.toISOString()}::timestamptz >= registration_closes_at - reminder_days_before_close * interval '1 day'
    ),
    uncovered as (
      select e.id as event_id, e.closes_at, s.dlrnum, s.name as store_name, s.executive_manager_id, s.general_manager_id
      from due_events e cross join stores s
      where not exists (
        select 1 from registrations r where r.event_id = e.id and r.store_dlrnum = s.dlrnum and r.status = 'Enrolled')
    ),
    recipients as (
      select distinct on (u.event_id, p.email) u.event_id, u.closes_at, u.dlrnum, u.store_name, p.email,
        trim(p.first_name || ' ' || p.last_name) as manager_name
      from uncovered u
      join people p on p.id in (u.executive_manager_id, u.general_manager_id)
      where p.email not like ${`%@${PLACEHOLDER_EMAIL_DOMAIN}`} and p.email_verified
      order by u.event_id, p.email, u.dlrnum
    ),
    capped as (
      -- Confirmed addresses only (above), and at most the daily cap of reminders per address (docs/security.md, "Reminders ... flood one address").
      select * from (select rc.*, row_number() over (partition by rc.email order by rc.event_id) - 1 as earlier from recipients rc) n
      where ${withinDailyCap(sql`n.email`, now, perRecipientDay, sql`n.earlier`)}
    )
    insert into mail_outbox (kind, to_email, event_id, data, dedupe_key, message_id, created_at)
    select 'store-reminder', email, event_id,
      jsonb_build_object('managerName', manager_name, 'storeName', store_name, 'dlrnum', dlrnum,
        'closesOn', to_char(closes_at at time zone 'UTC', 'YYYY-MM-DD')),
      concat_ws('|', 'store-reminder', event_id, email, 'closes-' || to_char(closes_at at time zone 'UTC', 'YYYY-MM-DD'), ''),
      '<' || gen_random_uuid() || '@event-portal>', ${now.toISOString()}::timestamptz
    from capped
    on conflict do nothing
    returning id`);
  return rowsOf<{ id: number }>(result).length;
}

export interface StaleLink {
  registration_id: number;
  event_id: string;
  email: string;
  first_name: string;
}

/**
 * Pending builtin registrations whose register link was issued before `issuedBefore` and never
 * used, of events still open and not over, to a confirmed address, not reminded in this `window`.
 */
export async function staleRegisterLinks(db: DbOrTx, { now, window, issuedBefore, limit }: { now: Date; window: string; issuedBefore: string; limit: number }): Promise<StaleLink[]> {
  return rowsOf<StaleLink>(
    await db.execute(sql`
      select r.id as registration_id, r.event_id, p.email, p.first_name
      from registrations r
      join people p on p.id = r.attendee_id
      join events e on e.id = r.event_id
      where r.status = 'Pending' and r.provider = 'builtin'
        and (e.registration_closes_at is null or e.registration_closes_at > ${now.toISOString()}::timestamptz)
        and e.ends_on >= (${now.toISOString()}::timestamptz at time zone 'UTC')::date
        and p.email not like ${`%@${PLACEHOLDER_EMAIL_DOMAIN}`} and p.email_verified
        and exists (select 1 from registration_tokens t where t.registration_id = r.id and t.purpose = 'register' and t.used_at is null)
        and not exists (select 1 from registration_tokens t where t.registration_id = r.id and t.created_at > ${issuedBefore}::timestamptz)
        and not exists (select 1 from mail_outbox m where m.dedupe_key = concat_ws('|', 'link-reminder', r.event_id, p.email, ${window}::text, r.id::text))
      order by r.id
      limit ${limit}`),
  );
}
