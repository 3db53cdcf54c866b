import type { ExportJob, ExportProgress, ExportWorkerMessage } from './export-protocol.ts';

export interface BuildOptions {
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
}

/**
 * Builds one workbook in a fresh module worker, so a 50,000-row file never blocks the page; the worker
 * is ended as soon as it answers, releasing its memory.
 */
export function buildInWorker(job: ExportJob, options: BuildOptions = {}): Promise<Blob> {
  const { onProgress, signal } = options;
  return new Promise<Blob>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The export was cancelled.', 'AbortError'));
      return;
    }
    const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'excel-export' });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(new DOMException('The export was cancelled.', 'AbortError'));
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
    worker.postMessage(job);
  });
}
