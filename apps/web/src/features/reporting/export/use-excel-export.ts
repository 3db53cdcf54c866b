import { useCallback, useEffect, useRef, useState } from 'react';
import type { SheetData } from '../utils/report-columns.ts';
import type { ExportProgress } from './export-protocol.ts';
import { exportToExcel } from './export-to-excel.ts';
import { ApiError } from '../../../lib/api-client.ts';

export type ExportStatus =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'building'; progress: ExportProgress | null }
  | { phase: 'error'; message: string };

export interface ExportTarget {
  fileName?: string | undefined;
  sheetName?: string | undefined;
  /** The rows to write; may fetch them first (the store-list exports do). */
  getData: () => SheetData | Promise<SheetData>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** One export at a time per button, with its phase and progress; unmounting cancels it. */
export function useExcelExport(failedText: string) {
  const [status, setStatus] = useState<ExportStatus>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (target: ExportTarget) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const alive = () => controller.current === current && !current.signal.aborted;
    try {
      setStatus({ phase: 'loading' });
      const data = await target.getData();
      if (!alive()) return;
      setStatus({ phase: 'building', progress: { done: 0, total: data.rowCount } });
      await exportToExcel(
        { fileName: target.fileName, sheetName: target.sheetName, data },
        {
          signal: current.signal,
          onProgress: (progress) => {
            if (alive()) setStatus({ phase: 'building', progress });
          },
        },
      );
      if (alive()) setStatus({ phase: 'idle' });
    } catch (error) {
      if (isAbort(error) || !alive()) return;
      // The server's refusals come in the reader's language; the worker's own failures are the
      // browser's (often English) words, so the reader gets the page's sentence instead.
      const message = error instanceof ApiError && error.message ? error.message : failedText;
      setStatus({ phase: 'error', message });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }, [failedText]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setStatus({ phase: 'idle' });
  }, []);

  return { status, start, cancel };
}
