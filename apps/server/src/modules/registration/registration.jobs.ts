/**
 * The registration module's background jobs: `mail-reminders` every hour (registration asks the
 * mail module to queue the reminders, never the other way) and the transfer offers' lapse
 * (`transfers.jobs.ts`), both run through the registration service. `app.ts` registers them once.
 */
import type { FastifyInstance } from 'fastify';
import type { ReminderOptions } from './reminders.ts';
import type { RegistrationService } from './registration.service.ts';
import { registerTransferJobs } from './transfers.jobs.ts';

export function registerRegistrationJobs(app: FastifyInstance, service: RegistrationService, options: { reminders: ReminderOptions; clock?: (() => Date) | undefined }): void {
  const clock = options.clock ?? (() => new Date());
  app.jobs.recurring('mail-reminders', '15 * * * *', async () => {
    const run = await service.runReminders(clock(), options.reminders);
    app.log.info(run, 'reminders queued');
  });
  registerTransferJobs(app, service, { clock });
}
