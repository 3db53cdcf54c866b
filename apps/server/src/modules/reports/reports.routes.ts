/**
 * Report API (docs/api-contract.md, "Reports"), HTTP only: the caller's token and report scope
 * (the report-scope service's, read once per request with the data's version), the parameters checked by the
 * contracts' schemas, one call of the reports service (reports.service.ts, built once in app.ts: its
 * rules, queries and answer cache), the envelope out. The retailer report lives in ../retailer-report.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attendeeReportQuerySchema, enrollmentsQuerySchema, fieldReportQuerySchema, reportBodySchema, storeDataQuerySchema, zonesByRegionQuerySchema } from '@portal/contracts';
import { unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import type { ReportCaller, ReportsService } from './reports.service.ts';

/** A POST without a body reads as all-empty (the whole network, all stores). */
const reportBody = z.preprocess((v) => v ?? {}, reportBodySchema);

function userOf(user: AuthUser | null): AuthUser {
  // The preHandlers guarantee it; this keeps the types honest without a non-null assertion.
  if (!user) throw unauthorized();
  return user;
}

export const reportsRoutes: FastifyPluginAsyncZod<{ service: ReportsService; scopes: ReportScopeService }> = async (app, { service, scopes }) => {
  /** The caller's event and report scope (read once per request, with the data version, by the report-scope service). */
  const callerOf = async (request: FastifyRequest): Promise<ReportCaller> => ({ eventType: userOf(request.user).eventType, scope: await scopes.ofRequest(request) });
  app.metrics?.addReportCache(() => service.cacheStats());
  // The token's revocation is read with the caller's scope and the data version: one statement per
  // request (the report-scope service), shared by the requests that arrive together.
  const authenticate = app.authenticateWith(scopes.tokenRevoked);
  const reportReaders = { preHandler: [authenticate, app.requirePolicy('field', 'corporate')] };
  const corporateOnly = { preHandler: [authenticate, app.requirePolicy('corporate')] };

  app.post('/api/Report/GetEnrollments', { ...reportReaders, schema: { querystring: enrollmentsQuerySchema, body: reportBody } }, async (request, reply) => {
    const caller = await callerOf(request);
    const answer = await service.enrollments(caller, await scopes.dataVersionOfRequest(request), request.query.reportLevel, request.body);
    return answer.send(request, reply);
  });

  app.post('/api/Report/GetStoreData', { ...reportReaders, schema: { querystring: storeDataQuerySchema, body: reportBody } }, async (request, reply) => {
    const stream = await service.storeData(() => callerOf(request), request.query.reportLevel, request.body);
    return reply.type('application/json; charset=utf-8').send(stream);
  });

  app.get('/api/Report/GetEnrollmentReportsByType', { ...reportReaders, schema: { querystring: attendeeReportQuerySchema } }, async (request) =>
    service.attendeesByType(() => callerOf(request), userOf(request.user).policies, request.query),
  );

  app.get('/api/Report/GetAllRegions', reportReaders, async (request) => service.allRegions(await callerOf(request)));

  app.get('/api/Report/GetAllZonesByRegion', { ...reportReaders, schema: { querystring: zonesByRegionQuerySchema } }, async (request) =>
    service.zonesOfRegion(await callerOf(request), request.query.regCode),
  );

  app.get('/api/Report/GetFieldReportData', { ...reportReaders, schema: { querystring: fieldReportQuerySchema } }, async (request) =>
    service.fieldReport(await callerOf(request), request.query.regCode, request.query.zone),
  );

  // The traveller report is a corporate report (docs/design/web-rules.md, section 6); field users may not read it.
  app.get('/api/Report/GetReportAtendeeCountByType', corporateOnly, async (request) => service.attendeeCountsByType(await callerOf(request)));

  // Every report reader, report users included: the web app opens the drill-down at this level.
  app.get('/api/Report/GetReportScope', { preHandler: [app.authenticate, app.requirePolicy('field', 'corporate', 'reporting')] }, async (request) =>
    service.scopeInfo(userOf(request.user)),
  );
};
