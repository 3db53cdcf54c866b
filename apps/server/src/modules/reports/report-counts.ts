/**
 * Checking the enrollment counts the report_counts triggers keep (packages/db/src/schema/report-counts.ts)
 * against a full recount from `registrations`, `stores` and `districts`, and rebuilding them.
 * Used by `npm run reports:verify` and the drift tests; docs/decisions/005-report-counts-by-triggers.md.
 * The statements are in report-counts.queries.ts.
 */
import type { Db, DbOrTx } from '@portal/db';
import { bumpReportData, lockCountSources, rebuildCountTables, zonesWithRegions } from './report-counts.queries.ts';
import * as q from './reports.queries.ts';

/** One report whose answer from the maintained counts differs from the recounted one. */
export interface ReportDrift {
  report: string;
  expected: unknown;
  actual: unknown;
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
  const zones = await zonesWithRegions(db);
  for (const region of [...new Set(zones.map((z) => z.region_code))]) {
    await compare(`${eventId} Zone ${region}`, (o) => q.zoneCounts(db, eventId, region, o));
  }
  for (const zone of zones) {
    await compare(`${eventId} District ${zone.code}`, (o) => q.districtCounts(db, eventId, zone.code, zone.region_code, o));
  }
  return drift;
}

/**
 * Rebuilds every count from the base tables. Writers of registrations, stores and districts wait
 * meanwhile (SHARE locks), so no change slips between the recount and the commit. The report data
 * version moves with it.
 */
export async function rebuildCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCountSources(tx);
    await rebuildCountTables(tx);
    // Cached report answers (answer-cache.ts) were computed from the counts just replaced.
    await bumpReportData(tx);
  });
}
