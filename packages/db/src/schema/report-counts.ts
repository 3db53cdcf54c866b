/**
 * Enrollment counts kept up to date by database triggers (docs/decisions/005-report-counts-by-triggers.md),
 * so the region, zone and district reports read a few hundred rows instead of every store and
 * registration. Only the triggers of the `report_counts` migration write these tables; every writer
 * of `registrations`, `stores` and `districts` keeps them right without knowing about them.
 * `npm run reports:verify` recounts them from the base tables (and repairs them with `--repair`).
 *
 * No foreign keys: they are derived data, written inside the base tables' own statements, and a
 * TRUNCATE of the base tables rebuilds them.
 */
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * A count per event and store or area: `event_id` and the key column (a store number or an area's
 * code) are the primary key. The TypeScript names are the same for every such table (`key`,
 * `count`): only SQL reads and writes them.
 */
function countPerEvent<TName extends string>(name: TName, keyColumn: string, countColumn: string) {
  return pgTable(
    name,
    {
      eventId: text('event_id').notNull(),
      key: text(keyColumn).notNull(),
      count: integer(countColumn).notNull(),
    },
    (t) => [primaryKey({ columns: [t.eventId, t.key] })],
  );
}

/** A count per area, whatever the event: the area's code is the primary key. */
function countPerArea<TName extends string>(name: TName, keyColumn: string, countColumn: string) {
  return pgTable(name, { key: text(keyColumn).primaryKey(), count: integer(countColumn).notNull() });
}

/** Enrolled store-bound registrations (dealer staff, candidates) per event and store. */
export const storeEnrollmentCounts = countPerEvent('store_enrollment_counts', 'store_dlrnum', 'enrolled_attendees');

/** Stores per district (any event). */
export const districtStoreCounts = countPerArea('district_store_counts', 'district_code', 'stores');

/** Enrolled stores per event and district. */
export const districtEnrollmentCounts = countPerEvent('district_enrollment_counts', 'district_code', 'enrolled_stores');

/** Stores per zone (any event). */
export const zoneStoreCounts = countPerArea('zone_store_counts', 'zone_code', 'stores');

/** Enrolled stores per event and zone. */
export const zoneEnrollmentCounts = countPerEvent('zone_enrollment_counts', 'zone_code', 'enrolled_stores');

/**
 * The version of the data the reports read (docs/decisions/008-report-answer-cache.md): a statement
 * trigger on every table a report reads sets its own database session's row to the next value of one
 * sequence, in the writing transaction. The sum over the rows therefore grows with every commit that
 * changed report data and never otherwise, and a reader sees it move in the same snapshot as the
 * data; the report routes cache their answers under it. One row per session (`backend_pid`), so
 * writers never wait on each other; rows of ended sessions are folded into the row `-1` (the sum is
 * kept) by `report_data_versions_fold()`.
 */
export const reportDataVersions = pgTable('report_data_versions', {
  backendPid: integer('backend_pid').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
