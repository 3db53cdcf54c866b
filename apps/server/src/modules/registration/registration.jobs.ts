/**
 * The registration module's background jobs: `mail-reminders` every hour (registration asks the
 * mail module to queue the reminders, never the other way) and the transfer offers' lapse
 * (`transfers.jobs.ts`). `app.ts` registers them once.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { runReminders } from './reminders.ts';
import { registerTransferJobs } from './transfers.jobs.ts';

export function registerRegistrationJobs(app: FastifyInstance, options: { config: Config; clock?: (() => Date) | undefined }): void {
  const { config } = options;
  const clock = options.clock ?? (() => new Date());
  app.jobs.recurring('mail-reminders', '15 * * * *', async () => {
    const run = await runReminders(app.db, clock(), config.publicUrl, { linkTtlHours: config.linkTtlHours, perRecipientDay: config.remindersPerRecipientDay });
    app.log.info(run, 'reminders queued');
  });
  registerTransferJobs(app, { publicUrl: config.publicUrl, clock });
}
