/**
 * The report rules (docs/api-contract.md, "Reports"): store enrollment counts by region, zone and
 * district, the store detail and store lists, the attendee reports, each for the caller's event and
 * limited to the caller's report scope (report-scope.ts: rows outside it are left out, a named code
 * outside it answers 403). Built once in app.ts; it holds the answer cache of the store-count
 * reports (answer-cache.ts), so every reader of the same page shares one serialized answer until the
 * data changes. reports.routes.ts only speaks HTTP.
 */
import {
  ALL_CODES,
  FIELD_REPORT_TYPES,
  type attendeeReportQuerySchema,
  type AttendeeRow,
  type AttendeeTypeCount,
  type DataSet,
  type EnrollmentsRow,
  type RegionOption,
  type ParsedReportBody,
  type ReportLevel,
  type ReportScopeInfo,
  type Table,
  type ZoneOption,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Db } from '@portal/db';
import { ok } from '../../lib/envelope.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { ReportScope } from '../report-scope/report-scope.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import { ReportAnswerCache } from './answer-cache.ts';
import { EncodedAnswer } from './encoded-answer.ts';
import { countedEvents, findCountDrift, type CountDrift } from './report-counts.queries.ts';
import { findReportDrift, rebuildCounts, type ReportDrift } from './report-counts.ts';
import * as q from './reports.queries.ts';
import { storeListStream } from './store-list-stream.ts';

const dataSet = <Row>(table: Row[]): DataSet<Row> => ({ dataSet: { table } });
const orNull = (code: string) => (code === ALL_CODES ? null : code);
/** An area narrowed to the caller's scope as the attendee queries' filter ('' = no filter). */
const areaFilter = (area: { region: string; zone: string; district: string }) => ({
  region: area.region || null,
  zone: area.zone || null,
  district: area.district || null,
});

/** The cache key of a store-count answer: everything the answer depends on besides the data. */
const answerKey = (eventType: string, level: string, scope: ReportScope, area: object, select: string) => JSON.stringify([eventType, level, scope, area, select]);

/** What `npm run reports:verify` finds: counts and store-count reports that differ from a full recount, and the events counted. */
export interface CountCheck {
  counts: CountDrift[];
  reports: ReportDrift[];
  events: string[];
}

/** What a report request brings besides its own parameters: the caller's event and report scope. */
export interface ReportCaller {
  eventType: string;
  scope: ReportScope;
}

export function createReportsService(deps: { db: Db; scopes: ReportScopeService }) {
  const { db, scopes } = deps;
  // The store-count reports are cached under the data's version (answer-cache.ts): a launch-day crowd
  // refreshing the same pages costs one small query each until the data changes.
  const answers = new ReportAnswerCache(scopes.dataVersionStatement(), { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, weigh: (answer) => (answer instanceof EncodedAnswer ? answer.bytes : 0) });
  /** A store-count answer: the envelope around the rows, serialized once for every reader of the cache. */
  const encoded = async (rows: Promise<EnrollmentsRow[]>) => new EncodedAnswer(ok(dataSet(await rows)));

  return {
    /** The answer cache's counters, for the metrics endpoint. */
    cacheStats: () => answers.stats(),

    /** Keeps the version table as small as the number of live database sessions; answers the rows folded. */
    foldDataVersions: () => scopes.foldDataVersions(),

    /**
     * The counts the triggers keep compared with a full recount, and every store-count report of each
     * counted event answered from them compared with the same report recounted (report-counts.ts).
     * Read-only, safe on a live database.
     */
    async checkCounts(): Promise<CountCheck> {
      const counts = await findCountDrift(db);
      const events = await countedEvents(db);
      const reports: ReportDrift[] = [];
      for (const event of events) reports.push(...(await findReportDrift(db, event)));
      return { counts, reports, events };
    },

    /** Rebuilds every count from the base tables; writers wait meanwhile, and the data version moves. */
    rebuildCounts: () => rebuildCounts(db),

    /** Store counts at a level of the drill-down (or one district's stores), from the cache when the data has not changed since. */
    async enrollments({ eventType, scope }: ReportCaller, version: string, level: ReportLevel, body: ParsedReportBody): Promise<EncodedAnswer> {
      const { region, zone, district, select } = body;
      switch (level) {
        case 'All':
          return answers.get(answerKey(eventType, level, scope, {}, ''), () => encoded(q.networkTotal(db, eventType, { scope })), version);
        case 'Region':
          return answers.get(answerKey(eventType, level, scope, {}, ''), () => encoded(q.regionCounts(db, eventType, { scope })), version);
        case 'Zone':
          if (!region) throw badRequest('region is required for reportLevel=Zone', [{ field: 'region', message: 'region is required for reportLevel=Zone' }]);
          await scopes.narrow(scope, { region });
          return answers.get(answerKey(eventType, level, scope, { region }, ''), () => encoded(q.zoneCounts(db, eventType, region, { scope })), version);
        case 'District': {
          if (district) {
            const area = { ...(await scopes.narrow(scope, { region, zone, district })), district };
            return answers.get(answerKey(eventType, 'Store', scope, area, select), () => encoded(q.storeDetail(db, eventType, area, select)), version);
          }
          if (!zone) {
            throw badRequest('zone or district is required for reportLevel=District', [{ field: 'zone', message: 'zone is required for reportLevel=District when district is empty' }]);
          }
          await scopes.narrow(scope, { region, zone });
          return answers.get(answerKey(eventType, level, scope, { region, zone }, ''), () => encoded(q.districtCounts(db, eventType, zone, region, { scope })), version);
        }
      }
    },

    /** The store list of a region or zone, streamed page by page (the whole network is tens of MB of JSON; store-list-stream.ts). */
    async storeData(callerOf: () => Promise<ReportCaller>, level: 'Region' | 'Zone', body: ParsedReportBody) {
      const { region, zone, select } = body;
      // The parameters are checked before the caller's scope is read: a bad request answers 400 whoever asks.
      if (level === 'Zone' && !zone) throw badRequest('zone is required for reportLevel=Zone', [{ field: 'zone', message: 'zone is required for reportLevel=Zone' }]);
      const { eventType, scope } = await callerOf();
      const stores = await scopes.narrow(scope, level === 'Zone' ? { region, zone } : { region });
      return storeListStream(db, eventType, stores, select);
    },

    /** An attendee report of a region by type; the corporate types need the corporate policy. */
    async attendeesByType(callerOf: () => Promise<ReportCaller>, policies: AuthUser['policies'], query: z.output<typeof attendeeReportQuerySchema>) {
      const { regCode, rptType } = query;
      // The report type's policy is checked before the caller's scope is read.
      if (!policies.includes('corporate') && !FIELD_REPORT_TYPES.includes(rptType)) throw forbidden(`Report type ${rptType} needs the corporate policy`);
      const { eventType, scope } = await callerOf();
      const area = await scopes.narrow(scope, { region: regCode });
      return ok<DataSet<AttendeeRow>>(dataSet(await q.attendeeRows(db, eventType, q.ATTENDEE_TYPES_BY_REPORT[rptType], areaFilter(area))));
    },

    async allRegions({ scope }: ReportCaller) {
      return ok<Table<RegionOption>>({ table: await q.allRegions(db, scope) });
    },

    async zonesOfRegion({ scope }: ReportCaller, regCode: string) {
      await scopes.narrow(scope, { region: regCode });
      return ok<Table<ZoneOption>>({ table: await q.zonesOfRegion(db, orNull(regCode), scope) });
    },

    /** The field report: the dealers of a region or zone. */
    async fieldReport({ eventType, scope }: ReportCaller, regCode: string, zone: string | undefined) {
      const area = await scopes.narrow(scope, { region: regCode, zone });
      return ok<DataSet<AttendeeRow>>(dataSet(await q.attendeeRows(db, eventType, q.ATTENDEE_TYPES_BY_REPORT[1], areaFilter(area))));
    },

    async attendeeCountsByType({ eventType, scope }: ReportCaller) {
      return ok<DataSet<AttendeeTypeCount>>(dataSet(await q.attendeeCountsByType(db, eventType, scope)));
    },

    async scopeInfo(user: Pick<AuthUser, 'personId' | 'email'>) {
      return ok<ReportScopeInfo>(await scopes.info(user));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
