import { createXlsxStream, type XlsxColumn, type XlsxStream } from '@portal/xlsx';
import type { CellValue } from '../../../components/ui/table/report-columns.ts';

/** Rows sampled to size the columns: enough to be representative, cheap at any row count. */
const WIDTH_SAMPLE_ROWS = 200;

function columnsOf(headers: readonly string[], sample: readonly (readonly CellValue[])[]): XlsxColumn[] {
  return headers.map((header, index) => {
    let longest = header.length;
    for (let r = 0; r < Math.min(sample.length, WIDTH_SAMPLE_ROWS); r += 1) {
      const value = sample[r]?.[index];
      if (value !== null && value !== undefined) longest = Math.max(longest, String(value).length);
    }
    return { header, width: Math.min(60, Math.max(10, longest + 2)) };
  });
}

export interface WorkbookBuilder {
  /** Rows written so far. */
  readonly written: number;
  addRows(rows: readonly (readonly CellValue[])[]): void;
  /** Closes the file and returns all of its chunks. */
  finish(): Uint8Array[];
}

/**
 * One sheet written row by row through the streaming writer. The sheet starts with the first batch,
 * whose rows size the columns.
 */
export function createWorkbookBuilder(sheetName: string, headers: readonly string[]): WorkbookBuilder {
  let stream: XlsxStream | null = null;
  const chunks: Uint8Array[] = [];
  let written = 0;
  const open = (sample: readonly (readonly CellValue[])[]) =>
    (stream ??= createXlsxStream({ sheetName, columns: columnsOf(headers, sample) }));
  return {
    get written() {
      return written;
    },
    addRows(rows) {
      const sheet = open(rows);
      for (const row of rows) {
        for (const chunk of sheet.addRow(row)) chunks.push(chunk);
        written += 1;
      }
    },
    finish() {
      for (const chunk of open([]).finish()) chunks.push(chunk);
      return chunks;
    },
  };
}

/** A whole sheet at once (tests and callers that already hold every row). */
export function buildWorkbook(sheetName: string, headers: readonly string[], rows: readonly (readonly CellValue[])[]): Uint8Array[] {
  const builder = createWorkbookBuilder(sheetName, headers);
  builder.addRows(rows);
  return builder.finish();
}
