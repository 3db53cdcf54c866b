import type { CellValue } from '../utils/report-columns.ts';

/** Messages between the page and export.worker.ts. */
export interface ExportJob {
  type: 'build';
  sheetName: string;
  headers: string[];
  rows: CellValue[][];
}

export type ExportWorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; file: Blob }
  | { type: 'error'; message: string };

export interface ExportProgress {
  done: number;
  total: number;
}
