/**
 * Arrivals (docs/event-days.md, "Arrivals"): enrolled and arrived (checked in) attendees of an event
 * by region, zone or district of their store, and the enrolled who have not arrived yet, inside the
 * caller's report scope (docs/reports.md, "Report scopes"; the console passes the network).
 */
import type { ArrivalsData, Language, NotArrivedData } from '@portal/contracts';
import { headersIn, t, type MessageId } from '../../lib/i18n/i18n.ts';
import type { Db } from '@portal/db';
import { audit, type AuditEntry } from '../../lib/audit.ts';
import { createXlsxStream, type CellValue } from '@portal/xlsx';
import { nodeCompression } from '@portal/xlsx/node';
import type { ReportScope } from '../report-scope/report-scope.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import { arrivalCounts, notArrivedPage, type ArrivalsWhere } from './arrivals.queries.ts';

export interface ArrivalsFilter {
  event: string;
  reportLevel?: 'Region' | 'Zone' | 'District' | undefined;
  region?: string | undefined;
  zone?: string | undefined;
  district?: string | undefined;
}

const pct = (arrived: number, enrolled: number) => (enrolled ? Math.round((arrived / enrolled) * 1000) / 10 : 0);

export type ArrivalsService = ReturnType<typeof createArrivalsService>;

/** The not-arrived list's columns. */
const NOT_ARRIVED_COLUMNS = [
  'export.retailer.Attendee Name',
  'export.retailer.Attendee Type',
  'export.retailer.Store Code',
  'export.retailer.Store Name',
  'export.retailer.District',
  'export.retailer.Zone',
] as const satisfies readonly MessageId[];

export function createArrivalsService(db: Db, scopes: ReportScopeService) {
  /** The filter, its region, zone and district narrowed to the scope (refused when outside it). */
  async function where(filter: ArrivalsFilter, scope: ReportScope): Promise<ArrivalsWhere> {
    const area = await scopes.narrow(scope, { region: filter.region ?? null, zone: filter.zone ?? null, district: filter.district ?? null });
    return { event: filter.event, scope, area };
  }

  async function arrivals(filter: ArrivalsFilter, scope: ReportScope): Promise<ArrivalsData> {
    const level = filter.reportLevel ?? 'Region';
    const counts = await arrivalCounts(db, level, await where(filter, scope));
    const rows = counts.map((r) => ({ ...r, pctArrived: pct(r.arrived, r.enrolled) }));
    const total = rows.reduce((t, r) => ({ enrolled: t.enrolled + r.enrolled, arrived: t.arrived + r.arrived }), { enrolled: 0, arrived: 0 });
    return { rows, total };
  }

  async function notArrived(filter: ArrivalsFilter & { page?: number | undefined; pageSize?: number | undefined }, scope: ReportScope): Promise<NotArrivedData> {
    const pageSize = filter.pageSize ?? 50;
    const offset = ((filter.page ?? 1) - 1) * pageSize;
    return notArrivedPage(db, await where(filter, scope), { limit: pageSize, offset });
  }

  /** The arrivals table, or every not-arrived row, as a streamed xlsx. */
  async function* exportXlsx(what: 'arrivals' | 'not-arrived', filter: ArrivalsFilter, scope: ReportScope, language: Language = 'en'): AsyncGenerator<Uint8Array> {
    if (what === 'arrivals') {
      const data = await arrivals(filter, scope);
      const columns = [t(language, 'export.level', { level: filter.reportLevel ?? 'Region' }), ...headersIn(language, ['export.name', 'export.arrivals.enrolled', 'export.arrivals.arrived', 'export.arrivals.pctArrived'])];
      const xlsx = createXlsxStream({ sheetName: t(language, 'export.arrivals.sheet'), columns, compression: nodeCompression });
      for (const r of data.rows) yield* xlsx.addRow([r.code, r.name, r.enrolled, r.arrived, r.pctArrived]);
      yield* xlsx.addRow([t(language, 'export.total'), '', data.total.enrolled, data.total.arrived, pct(data.total.arrived, data.total.enrolled)], { bold: true });
      yield* xlsx.finish();
      return;
    }
    const xlsx = createXlsxStream({ sheetName: t(language, 'export.arrivals.notArrivedSheet'), columns: headersIn(language, NOT_ARRIVED_COLUMNS), compression: nodeCompression });
    for (let page = 1; ; page++) {
      const data = await notArrived({ ...filter, page, pageSize: 500 }, scope);
      for (const r of data.rows) {
        const values: CellValue[] = [r.attendeeName, language === 'en' ? r.attendeeType : t(language, 'attendeeType', { type: r.attendeeType }), r.dlrnum, r.storeName, r.district, r.zone];
        yield* xlsx.addRow(values);
      }
      if (data.rows.length < 500) break;
    }
    yield* xlsx.finish();
  }

  /** An arrivals export, audited. */
  const recordExport = (entry: Omit<AuditEntry, 'action' | 'success'>) => audit(db, { action: 'report-download', success: true, ...entry });

  return { arrivals, notArrived, exportXlsx, recordExport };
}
