/**
 * Arrivals for report readers (docs/event-days.md, "Arrivals"): field, corporate and report users,
 * each inside their report scope (docs/reports.md, "Report scopes").
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARRIVALS_PATHS, arrivalsExportQuerySchema, arrivalsQuerySchema, notArrivedQuerySchema, type EventType } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import type { LanguagesService } from '../languages/languages.service.ts';
import type { ArrivalsService } from './arrivals.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const arrivalsRoutes: FastifyPluginAsyncZod<{ arrivals: ArrivalsService; languages: LanguagesService; scopes: ReportScopeService }> = async (app, { arrivals, languages, scopes }) => {
  const readers = { preHandler: [app.authenticate, app.requirePolicy('field', 'corporate', 'reporting')] };
  const eventOf = (request: FastifyRequest, event: EventType | undefined): EventType => {
    if (!request.user) throw unauthorized();
    return event ?? request.user.eventType;
  };

  app.get(ARRIVALS_PATHS.arrivals, { ...readers, schema: { querystring: arrivalsQuerySchema } }, async (request, reply) => {
    const scope = await scopes.ofRequest(request);
    void reply.header('cache-control', 'no-store');
    return ok(await arrivals.arrivals({ ...request.query, event: eventOf(request, request.query.event) }, scope));
  });

  app.get(ARRIVALS_PATHS.notArrived, { ...readers, schema: { querystring: notArrivedQuerySchema } }, async (request, reply) => {
    const scope = await scopes.ofRequest(request);
    void reply.header('cache-control', 'no-store');
    return ok(await arrivals.notArrived({ ...request.query, event: eventOf(request, request.query.event) }, scope));
  });

  app.get(ARRIVALS_PATHS.export, { ...readers, schema: { querystring: arrivalsExportQuerySchema } }, async (request, reply) => {
    const scope = await scopes.ofRequest(request);
    const event = eventOf(request, request.query.event);
    const filter = { ...request.query, event };
    // The first chunk is made before anything is sent: a scope refusal answers 403, not a broken file.
    const chunks = arrivals.exportXlsx(request.query.what, filter, scope, await languages.readerLanguage(request));
    const first = await chunks.next();
    async function* all() {
      if (!first.done) yield first.value;
      yield* chunks;
    }
    await arrivals.recordExport({ actorEmail: request.user!.email, eventId: event, ip: request.ip, detail: { report: `arrivals-${request.query.what}` } });
    const stream = Readable.from(all(), { objectMode: false });
    stream.on('error', (error) => request.log.error({ err: error }, 'arrivals export failed while streaming'));
    void reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${request.query.what}-${event}.xlsx"`).header('cache-control', 'no-store');
    return reply.send(stream);
  });
};
