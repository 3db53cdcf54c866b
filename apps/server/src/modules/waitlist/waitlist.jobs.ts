/**
 * The waiting list's background jobs (docs/waiting-lists.md), on the job queue (lib/jobs.ts):
 * - `waitlist-offer` `{ event }`: offers the event's freed places; sent after every commit that
 *   may free one (a cancel, a capacity raise), so an offer goes out seconds after the cancel;
 * - `waitlist-sweep`, every minute: lapses expired offers, closes queues, and catches anything a
 *   lost nudge or a restart left (offers are recomputed from the registrations, never replayed).
 */
import type { FastifyInstance } from 'fastify';
import type { WaitlistService } from './waitlist.service.ts';

export const WAITLIST_OFFER_JOB = 'waitlist-offer';
export const WAITLIST_SWEEP_JOB = 'waitlist-sweep';

export function registerWaitlistJobs(app: FastifyInstance, service: WaitlistService): void {
  app.jobs.handle(WAITLIST_OFFER_JOB, async (data) => {
    if (typeof data.event === 'string') await service.offerFreedPlaces(data.event);
  });
  app.jobs.recurring(WAITLIST_SWEEP_JOB, '* * * * *', async () => {
    await service.sweep();
  });
}

/** After a commit that may have freed a place of the event: the job queue offers it. Never throws. */
export function placeFreedNotifier(app: FastifyInstance): (eventId: string) => void {
  return (eventId) => {
    app.jobs.send(WAITLIST_OFFER_JOB, { event: eventId }).catch((error: unknown) => app.log.error({ err: error, event: eventId }, 'waitlist offer job not queued'));
  };
}
