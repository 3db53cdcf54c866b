import type { Envelope, RetailerReportData } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { readBlobText } from '../../../testing/read-blob.ts';
import { generateRetailerReport, type RetailerReportDeps } from './generate-retailer-report.ts';
import { RETAILER_MESSAGES as M } from './retailer-report-messages.ts';
import { retailerReportEn as en } from '../../../i18n/messages/en/retailer-report.ts';
import { retailerReportFrCA as fr } from '../../../i18n/messages/fr-CA/retailer-report.ts';

const HEADERS = 'Store Code,Store Name,Status';
const fileContents = btoa('PK\u0003\u0004 pretend spreadsheet bytes');
const good: Envelope<RetailerReportData> = {
  succeeded: true,
  message: 'Report Generated Successfully',
  data: { reportData: { fileContents, fileDownloadName: 'Retailer Enrollment Report.xlsx' } },
};

function deps(answer: () => Promise<Envelope<RetailerReportData> | null>, over: Partial<RetailerReportDeps> = {}) {
  const fetchReport = vi.fn(answer);
  const saveFileMock = vi.fn((_blob: Blob, _name: string) => {});
  const all: RetailerReportDeps = { hasToken: () => true, fetchReport, saveFile: saveFileMock, t: (id) => en[id], now: () => new Date(2027, 2, 1, 9, 5, 7), ...over };
  return { ...all, fetchReport, saveFileMock };
}

const run = (d: RetailerReportDeps, eventCode = 'NBC27', reportHeaders = HEADERS) =>
  generateRetailerReport({ eventCode, reportHeaders }, d);

describe('generateRetailerReport', () => {
  it('downloads the decoded file as report name + time stamp and reports success', async () => {
    const d = deps(async () => good);
    expect(await run(d, '  NBC27 ')).toEqual({
      ok: true,
      message: 'Report Generated Successfully',
      fileName: 'Retailer Enrollment Report_20270301_090507.xlsx',
    });
    expect(d.fetchReport).toHaveBeenCalledWith({ eventCode: 'NBC27', reportHeaders: HEADERS });
    const [blob, name] = d.saveFileMock.mock.calls[0]!;
    expect(name).toBe('Retailer Enrollment Report_20270301_090507.xlsx');
    expect(await readBlobText(blob as Blob)).toBe('PK\u0003\u0004 pretend spreadsheet bytes');
  });

  it.each([
    ['a blank event code', () => run(deps(async () => good), '   '), en[M.eventCodeRequired]],
    ['no report headers in the content', () => run(deps(async () => good), 'NBC27', ' '), en[M.headersNotFound]],
    ['no stored token', () => run(deps(async () => good, { hasToken: () => false })), en[M.unauthorized]],
    ['a 401 answer', () => run(deps(async () => Promise.reject(new ApiError(401, 'Unauthorized')))), en[M.unauthorized]],
    ['an unknown event code (server message)', () => run(deps(async () => ({ succeeded: false, message: 'No data found', data: null }))), en[M.noData]],
    ['a failure without a message', () => run(deps(async () => ({ succeeded: false, message: null, data: null }))), en[M.notGenerated]],
    ['success without report data', () => run(deps(async () => ({ succeeded: true, message: null, data: null }))), en[M.noData]],
    ['empty file contents', () => run(deps(async () => ({ ...good, data: { reportData: { fileContents: '', fileDownloadName: 'x.xlsx' } } }))), en[M.noFileData]],
    ['an HTTP error without a message', () => run(deps(async () => Promise.reject(new ApiError(502, 'Request failed (502)', null)))), en[M.requestFailed]],
    ['no answer at all', () => run(deps(async () => Promise.reject(new ApiError(0, 'The server could not be reached.')))), en[M.unreachable]],
    ['an unreadable 200 answer', () => run(deps(async () => Promise.reject(new ApiError(200, 'The server sent an unreadable answer.')))), en[M.emptyAnswer]],
    ['an empty answer', () => run(deps(async () => null)), en[M.emptyAnswer]],
    ['contents that are not base64', () => run(deps(async () => ({ ...good, data: { reportData: { fileContents: '%%%not base64%%%', fileDownloadName: 'x.xlsx' } } }))), en[M.decodeFailed]],
    ['a download the browser refuses', () => run(deps(async () => good, { saveFile: () => { throw new TypeError('blocked'); } })), en[M.saveFailed]],
    ['something thrown that is not an error', () => run(deps(async () => Promise.reject('weird'))), en[M.unknown]],
  ])('answers %s with its message', async (_case, call, message) => {
    expect(await call()).toEqual({ ok: false, message });
  });

  it("shows the server's message for an HTTP error that has one", async () => {
    const error = new ApiError(400, 'reportHeaders names an unknown column "Shoe size"', {
      succeeded: false,
      message: 'reportHeaders names an unknown column "Shoe size"',
      data: null,
    });
    expect(await run(deps(async () => Promise.reject(error)))).toEqual({ ok: false, message: error.message });
  });

  it('answers in the reader\'s language, the fallback file name too', async () => {
    const d = deps(async () => ({ ...good, data: { reportData: { fileContents, fileDownloadName: '' } } }), { t: (id) => fr[id] });
    expect(await run(d)).toEqual({ ok: true, message: 'Rapport produit avec succès', fileName: 'Rapport des détaillants_20270301_090507.xlsx' });
    expect(await run(d, ' ')).toEqual({ ok: false, message: 'Veuillez entrer un code d’événement.' });
  });

  it('does not call the API when validation fails', async () => {
    const d = deps(async () => good);
    await run(d, '');
    await run(d, 'NBC27', '');
    expect(d.fetchReport).not.toHaveBeenCalled();
  });
});
