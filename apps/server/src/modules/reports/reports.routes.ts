/**
 * Report API (docs/api-contract.md, "Reports"): store enrollment counts by region, zone and district, the
 * store detail and store lists, the attendee reports. Each route answers with one SQL statement
 * (reports.queries.ts) for the event of the caller's token, limited to the caller's report scope
 * (report-scope.ts: rows outside it are left out, a named code outside it answers 403). The retailer
 * report lives in ../retailer-report.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_CODES,
  FIELD_REPORT_TYPES,
  attendeeReportQuerySchema,
  enrollmentsQuerySchema,
  fieldReportQuerySchema,
  reportBodySchema,
  storeDataQuerySchema,
  zonesByRegionQuerySchema,
  type AttendeeRow,
  type AttendeeTypeCount,
  type DataSet,
  type EnrollmentsRow,
  type RegionOption,
  type Table,
  type ZoneOption,
  type ReportScopeInfo,
} from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { ReportAnswerCache } from './answer-cache.ts';
import { foldReportDataVersions } from '../report-scope/report-scope.queries.ts';
import { EncodedAnswer } from './encoded-answer.ts';
import { narrowToScope, reportDataVersionOf, reportScopeInfo, reportScopeOf, type ReportScope } from '../report-scope/report-scope.ts';
import * as q from './reports.queries.ts';
import { storeListStream } from './store-list-stream.ts';

/** A POST without a body reads as all-empty (the whole network, all stores). */
const reportBody = z.preprocess((v) => v ?? {}, reportBodySchema);

const dataSet = <Row>(table: Row[]): DataSet<Row> => ({ dataSet: { table } });
const orNull = (code: string) => (code === ALL_CODES ? null : code);
/** An area narrowed to the caller's scope as the attendee queries' filter ('' = no filter). */
const areaFilter = (area: { region: string; zone: string; district: string }) => ({
  region: area.region || null,
  zone: area.zone || null,
  district: area.district || null,
});

function userOf(user: AuthUser | null): AuthUser {
  // The preHandlers guarantee it; this keeps the types honest without a non-null assertion.
  if (!user) throw unauthorized();
  return user;
}

/** The cache key of a store-count answer: everything the answer depends on besides the data. */
const answerKey = (eventType: string, level: string, scope: ReportScope, area: object, select: string) =>
  JSON.stringify([eventType, level, scope, area, select]);

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The store-count reports are cached under the data's version (answer-cache.ts): a launch-day crowd
  // refreshing the same pages costs one small query each until the data changes.
  const answers = new ReportAnswerCache(app.db, { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, weigh: (answer) => (answer instanceof EncodedAnswer ? answer.bytes : 0) });
  app.metrics?.addReportCache(() => answers.stats());
  /** A store-count answer: the envelope around the rows, serialized once for every reader of the cache. */
  const encoded = async (rows: Promise<EnrollmentsRow[]>) => new EncodedAnswer(ok(dataSet(await rows)));
  // Keeps the version table as small as the number of live database sessions.
  app.jobs.recurring('report-data-versions-fold', '7 * * * *', async () => {
    const folded = await foldReportDataVersions(app.db);
    if (folded) app.log.info({ folded }, 'report data version rows of ended sessions folded');
  });
  const reportReaders = { preHandler: [app.authenticate, app.requirePolicy('field', 'corporate')] };
  const corporateOnly = { preHandler: [app.authenticate, app.requirePolicy('corporate')] };

  app.post(
    '/api/Report/GetEnrollments',
    { ...reportReaders, schema: { querystring: enrollmentsQuerySchema, body: reportBody } },
    async (request, reply) => {
      const { eventType } = userOf(request.user);
      const { region, zone, district, select } = request.body;
      const scope = await reportScopeOf(request);
      const version = await reportDataVersionOf(request);
      const level = request.query.reportLevel;
      let answer: EncodedAnswer;
      switch (level) {
        case 'All':
          answer = await answers.get(answerKey(eventType, level, scope, {}, ''), () => encoded(q.networkTotal(app.db, eventType, { scope })), version);
          break;
        case 'Region':
          answer = await answers.get(answerKey(eventType, level, scope, {}, ''), () => encoded(q.regionCounts(app.db, eventType, { scope })), version);
          break;
        case 'Zone':
          if (!region) throw badRequest('region is required for reportLevel=Zone', [{ field: 'region', message: 'region is required for reportLevel=Zone' }]);
          await narrowToScope(app.db, scope, { region });
          answer = await answers.get(answerKey(eventType, level, scope, { region }, ''), () => encoded(q.zoneCounts(app.db, eventType, region, { scope })), version);
          break;
        case 'District':
          if (district) {
            const area = { ...(await narrowToScope(app.db, scope, { region, zone, district })), district };
            answer = await answers.get(answerKey(eventType, 'Store', scope, area, select), () => encoded(q.storeDetail(app.db, eventType, area, select)), version);
          } else {
            if (!zone) {
              throw badRequest('zone or district is required for reportLevel=District', [
                { field: 'zone', message: 'zone is required for reportLevel=District when district is empty' },
              ]);
            }
            await narrowToScope(app.db, scope, { region, zone });
            answer = await answers.get(answerKey(eventType, level, scope, { region, zone }, ''), () => encoded(q.districtCounts(app.db, eventType, zone, region, { scope })), version);
          }
          break;
      }
      return answer.send(request, reply);
    },
  );

  app.post(
    '/api/Report/GetStoreData',
    { ...reportReaders, schema: { querystring: storeDataQuerySchema, body: reportBody } },
    async (request, reply) => {
      const { eventType } = userOf(request.user);
      const { region, zone, select } = request.body;
      if (request.query.reportLevel === 'Zone' && !zone) {
        throw badRequest('zone is required for reportLevel=Zone', [{ field: 'zone', message: 'zone is required for reportLevel=Zone' }]);
      }
      const named = request.query.reportLevel === 'Zone' ? { region, zone } : { region };
      const stores = await narrowToScope(app.db, await reportScopeOf(request), named);
      // The export of a whole network is tens of MB of JSON: streamed page by page (store-list-stream.ts).
      return reply.type('application/json; charset=utf-8').send(await storeListStream(app.db, eventType, stores, select));
    },
  );

  app.get(
    '/api/Report/GetEnrollmentReportsByType',
    { ...reportReaders, schema: { querystring: attendeeReportQuerySchema } },
    async (request) => {
      const user = userOf(request.user);
      const { regCode, rptType } = request.query;
      if (!user.policies.includes('corporate') && !FIELD_REPORT_TYPES.includes(rptType)) {
        throw forbidden(`Report type ${rptType} needs the corporate policy`);
      }
      const area = await narrowToScope(app.db, await reportScopeOf(request), { region: regCode });
      const rows = await q.attendeeRows(app.db, user.eventType, q.ATTENDEE_TYPES_BY_REPORT[rptType], areaFilter(area));
      return ok<DataSet<AttendeeRow>>(dataSet(rows));
    },
  );

  app.get('/api/Report/GetAllRegions', reportReaders, async (request) => {
    return ok<Table<RegionOption>>({ table: await q.allRegions(app.db, await reportScopeOf(request)) });
  });

  app.get(
    '/api/Report/GetAllZonesByRegion',
    { ...reportReaders, schema: { querystring: zonesByRegionQuerySchema } },
    async (request) => {
      const scope = await reportScopeOf(request);
      await narrowToScope(app.db, scope, { region: request.query.regCode });
      return ok<Table<ZoneOption>>({ table: await q.zonesOfRegion(app.db, orNull(request.query.regCode), scope) });
    },
  );

  app.get(
    '/api/Report/GetFieldReportData',
    { ...reportReaders, schema: { querystring: fieldReportQuerySchema } },
    async (request) => {
      const { eventType } = userOf(request.user);
      const { regCode, zone } = request.query;
      const area = await narrowToScope(app.db, await reportScopeOf(request), { region: regCode, zone });
      const rows = await q.attendeeRows(app.db, eventType, q.ATTENDEE_TYPES_BY_REPORT[1], areaFilter(area));
      return ok<DataSet<AttendeeRow>>(dataSet(rows));
    },
  );

  // The traveller report is a corporate report (docs/design/web-rules.md, section 6); field users may not read it.
  app.get('/api/Report/GetReportAtendeeCountByType', corporateOnly, async (request) => {
    const { eventType } = userOf(request.user);
    return ok<DataSet<AttendeeTypeCount>>(dataSet(await q.attendeeCountsByType(app.db, eventType, await reportScopeOf(request))));
  });

  // Every report reader, report users included: the web app opens the drill-down at this level.
  app.get('/api/Report/GetReportScope', { preHandler: [app.authenticate, app.requirePolicy('field', 'corporate', 'reporting')] }, async (request) => {
    return ok<ReportScopeInfo>(await reportScopeInfo(app.db, userOf(request.user)));
  });
};
