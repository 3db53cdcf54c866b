/**
 * Checking the enrollment counts the report_counts triggers keep (packages/db/src/schema/report-counts.ts)
 * against a full recount from `registrations`, `stores` and `districts`, and rebuilding them.
 * Used by `npm run reports:verify` and the drift tests; docs/decisions/005-report-counts-by-triggers.md.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '@portal/db';
import * as q from './reports.queries.ts';

/** One count that differs from its recount (`eventId` is '' for store totals, which have no event). */
export interface CountDrift {
  table: string;
  eventId: string;
  key: string;
  expected: number;
  actual: number;
}

/** One report whose answer from the maintained counts differs from the recounted one. */
export interface ReportDrift {
  report: string;
  expected: unknown;
  actual: unknown;
}

const ENROLLED = sql`g.status = 'Enrolled' and g.attendee_type in ('dealer', 'candidate') and g.store_dlrnum is not null`;

/**
 * Every maintained count that differs from the base tables, in one statement (one snapshot, so a
 * live database with writers still compares like with like). A missing row counts as zero.
 */
export async function findCountDrift(db: DbOrTx, limit = 1000): Promise<CountDrift[]> {
  const query = sql`
    with per_store as (
      select g.event_id, g.store_dlrnum, count(*)::int as n from registrations g where ${ENROLLED} group by 1, 2
    ),
    enrolled_stores as (
      select ps.event_id, st.district_code, d.zone_code from per_store ps
      join stores st on st.dlrnum = ps.store_dlrnum join districts d on d.code = st.district_code
    ),
    drift as (
      select 'store_enrollment_counts' as tbl, coalesce(e.event_id, c.event_id) as event_id, coalesce(e.store_dlrnum, c.store_dlrnum) as key,
        coalesce(e.n, 0) as expected, coalesce(c.enrolled_attendees, 0) as actual
      from per_store e full join store_enrollment_counts c on c.event_id = e.event_id and c.store_dlrnum = e.store_dlrnum
      union all
      select 'district_store_counts', '', coalesce(e.district_code, c.district_code), coalesce(e.n, 0), coalesce(c.stores, 0)
      from (select district_code, count(*)::int as n from stores group by 1) e
      full join district_store_counts c on c.district_code = e.district_code
      union all
      select 'zone_store_counts', '', coalesce(e.zone_code, c.zone_code), coalesce(e.n, 0), coalesce(c.stores, 0)
      from (select d.zone_code, count(*)::int as n from stores st join districts d on d.code = st.district_code group by 1) e
      full join zone_store_counts c on c.zone_code = e.zone_code
      union all
      select 'district_enrollment_counts', coalesce(e.event_id, c.event_id), coalesce(e.district_code, c.district_code), coalesce(e.n, 0), coalesce(c.enrolled_stores, 0)
      from (select event_id, district_code, count(*)::int as n from enrolled_stores group by 1, 2) e
      full join district_enrollment_counts c on c.event_id = e.event_id and c.district_code = e.district_code
      union all
      select 'zone_enrollment_counts', coalesce(e.event_id, c.event_id), coalesce(e.zone_code, c.zone_code), coalesce(e.n, 0), coalesce(c.enrolled_stores, 0)
      from (select event_id, zone_code, count(*)::int as n from enrolled_stores group by 1, 2) e
      full join zone_enrollment_counts c on c.event_id = e.event_id and c.zone_code = e.zone_code
    )
    select tbl as "table", event_id as "eventId", key, expected, actual from drift
    where expected <> actual
    order by 1, 2, 3
    limit ${limit}`;
  return rowsOf<CountDrift>(await db.execute(query));
}

/**
 * Every store-count report (All, Region, each region's zones, each zone's districts) of `eventId`
 * answered from the maintained counts and recounted from the base tables; the pairs that differ.
 */
export async function findReportDrift(db: DbOrTx, eventId: string): Promise<ReportDrift[]> {
  const drift: ReportDrift[] = [];
  const compare = async (report: string, read: (options: q.CountOptions) => Promise<unknown>) => {
    const [actual, expected] = [await read({}), await read({ recount: true })];
    if (JSON.stringify(actual) !== JSON.stringify(expected)) drift.push({ report, expected, actual });
  };
  await compare(`${eventId} All`, (o) => q.networkTotal(db, eventId, o));
  await compare(`${eventId} Region`, (o) => q.regionCounts(db, eventId, o));
  const zones = rowsOf<{ code: string; region_code: string }>(await db.execute(sql`select code, region_code from zones order by code`));
  for (const region of [...new Set(zones.map((z) => z.region_code))]) {
    await compare(`${eventId} Zone ${region}`, (o) => q.zoneCounts(db, eventId, region, o));
  }
  for (const zone of zones) {
    await compare(`${eventId} District ${zone.code}`, (o) => q.districtCounts(db, eventId, zone.code, zone.region_code, o));
  }
  return drift;
}

/** Events with registrations or counts (the reports of other events are all zero on both sides). */
export async function countedEvents(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from events order by id`));
  return rows.map((r) => r.id);
}

/**
 * Rebuilds every count from the base tables. Writers of registrations, stores and districts wait
 * meanwhile (SHARE locks), so no change slips between the recount and the commit. The report data
 * version moves with it.
 */
export async function rebuildCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table registrations, stores, districts in share mode`);
    await tx.execute(sql`select report_counts_rebuild()`);
    // Cached report answers (answer-cache.ts) were computed from the counts just replaced.
    await tx.execute(sql`select report_data_bump()`);
  });
}
