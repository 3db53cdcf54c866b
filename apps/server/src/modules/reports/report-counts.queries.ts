/**
 * The statements of report-counts.ts: the recount of every maintained count against the base
 * tables, the network's zones and the events to compare, and the rebuild
 * (docs/decisions/005-report-counts-by-triggers.md).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '@portal/db';

/** One count that differs from its recount (`eventId` is '' for store totals, which have no event). */
export interface CountDrift {
  table: string;
  eventId: string;
  key: string;
  expected: number;
  actual: number;
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

/** Events with registrations or counts (the reports of other events are all zero on both sides). */
export async function countedEvents(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from events order by id`));
  return rows.map((r) => r.id);
}

/** The network's zones with their regions, by code. */
export async function zonesWithRegions(db: DbOrTx): Promise<{ code: string; region_code: string }[]> {
  return rowsOf<{ code: string; region_code: string }>(await db.execute(sql`select code, region_code from zones order by code`));
}

/** Writers of registrations, stores and districts wait until the transaction ends (SHARE locks). */
export async function lockCountSources(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table registrations, stores, districts in share mode`);
}

/** Every count recomputed from the base tables (the function of packages/db/drizzle/0003_report_counts_triggers.sql). */
export async function rebuildCountTables(tx: Tx): Promise<void> {
  await tx.execute(sql`select report_counts_rebuild()`);
}

/** Moves the report data version (answer-cache.ts). */
export async function bumpReportData(tx: Tx): Promise<void> {
  await tx.execute(sql`select report_data_bump()`);
}
