/**
 * Personal-data routes (contracts: @portal/contracts privacy.ts; docs/privacy.md): the attendee's
 * own data and erasure request, and the console's data export, erasure, requests and retention.
 * Admin routes sit under `/api/Admin/` (the auth plugin's global guard; named here as well).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseRequestSchema, erasureRequestsQuerySchema, idParamsSchema, PRIVACY_PATHS, type RetentionOutcome, type RetentionRunResult } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import { erasePerson, listErasureRequests, personalData, personalDataForOrganizer, requestErasure } from './privacy.service.ts';
import { retentionPlan, runRetention, type RetentionPace } from './retention.ts';

const route = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Daily at 03:30 UTC. */
export const RETENTION_JOB = 'privacy-retention';
export const RETENTION_CRON = '30 3 * * *';

function attendeeOf(request: FastifyRequest) {
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.personId === null) throw forbidden('Report logins hold no attendee record. Please ask the event team about your data.');
  return { ...user, personId: user.personId };
}

/** How long `POST .../Retention/Run` waits for the run before answering 202 and letting it go on. */
export const RETENTION_ANSWER_WITHIN_MS = 20_000;

export const privacyRoutes: FastifyPluginAsyncZod<{ now?: () => Date; retentionAnswerWithinMs?: number; retentionPace?: RetentionPace }> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const answerWithinMs = options.retentionAnswerWithinMs ?? RETENTION_ANSWER_WITHIN_MS;
  const db = app.db;
  /** The run started from the console on this instance, while it lasts. */
  let consoleRun: Promise<RetentionOutcome[]> | null = null;

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

  // A run over tens of thousands of people takes minutes (it is paced, docs/privacy.md): longer than
  // a request may wait. It is not tied to the request: past the wait the answer is 202 and the run
  // goes on (each chunk its own transaction, so a stop in between leaves nothing half done and the
  // nightly job takes up the rest); a second click meanwhile starts no second run.
  app.post(PRIVACY_PATHS.retentionRun, guard, async (request, reply) => {
    const running = (): RetentionRunResult => {
      void reply.code(202);
      return { rows: [], running: true };
    };
    if (consoleRun) return ok(running(), 'A retention run is still going on. The dry run shows what is left.');
    const actor = actorOf(request);
    const run = runRetention(db, now(), { organizerId: actor.organizerId, actorEmail: actor.email, ip: actor.ip, ...(options.retentionPace ? { pace: options.retentionPace } : {}) });
    consoleRun = run;
    run
      .catch((error: unknown) => app.log.error({ err: error }, 'retention run from the console failed'))
      .finally(() => {
        if (consoleRun === run) consoleRun = null;
      });
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), answerWithinMs)));
    const rows = await Promise.race([run, waited]).finally(() => clearTimeout(timer));
    if (rows === null) return ok(running(), 'The run goes on in the background. The dry run shows what is left.');
    return ok({ rows } satisfies RetentionRunResult);
  });

  app.jobs.recurring(RETENTION_JOB, RETENTION_CRON, async () => {
    const outcomes = await runRetention(db, now());
    app.log.info({ outcomes }, 'retention run');
  });
};
