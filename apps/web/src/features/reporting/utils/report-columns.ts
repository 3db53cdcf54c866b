/** A report table's rows in export form (the column model is the table kit's, report-columns.ts). */
import type { CellValue, ReportColumn } from '../../../components/ui/table/report-columns.ts';
import type { MessageId } from '../../../i18n/messages/ids.ts';
import type { MessageValues } from '../../../i18n/use-t.ts';

/** The catalog lookup (`useT()`), handed to the column lists so their headers read in the page's language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/**
 * A table in export form: its header and its rows, mapped on demand a slice at a time, so a 50,000-row
 * export never maps (or clones) every row in one main-thread task.
 */
export interface SheetData {
  headers: string[];
  rowCount: number;
  /** Rows [start, end) as cell values. */
  rows(start: number, end: number): CellValue[][];
}

/** A wire value as a number; the API sends numbers, but a numeric string is read, not dropped. */
export function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The table's rows in export form: the data rows, then any footer rows as shown. */
export function toSheetData<Row>(
  columns: readonly ReportColumn<Row>[],
  rows: readonly Row[],
  footerRows: readonly (readonly CellValue[])[] = [],
): SheetData {
  const rowCount = rows.length + footerRows.length;
  return {
    headers: columns.map((c) => c.header),
    rowCount,
    rows(start, end) {
      const out: CellValue[][] = [];
      for (let i = Math.max(0, start); i < Math.min(end, rowCount); i += 1) {
        const row = rows[i];
        out.push(i < rows.length && row !== undefined ? columns.map((c) => c.value(row)) : [...(footerRows[i - rows.length] ?? [])]);
      }
      return out;
    },
  };
}

/** Every row at once (tests, small tables). */
export function allRows(data: SheetData): CellValue[][] {
  return data.rows(0, data.rowCount);
}
