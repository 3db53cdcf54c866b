/**
 * Report SQL (docs/reports.md). Every report is one statement: the database counts, rounds and adds
 * the grand-total row; JavaScript only picks the rows up. Counts are cast to int and percentages to
 * float8 so node-postgres and PGlite both answer plain numbers; dates leave the database as
 * YYYY-MM-DD text (UTC), so no driver turns them into Date objects.
 *
 * A store is enrolled when it has an `Enrolled` registration of the event by a store-bound attendee
 * (dealer staff or candidate) at that store.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '@portal/db';
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

/** Attendee types bound to a store: the ones that make a store "enrolled". */
const STORE_BOUND = sql.raw(`('dealer', 'candidate')`);
const TOTAL = sql.raw(`'${GRAND_TOTAL_KEY}'`);

/** The stores of the event that count as enrolled (one row per store). */
const enrolledStores = (eventId: string) => sql`
  select distinct g.store_dlrnum
  from registrations g
  where g.event_id = ${eventId} and g.status = 'Enrolled' and g.attendee_type in ${STORE_BOUND}
    and g.store_dlrnum is not null`;

/** The counts of the contract, from the columns `tot`, `enr`, `objreq`, `fix_pct` and `obj_count`. */
const countColumns = sql`
  tot as "totDealer",
  enr as "enrollDealer",
  coalesce(round(enr * 100.0 / nullif(tot, 0), 1), 0)::float8 as "pctEnrollDlr",
  (tot - enr)::int as "notEnrolled",
  coalesce(round((tot - enr) * 100.0 / nullif(tot, 0), 1), 0)::float8 as "pctnotenrolled",
  objreq as "objreq",
  fix_pct::float8 as "fixPctObjReq",
  obj_count as "objCount"`;

interface GroupSpec {
  /** Columns of `grouped` (name -> SQL over the joined network) that identify a row. */
  keys: Record<string, SQL>;
  /** The network rows a report covers: the level's own table left-joined down to the stores. */
  from: SQL;
  where: SQL;
  sortKey: string;
}

/**
 * Store counts per group plus the grand total, in one statement. The objective is rounded up per
 * row; the total row sums the rows' counts (objreq and objCount included, so a row ahead of its
 * objective does not offset one behind it) and derives its percentages from those sums.
 */
function groupedCounts(eventId: string, spec: GroupSpec, onlyTotal = false): SQL {
  const keyNames = Object.keys(spec.keys);
  const keySelect = sql.join(
    keyNames.map((name) => sql`${spec.keys[name]!} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const keyList = sql.join(keyNames.map((name) => sql.identifier(name)), sql`, `);
  const keyExpressions = sql.join(keyNames.map((name) => spec.keys[name]!), sql`, `);
  const totalKeys = sql.join(keyNames.map((name) => sql`${TOTAL} as ${sql.identifier(name)}`), sql`, `);
  return sql`
    with enrolled as (${enrolledStores(eventId)}),
    grouped as (
      select ${keySelect}, max(r.objective_pct) as pct,
        count(st.dlrnum)::int as tot, count(e.store_dlrnum)::int as enr
      ${spec.from}
      left join enrolled e on e.store_dlrnum = st.dlrnum
      where ${spec.where}
      group by ${keyExpressions}
    ),
    with_objective as (
      select ${keyList}, tot, enr, ceil(tot * coalesce(pct, 0) / 100.0)::int as objreq, coalesce(pct, 0)::numeric as fix_pct
      from grouped
    ),
    per_row as (select *, greatest(objreq - enr, 0) as obj_count from with_objective),
    final as (
      select 0 as is_total, * from per_row
      ${onlyTotal ? sql`where false` : sql``}
      union all
      select 1, ${totalKeys},
        coalesce(sum(tot), 0)::int, coalesce(sum(enr), 0)::int, coalesce(sum(objreq), 0)::int,
        coalesce(round(sum(objreq) * 100.0 / nullif(sum(tot), 0), 1), 0),
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
  left join districts d on d.zone_code = z.code
  left join stores st on st.district_code = d.code`;

export async function networkTotal(db: DbOrTx, eventId: string): Promise<StoreCounts[]> {
  const query = groupedCounts(eventId, { keys: { regionCode: sql`r.code` }, from: NETWORK_FROM, where: sql`true`, sortKey: 'regionCode' }, true);
  return rowsOf<StoreCounts>(await db.execute(query));
}

export async function regionCounts(db: DbOrTx, eventId: string): Promise<RegionRow[]> {
  const query = groupedCounts(eventId, {
    keys: { regionCode: sql`r.code`, regdescription: sql`r.description` },
    from: NETWORK_FROM,
    where: sql`true`,
    sortKey: 'regionCode',
  });
  return rowsOf<RegionRow>(await db.execute(query));
}

export async function zoneCounts(db: DbOrTx, eventId: string, region: string): Promise<ZoneRow[]> {
  const query = groupedCounts(eventId, {
    keys: { zonename: sql`z.name`, zonecode: sql`z.code`, region: sql`z.region_code` },
    from: sql`
      from zones z
      join regions r on r.code = z.region_code
      left join districts d on d.zone_code = z.code
      left join stores st on st.district_code = d.code`,
    where: sql`z.region_code = ${region}`,
    sortKey: 'zonecode',
  });
  return rowsOf<ZoneRow>(await db.execute(query));
}

export async function districtCounts(db: DbOrTx, eventId: string, zone: string, region: string): Promise<DistrictRow[]> {
  const query = groupedCounts(eventId, {
    keys: { districtname: sql`d.name`, district: sql`d.code`, zone: sql`d.zone_code`, region: sql`z.region_code` },
    from: sql`
      from districts d
      join zones z on z.code = d.zone_code
      join regions r on r.code = z.region_code
      left join stores st on st.district_code = d.code`,
    where: region ? sql`d.zone_code = ${zone} and z.region_code = ${region}` : sql`d.zone_code = ${zone}`,
    sortKey: 'district',
  });
  return rowsOf<DistrictRow>(await db.execute(query));
}

// ---------------------------------------------------------------------------------------------
// Store rows
// ---------------------------------------------------------------------------------------------

export interface StoreScope {
  region?: string;
  zone?: string;
  district?: string;
}

function storeScope(scope: StoreScope): SQL {
  const conditions: SQL[] = [];
  if (scope.region) conditions.push(sql`z.region_code = ${scope.region}`);
  if (scope.zone) conditions.push(sql`z.code = ${scope.zone}`);
  if (scope.district) conditions.push(sql`d.code = ${scope.district}`);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

const scopedStores = (scope: StoreScope) => sql`
  select st.dlrnum, st.name, st.city, st.state, d.code as district, d.name as district_name,
    z.code as zone, z.name as zone_name, z.region_code as region
  from stores st
  join districts d on d.code = st.district_code
  join zones z on z.code = d.zone_code
  where ${storeScope(scope)}`;

/** Enrolled store-bound attendees of the event at the stores of `s`. */
const enrolledAttendees = (eventId: string) => sql`
  select g.id, g.store_dlrnum, g.enrolled_at, g.is_virtual, g.is_free, g.status,
    trim(p.first_name || ' ' || p.last_name) as atd_name, p.email
  from registrations g
  join people p on p.id = g.attendee_id
  where g.event_id = ${eventId} and g.status = 'Enrolled' and g.attendee_type in ${STORE_BOUND}
    and g.store_dlrnum in (select dlrnum from s)`;

/** A store row's columns over `s` (the store) and `a` (its attendee, all null when none). */
const storeRowColumns = sql`
  s.zone_name as "zoneName",
  s.district_name as "districtName",
  s.dlrnum as "dlrnum",
  s.name as "dealer Name",
  s.city || ', ' || s.state as "cityState",
  case when a.id is null then 'Not Enrolled' else a.status end as "enrlStatusDesc",
  coalesce(to_char(a.enrolled_at at time zone 'UTC', 'YYYY-MM-DD'), '') as "enrlDate",
  coalesce(a.atd_name, '') as "atdName",
  coalesce(a.email, '') as "loginid",
  case when a.id is null then '' when a.is_virtual then 'Yes' else 'No' end as "virtualAttendee",
  s.region as "region",
  s.zone as "zone",
  s.district as "district"`;

const filterCondition = (select: StoreFilter): SQL =>
  select === 'E' ? sql`a.id is not null` : select === 'N' ? sql`a.id is null` : sql`true`;

type DetailResultRow = StoreRow & {
  kind: number;
  enrollAtdFree: number | null;
  enrollAtdPay: number | null;
  virtualAttendeeFree: number | null;
  virtualAttendeePay: number | null;
  enrollDealer: number | null;
  notEnrollDealer: number | null;
};

/**
 * The store enrollment detail of one district: a row per enrolled attendee, one per store without
 * one (filtered by `select`), then the district totals as the footer row (never filtered).
 */
export async function storeDetail(db: DbOrTx, eventId: string, scope: StoreScope & { district: string }, select: StoreFilter): Promise<StoreDetailRow[]> {
  const noText = sql.raw(`null::text`);
  const storeNulls = sql.join(
    ['zoneName', 'districtName', 'dlrnum', 'dealer Name', 'cityState', 'enrlStatusDesc', 'enrlDate', 'atdName', 'loginid', 'virtualAttendee', 'region', 'zone', 'district'].map(
      (name) => sql`${noText} as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  const countNulls = sql.raw(
    ['enrollAtdFree', 'enrollAtdPay', 'virtualAttendeeFree', 'virtualAttendeePay', 'enrollDealer', 'notEnrollDealer'].map((n) => `null::int as "${n}"`).join(', '),
  );
  const query = sql`
    with s as (${scopedStores(scope)}),
    a as (${enrolledAttendees(eventId)})
    select 0 as kind, ${storeRowColumns}, ${countNulls}, s.dlrnum as sort_store, a.enrolled_at as sort_at, a.id as sort_id
    from s left join a on a.store_dlrnum = s.dlrnum
    where ${filterCondition(select)}
    union all
    select 1, ${storeNulls},
      (count(*) filter (where a.id is not null and not a.is_virtual and a.is_free))::int,
      (count(*) filter (where a.id is not null and not a.is_virtual and not a.is_free))::int,
      (count(*) filter (where a.id is not null and a.is_virtual and a.is_free))::int,
      (count(*) filter (where a.id is not null and a.is_virtual and not a.is_free))::int,
      (count(distinct s.dlrnum) filter (where a.id is not null))::int,
      (count(distinct s.dlrnum) filter (where a.id is null))::int,
      null, null, null
    from s left join a on a.store_dlrnum = s.dlrnum
    order by kind, sort_store, sort_at nulls last, sort_id`;
  const rows = rowsOf<DetailResultRow>(await db.execute(query));
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
    return pickStoreRow(row);
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
    with s as (${scopedStores(scope)}),
    a as (
      select distinct on (x.store_dlrnum) x.*
      from (${enrolledAttendees(eventId)}) x
      order by x.store_dlrnum, x.enrolled_at nulls last, x.id
    )
    select ${storeRowColumns}
    from s left join a on a.store_dlrnum = s.dlrnum
    where ${filterCondition(select)}
    order by s.region, s.zone, s.district, s.dlrnum`;
  return rowsOf<StoreRow>(await db.execute(query));
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
 * region is that zone's. `reccount`/`virtualRecCount` are window counts over the whole result.
 */
export async function attendeeRows(
  db: DbOrTx,
  eventId: string,
  types: readonly AttendeeType[],
  filter: { region: string | null; zone: string | null },
): Promise<AttendeeRow[]> {
  const conditions: SQL[] = [];
  if (filter.region) conditions.push(sql`z.region_code = ${filter.region}`);
  if (filter.zone) conditions.push(sql`z.code = ${filter.zone}`);
  const query = sql`
    with a as (
      select g.id, g.status, g.enrolled_at, g.arrival_date, g.departure_date, g.is_virtual,
        trim(p.first_name || ' ' || p.last_name) as atd_name, p.last_name, p.first_name, p.company,
        st.name as store_name, st.city, st.state, coalesce(d.zone_code, p.zone_code) as zone_code
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
      coalesce(a.store_name, a.company, '') as "busName",
      coalesce(a.city || ', ' || a.state, '') as "busCityState",
      a.status as "enrlStatusDesc",
      coalesce(to_char(a.enrolled_at at time zone 'UTC', 'YYYY-MM-DD'), '') as "enrlDate",
      coalesce(to_char(a.arrival_date, 'YYYY-MM-DD'), '') as "arrivalDate",
      coalesce(to_char(a.departure_date, 'YYYY-MM-DD'), '') as "departuredate",
      case when a.is_virtual then 'Yes' else 'No' end as "virtualAttendee",
      (count(*) over ())::int as "reccount",
      (count(*) filter (where a.is_virtual) over ())::int as "virtualRecCount"
    from a
    left join zones z on z.code = a.zone_code
    where ${conditions.length ? sql.join(conditions, sql` and `) : sql`true`}
    order by a.last_name, a.first_name, a.id`;
  return rowsOf<AttendeeRow>(await db.execute(query));
}

/** Enrolled attendees per traveller type, every type listed (zero when none). */
export const TRAVELLER_TYPES: ReadonlyArray<{ type: AttendeeType; description: string }> = [
  { type: 'dealer', description: 'Dealer' },
  { type: 'candidate', description: 'Candidate' },
  { type: 'field', description: 'Field' },
  { type: 'corporate', description: 'Corporate' },
  { type: 'distributor', description: 'Distributor' },
  { type: 'vendor', description: 'Vendor' },
  { type: 'sbr', description: 'SBR' },
  { type: 'partner', description: 'Partner' },
  { type: 'expo', description: 'Expo' },
];

export async function attendeeCountsByType(db: DbOrTx, eventId: string): Promise<AttendeeTypeCount[]> {
  const values = sql.join(
    TRAVELLER_TYPES.map((t, i) => sql`(${t.type}, ${t.description}, ${i}::int)`),
    sql`, `,
  );
  const query = sql`
    select t.description as "attendeedesc", count(g.id)::int as "totalenrolledAttendees"
    from (values ${values}) as t(type, description, ord)
    left join registrations g on g.attendee_type = t.type and g.event_id = ${eventId} and g.status = 'Enrolled'
    group by t.type, t.description, t.ord
    order by t.ord`;
  return rowsOf<AttendeeTypeCount>(await db.execute(query));
}

export async function allRegions(db: DbOrTx): Promise<RegionOption[]> {
  const query = sql`select code as "regCode", description as "regDescription" from regions order by code`;
  return rowsOf<RegionOption>(await db.execute(query));
}

export async function zonesOfRegion(db: DbOrTx, region: string | null): Promise<ZoneOption[]> {
  const query = sql`
    select code as "zone", name as "zoneName" from zones
    where ${region ? sql`region_code = ${region}` : sql`true`}
    order by code`;
  return rowsOf<ZoneOption>(await db.execute(query));
}
