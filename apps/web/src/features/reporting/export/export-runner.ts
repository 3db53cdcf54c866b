import type { ExportJob, ExportProgress, ExportRequestMessage, ExportWorkerMessage } from './export-protocol.ts';

export interface BuildOptions {
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
}

/** Rows per message: a batch maps and clones in a few milliseconds, so the page keeps drawing frames. */
export const ROWS_PER_BATCH = 2000;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const abortError = () => new DOMException('The export was cancelled.', 'AbortError');

/**
 * Builds one workbook in a fresh module worker, so a 50,000-row file never blocks the page; the worker
 * is ended as soon as it answers, releasing its memory.
 */
export function buildInWorker(job: ExportJob, options: BuildOptions = {}): Promise<Blob> {
  const { onProgress, signal } = options;
  if (signal?.aborted) return Promise.reject(abortError());
  const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'excel-export' });
  let settled = false;

  const result = new Promise<Blob>((resolve, reject) => {
    const finish = () => {
      settled = true;
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<ExportWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') {
        onProgress?.({ done: message.done, total: message.total });
        return;
      }
      finish();
      if (message.type === 'done') resolve(message.file);
      else reject(new Error(message.message));
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      finish();
      reject(new Error(event.message || 'The Excel export could not start.'));
    };
  });

  const send = (message: ExportRequestMessage) => worker.postMessage(message);
  const feed = async () => {
    const { data } = job;
    send({ type: 'start', sheetName: job.sheetName, headers: data.headers, total: data.rowCount });
    for (let offset = 0; offset < data.rowCount && !settled; offset += ROWS_PER_BATCH) {
      send({ type: 'rows', rows: data.rows(offset, offset + ROWS_PER_BATCH) });
      await yieldToPage();
    }
    if (!settled) send({ type: 'end' });
  };
  void feed();
  return result;
}
