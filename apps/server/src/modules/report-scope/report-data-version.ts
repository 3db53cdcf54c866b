/**
 * The version of the report data: a counter the database raises on every change a report can see
 * (kept by triggers), summed over one row per database session. The reports' answer cache keys its
 * answers by it; the reports' job folds the rows of ended sessions into one.
 */
import type { Db, DbOrTx } from '@portal/db';
import * as q from './report-scope.queries.ts';

/** The version read as a named statement straight on the driver (read on every cached request). */
export function reportDataVersionStatement(db: Db): (params: readonly unknown[]) => Promise<Array<{ v: string }>> {
  return q.reportDataVersionStatement(db);
}

/** Folds the version rows of ended database sessions into one (keeps the sum); the number folded. */
export function foldReportDataVersions(db: DbOrTx): Promise<number> {
  return q.foldReportDataVersions(db);
}
