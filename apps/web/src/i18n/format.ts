/**
 * Dates, numbers and percentages in the reader's language through Intl: `1 mars 2027`, `5 000`,
 * `49,9 %` in French; `March 1, 2027`, `5,000`, `49.9%` in English.
 */
import type { Language } from './language.ts';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** One formatter per kind, language and options: building an Intl formatter is slow, using one is not. */
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let format = cache.get(key) as F | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d|${language}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(language, options));
}

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${language}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A calendar date, e.g. `1 mars 2027` / `March 1, 2027`. A date-only string (`2027-03-01`) is that day wherever the reader is. */
export function formatDate(value: Date | string | number, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const dateOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = dateOnly ? new Date(`${value}T00:00:00Z`) : toDate(value);
  return dateFormat(language, dateOnly ? { ...options, timeZone: 'UTC' } : options).format(date);
}

/** A date with its time, e.g. `1 mars 2027, 09 h 30` / `March 1, 2027 at 9:30 AM`. */
export function formatDateTime(value: Date | string | number, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' }): string {
  return dateFormat(language, options).format(toDate(value));
}

/** A time of day, e.g. `09 h 30` / `9:30 AM`. */
export function formatTime(value: Date | string | number, language: Language, options: Intl.DateTimeFormatOptions = { timeStyle: 'short' }): string {
  return dateFormat(language, options).format(toDate(value));
}

/** A number with the language's grouping, e.g. `5 000` / `5,000`. */
export function formatNumber(value: number, language: Language, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(language, options).format(value);
}

/** A ratio (0.499) as a percentage, e.g. `49,9 %` / `49.9%`; one decimal at most unless told. */
export function formatPercent(ratio: number, language: Language, options: Intl.NumberFormatOptions = { maximumFractionDigits: 1 }): string {
  return numberFormat(language, { style: 'percent', ...options }).format(ratio);
}

/** An amount of money, e.g. `1 234,50 $` / `$1,234.50`. */
export function formatCurrency(value: number, language: Language, currency = 'CAD'): string {
  return numberFormat(language, { style: 'currency', currency }).format(value);
}
