/**
 * The retailer report (docs/reports.md, "Retailer report"): registrations streamed from the
 * database in keyset pages (the next one fetched while the current one is written) into the XLSX
 * writer, whose zip chunks are base64-encoded as they come.
 * Only the base64 text of the file is ever held (no raw copy, no joined string): the route writes
 * its pieces straight into the response.
 */
import type { Db } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { DEFAULT_LANGUAGE, type Language, type RetailerReportColumn, type RetailerReportHeader } from '@portal/contracts';
import { t } from '../../lib/i18n/i18n.ts';
import { createXlsxStream, type CellValue } from '@portal/xlsx';
import { TRAVELLER_TYPES } from '../../lib/traveller-types.ts';
import { NETWORK_SCOPE, type ReportScope } from '../report-scope/report-scope.ts';
import { retailerReportBatch, type RetailerReportRecord } from './retailer-report.queries.ts';

export const RETAILER_REPORT_BATCH = 5_000;
export const RETAILER_REPORT_SHEET = 'Retailer Report';

const TYPE_NAMES = new Map<string, string>(TRAVELLER_TYPES.map((t) => [t.type, t.description]));

const CELL: Record<RetailerReportHeader, (r: RetailerReportRecord) => CellValue> = {
  'Store Code': (r) => r.storeCode,
  'Store Name': (r) => r.storeName,
  Region: (r) => r.region,
  Zone: (r) => r.zone,
  District: (r) => r.district,
  'City/State': (r) => r.cityState,
  'Attendee Name': (r) => r.attendeeName,
  Email: (r) => r.email,
  'Attendee Type': (r) => TYPE_NAMES.get(r.attendeeType) ?? r.attendeeType,
  Status: (r) => r.status,
  'Enroll Date': (r) => r.enrollDate,
  'Arrival Date': (r) => r.arrivalDate,
  'Departure Date': (r) => r.departureDate,
  Virtual: (r) => (r.isVirtual ? 'Yes' : 'No'),
};

/**
 * The cells in `language`: English as above; otherwise the attendee type, status and Yes/No in that
 * language, each looked up in a table made once per report (no formatting per cell).
 */
function cellsIn(language: Language): Record<RetailerReportHeader, (r: RetailerReportRecord) => CellValue> {
  if (language === 'en') return CELL;
  const types = new Map<string, string>();
  const statuses = new Map<string, string>();
  const typeOf = (type: string) => types.get(type) ?? (types.set(type, t(language, 'attendeeType', { type })), types.get(type)!);
  const statusOf = (status: string) => statuses.get(status) ?? (statuses.set(status, t(language, 'registrationStatus', { status })), statuses.get(status)!);
  const yes = t(language, 'export.yes');
  const no = t(language, 'export.no');
  return { ...CELL, 'Attendee Type': (r) => typeOf(r.attendeeType), Status: (r) => statusOf(r.status), Virtual: (r) => (r.isVirtual ? yes : no) };
}

/** Base64 of a byte stream, chunk by chunk: whole 3-byte groups are encoded, the rest carried over. */
export class Base64Pieces {
  readonly pieces: string[] = [];
  private carry: Buffer = Buffer.alloc(0);
  length = 0;

  push(chunk: Uint8Array): void {
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const whole = bytes.length - (bytes.length % 3);
    if (whole) this.add(bytes.subarray(0, whole).toString('base64'));
    // Copy the tail: it must not pin the chunk's (possibly large) buffer.
    this.carry = Buffer.from(bytes.subarray(whole));
  }

  end(): void {
    if (this.carry.length) this.add(this.carry.toString('base64'));
    this.carry = Buffer.alloc(0);
  }

  private add(piece: string) {
    this.pieces.push(piece);
    this.length += piece.length;
  }
}

export interface RetailerReportFile {
  eventId: string;
  eventCode: string;
  rows: number;
  /** The file as base64, in pieces to be written one after the other. */
  base64: Base64Pieces;
  fileDownloadName: string;
}

/**
 * Builds the report, or answers null when the event code is unknown or the event has no retailer
 * registrations (inside the viewer's scope).
 */
export async function buildRetailerReport(
  db: Db,
  eventCode: string,
  columns: readonly RetailerReportColumn[],
  options: { batchSize?: number; modifiedAt?: Date; scope?: ReportScope; language?: Language } = {},
): Promise<RetailerReportFile | null> {
  const batchSize = options.batchSize ?? RETAILER_REPORT_BATCH;
  const scope = options.scope ?? NETWORK_SCOPE;
  let batch = await retailerReportBatch(db, eventCode, 0, batchSize, scope);
  const first = batch[0];
  if (!first) return null;

  // English keeps the headers as the caller named them; another language names them itself.
  const language = options.language ?? DEFAULT_LANGUAGE;
  const cells = cellsIn(language);
  const getters = columns.map((c) => cells[c.header]);
  const xlsx = createXlsxStream({
    sheetName: language === 'en' ? RETAILER_REPORT_SHEET : t(language, 'export.retailer.sheet'),
    columns: columns.map((c) => (language === 'en' ? c.label : t(language, `export.retailer.${c.header}`))),
    ...(options.modifiedAt ? { modifiedAt: options.modifiedAt } : {}),
  });
  const base64 = new Base64Pieces();
  const values: CellValue[] = new Array<CellValue>(getters.length);
  while (batch.length) {
    // Ask for the next page before writing this one: on PostgreSQL the query runs while we write.
    const next = batch.length === batchSize ? retailerReportBatch(db, eventCode, batch[batch.length - 1]!.id, batchSize, scope) : null;
    // If writing throws, the pending page must not become an unhandled rejection.
    next?.catch(() => {});
    for (const record of batch) {
      for (let i = 0; i < getters.length; i++) values[i] = getters[i]!(record);
      for (const chunk of xlsx.addRow(values)) base64.push(chunk);
    }
    batch = next ? await next : [];
  }
  for (const chunk of xlsx.finish()) base64.push(chunk);
  base64.end();
  return {
    eventId: first.eventId,
    eventCode: first.eventCode,
    rows: xlsx.rowCount,
    base64,
    fileDownloadName: `RetailerReport_${first.eventCode}.xlsx`,
  };
}

/** The retailer report bound to its database: built for a reader and audited, found or not. */
export function createRetailerReportService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async download(input: {
      eventCode: string;
      columns: readonly RetailerReportColumn[];
      scope: ReportScope;
      language: Language;
      actorEmail: string | null;
      ip: string;
    }): Promise<RetailerReportFile | null> {
      const { eventCode, actorEmail, ip } = input;
      const started = performance.now();
      const report = await buildRetailerReport(db, eventCode, input.columns, { scope: input.scope, language: input.language });
      if (!report) {
        await audit(db, { action: 'report-download', success: false, actorEmail, ip, detail: { report: 'retailer', eventCode, reason: 'no data' } });
        return null;
      }
      await audit(db, {
        action: 'report-download',
        success: true,
        actorEmail,
        eventId: report.eventId,
        ip,
        detail: { report: 'retailer', eventCode: report.eventCode, rows: report.rows, ms: Math.round(performance.now() - started) },
      });
      return report;
    },
  };
}

export type RetailerReportService = ReturnType<typeof createRetailerReportService>;
