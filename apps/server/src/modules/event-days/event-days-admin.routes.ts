/**
 * The console's event-days routes under `/api/Admin/` (docs/event-days.md): door devices, conflicts,
 * arrivals of the whole event, printed badges, walk-ins, substitution and check-in by hand. The auth
 * plugin's global hook already refuses every request here without an organizer token.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  arrivalsQuerySchema,
  badgesQuerySchema,
  checkInDevicesQuerySchema,
  createCheckInDeviceRequestSchema,
  EVENT_DAYS_ADMIN_PATHS,
  eventTypeSchema,
  idParamsSchema,
  notArrivedQuerySchema,
  substituteRequestSchema,
  walkInRequestSchema,
} from '@portal/contracts';
import { created, ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { answerNoStore, route } from '../../lib/routes.ts';
import { NETWORK_SCOPE } from '../report-scope/report-scope.ts';
import { organizerOf } from '../../plugins/auth.ts';
import type { ArrivalsService } from './arrivals.service.ts';
import type { DaysActor, EventDaysService } from './event-days.service.ts';

/** The console names the event (report readers default to their token's). */
function eventNamed<T extends { event?: string | undefined }>(query: T): T & { event: string } {
  if (!query.event) throw badRequest('Invalid querystring: event is required', [{ field: 'event', message: 'event is required' }]);
  return query as T & { event: string };
}

function actorOf(request: FastifyRequest): DaysActor & { kind: 'organizer' } {
  const user = organizerOf(request);
  return { kind: 'organizer', organizerId: user.organizerId, email: user.email, ip: request.ip };
}

export const eventDaysAdminRoutes: FastifyPluginAsyncZod<{ service: EventDaysService; arrivals: ArrivalsService }> = async (app, { service, arrivals }) => {
  const guard = { onRequest: app.authenticateAdmin };
  answerNoStore(app);

  app.get(EVENT_DAYS_ADMIN_PATHS.devices, { ...guard, schema: { querystring: checkInDevicesQuerySchema } }, async (request) => {
    const rows = await service.listDevices({ event: request.query.event });
    return ok({ rows, total: rows.length });
  });

  app.post(EVENT_DAYS_ADMIN_PATHS.devices, { ...guard, schema: { body: createCheckInDeviceRequestSchema } }, async (request, reply) =>
    created(reply, await service.createDevice(actorOf(request), request.body)),
  );

  app.post(route(EVENT_DAYS_ADMIN_PATHS.deviceRevoke), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.revokeDevice(actorOf(request), request.params.id)),
  );

  app.get(EVENT_DAYS_ADMIN_PATHS.activity, { ...guard, schema: { querystring: z.object({ event: eventTypeSchema }) } }, async (request) =>
    ok(await service.activity(request.query.event)),
  );

  app.get(EVENT_DAYS_ADMIN_PATHS.conflicts, { ...guard, schema: { querystring: z.object({ event: eventTypeSchema }) } }, async (request) => {
    const rows = await service.conflicts(request.query.event);
    return ok({ rows, total: rows.length });
  });

  app.get(EVENT_DAYS_ADMIN_PATHS.arrivals, { ...guard, schema: { querystring: arrivalsQuerySchema } }, async (request) =>
    ok(await arrivals.arrivals(eventNamed(request.query), NETWORK_SCOPE)),
  );

  app.get(EVENT_DAYS_ADMIN_PATHS.notArrived, { ...guard, schema: { querystring: notArrivedQuerySchema } }, async (request) =>
    ok(await arrivals.notArrived(eventNamed(request.query), NETWORK_SCOPE)),
  );

  app.get(EVENT_DAYS_ADMIN_PATHS.badges, { ...guard, schema: { querystring: badgesQuerySchema } }, async (request, reply) => {
    // One registration's badge is a reprint: counted and audited like a door's.
    if (request.query.registrationId !== undefined) await service.recordBadgePrint(actorOf(request), request.query.registrationId, request.query.layout, request.query.event);
    void reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="badges-${request.query.event}-${request.query.layout}.pdf"`);
    return reply.send(service.badgesPdf(request.query, app.log));
  });

  app.post(EVENT_DAYS_ADMIN_PATHS.walkIns, { ...guard, schema: { body: walkInRequestSchema } }, async (request, reply) =>
    created(reply, await service.walkIn(actorOf(request), request.body)),
  );

  app.post(route(EVENT_DAYS_ADMIN_PATHS.substitute), { ...guard, schema: { params: idParamsSchema, body: substituteRequestSchema } }, async (request) =>
    ok(await service.substitute(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    route(EVENT_DAYS_ADMIN_PATHS.checkIn),
    { ...guard, schema: { params: idParamsSchema, body: z.object({ undo: z.boolean().default(false) }).default({ undo: false }) } },
    async (request) => ok(await service.consoleCheckIn(actorOf(request), request.params.id, request.body.undo)),
  );
};
