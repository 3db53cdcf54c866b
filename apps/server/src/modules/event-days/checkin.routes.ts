/**
 * The door API under `/api/CheckIn/` (docs/event-days.md; contracts: @portal/contracts event-days.ts).
 * Every route but Pair needs a door device token (device-auth.ts, a global hook); Pair takes a
 * one-time pairing code instead.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badgePrintRequestSchema,
  CHECKIN_PATHS,
  LABEL_LAYOUT,
  deviceSubstituteRequestSchema,
  pairRequestSchema,
  rosterQuerySchema,
  scansRequestSchema,
  walkInRequestSchema,
} from '@portal/contracts';
import { created, ok } from '../../lib/envelope.ts';
import { forbidden } from '../../lib/errors.ts';
import { answerNoStore } from '../../lib/routes.ts';
import type { CheckInService } from './checkin.service.ts';
import { deviceOf } from './device-auth.ts';
import type { EventDaysService } from './event-days.service.ts';

export const checkInRoutes: FastifyPluginAsyncZod<{ service: CheckInService; days: EventDaysService }> = async (app, { service, days }) => {
  // Attendee data for the door: never kept by a shared cache.
  answerNoStore(app);

  app.post(CHECKIN_PATHS.pair, { schema: { body: pairRequestSchema } }, async (request) => ok(await service.pair(request.body.pairingCode, request.ip)));

  app.get(CHECKIN_PATHS.config, async (request) => ok(await service.config(deviceOf(request))));

  app.get(CHECKIN_PATHS.roster, { schema: { querystring: rosterQuerySchema } }, async (request) => ok(await service.roster(deviceOf(request), request.query)));

  // 500 scans with codes of up to 200 characters: above the API's 64 KiB JSON limit.
  app.post(CHECKIN_PATHS.scans, { bodyLimit: 256 * 1024, schema: { body: scansRequestSchema } }, async (request) =>
    ok(await service.scans(deviceOf(request), request.body)),
  );

  app.post(CHECKIN_PATHS.walkIns, { schema: { body: walkInRequestSchema } }, async (request, reply) => {
    const device = deviceOf(request);
    if (!device.canWalkIn) throw forbidden('This door device has no walk-in right. An organizer can give it one in the console.');
    if (request.body.event && request.body.event !== device.eventId) throw forbidden(`This device checks in for ${device.eventId}, not ${request.body.event}.`);
    return created(reply, await days.walkIn({ kind: 'device', deviceId: device.id, name: device.name, ip: request.ip }, { ...request.body, event: device.eventId }));
  });

  // One badge for the door's label printer (after a scan, a walk-in or a substitution; print on scan): counted and audited first.
  app.post(CHECKIN_PATHS.badgePrints, { schema: { body: badgePrintRequestSchema } }, async (request, reply) => {
    const device = deviceOf(request);
    const { registrationId, size } = request.body;
    const layout = LABEL_LAYOUT[size];
    const printed = await days.recordBadgePrint({ kind: 'device', deviceId: device.id, name: device.name, ip: request.ip }, registrationId, layout, device.eventId);
    void reply.type('application/pdf').header('content-disposition', `inline; filename="badge-${registrationId}-${size}.pdf"`).header('x-badge-prints', String(printed.prints));
    return reply.send(days.badgesPdf({ event: device.eventId, registrationId, layout }, app.log));
  });

  app.post(CHECKIN_PATHS.substitutions, { schema: { body: deviceSubstituteRequestSchema } }, async (request) => {
    const device = deviceOf(request);
    if (!device.canSubstitute) throw forbidden('This door device has no substitution right. An organizer can give it one in the console.');
    const { registrationId, ...body } = request.body;
    return ok(await days.substitute({ kind: 'device', deviceId: device.id, name: device.name, ip: request.ip }, registrationId, body, device.eventId));
  });
};
