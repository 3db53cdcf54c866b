/**
 * Reports beyond the seed (docs/report-insights.md): coverage, "remind", the hierarchy
 * workbook, the timeline and the nbc vs abc comparison, for field, corporate and report users, each
 * answering inside the caller's report scope (an area named outside it: 403); and the weekly digest
 * (opt in or out here; the job queue sends it, report-insights.jobs.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  comparisonPageQuerySchema,
  comparisonQuerySchema,
  coverageExportFileName,
  coverageQuerySchema,
  coverageRemindBodySchema,
  EVENT_COMPARISON_EXPORT_FILE_NAME,
  digestSubscriptionBodySchema,
  hierarchyWorkbookFileName,
  insightQuerySchema,
  type CoverageAnswer,
  type CoverageRemindAnswer,
  type DigestSubscription,
  type EventComparisonAnswer,
  type EventType,
  type TimelineAnswer,
} from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { LanguagesService } from '../languages/languages.service.ts';
import type { NamedArea } from '../report-scope/report-scope.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import type { ReportInsightsService } from './report-insights.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A POST without a body reminds the whole scope. */
const remindBody = z.preprocess((v) => v ?? {}, coverageRemindBodySchema);

function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const reportInsightsRoutes: FastifyPluginAsyncZod<{ service: ReportInsightsService; languages: LanguagesService; scopes: ReportScopeService }> = async (app, { service, languages, scopes }) => {
  /** The caller's scope narrowed to the named area, after checking the area lies inside it. */
  const areaOf = async (request: FastifyRequest, area: NamedArea) => service.areaOf(await scopes.ofRequest(request), area);
  const readers = { preHandler: [app.authenticate, app.requirePolicy('field', 'corporate', 'reporting')] };
  const eventOf = (request: FastifyRequest, event: EventType | undefined): EventType => event ?? userOf(request).eventType;

  /** Sends a streamed xlsx; a failure after the first byte cuts the connection (no complete-looking file). */
  const sendXlsx = (request: FastifyRequest, reply: FastifyReply, fileName: string, chunks: AsyncIterable<Uint8Array>) => {
    const stream = Readable.from(chunks, { objectMode: false });
    stream.on('error', (error) => request.log.error({ err: error }, `${fileName} failed while streaming`));
    void reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');
    return reply.send(stream);
  };
  const auditDownload = (request: FastifyRequest, event: EventType, detail: Record<string, unknown>) =>
    service.recordDownload({ actorEmail: userOf(request).email, eventId: event, ip: request.ip, detail });

  // Coverage and the comparison answer a page of rows (limit / offset, with the total); their
  // exports below hold every row.
  app.get('/api/Report/Coverage', { ...readers, schema: { querystring: coverageQuerySchema } }, async (request) => {
    const { event, limit, offset, ...area } = request.query;
    return ok<CoverageAnswer>(await service.coverage(eventOf(request, event), await areaOf(request, area), { limit, offset }));
  });

  app.get('/api/Report/Coverage/Export', { ...readers, schema: { querystring: insightQuerySchema } }, async (request, reply) => {
    const { event: named, ...area } = request.query;
    const event = eventOf(request, named);
    const file = await service.coverageExport(event, await areaOf(request, area), await languages.readerLanguage(request));
    await auditDownload(request, event, { report: 'coverage', area });
    return sendXlsx(request, reply, coverageExportFileName(event), file.chunks);
  });

  app.get('/api/Report/EventComparison/Export', { ...readers, schema: { querystring: comparisonQuerySchema } }, async (request, reply) => {
    const file = await service.comparisonExport(await areaOf(request, request.query), await languages.readerLanguage(request));
    await auditDownload(request, userOf(request).eventType, { report: 'event-comparison', area: request.query });
    return sendXlsx(request, reply, EVENT_COMPARISON_EXPORT_FILE_NAME, file.chunks);
  });

  app.post('/api/Report/Coverage/Remind', { ...readers, schema: { querystring: insightQuerySchema, body: remindBody } }, async (request) => {
    const { event, ...area } = request.query;
    const result = await service.remind({
      event: eventOf(request, event),
      area: await areaOf(request, area),
      dlrnums: request.body.dlrnums,
      actorEmail: userOf(request).email,
      ip: request.ip,
    });
    const message = result.queued
      ? `${result.queued} reminder${result.queued === 1 ? '' : 's'} queued.`
      : result.managers
        ? 'Every manager was already reminded in this window.'
        : 'There is no manager to remind.';
    return ok<CoverageRemindAnswer>({ queued: result.queued }, message);
  });

  app.get('/api/Report/Timeline', { ...readers, schema: { querystring: insightQuerySchema } }, async (request) => {
    const { event, ...area } = request.query;
    return ok<TimelineAnswer>(await service.timeline(eventOf(request, event), await areaOf(request, area)));
  });

  app.get('/api/Report/EventComparison', { ...readers, schema: { querystring: comparisonPageQuerySchema } }, async (request) => {
    const { limit, offset, ...area } = request.query;
    return ok<EventComparisonAnswer>(await service.eventComparison(await areaOf(request, area), { limit, offset }));
  });

  // The weekly digest: the caller opts in or out; the job queue sends it (report-insights.jobs.ts).
  app.get('/api/Report/Digest', readers, async (request) => ok<DigestSubscription>(await service.subscription(userOf(request))));
  app.put('/api/Report/Digest', { ...readers, schema: { body: digestSubscriptionBodySchema } }, async (request) => {
    // Opting in needs a scope that resolves now (403 otherwise), so nobody subscribes to what they cannot read.
    if (request.body.subscribed) await scopes.ofRequest(request);
    // Digests go to confirmed addresses only: an address typed at a login is asked to confirm first.
    const { subscription, confirm } = await service.subscribe(userOf(request), request.body);
    if (confirm) return ok<DigestSubscription>(subscription, 'You will get the weekly digest once you confirm your e-mail address: we sent you a link.');
    return ok<DigestSubscription>(subscription, subscription.subscribed ? 'You will get the weekly digest.' : 'You will not get the weekly digest any more.');
  });

  app.get('/api/Report/HierarchyWorkbook', { ...readers, schema: { querystring: insightQuerySchema } }, async (request, reply) => {
    const { event: named, ...area } = request.query;
    const event = eventOf(request, named);
    const started = performance.now();
    const workbook = await service.hierarchyWorkbook(event, await areaOf(request, area), await languages.readerLanguage(request));
    await service.recordDownload({
      actorEmail: userOf(request).email,
      eventId: event,
      ip: request.ip,
      detail: { report: 'hierarchy-workbook', stores: workbook.stores, districts: workbook.districts, area, ms: Math.round(performance.now() - started) },
    });
    // A failure after the first byte cannot change the status any more: the connection is cut, so
    // the client sees a broken download rather than a complete-looking file.
    return sendXlsx(request, reply, hierarchyWorkbookFileName(event), workbook.chunks);
  });
};
