/**
 * The reports module's background job: every hour, the report data version rows of ended database
 * sessions are folded into one (the report-scope service's `foldDataVersions`), which keeps the version table as small as
 * the number of live sessions.
 */
import type { FastifyInstance } from 'fastify';
import type { ReportsService } from './reports.service.ts';

export const DATA_VERSIONS_FOLD_JOB = 'report-data-versions-fold';
export const DATA_VERSIONS_FOLD_CRON = '7 * * * *';

export function registerReportsJobs(app: FastifyInstance, service: ReportsService): void {
  app.jobs.recurring(DATA_VERSIONS_FOLD_JOB, DATA_VERSIONS_FOLD_CRON, async () => {
    const folded = await service.foldDataVersions();
    if (folded) app.log.info({ folded }, 'report data version rows of ended sessions folded');
  });
}
