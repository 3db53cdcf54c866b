/**
 * The waiting list's console routes (docs/waiting-lists.md): `GET /api/Admin/Waitlists?event=`,
 * `POST /api/Admin/Registrations/{id}/Offer`, `POST /api/Admin/Registrations/{id}/WaitlistPosition`
 * `{ position }`. Its jobs are in `waitlist.jobs.ts`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PATHS, type AdminRegistrationDetail, idParamsSchema, waitlistMoveRequestSchema, waitlistsQuerySchema } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/routes.ts';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import type { WaitlistService } from './waitlist.service.ts';

export const waitlistRoutes: FastifyPluginAsyncZod<{ service: WaitlistService; detail: (id: number) => Promise<AdminRegistrationDetail> }> = async (app, { service, detail }) => {
  const guard = { onRequest: app.authenticateAdmin };
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/Admin/')) void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(ADMIN_PATHS.waitlists, { ...guard, schema: { querystring: waitlistsQuerySchema } }, async (request) => {
    const rows = await service.listQueues(request.query.event);
    return ok({ rows, total: rows.length });
  });

  app.post(route(ADMIN_PATHS.waitlistOffer), { ...guard, schema: { params: idParamsSchema } }, async (request) => {
    await service.handOffer(actorOf(request), request.params.id);
    return ok(await detail(request.params.id));
  });

  app.post(route(ADMIN_PATHS.waitlistMove), { ...guard, schema: { params: idParamsSchema, body: waitlistMoveRequestSchema } }, async (request) => {
    await service.moveInQueue(actorOf(request), request.params.id, request.body.position);
    return ok(await detail(request.params.id));
  });
};
