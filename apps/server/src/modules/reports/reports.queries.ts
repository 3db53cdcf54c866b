/**
 * Report SQL (docs/reports.md). Every report is one statement: the database counts, rounds and adds
 * the grand-total row; JavaScript only picks the rows up. Counts are cast to int and percentages to
 * float8 so node-postgres and PGlite both answer plain numbers; dates leave the database as
 * YYYY-MM-DD text (UTC), so no driver turns them into Date objects.
 *
 * A store is enrolled when it has an `Enrolled` registration of the event by a store-bound attendee
 * (dealer staff or candidate) at that store.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx } from '@portal/db';
import {
  GRAND_TOTAL_KEY,
  type AttendeeReportType,
  type AttendeeRow,
  type AttendeeTypeCount,
  type DistrictRow,
  type RegionOption,
  type RegionRow,
  type StoreCounts,
  type StoreDetailRow,
  type StoreFilter,
  type StoreRow,
  type ZoneOption,
  type ZoneRow,
} from '@portal/contracts';
import type { AttendeeType } from '@portal/db/schema';
import { TRAVELLER_TYPES } from '../../lib/traveller-types.ts';
import { NETWORK_SCOPE, registrationInScope, scopeCondition, type ReportScope } from '../report-scope/report-scope.ts';

/** Attendee types bound to a store: the ones that make a store "enrolled". */
const STORE_BOUND = sql.raw(`('dealer', 'candidate')`);
const TOTAL = sql.raw(`'${GRAND_TOTAL_KEY}'`);

/**
 * Options of the store-count reports. `within` limits the counted stores to the districts it keeps
 * (a condition over `districts dc` joined to `zones zc`, e.g. a viewer's scope); `recount` counts
 * from `stores` and `registrations` instead of the maintained counts (reports:verify, drift tests).
 */
export interface CountOptions {
  within?: SQL | undefined;
  recount?: boolean | undefined;
  /** The viewer's report scope (report-scope.ts): rows and counts outside it are left out. */
  scope?: ReportScope | undefined;
}

/**
 * Stores and enrolled stores per district (`area_code`, `tot`, `enr`) from the counts the
 * report_counts triggers keep (packages/db/src/schema/report-counts.ts): one row per district, so a
 * report reads a few hundred rows (a few thousand at 50,000 stores) whatever the number of
 * registrations. The district is the grain of the objective (see groupedCounts), so every level
 * reads district rows.
 */
function maintainedCounts(eventId: string, within: SQL | undefined): SQL {
  if (within) {
    // Driven from the districts the condition keeps (zone index), then one key lookup each: as joins
    // the planner hashed both count tables whole (5,000 rows each at 50,000 stores) for 80 districts.
    return sql`
      select dc.code as area_code,
        coalesce((select c.stores from district_store_counts c where c.district_code = dc.code), 0) as tot,
        coalesce((select e.enrolled_stores from district_enrollment_counts e where e.event_id = ${eventId} and e.district_code = dc.code), 0) as enr
      from districts dc
      join zones zc on zc.code = dc.zone_code
      where ${within}`;
  }
  return sql`
    select c.district_code as area_code, c.stores as tot, coalesce(e.enrolled_stores, 0) as enr
    from district_store_counts c
    left join district_enrollment_counts e on e.event_id = ${eventId} and e.district_code = c.district_code`;
}

/**
 * The same figures counted from the base tables (the definition the maintained counts must equal).
 * Counting per district first keeps the wider joins down to a few thousand rows; a `within` also
 * narrows the registrations read, so the (event, store, status) index is probed.
 */
function recountedCounts(eventId: string, within: SQL | undefined): SQL {
  const districtsInScope = within ? sql`(select dc.code from districts dc join zones zc on zc.code = dc.zone_code where ${within})` : undefined;
  return sql`
    select st.district_code as area_code, count(*)::int as tot, count(e.store_dlrnum)::int as enr
    from stores st
    left join (
      select distinct g.store_dlrnum
      from registrations g
      where g.event_id = ${eventId} and g.status = 'Enrolled' and g.attendee_type in ${STORE_BOUND}
        and g.store_dlrnum is not null
        ${districtsInScope ? sql`and g.store_dlrnum in (select sc.dlrnum from stores sc where sc.district_code in ${districtsInScope})` : sql``}
    ) e on e.store_dlrnum = st.dlrnum
    ${districtsInScope ? sql`where st.district_code in ${districtsInScope}` : sql``}
    group by 1`;
}

/** The counts of the contract, from the columns `tot`, `enr`, `objreq` and `obj_count` of a row. */
const countColumns = sql`
  tot as "totDealer",
  enr as "enrollDealer",
  coalesce(round(enr * 100.0 / nullif(tot, 0), 1), 0)::float8 as "pctEnrollDlr",
  (tot - enr)::int as "notEnrolled",
  coalesce(round((tot - enr) * 100.0 / nullif(tot, 0), 1), 0)::float8 as "pctnotenrolled",
  objreq as "objreq",
  coalesce(round(objreq * 100.0 / nullif(tot, 0), 1), 0)::float8 as "fixPctObjReq",
  obj_count as "objCount"`;

interface GroupSpec {
  /** Columns of `grouped` (name -> SQL over the joined network) that identify a row. */
  keys: Record<string, SQL>;
  /**
   * The network rows a report covers: the level's own table left-joined down to the districts `d`
   * (with their zone `z` and region `r`).
   */
  from: SQL;
  where: SQL;
  /** The districts whose counts to read (a condition over `districts dc` joined to `zones zc`), when not all. */
  within?: SQL;
  sortKey: string;
}

/**
 * Store counts per group plus the grand total, in one statement, with one definition of every
 * figure at every level (docs/reports.md, "Store-count rows"): the objective is worked out per
 * district (objreq = ceil(stores x the region's objective % / 100), objCount = max(objreq - enrolled,
 * 0)), and every coarser row, the grand total included, sums its districts' counts and derives its
 * percentages from those sums. So a zone's row equals the grand total of its district table, a
 * region's row the grand total of its zone table, and a district ahead of its objective never offsets
 * one behind it.
 */
function groupedCounts(eventId: string, spec: GroupSpec, options: CountOptions, onlyTotal = false): SQL {
  const scope = options.scope ?? NETWORK_SCOPE;
  const scopeWithin = scope.level === 'district' ? scopeCondition(scope, { district: sql`dc.code` }) : undefined;
  const within = [options.within, spec.within, scopeWithin].filter((c): c is SQL => c !== undefined);
  const withinAll = within.length ? sql.join(within.map((c) => sql`(${c})`), sql` and `) : undefined;
  const counts = options.recount ? recountedCounts(eventId, withinAll) : maintainedCounts(eventId, withinAll);
  const inScope = scopeCondition(scope, { region: sql`z.region_code`, zone: sql`z.code`, district: sql`d.code` });
  const keyNames = Object.keys(spec.keys);
  const keySelect = sql.join(
    keyNames.map((name) => sql`${spec.keys[name]!} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const keyList = sql.join(keyNames.map((name) => sql.identifier(name)), sql`, `);
  const totalKeys = sql.join(keyNames.map((name) => sql`${TOTAL} as ${sql.identifier(name)}`), sql`, `);
  return sql`
    with per_area as (${counts}),
    per_district as (
      select ${keySelect}, coalesce(pa.tot, 0)::int as tot, coalesce(pa.enr, 0)::int as enr,
        ceil(coalesce(pa.tot, 0) * coalesce(r.objective_pct, 0) / 100.0)::int as objreq
      ${spec.from}
      left join per_area pa on pa.area_code = d.code
      where ${spec.where} and ${inScope}
    ),
    per_row as (
      select ${keyList}, sum(tot)::int as tot, sum(enr)::int as enr, sum(objreq)::int as objreq,
        sum(greatest(objreq - enr, 0))::int as obj_count
      from per_district
      group by ${keyList}
    ),
    final as (
      select 0 as is_total, * from per_row
      ${onlyTotal ? sql`where false` : sql``}
      union all
      select 1, ${totalKeys},
        coalesce(sum(tot), 0)::int, coalesce(sum(enr), 0)::int, coalesce(sum(objreq), 0)::int,
        coalesce(sum(obj_count), 0)::int
      from per_row
    )
    select ${onlyTotal ? sql`` : sql`${keyList}, `}${countColumns}
    from final
    order by is_total, ${sql.identifier(spec.sortKey)}`;
}

const NETWORK_FROM = sql`
  from regions r
  left join zones z on z.region_code = r.code
  left join districts d on d.zone_code = z.code`;

export async function networkTotal(db: DbOrTx, eventId: string, options: CountOptions = {}): Promise<StoreCounts[]> {
  const query = groupedCounts(eventId, { keys: { regionCode: sql`r.code` }, from: NETWORK_FROM, where: sql`true`, sortKey: 'regionCode' }, options, true);
  return rowsOf<StoreCounts>(await db.execute(query));
}

export async function regionCounts(db: DbOrTx, eventId: string, options: CountOptions = {}): Promise<RegionRow[]> {
  const query = groupedCounts(
    eventId,
    { keys: { regionCode: sql`r.code`, regdescription: sql`r.description` }, from: NETWORK_FROM, where: sql`true`, sortKey: 'regionCode' },
    options,
  );
  return rowsOf<RegionRow>(await db.execute(query));
}

export async function zoneCounts(db: DbOrTx, eventId: string, region: string, options: CountOptions = {}): Promise<ZoneRow[]> {
  const query = groupedCounts(
    eventId,
    {
      keys: { zonename: sql`z.name`, zonecode: sql`z.code`, region: sql`z.region_code` },
      from: sql`
        from zones z
        join regions r on r.code = z.region_code
        left join districts d on d.zone_code = z.code`,
      where: sql`z.region_code = ${region}`,
      // Only the region's districts' counts are read (zones_region_idx, districts_zone_idx).
      within: sql`zc.region_code = ${region}`,
      sortKey: 'zonecode',
    },
    options,
  );
  return rowsOf<ZoneRow>(await db.execute(query));
}

export async function districtCounts(db: DbOrTx, eventId: string, zone: string, region: string, options: CountOptions = {}): Promise<DistrictRow[]> {
  const query = groupedCounts(
    eventId,
    {
      keys: { districtname: sql`d.name`, district: sql`d.code`, zone: sql`d.zone_code`, region: sql`z.region_code` },
      from: sql`
        from districts d
        join zones z on z.code = d.zone_code
        join regions r on r.code = z.region_code`,
      where: region ? sql`d.zone_code = ${zone} and z.region_code = ${region}` : sql`d.zone_code = ${zone}`,
      // Limiting the counts to the zone's districts reads only their rows (districts_zone_idx).
      within: sql`dc.zone_code = ${zone}`,
      sortKey: 'district',
    },
    options,
  );
  return rowsOf<DistrictRow>(await db.execute(query));
}

// ---------------------------------------------------------------------------------------------
// Store rows
// ---------------------------------------------------------------------------------------------

export interface StoreScope {
  region?: string;
  zone?: string;
  district?: string;
  /** Several districts at once (a page of the streamed store list); never empty. */
  districts?: readonly string[];
}

/** The scope as a condition over stores `st`'s district `d` and zone `z`. */
function storeScope(scope: StoreScope): SQL {
  const conditions: SQL[] = [];
  if (scope.region) conditions.push(sql`z.region_code = ${scope.region}`);
  if (scope.zone) conditions.push(sql`z.code = ${scope.zone}`);
  if (scope.district) conditions.push(sql`d.code = ${scope.district}`);
  if (scope.districts) conditions.push(sql`d.code in ${scope.districts}`);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** The scope's stores with their district `d` and zone `z`, and the scope's condition. */
const STORES_FROM = sql`
  from stores st
  join districts d on d.code = st.district_code
  join zones z on z.code = d.zone_code`;

/**
 * Enrolled store-bound registrations of the event at the scope's stores (`first` keeps each store's
 * first by enroll time). Joining the network only when there is a scope lets a whole-network list
 * read the registrations alone. For one or a few districts the registrations are looked up by the
 * districts' stores, so the (event, store, status) index is probed a few times instead of reading
 * every enrolled registration of the event (the callers join the result to the scope's stores).
 */
function enrolledRegistrations(eventId: string, scope: StoreScope, first: boolean): SQL {
  const districts = scope.districts ?? (scope.district ? [scope.district] : undefined);
  const scoped = !districts && Boolean(scope.region || scope.zone);
  const where = districts ? sql`g.store_dlrnum in (select sc.dlrnum from stores sc where sc.district_code in ${districts})` : storeScope(scope);
  return sql`
    select ${first ? sql`distinct on (g.store_dlrnum)` : sql``}
      g.id, g.store_dlrnum, g.enrolled_at, g.is_virtual, g.is_free, g.status, g.attendee_id
    from registrations g
    ${scoped ? sql`join stores st on st.dlrnum = g.store_dlrnum join districts d on d.code = st.district_code join zones z on z.code = d.zone_code` : sql``}
    where g.event_id = ${eventId} and g.status = 'Enrolled' and g.attendee_type in ${STORE_BOUND}
      and g.store_dlrnum is not null and ${where}
    ${first ? sql`order by g.store_dlrnum, g.enrolled_at nulls last, g.id` : sql``}`;
}

/** A store row's columns over the store `st` (`d`, `z`), its attendee's registration `a` and person `p` (null when none). */
const storeRowColumns = sql`
  z.name as "zoneName",
  d.name as "districtName",
  st.dlrnum as "dlrnum",
  st.name as "dealer Name",
  st.city || ', ' || st.state as "cityState",
  case when a.id is null then 'Not Enrolled' else a.status end as "enrlStatusDesc",
  coalesce(to_char(a.enrolled_at at time zone 'UTC', 'YYYY-MM-DD'), '') as "enrlDate",
  coalesce(trim(p.first_name || ' ' || p.last_name), '') as "atdName",
  coalesce(p.email, '') as "loginid",
  case when a.id is null then '' when a.is_virtual then 'Yes' else 'No' end as "virtualAttendee",
  z.region_code as "region",
  z.code as "zone",
  d.code as "district"`;

const STORE_ROW_NAMES = ['zoneName', 'districtName', 'dlrnum', 'dealer Name', 'cityState', 'enrlStatusDesc', 'enrlDate', 'atdName', 'loginid', 'virtualAttendee', 'region', 'zone', 'district'] as const;
const FOOTER_NAMES = ['enrollAtdFree', 'enrollAtdPay', 'virtualAttendeeFree', 'virtualAttendeePay', 'enrollDealer', 'notEnrollDealer'] as const;

const filterCondition = (select: StoreFilter): SQL =>
  select === 'E' ? sql`a.id is not null` : select === 'N' ? sql`a.id is null` : sql`true`;

type DetailResultRow = StoreRow & { kind: number } & Record<(typeof FOOTER_NAMES)[number], number | null>;

/** Waiting registrations per store of the event (the store detail report's waiting-list count). */
async function waitingByStore(db: DbOrTx, eventId: string, dlrnums: string[]): Promise<Map<string, number>> {
  if (!dlrnums.length) return new Map();
  const rows = await db
    .select({ store: schema.registrations.storeDlrnum, n: sql<number>`count(*)::int` })
    .from(schema.registrations)
    .where(and(eq(schema.registrations.eventId, eventId), inArray(schema.registrations.storeDlrnum, dlrnums), inArray(schema.registrations.status, ['Waitlisted', 'Offered'])))
    .groupBy(schema.registrations.storeDlrnum);
  return new Map(rows.map((r) => [r.store ?? '', Number(r.n)]));
}

/**
 * The store enrollment detail of one district: a row per enrolled attendee, one per store without
 * one (filtered by `select`), then the district totals as the footer row (never filtered).
 */
export async function storeDetail(db: DbOrTx, eventId: string, scope: StoreScope & { district: string }, select: StoreFilter): Promise<StoreDetailRow[]> {
  const storeNulls = sql.raw(STORE_ROW_NAMES.map((n) => `null::text as "${n}"`).join(', '));
  const footerNulls = sql.raw(FOOTER_NAMES.map((n) => `null::int as "${n}"`).join(', '));
  const query = sql`
    with a as (${enrolledRegistrations(eventId, scope, false)}),
    detail as (
      select st.dlrnum, a.id, a.is_virtual, a.is_free
      ${STORES_FROM}
      left join a on a.store_dlrnum = st.dlrnum
      where ${storeScope(scope)}
    )
    select 0 as kind, ${storeRowColumns}, ${footerNulls}, st.dlrnum as sort_store, a.enrolled_at as sort_at, a.id as sort_id
    ${STORES_FROM}
    left join a on a.store_dlrnum = st.dlrnum
    left join people p on p.id = a.attendee_id
    where ${storeScope(scope)} and ${filterCondition(select)}
    union all
    select 1, ${storeNulls},
      (count(*) filter (where id is not null and not is_virtual and is_free))::int,
      (count(*) filter (where id is not null and not is_virtual and not is_free))::int,
      (count(*) filter (where id is not null and is_virtual and is_free))::int,
      (count(*) filter (where id is not null and is_virtual and not is_free))::int,
      (count(distinct dlrnum) filter (where id is not null))::int,
      (count(distinct dlrnum) filter (where id is null))::int,
      null, null, null
    from detail
    order by kind, sort_store, sort_at nulls last, sort_id`;
  const rows = rowsOf<DetailResultRow>(await db.execute(query));
  const waiting = await waitingByStore(db, eventId, [...new Set(rows.filter((r) => r.kind === 0).map((r) => r.dlrnum))]);
  return rows.map((row): StoreDetailRow => {
    if (row.kind === 1) {
      return {
        isFooterInfo: true,
        enrollAtdFree: row.enrollAtdFree ?? 0,
        enrollAtdPay: row.enrollAtdPay ?? 0,
        virtualAttendeeFree: row.virtualAttendeeFree ?? 0,
        virtualAttendeePay: row.virtualAttendeePay ?? 0,
        enrollDealer: row.enrollDealer ?? 0,
        notEnrollDealer: row.notEnrollDealer ?? 0,
      };
    }
    // Only where someone waits: the legacy row is unchanged otherwise.
    const waitlisted = waiting.get(row.dlrnum);
    return waitlisted ? { ...pickStoreRow(row), waitlisted } : pickStoreRow(row);
  });
}

function pickStoreRow(row: StoreRow): StoreRow {
  return {
    zoneName: row.zoneName,
    districtName: row.districtName,
    dlrnum: row.dlrnum,
    'dealer Name': row['dealer Name'],
    cityState: row.cityState,
    enrlStatusDesc: row.enrlStatusDesc,
    enrlDate: row.enrlDate,
    atdName: row.atdName,
    loginid: row.loginid,
    virtualAttendee: row.virtualAttendee,
    region: row.region,
    zone: row.zone,
    district: row.district,
  };
}

/** One row per store of the scope with its first enrolled attendee (by enroll time), filtered by `select`. */
export async function storeList(db: DbOrTx, eventId: string, scope: StoreScope, select: StoreFilter): Promise<StoreRow[]> {
  const query = sql`
    with a as (${enrolledRegistrations(eventId, scope, true)})
    select ${storeRowColumns}
    ${STORES_FROM}
    left join a on a.store_dlrnum = st.dlrnum
    left join people p on p.id = a.attendee_id
    where ${storeScope(scope)} and ${filterCondition(select)}
    order by z.region_code, z.code, d.code, st.dlrnum`;
  return rowsOf<StoreRow>(await db.execute(query));
}

/**
 * One page of the streamed store list as JSON text: the stores of `districts` (in list order) with
 * each one's first enrolled attendee, as row objects joined by commas ('' for an empty page).
 * The first attendee is looked up per store through the (event, store, status) index and the people
 * key: per-store lookups keep a page's cost proportional to its stores; a join let the planner read
 * every registration and every person once per page.
 * The database writes the JSON: `row_to_json` gives the compact form `JSON.stringify` gives (same key
 * order, same escapes), so this process neither parses 2,500 rows of 13 columns per page into objects
 * nor writes them out again; the stream passes the text through.
 */
export async function storeListPageJson(db: DbOrTx, eventId: string, scope: StoreScope & { districts: readonly string[] }, select: StoreFilter): Promise<string> {
  const query = sql`
    select coalesce(string_agg(r.j, ',' order by r.sort_region, r.sort_zone, r.sort_district, r.sort_store), '') as json
    from (
      select (select row_to_json(c)::text from (select ${storeRowColumns}) c) as j,
        z.region_code as sort_region, z.code as sort_zone, d.code as sort_district, st.dlrnum as sort_store
      ${STORES_FROM}
      left join lateral (
        select g.id, g.enrolled_at, g.is_virtual, g.status, g.attendee_id
        from registrations g
        where g.event_id = ${eventId} and g.store_dlrnum = st.dlrnum and g.status = 'Enrolled' and g.attendee_type in ${STORE_BOUND}
        order by g.enrolled_at nulls last, g.id
        limit 1
      ) a on true
      left join lateral (select pp.first_name, pp.last_name, pp.email from people pp where pp.id = a.attendee_id) p on true
      where st.district_code in ${scope.districts} and ${storeScope(scope)} and ${filterCondition(select)}
    ) r`;
  return rowsOf<{ json: string }>(await db.execute(query))[0]?.json ?? '';
}

/**
 * The scope's districts in store-list order, cut into pages of about `storesPerPage` stores (a
 * bigger district is a page of its own), from the maintained store counts: the streamed store list
 * reads one page at a time, so its memory does not grow with the network.
 */
export async function storeListPages(db: DbOrTx, scope: StoreScope, storesPerPage: number): Promise<string[][]> {
  const districts = rowsOf<{ code: string; stores: number }>(
    await db.execute(sql`
      select d.code, c.stores
      from districts d
      join zones z on z.code = d.zone_code
      join district_store_counts c on c.district_code = d.code and c.stores > 0
      where ${storeScope(scope)}
      order by z.region_code, z.code, d.code`),
  );
  const pages: string[][] = [];
  let page: string[] = [];
  let size = 0;
  for (const district of districts) {
    if (page.length && size + district.stores > storesPerPage) {
      pages.push(page);
      page = [];
      size = 0;
    }
    page.push(district.code);
    size += district.stores;
  }
  if (page.length) pages.push(page);
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Attendee reports
// ---------------------------------------------------------------------------------------------

export const ATTENDEE_TYPES_BY_REPORT: Record<AttendeeReportType, readonly AttendeeType[]> = {
  1: ['field'],
  2: ['corporate'],
  3: ['distributor', 'vendor'],
  4: ['sbr'],
  5: ['candidate'],
};

/**
 * Attendee rows of the given types: registrations still in play (Pending or Enrolled; cancelled ones
 * are left out). An attendee's zone is their store's zone, else the zone a traveller covers; the
 * region is that zone's. `reccount`/`virtualRecCount` are window counts over the whole result of its
 * Enrolled rows (virtual ones): "attendees" are enrolled registrations in every total of the reports,
 * so a report's Total Attendees equals the traveller report's count of its types (docs/reports.md).
 */
export async function attendeeRows(
  db: DbOrTx,
  eventId: string,
  types: readonly AttendeeType[],
  filter: { region: string | null; zone: string | null; district?: string | null },
): Promise<AttendeeRow[]> {
  const conditions: SQL[] = [];
  if (filter.region) conditions.push(sql`z.region_code = ${filter.region}`);
  if (filter.zone) conditions.push(sql`z.code = ${filter.zone}`);
  // Only store-bound attendees have a district; travellers cover a zone at most.
  if (filter.district) conditions.push(sql`a.district_code = ${filter.district}`);
  const query = sql`
    with a as (
      select g.id, g.status, g.enrolled_at, g.arrival_date, g.departure_date, g.is_virtual,
        trim(p.first_name || ' ' || p.last_name) as atd_name, p.last_name, p.first_name, p.company,
        st.name as store_name, st.city, st.state, coalesce(d.zone_code, p.zone_code) as zone_code, d.code as district_code
      from registrations g
      join people p on p.id = g.attendee_id
      left join stores st on st.dlrnum = g.store_dlrnum
      left join districts d on d.code = st.district_code
      where g.event_id = ${eventId} and g.status in ('Pending', 'Enrolled') and g.attendee_type in ${[...types]}
    )
    select
      a.atd_name as "atdName",
      coalesce(z.region_code, '') as "region",
      coalesce(z.code, '') as "zone",
      coalesce(r.description, '') as "regionName",
      coalesce(z.name, '') as "zoneName",
      coalesce(a.store_name, a.company, '') as "busName",
      coalesce(a.city || ', ' || a.state, '') as "busCityState",
      a.status as "enrlStatusDesc",
      coalesce(to_char(a.enrolled_at at time zone 'UTC', 'YYYY-MM-DD'), '') as "enrlDate",
      coalesce(to_char(a.arrival_date, 'YYYY-MM-DD'), '') as "arrivalDate",
      coalesce(to_char(a.departure_date, 'YYYY-MM-DD'), '') as "departuredate",
      case when a.is_virtual then 'Yes' else 'No' end as "virtualAttendee",
      (count(*) filter (where a.status = 'Enrolled') over ())::int as "reccount",
      (count(*) filter (where a.status = 'Enrolled' and a.is_virtual) over ())::int as "virtualRecCount"
    from a
    left join zones z on z.code = a.zone_code
    left join regions r on r.code = z.region_code
    where ${conditions.length ? sql.join(conditions, sql` and `) : sql`true`}
    order by a.last_name, a.first_name, a.id`;
  return rowsOf<AttendeeRow>(await db.execute(query));
}

/** Enrolled attendees per traveller type, every type listed (zero when none). */
export async function attendeeCountsByType(db: DbOrTx, eventId: string, viewer: ReportScope = NETWORK_SCOPE): Promise<AttendeeTypeCount[]> {
  const values = sql.join(
    TRAVELLER_TYPES.map((t, i) => sql`(${t.type}, ${t.description}, ${i}::int)`),
    sql`, `,
  );
  const query = sql`
    select t.description as "attendeedesc", count(g.attendee_type)::int as "totalenrolledAttendees"
    from (values ${values}) as t(type, description, ord)
    left join registrations g on g.attendee_type = t.type and g.event_id = ${eventId} and g.status = 'Enrolled'
      and ${registrationInScope(viewer, { store: sql`g.store_dlrnum`, person: sql`g.attendee_id` })}
    group by t.type, t.description, t.ord
    order by t.ord`;
  return rowsOf<AttendeeTypeCount>(await db.execute(query));
}

/** The regions of the viewer's scope (a zone or district viewer: the region that holds it). */
export async function allRegions(db: DbOrTx, viewer: ReportScope = NETWORK_SCOPE): Promise<RegionOption[]> {
  const query = sql`
    select code as "regCode", description as "regDescription" from regions
    where ${scopeCondition(viewer, { region: sql`code` }, { containing: true })}
    order by code`;
  return rowsOf<RegionOption>(await db.execute(query));
}

/** The zones of a region (all regions when null) inside the viewer's scope (a district viewer: its zone). */
export async function zonesOfRegion(db: DbOrTx, region: string | null, viewer: ReportScope = NETWORK_SCOPE): Promise<ZoneOption[]> {
  const query = sql`
    select code as "zone", name as "zoneName" from zones
    where ${region ? sql`region_code = ${region}` : sql`true`}
      and ${scopeCondition(viewer, { region: sql`region_code`, zone: sql`code` }, { containing: true })}
    order by code`;
  return rowsOf<ZoneOption>(await db.execute(query));
}
