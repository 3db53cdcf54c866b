/**
 * The program's background jobs (docs/sessions.md), on the job queue (lib/jobs.ts):
 * - `session-offer` `{ session }`: offers a session's freed seats; sent after every commit that may
 *   free one (a leave, a capacity raise), so an offer goes out seconds after the leave;
 * - `session-offer-event` `{ event }`: the same for every session of an event with a queue (sent
 *   when a registration is cancelled: its picks were released);
 * - `session-sweep`, every minute: lapses offers, closes queues of sessions that started, and
 *   catches anything a lost nudge or a restart left (seats are recounted, never replayed).
 */
import type { FastifyInstance } from 'fastify';
import type { SessionsService } from './sessions.service.ts';

export const SESSION_OFFER_JOB = 'session-offer';
export const SESSION_OFFER_EVENT_JOB = 'session-offer-event';
export const SESSION_SWEEP_JOB = 'session-sweep';

export function registerSessionJobs(app: FastifyInstance, service: SessionsService): void {
  app.jobs.handle(SESSION_OFFER_JOB, async (data) => {
    if (typeof data.session === 'number') await service.offerFreedSeats(data.session);
  });
  app.jobs.handle(SESSION_OFFER_EVENT_JOB, async (data) => {
    if (typeof data.event === 'string') await service.sweep(data.event);
  });
  app.jobs.recurring(SESSION_SWEEP_JOB, '* * * * *', async () => {
    await service.sweep();
  });
}

/** After a commit that may have freed seats of these sessions: the job queue offers them. Never throws. */
export function seatsFreedNotifier(app: FastifyInstance): (sessionIds: readonly number[]) => void {
  return (sessionIds) => {
    for (const session of sessionIds) {
      app.jobs.send(SESSION_OFFER_JOB, { session }).catch((error: unknown) => app.log.error({ err: error, session }, 'session offer job not queued'));
    }
  };
}

/** After a commit that may have released picks of an event's registration (a cancel). Never throws. */
export function picksReleasedNotifier(app: FastifyInstance): (eventId: string) => void {
  return (event) => {
    app.jobs.send(SESSION_OFFER_EVENT_JOB, { event }).catch((error: unknown) => app.log.error({ err: error, event }, 'session offer job not queued'));
  };
}
