import type { Envelope, RetailerReportData } from '@portal/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import type { RetailerReportRequest } from '../api/get-retailer-report.ts';
import { base64ToBlob } from './base64-to-blob.ts';
import { retailerReportFileName } from './download-name.ts';
import { RETAILER_MESSAGES as M } from './retailer-report-messages.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type RetailerOutcome = { ok: true; message: string; fileName: string } | { ok: false; message: string };

export interface RetailerReportDeps {
  hasToken: () => boolean;
  fetchReport: (request: RetailerReportRequest) => Promise<Envelope<RetailerReportData> | null>;
  saveFile: (blob: Blob, fileName: string) => void;
  now?: () => Date;
}

const fail = (message: string): RetailerOutcome => ({ ok: false, message });

/** What a failed call tells the user: the server's message when it sent one. */
function failureOf(error: unknown): RetailerOutcome {
  if (!(error instanceof Error)) return fail(M.unknown);
  if (!(error instanceof ApiError)) return fail(M.saveFailed);
  if (error.status === 401) return fail(M.unauthorized);
  if (error.status === 0) return fail(M.unreachable);
  // A 2xx the client could not read as an envelope: nothing usable came back.
  if (error.status >= 200 && error.status < 300) return fail(M.emptyAnswer);
  return fail(error.envelope?.message || M.requestFailed);
}

/**
 * The retailer report download, from validation to the saved file. Never throws: every path ends in a
 * message for a toast (docs/design/web-rules.md, section 8).
 */
export async function generateRetailerReport(
  input: { eventCode: string; reportHeaders: string },
  deps: RetailerReportDeps,
): Promise<RetailerOutcome> {
  const eventCode = input.eventCode.trim();
  const reportHeaders = input.reportHeaders.trim();
  if (!eventCode) return fail(M.eventCodeRequired);
  if (!reportHeaders) return fail(M.headersNotFound);
  if (!deps.hasToken()) return fail(M.unauthorized);

  let envelope: Envelope<RetailerReportData> | null;
  try {
    envelope = await deps.fetchReport({ eventCode, reportHeaders });
  } catch (error) {
    return failureOf(error);
  }
  if (!envelope) return fail(M.emptyAnswer);
  if (!envelope.succeeded) return fail(envelope.message || M.notGenerated);
  const report = envelope.data?.reportData;
  if (!report) return fail(M.noData);
  if (!report.fileContents) return fail(M.noFileData);

  let blob: Blob;
  try {
    blob = base64ToBlob(report.fileContents, XLSX_MIME);
  } catch {
    return fail(M.decodeFailed);
  }
  const fileName = retailerReportFileName(report.fileDownloadName, (deps.now ?? (() => new Date()))());
  try {
    deps.saveFile(blob, fileName);
  } catch (error) {
    return failureOf(error);
  }
  return { ok: true, message: M.success, fileName };
}
