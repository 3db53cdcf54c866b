import type { Envelope, RetailerReportData } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import type { RetailerReportRequest } from '../api/get-retailer-report.ts';
import { base64ToBlob } from './base64-to-blob.ts';
import { retailerReportFileName } from './download-name.ts';
import { RETAILER_MESSAGES as M, type RetailerMessageId } from './retailer-report-messages.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type RetailerOutcome = { ok: true; message: string; fileName: string } | { ok: false; message: string };

export interface RetailerReportDeps {
  hasToken: () => boolean;
  fetchReport: (request: RetailerReportRequest) => Promise<Envelope<RetailerReportData> | null>;
  saveFile: (blob: Blob, fileName: string) => void;
  /** The page's catalog (useT()): the toasts in the reader's language. */
  t: (id: RetailerMessageId) => string;
  now?: () => Date;
}

const fail = (message: string): RetailerOutcome => ({ ok: false, message });

/** What a failed call tells the user: the server's message when it sent one. */
function failureOf(error: unknown, t: RetailerReportDeps['t']): RetailerOutcome {
  if (!(error instanceof Error)) return fail(t(M.unknown));
  if (!(error instanceof ApiError)) return fail(t(M.saveFailed));
  if (error.status === 401) return fail(t(M.unauthorized));
  if (error.status === 0) return fail(t(M.unreachable));
  // A 2xx the client could not read as an envelope: nothing usable came back.
  if (error.status >= 200 && error.status < 300) return fail(t(M.emptyAnswer));
  return fail(error.envelope?.message || t(M.requestFailed));
}

/**
 * The retailer report download, from validation to the saved file. Never throws: every path ends in a
 * message for a toast (docs/design/web-rules.md, section 8).
 */
export async function generateRetailerReport(
  input: { eventCode: string; reportHeaders: string },
  deps: RetailerReportDeps,
): Promise<RetailerOutcome> {
  const { t } = deps;
  const eventCode = input.eventCode.trim();
  const reportHeaders = input.reportHeaders.trim();
  if (!eventCode) return fail(t(M.eventCodeRequired));
  if (!reportHeaders) return fail(t(M.headersNotFound));
  if (!deps.hasToken()) return fail(t(M.unauthorized));

  let envelope: Envelope<RetailerReportData> | null;
  try {
    envelope = await deps.fetchReport({ eventCode, reportHeaders });
  } catch (error) {
    return failureOf(error, t);
  }
  if (!envelope) return fail(t(M.emptyAnswer));
  if (!envelope.succeeded) return fail(envelope.message || t(M.notGenerated));
  const report = envelope.data?.reportData;
  if (!report) return fail(t(M.noData));
  if (!report.fileContents) return fail(t(M.noFileData));

  let blob: Blob;
  try {
    blob = base64ToBlob(report.fileContents, XLSX_MIME);
  } catch {
    return fail(t(M.decodeFailed));
  }
  const fileName = retailerReportFileName(report.fileDownloadName, (deps.now ?? (() => new Date()))(), t('retailerReport.fileName'));
  try {
    deps.saveFile(blob, fileName);
  } catch (error) {
    return failureOf(error, t);
  }
  return { ok: true, message: t(M.success), fileName };
}
