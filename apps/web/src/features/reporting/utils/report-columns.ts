/**
 * One column model drives both the on-screen table and its Excel export, so an export always holds
 * exactly the rows and values the table shows.
 */
import type { Language } from '../../../i18n/language.ts';
import { formatNumber, formatPercent } from '../../../i18n/format.ts';
import type { MessageId } from '../../../i18n/messages/ids.ts';
import type { MessageValues } from '../../../i18n/use-t.ts';

/** The catalog lookup (`useT()`), handed to the column lists so their headers read in the page's language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

export type CellValue = string | number | null;
export type CellFormat = 'text' | 'number' | 'percent';

export interface ReportColumn<Row> {
  key: string;
  header: string;
  value: (row: Row) => CellValue;
  format?: CellFormat;
  /** How the cell wraps on a narrow screen: 'nowrap' keeps a value whole (a date, a code, an e-mail
   *  address), 'wide' gives long text room (a list of names) instead of a column one word wide. */
  wrap?: 'nowrap' | 'wide';
  /** The name the screen shows for a code value, the code following it as secondary text. */
  named?: (row: Row) => string | undefined;
}

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

/**
 * The text a cell shows on screen, in the page's language: `5,000` and `49.9%` in English, `5 000` and
 * `49,9 %` in French. Percent cells hold percentage points (49.9) and show one decimal.
 */
export function formatCell(value: CellValue, format: CellFormat = 'text', language: Language = 'en'): string {
  if (value === null || value === '') return '';
  if (typeof value === 'string') return value;
  if (format === 'percent') return formatPercent(value / 100, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return formatNumber(value, language, { maximumFractionDigits: 1 });
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
