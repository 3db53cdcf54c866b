/**
 * The organizer console API under `/api/Admin/` (contracts: @portal/contracts admin.ts). The auth
 * plugin's global hook already refuses every request here without an organizer token; each route
 * names `app.authenticateAdmin` as well, so the guard is visible where the route is.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessCodesQuerySchema,
  ADMIN_PATHS,
  auditQuerySchema,
  cancelRegistrationRequestSchema,
  accessCodeSeatsRequestSchema,
  createAccessCodeRequestSchema,
  eventParamsSchema,
  idParamsSchema,
  IMPORT_BODY_MAX_BYTES,
  importQuerySchema,
  peopleQuerySchema,
  registrationDatesRequestSchema,
  registrationsQuerySchema,
  updateEventRequestSchema,
  updatePersonRequestSchema,
} from '@portal/contracts';
import { created, ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { answerNoStore, route } from '../../lib/routes.ts';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import type { AdminService } from './admin.service.ts';

const csvBodySchema = z
  .custom<Buffer>((v) => Buffer.isBuffer(v), { error: 'must be the CSV file, sent as Content-Type: text/csv' })
  .refine((v) => v.length > 0, { error: 'is empty: send the CSV file' });

/** The upload's text; a file that is not UTF-8 (an Excel "CSV" in a legacy code page) is refused. */
function csvText(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    const message =
      'The file is not UTF-8 text. Save it as "CSV UTF-8" (in Excel: File > Save As > "CSV UTF-8 (Comma delimited)") and upload it again.';
    throw badRequest(message, [{ field: 'file', message }]);
  }
}

export const adminRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const guard = { onRequest: app.authenticateAdmin };

  // Uploaded CSV files are far above the API's 64 KiB JSON limit; only the import route takes them.
  // As bytes: the text is decoded strictly (csvText), never with replacement characters.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'buffer', bodyLimit: IMPORT_BODY_MAX_BYTES }, (_request, body, done) => done(null, body));
  // Organizer data is personal: never kept by a shared cache or the browser's.
  answerNoStore(app);

  app.get(ADMIN_PATHS.events, guard, async () => {
    const rows = await service.listEvents();
    return ok({ rows, total: rows.length });
  });

  app.put(route(ADMIN_PATHS.event), { ...guard, schema: { params: eventParamsSchema, body: updateEventRequestSchema } }, async (request) =>
    ok(await service.updateEvent(actorOf(request), request.params.eventType, request.body)),
  );

  app.get(ADMIN_PATHS.accessCodes, { ...guard, schema: { querystring: accessCodesQuerySchema } }, async (request) =>
    ok(await service.listAccessCodes(request.query)),
  );

  app.post(ADMIN_PATHS.accessCodes, { ...guard, schema: { body: createAccessCodeRequestSchema } }, async (request, reply) =>
    created(reply, await service.createAccessCode(actorOf(request), request.body)),
  );

  app.post(route(ADMIN_PATHS.accessCodeDisable), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.disableAccessCode(actorOf(request), request.params.id)),
  );

  app.post(route(ADMIN_PATHS.accessCodeSeats), { ...guard, schema: { params: idParamsSchema, body: accessCodeSeatsRequestSchema } }, async (request) =>
    ok(await service.setAccessCodeSeats(actorOf(request), request.params.id, request.body.seats)),
  );

  app.get(ADMIN_PATHS.registrations, { ...guard, schema: { querystring: registrationsQuerySchema } }, async (request) =>
    ok(await service.listRegistrations(request.query)),
  );

  app.get(route(ADMIN_PATHS.registration), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.registrationDetail(request.params.id)),
  );

  app.post(route(ADMIN_PATHS.registrationCancel), { ...guard, schema: { params: idParamsSchema, body: cancelRegistrationRequestSchema } }, async (request) =>
    ok(await service.cancelRegistration(actorOf(request), request.params.id, request.body.reason)),
  );

  app.post(route(ADMIN_PATHS.registrationResendLink), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.resendLink(actorOf(request), request.params.id)),
  );

  app.post(route(ADMIN_PATHS.registrationDates), { ...guard, schema: { params: idParamsSchema, body: registrationDatesRequestSchema } }, async (request) =>
    ok(await service.changeDates(actorOf(request), request.params.id, request.body)),
  );

  app.get(ADMIN_PATHS.people, { ...guard, schema: { querystring: peopleQuerySchema } }, async (request) => ok(await service.listPeople(request.query)));

  app.get(route(ADMIN_PATHS.person), { ...guard, schema: { params: idParamsSchema } }, async (request) => ok(await service.person(request.params.id)));

  app.put(route(ADMIN_PATHS.person), { ...guard, schema: { params: idParamsSchema, body: updatePersonRequestSchema } }, async (request) =>
    ok(await service.updatePerson(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    ADMIN_PATHS.import,
    { ...guard, bodyLimit: IMPORT_BODY_MAX_BYTES, schema: { querystring: importQuerySchema, body: csvBodySchema } },
    async (request) => ok(await service.importFile(actorOf(request), request.query.kind, csvText(request.body), request.query.dryRun)),
  );

  app.get(ADMIN_PATHS.audit, { ...guard, schema: { querystring: auditQuerySchema } }, async (request) => ok(await service.listAudit(request.query)));
};
