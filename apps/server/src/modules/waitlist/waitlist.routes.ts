/**
 * The waiting list's jobs and console routes (docs/waiting-lists.md):
 * - job `waitlist-offer` `{ event }`: offers the event's freed places; sent after every commit that
 *   may free one (a cancel, a capacity raise), so an offer goes out seconds after the cancel;
 * - job `waitlist-sweep`, every minute: lapses expired offers, closes queues, and catches anything a
 *   lost nudge or a restart left (offers are recomputed from the registrations, never replayed);
 * - `GET /api/Admin/Waitlists?event=`, `POST /api/Admin/Registrations/{id}/Offer`,
 *   `POST /api/Admin/Registrations/{id}/WaitlistPosition` `{ position }`.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PATHS, type AdminRegistrationDetail, idParamsSchema, waitlistMoveRequestSchema, waitlistsQuerySchema } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import { handOffer, listQueues, moveInQueue, offerFreedPlaces, sweepWaitlists } from './waitlist.service.ts';

export const WAITLIST_OFFER_JOB = 'waitlist-offer';
export const WAITLIST_SWEEP_JOB = 'waitlist-sweep';

const route = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** After a commit that may have freed a place of the event: the job queue offers it. Never throws. */
export function placeFreedNotifier(app: FastifyInstance): (eventId: string) => void {
  return (eventId) => {
    app.jobs.send(WAITLIST_OFFER_JOB, { event: eventId }).catch((error: unknown) => app.log.error({ err: error, event: eventId }, 'waitlist offer job not queued'));
  };
}

export const waitlistRoutes: FastifyPluginAsyncZod<{ publicUrl?: string; now?: () => Date; detail: (id: number) => Promise<AdminRegistrationDetail> }> = async (
  app,
  { publicUrl, now: nowOf, detail },
) => {
  const now = nowOf ?? (() => new Date());
  const db = app.db;

  app.jobs.handle(WAITLIST_OFFER_JOB, async (data) => {
    if (typeof data.event === 'string') await offerFreedPlaces(db, data.event, now(), publicUrl);
  });
  app.jobs.recurring(WAITLIST_SWEEP_JOB, '* * * * *', async () => {
    await sweepWaitlists(db, now(), publicUrl);
  });

  const guard = { onRequest: app.authenticateAdmin };
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/Admin/')) void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(ADMIN_PATHS.waitlists, { ...guard, schema: { querystring: waitlistsQuerySchema } }, async (request) => {
    const rows = await listQueues(db, request.query.event);
    return ok({ rows, total: rows.length });
  });

  app.post(route(ADMIN_PATHS.waitlistOffer), { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    await handOffer(db, actorOf(request), request.params.id, now(), publicUrl);
    return ok(await detail(request.params.id));
  });

  app.post(route(ADMIN_PATHS.waitlistMove), { ...guard, schema: { params: idParamsSchema, body: waitlistMoveRequestSchema } }, async (request) => {
    await moveInQueue(db, actorOf(request), request.params.id, request.body.position, now());
    return ok(await detail(request.params.id));
  });
};
