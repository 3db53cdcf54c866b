/**
 * Organizer accounts in the console: `GET /api/Admin/Organizers`, `POST /api/Admin/Organizers/{id}/Disable`
 * and `/Enable` (contracts: admin.ts); the rules are in organizers.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PATHS, idParamsSchema, organizersQuerySchema } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { answerNoStore, route } from '../../lib/routes.ts';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import type { OrganizersService } from './organizers.service.ts';

export const organizerRoutes: FastifyPluginAsyncZod<{ service: OrganizersService }> = async (app, { service }) => {
  const guard = { onRequest: app.authenticateAdmin };
  answerNoStore(app);

  app.get(ADMIN_PATHS.organizers, { ...guard, schema: { querystring: organizersQuerySchema } }, async (request) => ok(await service.list(request.query)));

  app.post(route(ADMIN_PATHS.organizerDisable), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.disable(actorOf(request), request.params.id)),
  );

  app.post(route(ADMIN_PATHS.organizerEnable), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.enable(actorOf(request), request.params.id)),
  );
};
