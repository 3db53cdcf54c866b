/**
 * Report API (api-contract.md, "Reports"): store enrollment counts by region, zone and district, the
 * store detail and store lists, the attendee reports. Each route answers with one SQL statement
 * (reports.queries.ts) for the event of the caller's token. The retailer report lives in
 * ../retailer-report.
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
  type StoreRow,
  type Table,
  type ZoneOption,
} from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './reports.queries.ts';

/** A POST without a body reads as all-empty (the whole network, all stores). */
const reportBody = z.preprocess((v) => v ?? {}, reportBodySchema);

const dataSet = <Row>(table: Row[]): DataSet<Row> => ({ dataSet: { table } });
const orNull = (code: string) => (code === ALL_CODES ? null : code);

function userOf(user: AuthUser | null): AuthUser {
  // The preHandlers guarantee it; this keeps the types honest without a non-null assertion.
  if (!user) throw unauthorized();
  return user;
}

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reportReaders = { preHandler: [app.authenticate, app.requirePolicy('field', 'corporate')] };
  const corporateOnly = { preHandler: [app.authenticate, app.requirePolicy('corporate')] };

  app.post(
    '/api/Report/GetEnrollments',
    { ...reportReaders, schema: { querystring: enrollmentsQuerySchema, body: reportBody } },
    async (request) => {
      const { eventType } = userOf(request.user);
      const { region, zone, district, select } = request.body;
      let rows: EnrollmentsRow[];
      switch (request.query.reportLevel) {
        case 'All':
          rows = await q.networkTotal(app.db, eventType);
          break;
        case 'Region':
          rows = await q.regionCounts(app.db, eventType);
          break;
        case 'Zone':
          if (!region) throw badRequest('region is required for reportLevel=Zone', [{ field: 'region', message: 'region is required for reportLevel=Zone' }]);
          rows = await q.zoneCounts(app.db, eventType, region);
          break;
        case 'District':
          if (district) {
            rows = await q.storeDetail(app.db, eventType, { region, zone, district }, select);
          } else {
            if (!zone) {
              throw badRequest('zone or district is required for reportLevel=District', [
                { field: 'zone', message: 'zone is required for reportLevel=District when district is empty' },
              ]);
            }
            rows = await q.districtCounts(app.db, eventType, zone, region);
          }
          break;
      }
      return ok(dataSet(rows));
    },
  );

  app.post(
    '/api/Report/GetStoreData',
    { ...reportReaders, schema: { querystring: storeDataQuerySchema, body: reportBody } },
    async (request) => {
      const { eventType } = userOf(request.user);
      const { region, zone, select } = request.body;
      if (request.query.reportLevel === 'Zone' && !zone) {
        throw badRequest('zone is required for reportLevel=Zone', [{ field: 'zone', message: 'zone is required for reportLevel=Zone' }]);
      }
      const scope = request.query.reportLevel === 'Zone' ? { region, zone } : { region };
      return ok<DataSet<StoreRow>>(dataSet(await q.storeList(app.db, eventType, scope, select)));
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
      const rows = await q.attendeeRows(app.db, user.eventType, q.ATTENDEE_TYPES_BY_REPORT[rptType], { region: orNull(regCode), zone: null });
      return ok<DataSet<AttendeeRow>>(dataSet(rows));
    },
  );

  app.get('/api/Report/GetAllRegions', reportReaders, async () => {
    return ok<Table<RegionOption>>({ table: await q.allRegions(app.db) });
  });

  app.get(
    '/api/Report/GetAllZonesByRegion',
    { ...reportReaders, schema: { querystring: zonesByRegionQuerySchema } },
    async (request) => ok<Table<ZoneOption>>({ table: await q.zonesOfRegion(app.db, orNull(request.query.regCode)) }),
  );

  app.get(
    '/api/Report/GetFieldReportData',
    { ...reportReaders, schema: { querystring: fieldReportQuerySchema } },
    async (request) => {
      const { eventType } = userOf(request.user);
      const { regCode, zone } = request.query;
      const rows = await q.attendeeRows(app.db, eventType, q.ATTENDEE_TYPES_BY_REPORT[1], { region: orNull(regCode), zone: orNull(zone) });
      return ok<DataSet<AttendeeRow>>(dataSet(rows));
    },
  );

  // The traveller report is a corporate report (spec section 6); field users may not read it.
  app.get('/api/Report/GetReportAtendeeCountByType', corporateOnly, async (request) => {
    const { eventType } = userOf(request.user);
    return ok<DataSet<AttendeeTypeCount>>(dataSet(await q.attendeeCountsByType(app.db, eventType)));
  });
};
