/**
 * How a registration and a person look to the organizer console and to webhooks (docs/webhooks.md):
 * the registration with its attendee, store and network, the person with their store, and the
 * waiting list's positions they show (docs/waiting-lists.md). The console's lists and searches
 * (admin.queries.ts), the registration page (registration.queries.ts), the waiting list and the
 * webhook outbox read them here. This module imports no other module: every module that changes a
 * registration may emit through the outbox, which reads these views inside the change's transaction.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPerson, AdminRegistration } from '@portal/contracts';
import { rowsOf, schema, statementIn, type DbOrTx } from '@portal/db';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import { attendanceColumns, firstRow } from '../../lib/rows.ts';

const { districts, events, people, personErasures, registrations, stores, zones } = schema;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

// ---------------------------------------------------------------------------------------------
// Waiting-list positions

/** Whether the row's store holds a place (Enrolled or Offered) at the event: 1 (to the back) or 0. */
const storeHoldsPlace = sql`(case when e.waitlist_store_first and w.store_dlrnum is not null and exists (
    select 1 from registrations h where h.event_id = w.event_id and h.store_dlrnum = w.store_dlrnum and h.status in ('Enrolled', 'Offered')
  ) then 1 else 0 end)`;

/** Positions (1 = next) of every waiting registration of the event, by registration id. */
export async function queuePositions(db: DbOrTx, eventId: string): Promise<Map<number, number>> {
  const rows = rowsOf<{ id: number; position: number }>(
    await db.execute(sql`
      select w.id, (row_number() over (partition by w.waitlist_code_id order by ${storeHoldsPlace}, w.waitlist_order))::int as position
      from registrations w join events e on e.id = w.event_id
      where w.event_id = ${eventId} and w.status = 'Waitlisted'`),
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.position)]));
}

/**
 * How many wait ahead of a registration in its queue (store first aside), as SQL text over three
 * SQL expressions: the event, the queue's code id (0 for the event's own queue) and the
 * registration's order. One rule for positionOf and for the waiting list's join, which counts the
 * new position in the statement that joins (waitlist.queries.ts).
 */
export function waitingAheadSql(event: string, queueCode: string, order: string): string {
  return `(select count(*)::int from registrations w
    where w.event_id = ${event} and w.status = 'Waitlisted' and coalesce(w.waitlist_code_id, 0) = ${queueCode} and w.waitlist_order < ${order})`;
}

const waitingAheadStatement = statementIn<{ n: number }>('waitlist_waiting_ahead', `select ${waitingAheadSql('$1::text', '$2::integer', '$3::numeric')} as n`);

/**
 * The position of one waiting registration, or undefined when it is not waiting: one indexed count
 * (registrations_waitlist_order_uq) of those ahead in its queue; with store first, from the
 * queue's ranking.
 */
export async function positionOf(db: DbOrTx, registrationId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ eventId: registrations.eventId, status: registrations.status, codeId: registrations.waitlistCodeId, order: registrations.waitlistOrder, storeFirst: events.waitlistStoreFirst })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId))
    .limit(1);
  if (!row || row.status !== 'Waitlisted' || row.order === null) return undefined;
  if (row.storeFirst) return (await queuePositions(db, row.eventId)).get(registrationId);
  const [ahead] = await waitingAheadStatement(db, [row.eventId, row.codeId ?? 0, row.order]);
  return Number(ahead?.n ?? 0) + 1;
}

// ---------------------------------------------------------------------------------------------
// Registrations

export const registrationColumns = {
  id: registrations.id,
  eventId: registrations.eventId,
  status: registrations.status,
  attendeeType: registrations.attendeeType,
  attendeeId: registrations.attendeeId,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  storeDlrnum: registrations.storeDlrnum,
  storeName: stores.name,
  region: zones.regionCode,
  zone: districts.zoneCode,
  district: stores.districtCode,
  ...attendanceColumns,
  enrolledAt: registrations.enrolledAt,
  createdAt: registrations.createdAt,
  updatedAt: registrations.updatedAt,
  offerExpiresAt: registrations.offerExpiresAt,
};

export type RegistrationListRow = {
  [K in keyof typeof registrationColumns]: (typeof registrationColumns)[K]['_']['notNull'] extends true
    ? (typeof registrationColumns)[K]['_']['data']
    : (typeof registrationColumns)[K]['_']['data'] | null;
};

export function registrationView(r: RegistrationListRow): AdminRegistration {
  return {
    id: r.id,
    event: r.eventId === 'abc' ? 'abc' : 'nbc',
    status: r.status,
    attendeeType: r.attendeeType,
    attendeeId: r.attendeeId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: isPlaceholderEmail(r.email) ? null : r.email,
    storeDlrnum: r.storeDlrnum,
    storeName: r.storeName,
    region: r.region,
    zone: r.zone,
    district: r.district,
    isVirtual: r.isVirtual,
    arrivalDate: r.arrivalDate,
    departureDate: r.departureDate,
    enrolledAt: iso(r.enrolledAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...(r.status === 'Offered' && r.offerExpiresAt ? { offerExpiresAt: r.offerExpiresAt.toISOString() } : {}),
  };
}

/** The joins every registration list needs. */
export function registrationsFrom<T extends ReturnType<DbOrTx['select']>>(query: T) {
  return query
    .from(registrations)
    .innerJoin(people, eq(people.id, registrations.attendeeId))
    .leftJoin(stores, eq(stores.dlrnum, registrations.storeDlrnum))
    .leftJoin(districts, eq(districts.code, stores.districtCode))
    .leftJoin(zones, eq(zones.code, districts.zoneCode));
}

/** The waiting list's position of each `Waitlisted` row (docs/waiting-lists.md). */
export async function withPositions<T extends AdminRegistration>(db: DbOrTx, rows: T[]): Promise<T[]> {
  const events = [...new Set(rows.filter((r) => r.status === 'Waitlisted').map((r) => r.event))];
  if (!events.length) return rows;
  const positions = new Map<number, number>();
  for (const event of events) for (const [id, p] of await queuePositions(db, event)) positions.set(id, p);
  return rows.map((r) => (r.status === 'Waitlisted' && positions.has(r.id) ? { ...r, waitlistPosition: positions.get(r.id)! } : r));
}

export async function findRegistrationView(db: DbOrTx, id: number) {
  const [row] = await registrationsFrom(db.select({ ...registrationColumns, registeredById: registrations.registeredById, provider: registrations.provider }))
    .where(eq(registrations.id, id))
    .limit(1);
  if (!row) return undefined;
  const r = row as RegistrationListRow & { registeredById: number; provider: string };
  const [view] = await withPositions(db, [registrationView(r)]);
  return { ...view!, registeredById: r.registeredById, provider: r.provider };
}

const registrar = alias(people, 'registrar');

/** Who registered a registration, as webhooks show it (contracts' webhookRegistrationDataSchema). */
export interface Registrar {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
}

/**
 * Several registrations as `findRegistrationView` shows each, with who registered it, in one query
 * (webhooks/outbox.ts writes their bodies inside the change's transaction). `also` is one more
 * column, the same on every row (e.g. an uncorrelated subquery); `when` a condition on every row
 * (e.g. `exists (...)`, which PostgreSQL checks once before reading any registration).
 */
export async function findRegistrationViews<A>(
  db: DbOrTx,
  ids: readonly number[],
  extra: { also: SQL<A>; when?: SQL },
): Promise<{ view: AdminRegistration & { provider: string }; registeredBy: Registrar | null; also: A }[]> {
  if (!ids.length) return [];
  const rows = (await registrationsFrom(
    db.select({
      ...registrationColumns,
      provider: registrations.provider,
      registrarId: registrar.id,
      registrarFirstName: registrar.firstName,
      registrarLastName: registrar.lastName,
      registrarEmail: registrar.email,
      also: extra.also,
    }),
  )
    .leftJoin(registrar, eq(registrar.id, registrations.registeredById))
    .where(and(inArray(registrations.id, [...ids]), extra.when))) as (RegistrationListRow & {
    provider: string;
    registrarId: number | null;
    registrarFirstName: string | null;
    registrarLastName: string | null;
    registrarEmail: string | null;
    also: A;
  })[];
  const views = await withPositions(db, rows.map(registrationView));
  return rows.map((r, i) => ({
    view: { ...views[i]!, provider: r.provider },
    registeredBy:
      r.registrarId === null ? null : { id: r.registrarId, firstName: r.registrarFirstName!, lastName: r.registrarLastName!, email: isPlaceholderEmail(r.registrarEmail!) ? null : r.registrarEmail },
    also: r.also,
  }));
}

// ---------------------------------------------------------------------------------------------
// People

export function personView(p: typeof people.$inferSelect, storeName: string | null, erasedAt: Date | null = null): AdminPerson {
  return {
    id: p.id,
    email: isPlaceholderEmail(p.email) ? null : p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    category: p.category,
    storeDlrnum: p.storeDlrnum,
    storeName,
    zoneCode: p.zoneCode,
    company: p.company,
    scope: p.reportScopeLevel ? { level: p.reportScopeLevel, code: p.reportScopeCode } : null,
    createdAt: p.createdAt.toISOString(),
    erasedAt: iso(erasedAt),
  };
}

/** The person's row with their store's name and when they were erased, if they were. */
export async function findPersonWithStore(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select({ person: people, storeName: stores.name, erasedAt: personErasures.erasedAt })
      .from(people)
      .leftJoin(stores, eq(stores.dlrnum, people.storeDlrnum))
      .leftJoin(personErasures, eq(personErasures.personId, people.id))
      .where(eq(people.id, id)),
  );
}

export async function findPersonView(db: DbOrTx, id: number): Promise<AdminPerson | undefined> {
  const row = await findPersonWithStore(db, id);
  return row ? personView(row.person, row.storeName, row.erasedAt) : undefined;
}

/** Several people as `findPersonView` shows each, in one query; `also` and `when` as in findRegistrationViews. */
export async function findPersonViews<A>(db: DbOrTx, ids: readonly number[], extra: { also: SQL<A>; when?: SQL }): Promise<{ view: AdminPerson; also: A }[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ person: people, storeName: stores.name, erasedAt: personErasures.erasedAt, also: extra.also })
    .from(people)
    .leftJoin(stores, eq(stores.dlrnum, people.storeDlrnum))
    .leftJoin(personErasures, eq(personErasures.personId, people.id))
    .where(and(inArray(people.id, [...ids]), extra.when));
  return rows.map((row) => ({ view: personView(row.person, row.storeName, row.erasedAt), also: row.also as A }));
}
