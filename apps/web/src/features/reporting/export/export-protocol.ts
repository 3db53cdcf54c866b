import type { CellValue } from '../../../components/ui/table/report-columns.ts';
import type { SheetData } from '../utils/report-columns.ts';

/**
 * Messages between the page and export.worker.ts. The rows travel in batches: cloning 50,000 rows in
 * one postMessage blocks the page for over 100 ms, a batch takes a few.
 */
export type ExportRequestMessage =
  | { type: 'start'; sheetName: string; headers: string[]; total: number }
  | { type: 'rows'; rows: CellValue[][] }
  | { type: 'end' };

export type ExportWorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; file: Blob }
  | { type: 'error'; message: string };

export interface ExportJob {
  sheetName: string;
  data: SheetData;
}

export interface ExportProgress {
  done: number;
  total: number;
}
