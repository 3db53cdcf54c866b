/**
 * SQL of the reports beyond the seed (docs/report-insights.md). Every query takes the
 * caller's scope as a condition over the zone `z` and district `d` of a store (`areaCondition` below
 * builds it from report-scope.ts's `scopeCondition`), so no answer, export or mail can reach a store outside it.
 *
 * As in ../reports: a store is enrolled when it has an `Enrolled` registration of the event by a
 * store-bound attendee (dealer staff or candidate) at that store. Per-store counts are read from the
 * trigger-maintained rollups (`store_enrollment_counts`, `district_store_counts`); the tests check
 * every figure against the base tables. Counts leave the database as int, dates as YYYY-MM-DD text.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx, type Tx } from '@portal/db';
import type { EventComparisonRow, EventType, ReportScopeInfo, TimelineDay } from '@portal/contracts';
import { scopeCondition, type NamedArea, type ReportScope } from '../report-scope/report-scope.ts';

/**
 * The caller's scope, narrowed to the area the request names (already checked to be inside it), as
 * a condition over a store's zone `z` and district `d`.
 */
export function areaCondition(scope: ReportScope, area: NamedArea): SQL {
  const conditions: SQL[] = [scopeCondition(scope, { region: sql`z.region_code`, zone: sql`z.code`, district: sql`d.code` })];
  if (area.region) conditions.push(sql`z.region_code = ${area.region}`);
  if (area.zone) conditions.push(sql`z.code = ${area.zone}`);
  if (area.district) conditions.push(sql`d.code = ${area.district}`);
  return sql.join(conditions, sql` and `);
}

/** Stores `st` with their district `d` and zone `z`. */
const STORES_FROM = sql`
  from stores st
  join districts d on d.code = st.district_code
  join zones z on z.code = d.zone_code`;

/** Store `st` is enrolled: read from the trigger-maintained per-store counts (docs/decisions/005). */
const hasEnrolledAttendee = (eventId: string) => sql`exists (
  select 1 from store_enrollment_counts sec
  where sec.event_id = ${eventId} and sec.store_dlrnum = st.dlrnum and sec.enrolled_attendees > 0)`;

const personEnrolled = (eventId: string, person: SQL) => sql`exists (
  select 1 from registrations g where g.event_id = ${eventId} and g.attendee_id = ${person} and g.status = 'Enrolled')`;

export interface CoverageRecord {
  dlrnum: string;
  storeName: string;
  region: string;
  zone: string;
  district: string;
  emId: number | null;
  emName: string | null;
  emEmail: string | null;
  emEnrolled: boolean | null;
  gmId: number | null;
  gmName: string | null;
  gmEmail: string | null;
  gmEnrolled: boolean | null;
}

/** The columns of a coverage record, over `st` and its managers `em` and `gm`. */
const coverageColumns = (eventId: string) => sql`
  st.dlrnum, st.name as "storeName", z.region_code as "region", z.code as "zone", d.code as "district",
  em.id as "emId", nullif(trim(em.first_name || ' ' || em.last_name), '') as "emName", em.email as "emEmail",
  case when em.id is null then null else ${personEnrolled(eventId, sql`em.id`)} end as "emEnrolled",
  gm.id as "gmId", nullif(trim(gm.first_name || ' ' || gm.last_name), '') as "gmName", gm.email as "gmEmail",
  case when gm.id is null then null else ${personEnrolled(eventId, sql`gm.id`)} end as "gmEnrolled"`;

const MANAGERS_FROM = sql`
  left join people em on em.id = st.executive_manager_id
  left join people gm on gm.id = st.general_manager_id`;

/** Hierarchy order of stores, and the same as a row value for keyset paging. */
const HIERARCHY_ORDER = sql`z.region_code, z.code, d.code, st.dlrnum`;

/** A position in hierarchy order: the last row of a keyset page. */
export interface HierarchyKey {
  region: string;
  zone: string;
  district: string;
  dlrnum: string;
}
const afterKey = (key: HierarchyKey | null) =>
  key ? sql`and (z.region_code, z.code, d.code, st.dlrnum) > (${key.region}, ${key.zone}, ${key.district}, ${key.dlrnum})` : sql``;

/**
 * The scope's stores without an enrolled store-bound attendee, with their executive and general
 * managers and whether each holds an Enrolled registration of the event. `dlrnums` narrows the list.
 */
export async function coverageGaps(db: DbOrTx, eventId: EventType, scope: SQL, dlrnums?: readonly string[]): Promise<CoverageRecord[]> {
  const query = sql`
    select ${coverageColumns(eventId)}
    ${STORES_FROM}
    ${MANAGERS_FROM}
    where ${scope} and not ${hasEnrolledAttendee(eventId)}
      ${dlrnums ? sql`and st.dlrnum in ${[...dlrnums]}` : sql``}
    order by ${HIERARCHY_ORDER}`;
  return rowsOf<CoverageRecord>(await db.execute(query));
}

/**
 * One keyset page of the coverage gaps in hierarchy order: up to `limit` gaps after `after` (from the
 * start when null). One statement per page; the export reads the whole scope this way.
 */
export async function coverageGapsAfter(db: DbOrTx, eventId: EventType, scope: SQL, after: HierarchyKey | null, limit: number): Promise<CoverageRecord[]> {
  const query = sql`
    select ${coverageColumns(eventId)}
    ${STORES_FROM}
    ${MANAGERS_FROM}
    where ${scope} and not ${hasEnrolledAttendee(eventId)} ${afterKey(after)}
    order by ${HIERARCHY_ORDER}
    limit ${limit}`;
  return rowsOf<CoverageRecord>(await db.execute(query));
}

/**
 * Rows `offset` to `offset + limit - 1` of the coverage gaps, with the number of gaps and of distinct
 * managers (by e-mail) not enrolled over all of them. The managers' enrolment is looked up for the
 * page's stores only.
 */
export async function coveragePage(
  db: DbOrTx,
  eventId: EventType,
  scope: SQL,
  page: { limit: number; offset: number },
): Promise<{ rows: CoverageRecord[]; total: number; managersNotEnrolled: number }> {
  const gaps = sql`
    select st.dlrnum, st.name, st.executive_manager_id, st.general_manager_id, z.region_code, z.code as zone_code, d.code as district_code
    ${STORES_FROM}
    where ${scope} and not ${hasEnrolledAttendee(eventId)}`;
  const rowsQuery = sql`
    with gaps as (${gaps}),
    page as (select * from gaps g order by g.region_code, g.zone_code, g.district_code, g.dlrnum limit ${page.limit} offset ${page.offset})
    select st.dlrnum, st.name as "storeName", st.region_code as "region", st.zone_code as "zone", st.district_code as "district",
      em.id as "emId", nullif(trim(em.first_name || ' ' || em.last_name), '') as "emName", em.email as "emEmail",
      case when em.id is null then null else ${personEnrolled(eventId, sql`em.id`)} end as "emEnrolled",
      gm.id as "gmId", nullif(trim(gm.first_name || ' ' || gm.last_name), '') as "gmName", gm.email as "gmEmail",
      case when gm.id is null then null else ${personEnrolled(eventId, sql`gm.id`)} end as "gmEnrolled"
    from page st
    ${MANAGERS_FROM}
    order by st.region_code, st.zone_code, st.district_code, st.dlrnum`;
  const countQuery = sql`
    with gaps as (${gaps})
    select (select count(*)::int from gaps) as "total",
      (select count(distinct lower(p.email))::int
       from (select executive_manager_id as id from gaps union select general_manager_id from gaps) m
       join people p on p.id = m.id
       where p.email is not null and p.email <> '' and not ${personEnrolled(eventId, sql`p.id`)}) as "managersNotEnrolled"`;
  const rows = rowsOf<CoverageRecord>(await db.execute(rowsQuery));
  const [counts] = rowsOf<{ total: number; managersNotEnrolled: number }>(await db.execute(countQuery));
  return { rows, total: counts?.total ?? 0, managersNotEnrolled: counts?.managersNotEnrolled ?? 0 };
}

/** Which of `dlrnums` exist, and whether each lies inside the scope. */
export async function storesInScope(db: DbOrTx, scope: SQL, dlrnums: readonly string[]): Promise<Array<{ dlrnum: string; inScope: boolean }>> {
  const query = sql`
    select st.dlrnum, (${scope}) as "inScope"
    ${STORES_FROM}
    where st.dlrnum in ${[...dlrnums]}`;
  return rowsOf<{ dlrnum: string; inScope: boolean }>(await db.execute(query));
}

/**
 * Registrations that became Enrolled per day, enrolled ones cancelled per day, and those Enrolled at
 * each day's end. A registration belongs to the zone of its store, else to the zone its traveller
 * covers; the network scope counts every registration of the event. A cancelled registration's
 * cancellation time is its last change (nothing changes a cancelled registration afterwards). Every
 * day from the first change to the last is listed, a day without a change with zeros, so the series
 * is continuous.
 */
export async function timeline(db: DbOrTx, eventId: EventType, scope: SQL): Promise<TimelineDay[]> {
  const query = sql`
    with scoped as (
      select g.enrolled_at, g.updated_at, g.status
      from registrations g
      join people p on p.id = g.attendee_id
      left join stores st on st.dlrnum = g.store_dlrnum
      left join districts d on d.code = st.district_code
      left join zones z on z.code = coalesce(d.zone_code, p.zone_code)
      where g.event_id = ${eventId} and g.enrolled_at is not null and ${scope}
    ),
    changes as (
      select (enrolled_at at time zone 'UTC')::date as day, 1 as reg, 0 as canc from scoped
      union all
      select (greatest(updated_at, enrolled_at) at time zone 'UTC')::date, 0, 1 from scoped where status = 'Cancelled'
    ),
    per_day as (select day, sum(reg)::int as reg, sum(canc)::int as canc from changes group by day),
    -- Every day from the first change to the last, days without a change as zeros (none when nothing changed).
    days as (select generate_series(min(day), max(day), interval '1 day')::date as day from per_day)
    select to_char(days.day, 'YYYY-MM-DD') as "date", coalesce(p.reg, 0) as "registrations", coalesce(p.canc, 0) as "cancellations",
      (sum(coalesce(p.reg, 0) - coalesce(p.canc, 0)) over (order by days.day))::int as "cumulative"
    from days
    left join per_day p on p.day = days.day
    order by days.day`;
  return rowsOf<TimelineDay>(await db.execute(query));
}


const COMPARISON_COLUMNS = sql`
  st.dlrnum, st.name as "storeName", z.region_code as "region", z.code as "zone", d.code as "district",
  coalesce(n.enrolled_attendees, 0)::int as "nbcEnrolled", coalesce(a.enrolled_attendees, 0)::int as "abcEnrolled"`;
const COMPARISON_COUNTS = sql`
  left join store_enrollment_counts n on n.event_id = 'nbc' and n.store_dlrnum = st.dlrnum
  left join store_enrollment_counts a on a.event_id = 'abc' and a.store_dlrnum = st.dlrnum`;

/** Every store of the scope with its enrolled store-bound attendees at nbc and at abc. */
export async function eventComparison(db: DbOrTx, scope: SQL): Promise<EventComparisonRow[]> {
  const query = sql`
    select ${COMPARISON_COLUMNS}
    ${STORES_FROM}
    ${COMPARISON_COUNTS}
    where ${scope}
    order by ${HIERARCHY_ORDER}`;
  return rowsOf<EventComparisonRow>(await db.execute(query));
}

/** One keyset page of the comparison in hierarchy order (the export reads the whole scope this way). */
export async function eventComparisonAfter(db: DbOrTx, scope: SQL, after: HierarchyKey | null, limit: number): Promise<EventComparisonRow[]> {
  const query = sql`
    select ${COMPARISON_COLUMNS}
    ${STORES_FROM}
    ${COMPARISON_COUNTS}
    where ${scope} ${afterKey(after)}
    order by ${HIERARCHY_ORDER}
    limit ${limit}`;
  return rowsOf<EventComparisonRow>(await db.execute(query));
}

export interface ComparisonTotals {
  total: number;
  nbcEnrolled: number;
  abcEnrolled: number;
  nbcStores: number;
  abcStores: number;
  bothStores: number;
}

/** Rows `offset` to `offset + limit - 1` of the comparison. */
export async function eventComparisonPage(db: DbOrTx, scope: SQL, page: { limit: number; offset: number }): Promise<EventComparisonRow[]> {
  const query = sql`
    select ${COMPARISON_COLUMNS}
    ${STORES_FROM}
    ${COMPARISON_COUNTS}
    where ${scope}
    order by ${HIERARCHY_ORDER}
    limit ${page.limit} offset ${page.offset}`;
  return rowsOf<EventComparisonRow>(await db.execute(query));
}

/** The comparison's figures over every store of the scope. */
export async function eventComparisonTotals(db: DbOrTx, scope: SQL): Promise<ComparisonTotals> {
  const query = sql`
    select count(*)::int as "total",
      coalesce(sum(n.enrolled_attendees), 0)::int as "nbcEnrolled", coalesce(sum(a.enrolled_attendees), 0)::int as "abcEnrolled",
      count(*) filter (where n.enrolled_attendees > 0)::int as "nbcStores",
      count(*) filter (where a.enrolled_attendees > 0)::int as "abcStores",
      count(*) filter (where n.enrolled_attendees > 0 and a.enrolled_attendees > 0)::int as "bothStores"
    ${STORES_FROM}
    ${COMPARISON_COUNTS}
    where ${scope}`;
  return rowsOf<ComparisonTotals>(await db.execute(query))[0] ?? { total: 0, nbcEnrolled: 0, abcEnrolled: 0, nbcStores: 0, abcStores: 0, bothStores: 0 };
}

// ---------------------------------------------------------------------------------------------
// Hierarchy workbook
// ---------------------------------------------------------------------------------------------

/** A district of the workbook with the names of its zone and region, and its number of stores. */
export type WorkbookDistrict = Omit<ReportScopeInfo, 'level'> & { stores: number };

/**
 * The scope's districts that hold stores, in workbook order (region, zone, district), with their
 * store counts from the trigger-maintained `district_store_counts` (docs/decisions/005).
 */
export async function workbookDistricts(db: DbOrTx, scope: SQL): Promise<WorkbookDistrict[]> {
  const query = sql`
    select r.code as "region", r.description as "regionName", z.code as "zone", z.name as "zoneName",
      d.code as "district", d.name as "districtName", dsc.stores::int as "stores"
    from districts d
    join zones z on z.code = d.zone_code
    join regions r on r.code = z.region_code
    join district_store_counts dsc on dsc.district_code = d.code and dsc.stores > 0
    where ${scope}
    order by r.code, z.code, d.code`;
  return rowsOf<WorkbookDistrict>(await db.execute(query));
}

export interface WorkbookStore {
  district: string;
  dlrnum: string;
  name: string;
  cityState: string;
  enrolled: number;
}

/**
 * The stores of some districts with their enrolled store-bound attendees (the trigger-maintained
 * `store_enrollment_counts`), by district and store. The districts come from `workbookDistricts`,
 * already inside the scope.
 */
export async function workbookStores(db: DbOrTx, eventId: EventType, districtCodes: readonly string[]): Promise<WorkbookStore[]> {
  if (!districtCodes.length) return [];
  const query = sql`
    select st.district_code as "district", st.dlrnum, st.name, st.city || ', ' || st.state as "cityState",
      coalesce(c.enrolled_attendees, 0)::int as "enrolled"
    from stores st
    left join store_enrollment_counts c on c.event_id = ${eventId} and c.store_dlrnum = st.dlrnum
    where st.district_code in ${[...districtCodes]}
    order by st.district_code, st.dlrnum`;
  return rowsOf<WorkbookStore>(await db.execute(query));
}

// ---------------------------------------------------------------------------------------------
// Weekly digest
// ---------------------------------------------------------------------------------------------

/**
 * Registrations of the event (`g`) with their attendee `p`, store `st` and the zone `z` / district `d`
 * they belong to: the store's, else the zone a traveller covers (as the timeline counts them).
 */
const REGISTRATIONS_IN_NETWORK = sql`
  from registrations g
  join people p on p.id = g.attendee_id
  left join stores st on st.dlrnum = g.store_dlrnum
  left join districts d on d.code = st.district_code
  left join zones z on z.code = coalesce(d.zone_code, p.zone_code)`;

export interface DigestChange {
  changedAt: string;
  status: string;
  attendeeName: string;
  email: string;
  attendeeType: string;
  storeCode: string;
  storeName: string;
  region: string;
  zone: string;
  district: string;
  enrollDate: string;
}

/** Registrations of the scope created or changed in (since, until], oldest change first. */
export async function digestChanges(db: DbOrTx, eventId: EventType, scope: SQL, since: Date, until: Date): Promise<DigestChange[]> {
  const query = sql`
    select to_char(g.updated_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as "changedAt", g.status,
      trim(p.first_name || ' ' || p.last_name) as "attendeeName", p.email, g.attendee_type as "attendeeType",
      coalesce(st.dlrnum, '') as "storeCode", coalesce(st.name, '') as "storeName",
      coalesce(z.region_code, '') as "region", coalesce(z.code, '') as "zone", coalesce(d.code, '') as "district",
      coalesce(to_char(g.enrolled_at at time zone 'UTC', 'YYYY-MM-DD'), '') as "enrollDate"
    ${REGISTRATIONS_IN_NETWORK}
    where g.event_id = ${eventId} and g.updated_at > ${since.toISOString()} and g.updated_at <= ${until.toISOString()} and ${scope}
    order by g.updated_at, g.id`;
  return rowsOf<DigestChange>(await db.execute(query));
}

export interface DigestTotals {
  stores: number;
  enrolledStores: number;
  registrations: number;
}

/** The scope's stores, stores with an enrolled dealer or candidate, and Enrolled registrations now. */
export async function digestTotals(db: DbOrTx, eventId: EventType, scope: SQL): Promise<DigestTotals> {
  const query = sql`
    select
      (select count(*)::int ${STORES_FROM} where ${scope}) as "stores",
      (select count(*)::int ${STORES_FROM} where ${scope} and ${hasEnrolledAttendee(eventId)}) as "enrolledStores",
      (select count(*)::int ${REGISTRATIONS_IN_NETWORK} where g.event_id = ${eventId} and g.status = 'Enrolled' and ${scope}) as "registrations"`;
  return rowsOf<DigestTotals>(await db.execute(query))[0] ?? { stores: 0, enrolledStores: 0, registrations: 0 };
}

export interface DigestSubscriber {
  email: string;
  personId: number | null;
  eventId: EventType;
  lastUntil: Date | string | null;
  createdAt: Date | string;
  name: string | null;
}

export async function activeDigestSubscribers(db: DbOrTx): Promise<DigestSubscriber[]> {
  const query = sql`
    select s.email, s.person_id as "personId", s.event_id as "eventId", s.last_until as "lastUntil", s.created_at as "createdAt",
      coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), r.name) as "name"
    from report_digest_subscriptions s
    left join people p on p.id = s.person_id
    left join report_users r on r.email = s.email
    -- A report user (no person) gets digests only while the report-user row is active.
    where s.active and (s.person_id is not null or r.active)
    order by s.email`;
  return rowsOf<DigestSubscriber>(await db.execute(query));
}

const { reportDigestSubscriptions: subscriptions } = schema;
export type DigestSubscriptionRow = typeof subscriptions.$inferSelect;

/** The subscription of the address (lower-cased by the caller), if it ever opted in or out. */
export async function findDigestSubscription(db: DbOrTx, email: string): Promise<DigestSubscriptionRow | undefined> {
  const rows = await db.select().from(subscriptions).where(sql`${subscriptions.email} = ${email}`);
  return rows[0];
}

/** Opts the address in or out (lower-cased by the caller): one row per address, created on the first choice. */
export async function saveDigestSubscription(
  db: DbOrTx,
  subscription: { email: string; personId: number | null; eventId: string; active: boolean },
  now: Date,
): Promise<void> {
  const { email, personId, eventId, active } = subscription;
  await db
    .insert(subscriptions)
    .values({ email, personId, eventId, active, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.email, set: { personId, eventId, active, updatedAt: now } });
}

/** The subscriber's digest up to `now` is queued: the next one starts there. */
export async function markDigestQueued(tx: Tx, email: string, now: Date): Promise<void> {
  await tx.update(subscriptions).set({ lastUntil: now, updatedAt: now }).where(sql`${subscriptions.email} = ${email}`);
}

/** The person's address and whether it is confirmed, locked for the rest of the transaction. */
export async function lockPersonEmail(tx: Tx, personId: number): Promise<{ email: string; first_name: string; email_verified: boolean } | undefined> {
  const [person] = rowsOf<{ email: string; first_name: string; email_verified: boolean }>(
    await tx.execute(sql`select email, first_name, email_verified from people where id = ${personId} for update`),
  );
  return person;
}
