/**
 * One column model drives both the on-screen table and its Excel export, so an export always holds
 * exactly the rows and values the table shows.
 */
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

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** The text a cell shows on screen. */
export function formatCell(value: CellValue, format: CellFormat = 'text'): string {
  if (value === null || value === '') return '';
  if (typeof value === 'string') return value;
  if (format === 'percent') return `${value.toFixed(1)}%`;
  return numberFormat.format(value);
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
