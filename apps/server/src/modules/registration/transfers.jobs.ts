/**
 * `registration-transfer-lapse`, every five minutes: offers of a place to a colleague not accepted
 * within their time lapse, and the attendee who offered it is told (docs/transfers.md).
 */
import type { FastifyInstance } from 'fastify';
import type { RegistrationService } from './registration.service.ts';

export const TRANSFER_LAPSE_JOB = 'registration-transfer-lapse';

export function registerTransferJobs(app: FastifyInstance, service: RegistrationService, options: { clock: () => Date }): void {
  app.jobs.recurring(TRANSFER_LAPSE_JOB, '*/5 * * * *', async () => {
    const lapsed = await service.lapseTransfers(options.clock());
    if (lapsed) app.log.info({ lapsed }, 'transfer offers lapsed');
  });
}
