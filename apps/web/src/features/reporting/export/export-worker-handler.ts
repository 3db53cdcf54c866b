import { createWorkbookBuilder, type WorkbookBuilder } from './build-workbook.ts';
import type { ExportRequestMessage, ExportWorkerMessage } from './export-protocol.ts';
import { XLSX_MIME } from './xlsx-mime.ts';

/**
 * The worker's side of the export protocol: 'start', batches of 'rows', then 'end'. Each batch is
 * written as it arrives; the finished file goes back as a Blob. After an error it ignores the rest.
 */
export function createExportWorkerHandler(post: (message: ExportWorkerMessage) => void) {
  let builder: WorkbookBuilder | null = null;
  let total = 0;
  let failed = false;

  return (message: ExportRequestMessage | null | undefined): void => {
    if (failed) return;
    try {
      switch (message?.type) {
        case 'start':
          if (!Array.isArray(message.headers)) throw new Error('The export request had no columns.');
          builder = createWorkbookBuilder(message.sheetName, message.headers);
          total = message.total;
          post({ type: 'progress', done: 0, total });
          return;
        case 'rows':
          if (!builder || !Array.isArray(message.rows)) throw new Error('The export request was malformed.');
          builder.addRows(message.rows);
          post({ type: 'progress', done: builder.written, total });
          return;
        case 'end': {
          if (!builder) throw new Error('The export request was malformed.');
          const chunks = builder.finish();
          builder = null;
          post({ type: 'done', file: new Blob(chunks as BlobPart[], { type: XLSX_MIME }) });
          return;
        }
        default:
          throw new Error('The export request was malformed.');
      }
    } catch (error) {
      failed = true;
      post({ type: 'error', message: error instanceof Error ? error.message : 'The Excel file could not be built.' });
    }
  };
}
