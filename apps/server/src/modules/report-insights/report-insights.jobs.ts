/**
 * The report extras' background work (docs/report-insights.md): the weekly digest on the job queue
 * (lib/jobs.ts), Mondays at 06:00 UTC, and the builder of its workbook, which the mail delivery
 * calls when it sends the digest.
 */
import type { FastifyInstance } from 'fastify';
import { registerAttachmentBuilder } from '../mail/attachments.ts';
import { DIGEST_ATTACHMENT_BUILDER, DIGEST_CRON, DIGEST_JOB } from './digest.ts';
import type { ReportInsightsService } from './report-insights.service.ts';

export function registerReportInsightsJobs(app: FastifyInstance, service: ReportInsightsService): void {
  app.jobs.recurring(DIGEST_JOB, DIGEST_CRON, async () => {
    const result = await service.runDigests(app.log);
    app.log.info(result, 'weekly digests queued');
  });
  registerAttachmentBuilder(DIGEST_ATTACHMENT_BUILDER, async (db, params, language) => ({ content: await service.digestWorkbook(db, params, language) }));
}
