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
}

export interface SheetData {
  headers: string[];
  rows: CellValue[][];
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

/** The table's rows in export form: the header row, the data rows, then any footer rows as shown. */
export function toSheetData<Row>(
  columns: readonly ReportColumn<Row>[],
  rows: readonly Row[],
  footerRows: readonly (readonly CellValue[])[] = [],
): SheetData {
  return {
    headers: columns.map((c) => c.header),
    rows: [...rows.map((row) => columns.map((c) => c.value(row))), ...footerRows.map((r) => [...r])],
  };
}
