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

/** Enrolled store-bound registrations (dealer staff, candidates) per event and store. */
export const storeEnrollmentCounts = pgTable(
  'store_enrollment_counts',
  {
    eventId: text('event_id').notNull(),
    storeDlrnum: text('store_dlrnum').notNull(),
    enrolledAttendees: integer('enrolled_attendees').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.storeDlrnum] })],
);

/** Stores per district (any event). */
export const districtStoreCounts = pgTable('district_store_counts', {
  districtCode: text('district_code').primaryKey(),
  stores: integer('stores').notNull(),
});

/** Enrolled stores per event and district. */
export const districtEnrollmentCounts = pgTable(
  'district_enrollment_counts',
  {
    eventId: text('event_id').notNull(),
    districtCode: text('district_code').notNull(),
    enrolledStores: integer('enrolled_stores').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.districtCode] })],
);

/** Stores per zone (any event). */
export const zoneStoreCounts = pgTable('zone_store_counts', {
  zoneCode: text('zone_code').primaryKey(),
  stores: integer('stores').notNull(),
});

/** Enrolled stores per event and zone. */
export const zoneEnrollmentCounts = pgTable(
  'zone_enrollment_counts',
  {
    eventId: text('event_id').notNull(),
    zoneCode: text('zone_code').notNull(),
    enrolledStores: integer('enrolled_stores').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.zoneCode] })],
);

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
