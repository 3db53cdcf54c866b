/**
 * The organizer console's SQL: every list is filtered, sorted and paged in the database, with the
 * total counted by the same conditions. Searches are `ILIKE '%text%'` on the few columns named in
 * the contract, written so that PostgreSQL answers them from trigram indexes (migrations 0006 and
 * 0011, where pg_trgm is available): the matching people and stores are found first, then their
 * registrations by indexed keys. PGlite has no pg_trgm and scans, which is correct and fast enough
 * at its sizes. Measured in bench/admin (docs/benchmarks.md). A registration and a person look as
 * registration-views.queries.ts shows them (webhooks read the same views).
 */
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminAccessCode, AdminEvent, AdminPerson, AdminRegistration, AuditEntry, RegistrationSort } from '@portal/contracts';
import { schema, type DbOrTx } from '@portal/db';
import {
  personView,
  registrationColumns,
  registrationsFrom,
  registrationView,
  withPositions,
  type RegistrationListRow,
} from '../registration-views/registration-views.queries.ts';

const { accessCodes, auditLog, districts, eventRetention, events, people, personErasures, registrations, stores, zones } = schema;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** `%text%` with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface Page {
  page: number;
  pageSize: number;
}
const offsetOf = (p: Page) => (p.page - 1) * p.pageSize;

// ---------------------------------------------------------------------------------------------
// Events

export async function listEvents(db: DbOrTx): Promise<AdminEvent[]> {
  const rows = await db.select().from(events).orderBy(asc(events.startsOn), asc(events.id));
  const retention = new Map((await db.select().from(eventRetention)).map((r) => [r.eventId, r.retentionDays]));
  const counts = await db
    .select({ eventId: registrations.eventId, status: registrations.status, n: sql<number>`count(*)::int` })
    .from(registrations)
    .groupBy(registrations.eventId, registrations.status);
  return rows.map((e) => {
    const count = (status: string) => Number(counts.find((c) => c.eventId === e.id && c.status === status)?.n ?? 0);
    return {
      id: e.id === 'abc' ? 'abc' : 'nbc',
      name: e.name,
      providerEventCode: e.providerEventCode,
      startsOn: e.startsOn,
      endsOn: e.endsOn,
      registrationOpensAt: iso(e.registrationOpensAt),
      registrationClosesAt: iso(e.registrationClosesAt),
      isVirtual: e.isVirtual,
      capacity: e.capacity,
      defaultComplimentarySeats: e.defaultComplimentarySeats,
      reminderDaysBeforeClose: e.reminderDaysBeforeClose,
      retentionDays: retention.get(e.id) ?? null,
      waitlistOfferMinutes: e.waitlistOfferMinutes,
      waitlistStoreFirst: e.waitlistStoreFirst,
      timeZone: e.timeZone,
      sessionsOpenAt: iso(e.sessionsOpenAt),
      sessionsCloseAt: iso(e.sessionsCloseAt),
      changesCloseAt: iso(e.changesCloseAt),
      helpDeskEmail: e.helpDeskEmail,
      helpDeskPhone: e.helpDeskPhone,
      registrations: {
        pending: count('Pending'),
        enrolled: count('Enrolled'),
        cancelled: count('Cancelled'),
        waitlisted: count('Waitlisted'),
        offered: count('Offered'),
        expired: count('Expired'),
      },
    };
  });
}

export async function lockEvent(db: DbOrTx, id: string) {
  const [row] = await db.select().from(events).where(eq(events.id, id)).for('update').limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Access codes

const loginsOfCode = sql<number>`(select count(*)::int from ${auditLog} a where a.action = 'login' and a.success and (a.detail ->> 'accessCodeId') = ${accessCodes.id}::text)`;
const registrationsOfCode = sql<number>`(select count(*)::int from ${registrations} r where r.access_code_id = ${accessCodes.id} and r.status <> 'Cancelled')`;

export async function listAccessCodes(db: DbOrTx, filter: { event?: string | undefined } & Page, now: Date): Promise<{ rows: AdminAccessCode[]; total: number }> {
  const where = filter.event ? eq(accessCodes.eventId, filter.event) : undefined;
  const rows = await db
    .select({ code: accessCodes, storeName: stores.name, logins: loginsOfCode, registrations: registrationsOfCode })
    .from(accessCodes)
    .leftJoin(stores, eq(stores.dlrnum, accessCodes.storeDlrnum))
    .where(where)
    .orderBy(asc(accessCodes.eventId), asc(accessCodes.id))
    .limit(filter.pageSize)
    .offset(offsetOf(filter));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(accessCodes).where(where);
  return { rows: rows.map((r) => accessCodeView(r.code, r.storeName, Number(r.logins), Number(r.registrations), now)), total: Number(count?.n ?? 0) };
}

export async function findAccessCodeView(db: DbOrTx, id: number, now: Date): Promise<AdminAccessCode | undefined> {
  const [r] = await db
    .select({ code: accessCodes, storeName: stores.name, logins: loginsOfCode, registrations: registrationsOfCode })
    .from(accessCodes)
    .leftJoin(stores, eq(stores.dlrnum, accessCodes.storeDlrnum))
    .where(eq(accessCodes.id, id))
    .limit(1);
  return r ? accessCodeView(r.code, r.storeName, Number(r.logins), Number(r.registrations), now) : undefined;
}

function accessCodeView(c: typeof accessCodes.$inferSelect, storeName: string | null, logins: number, registrationCount: number, now: Date): AdminAccessCode {
  return {
    id: c.id,
    event: c.eventId === 'abc' ? 'abc' : 'nbc',
    label: c.label,
    category: c.personCategory,
    regType: c.regType,
    policies: c.policies,
    requiresRoster: c.requiresRoster,
    storeDlrnum: c.storeDlrnum,
    storeName,
    seats: c.seats,
    expiresAt: iso(c.expiresAt),
    active: c.active,
    usable: c.active && (c.expiresAt === null || c.expiresAt > now),
    createdAt: c.createdAt.toISOString(),
    logins,
    registrations: registrationCount,
  };
}

// ---------------------------------------------------------------------------------------------
// Registrations

export interface RegistrationFilter extends Page {
  event?: string | undefined;
  q?: string | undefined;
  status?: string | undefined;
  region?: string | undefined;
  store?: string | undefined;
  type?: string | undefined;
  sort: RegistrationSort;
}

function registrationOrder(sort: RegistrationSort): SQL[] {
  const descending = sort.startsWith('-');
  const dir = descending ? desc : asc;
  const key = sort.replace(/^-/, '') as 'name' | 'email' | 'store' | 'status' | 'type' | 'createdAt' | 'updatedAt' | 'enrolledAt';
  const columns: Record<typeof key, SQL[]> = {
    name: [dir(people.lastName), dir(people.firstName)],
    email: [dir(people.email)],
    store: [sql`${registrations.storeDlrnum} ${sql.raw(descending ? 'desc nulls last' : 'asc nulls last')}`],
    status: [dir(registrations.status)],
    type: [dir(registrations.attendeeType)],
    createdAt: [dir(registrations.createdAt)],
    updatedAt: [dir(registrations.updatedAt)],
    enrolledAt: [sql`${registrations.enrolledAt} ${sql.raw(descending ? 'desc nulls last' : 'asc nulls last')}`],
  };
  return [...columns[key], dir(registrations.id)];
}

/** People whose "first last" name or e-mail contains the text; same expressions as the trigram indexes. */
function peopleMatching(db: DbOrTx, pattern: string) {
  return db
    .select({ id: people.id })
    .from(people)
    .where(or(sql`(${people.firstName} || ' ' || ${people.lastName}) ilike ${pattern}`, sql`${people.email} ilike ${pattern}`));
}

/**
 * Stores whose name or number contains the text; same expressions as the trigram indexes. The number
 * is matched as `lower(dlrnum)`, which ILIKE matches exactly as `dlrnum` (it compares lower-cased
 * text): its trigram index is on that expression so that no `dlrnum = ...` lookup can pick it
 * (migration 0011).
 */
function storesMatching(db: DbOrTx, pattern: string) {
  return db
    .select({ dlrnum: stores.dlrnum })
    .from(stores)
    .where(or(sql`${stores.name} ilike ${pattern}`, sql`lower(${stores.dlrnum}) ilike ${pattern}`));
}

/**
 * The registrations whose attendee or store matches: two branches, each found by index (people or
 * stores by trigram index, then their registrations by `attendee_id` / `store_dlrnum`), joined by
 * UNION. The same condition written as `attendee_id in (...) or store_dlrnum in (...)` can only be
 * tested row by row, so PostgreSQL read every registration for every search. Each set is handed on as
 * an array (`= any(array(...))`, computed once): the planner then looks its few rows up by index
 * instead of hashing them against a scan of all registrations, which its default cost settings
 * preferred from a few hundred rows on.
 */
function registrationsMatchingByIndex(db: DbOrTx, pattern: string): SQL {
  const byAttendee = db
    .select({ id: registrations.id })
    .from(registrations)
    .where(sql`${registrations.attendeeId} = any(array(${peopleMatching(db, pattern)}))`);
  const byStore = db
    .select({ id: registrations.id })
    .from(registrations)
    .where(sql`${registrations.storeDlrnum} = any(array(${storesMatching(db, pattern)}))`);
  return sql`${registrations.id} = any(array(${byAttendee} union ${byStore}))`;
}

/**
 * The same match written for a scan: each registration tested against the two hashed sets. A text
 * shorter than three characters has no trigram to look up, so its people and stores are scanned
 * anyway and it tends to match most of them (`q=a`); then one pass over the registrations is much
 * cheaper than looking up tens of thousands of ids one by one (measured: 0.4-0.8 s against 1.3 s per
 * statement at 63,795 registrations on the loaded machine).
 */
function registrationsMatchingByScan(db: DbOrTx, pattern: string): SQL | undefined {
  return or(inArray(registrations.attendeeId, peopleMatching(db, pattern)), inArray(registrations.storeDlrnum, storesMatching(db, pattern)));
}

/** pg_trgm finds nothing to look up in a LIKE pattern with fewer characters. */
const TRIGRAM_LENGTH = 3;

function registrationsMatching(db: DbOrTx, text: string): SQL | undefined {
  const pattern = containsPattern(text);
  return [...text].length < TRIGRAM_LENGTH ? registrationsMatchingByScan(db, pattern) : registrationsMatchingByIndex(db, pattern);
}

function registrationWhere(db: DbOrTx, f: RegistrationFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (f.event) conditions.push(eq(registrations.eventId, f.event));
  if (f.status) conditions.push(eq(registrations.status, f.status as AdminRegistration['status']));
  if (f.type) conditions.push(eq(registrations.attendeeType, f.type as (typeof schema.ATTENDEE_TYPES)[number]));
  if (f.store) conditions.push(eq(registrations.storeDlrnum, f.store));
  if (f.region) conditions.push(eq(zones.regionCode, f.region));
  if (f.q) conditions.push(registrationsMatching(db, f.q));
  return and(...conditions);
}

/**
 * Registrations with only the joins the filter and the sort need: people for the name and e-mail
 * sorts, the network for the region filter. Leaving people out drops no row (every registration has
 * an attendee: `attendee_id` is not null and a foreign key), so counts and pages stay the same.
 */
function registrationsFiltered<T extends ReturnType<DbOrTx['select']>>(query: T, f: RegistrationFilter, withPeople: boolean) {
  let q = query.from(registrations).$dynamic();
  if (withPeople) q = q.innerJoin(people, eq(people.id, registrations.attendeeId));
  if (f.region) {
    q = q
      .innerJoin(stores, eq(stores.dlrnum, registrations.storeDlrnum))
      .innerJoin(districts, eq(districts.code, stores.districtCode))
      .innerJoin(zones, eq(zones.code, districts.zoneCode));
  }
  return q;
}

/**
 * One page and the total. The page's ids are chosen first, sorted and cut in SQL with only the
 * joins the filter and the sort need, then only those rows are joined to their attendee and network
 * (the same order again, so the answer is exactly the one of a single joined query).
 */
export async function listRegistrations(db: DbOrTx, f: RegistrationFilter): Promise<{ rows: AdminRegistration[]; total: number }> {
  const where = registrationWhere(db, f);
  const order = registrationOrder(f.sort);
  const sortsByPerson = /^-?(name|email)$/.test(f.sort);
  const pageIds = registrationsFiltered(db.select({ id: registrations.id }), f, sortsByPerson)
    .where(where)
    .orderBy(...order)
    .limit(f.pageSize)
    .offset(offsetOf(f));
  const [rows, count] = await Promise.all([
    registrationsFrom(db.select(registrationColumns))
      .where(inArray(registrations.id, pageIds))
      .orderBy(...order),
    registrationsFiltered(db.select({ n: sql<number>`count(*)::int` }), f, false).where(where),
  ]);
  return { rows: await withPositions(db, (rows as RegistrationListRow[]).map(registrationView)), total: Number(count[0]?.n ?? 0) };
}

export async function registrationHistory(db: DbOrTx, registrationId: number): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(sql`(${auditLog.detail} ->> 'registrationId') = ${String(registrationId)}`)
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(500);
  return rows.map(auditView);
}

/** Pending or enrolled registrations of the event, but this one. */
export async function countActiveRegistrations(db: DbOrTx, eventId: string, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), ne(registrations.status, 'Cancelled'), exceptId ? ne(registrations.id, exceptId) : undefined));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// People

export interface PeopleFilter extends Page {
  q?: string | undefined;
  store?: string | undefined;
}

export async function listPeople(db: DbOrTx, f: PeopleFilter): Promise<{ rows: AdminPerson[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (f.store) conditions.push(eq(people.storeDlrnum, f.store));
  if (f.q) {
    const pattern = containsPattern(f.q);
    conditions.push(
      or(
        sql`(${people.firstName} || ' ' || ${people.lastName}) ilike ${pattern}`,
        sql`${people.email} ilike ${pattern}`,
        // Exact, so the store index serves it beside the trigram indexes.
        eq(people.storeDlrnum, f.q),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, count] = await Promise.all([
    db
      .select({ person: people, storeName: stores.name, erasedAt: personErasures.erasedAt })
      .from(people)
      .leftJoin(stores, eq(stores.dlrnum, people.storeDlrnum))
      .leftJoin(personErasures, eq(personErasures.personId, people.id))
      .where(where)
      .orderBy(asc(people.lastName), asc(people.firstName), asc(people.id))
      .limit(f.pageSize)
      .offset(offsetOf(f)),
    db.select({ n: sql<number>`count(*)::int` }).from(people).where(where),
  ]);
  return { rows: rows.map((r) => personView(r.person, r.storeName, r.erasedAt)), total: Number(count[0]?.n ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Audit

export function auditView(a: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: a.id,
    at: a.at.toISOString(),
    action: a.action,
    success: a.success,
    actorEmail: a.actorEmail,
    organizerId: a.organizerId,
    eventId: a.eventId,
    ip: a.ip,
    detail: a.detail ?? null,
  };
}

export interface AuditFilter extends Page {
  actor?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  event?: string | undefined;
}

export async function listAudit(db: DbOrTx, f: AuditFilter): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = and(
    f.actor ? eq(auditLog.actorEmail, f.actor.toLowerCase()) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.at, new Date(f.from)) : undefined,
    f.to ? lte(auditLog.at, new Date(f.to)) : undefined,
    f.event ? eq(auditLog.eventId, f.event) : undefined,
  );
  const [rows, count] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(f.pageSize).offset(offsetOf(f)),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows: rows.map(auditView), total: Number(count[0]?.n ?? 0) };
}
