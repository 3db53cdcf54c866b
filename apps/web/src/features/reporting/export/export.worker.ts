/**
 * Builds an Excel file off the main thread: receives an ExportJob, posts progress, then the finished
 * file as a Blob (handed over by reference, not copied).
 */
import { XLSX_MIME } from './xlsx-mime.ts';
import { buildWorkbook } from './build-workbook.ts';
import type { ExportJob, ExportWorkerMessage } from './export-protocol.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: ExportWorkerMessage) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<ExportJob>) => {
  const job = event.data;
  try {
    if (job?.type !== 'build' || !Array.isArray(job.headers) || !Array.isArray(job.rows)) {
      throw new Error('The export request was malformed.');
    }
    const chunks = buildWorkbook(job, (progress) => post({ type: 'progress', ...progress }));
    post({ type: 'done', file: new Blob(chunks as BlobPart[], { type: XLSX_MIME }) });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : 'The Excel file could not be built.' });
  }
};
