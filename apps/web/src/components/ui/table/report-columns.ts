/**
 * A report table's columns: one model drives both the on-screen table and its export, so an export
 * always holds exactly the rows and values the table shows.
 */
import type { Language } from '../../../i18n/language.ts';
import { formatNumber, formatPercent } from '../../../i18n/format.ts';

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
 * The text a cell shows on screen, in the page's language: `5,000` and `49.9%` in English, `5 000` and
 * `49,9 %` in French. Percent cells hold percentage points (49.9) and show one decimal.
 */
export function formatCell(value: CellValue, format: CellFormat = 'text', language: Language = 'en'): string {
  if (value === null || value === '') return '';
  if (typeof value === 'string') return value;
  if (format === 'percent') return formatPercent(value / 100, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return formatNumber(value, language, { maximumFractionDigits: 1 });
}
