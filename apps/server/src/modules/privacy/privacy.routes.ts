/**
 * Personal-data routes (contracts: @portal/contracts privacy.ts; docs/privacy.md): the attendee's
 * own data and erasure request, and the console's data export, erasure, requests and retention.
 * Admin routes sit under `/api/Admin/` (the auth plugin's global guard; named here as well).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseRequestSchema, erasureRequestsQuerySchema, idParamsSchema, PRIVACY_PATHS } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { organizerOf } from '../../plugins/auth.ts';
import { erasePerson, listErasureRequests, personalData, personalDataForOrganizer, requestErasure, type OrganizerActor } from './privacy.service.ts';
import { retentionPlan, runRetention } from './retention.ts';

const route = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Daily at 03:30 UTC. */
export const RETENTION_JOB = 'privacy-retention';
export const RETENTION_CRON = '30 3 * * *';

function actorOf(request: FastifyRequest): OrganizerActor {
  const user = organizerOf(request);
  return { organizerId: user.organizerId, email: user.email, ip: request.ip };
}

function attendeeOf(request: FastifyRequest) {
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.personId === null) throw forbidden('Report logins hold no attendee record. Please ask the event team about your data.');
  return { ...user, personId: user.personId };
}

export const privacyRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const db = app.db;

  app.addHook('onSend', async (_request, reply, payload) => {
    // Personal data: never kept by a shared cache or the browser's.
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(PRIVACY_PATHS.myData, { preHandler: app.authenticate }, async (request, reply) => {
    const user = attendeeOf(request);
    const data = await personalData(db, user.personId, now());
    if (!data) throw unauthorized('This session has ended. Please log in again.');
    void reply.header('content-disposition', `attachment; filename="my-data-${user.eventType}.json"`);
    return ok(data);
  });

  app.post(PRIVACY_PATHS.myErasureRequest, { preHandler: app.authenticate }, async (request, reply) => {
    const user = attendeeOf(request);
    const { request: row, created } = await requestErasure(db, { personId: user.personId, email: user.email, eventId: user.eventType, ip: request.ip, now: now() });
    void reply.code(created ? 201 : 200);
    return ok(row, created ? 'Your request has been sent to the event team.' : 'Your request is already with the event team.');
  });

  const guard = { onRequest: app.authenticateAdmin };

  app.get(route(PRIVACY_PATHS.personData), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await personalDataForOrganizer(db, actorOf(request), request.params.id, now())),
  );

  app.post(route(PRIVACY_PATHS.personErase), { ...guard, schema: { params: idParamsSchema, body: eraseRequestSchema } }, async (request) =>
    ok(await erasePerson(db, actorOf(request), request.params.id, request.body.reason, now())),
  );

  app.get(PRIVACY_PATHS.erasureRequests, { ...guard, schema: { querystring: erasureRequestsQuerySchema } }, async (request) =>
    ok(await listErasureRequests(db, request.query)),
  );

  app.get(PRIVACY_PATHS.retentionDryRun, guard, async () => ok({ rows: await retentionPlan(db, now()) }));

  app.post(PRIVACY_PATHS.retentionRun, guard, async (request) => {
    const actor = actorOf(request);
    return ok({ rows: await runRetention(db, now(), { organizerId: actor.organizerId, actorEmail: actor.email, ip: actor.ip }) });
  });

  app.jobs.recurring(RETENTION_JOB, RETENTION_CRON, async () => {
    const outcomes = await runRetention(db, now());
    app.log.info({ outcomes }, 'retention run');
  });
};
