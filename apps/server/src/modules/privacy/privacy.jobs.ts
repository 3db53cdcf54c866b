/** The privacy module's background job (docs/privacy.md): the retention run, daily at 03:30 UTC. */
import type { FastifyInstance } from 'fastify';
import type { PrivacyService } from './privacy.service.ts';

export const RETENTION_JOB = 'privacy-retention';
export const RETENTION_CRON = '30 3 * * *';

export function registerPrivacyJobs(app: FastifyInstance, service: PrivacyService): void {
  app.jobs.recurring(RETENTION_JOB, RETENTION_CRON, async () => {
    const outcomes = await service.runRetention();
    app.log.info({ outcomes }, 'retention run');
  });
}
