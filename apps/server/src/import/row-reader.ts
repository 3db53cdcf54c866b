/**
 * Typed access to one CSV row. Each reader method records a problem for a bad value and returns a
 * placeholder; callers check `ok` once after reading every column, so a row reports all its problems.
 */
import { EMAIL_PATTERN } from '@portal/contracts';
import type { CsvRow, ProblemList } from './csv-file.ts';

/** Line breaks, tabs and other control characters have no place in a name or an address. */
function hasControlChars(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class RowReader {
  /** Columns with a problem; checks that combine columns run only on valid ones. */
  readonly failed = new Set<string>();

  constructor(
    readonly file: string,
    readonly row: CsvRow,
    private readonly problems: ProblemList,
  ) {}

  get line(): number {
    return this.row.line;
  }

  get ok(): boolean {
    return this.failed.size === 0;
  }

  /** True when none of `columns` has a problem. */
  valid(...columns: string[]): boolean {
    return columns.every((c) => !this.failed.has(c));
  }

  fail(column: string, reason: string): void {
    this.failed.add(column);
    this.problems.add(this.file, this.row.line, column, reason);
  }

  /** A required text value of at most `max` characters. */
  text(column: string, max: number): string {
    const v = this.row.get(column);
    if (v === '') {
      this.fail(column, 'is required');
      return '';
    }
    return this.checkText(column, v, max);
  }

  /** Optional text: blank gives null. */
  optionalText(column: string, max: number): string | null {
    const v = this.row.get(column);
    return v === '' ? null : this.checkText(column, v, max);
  }

  private checkText(column: string, v: string, max: number): string {
    // Characters, not UTF-16 units; a string no longer in units than `max` cannot be too long.
    const length = v.length <= max ? v.length : [...v].length;
    if (length > max) this.fail(column, `must be at most ${max} characters (has ${length})`);
    else if (hasControlChars(v)) this.fail(column, 'must not contain line breaks or control characters');
    return v;
  }

  /** A required value matching `pattern`; `shape` says what is expected, e.g. "5 digits". */
  code(column: string, pattern: RegExp, shape: string): string {
    const v = this.row.get(column);
    if (v === '') this.fail(column, 'is required');
    else if (!pattern.test(v)) this.fail(column, `must be ${shape}, got "${v}"`);
    return v;
  }

  int(column: string, min: number, max: number, fallback?: number): number {
    const v = this.row.get(column);
    if (v === '' && fallback !== undefined) return fallback;
    if (v === '') {
      this.fail(column, 'is required');
      return min;
    }
    if (!/^-?\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      this.fail(column, `must be a whole number from ${min} to ${max}, got "${v}"`);
      return min;
    }
    return Number(v);
  }

  bool(column: string, fallback?: boolean): boolean {
    const v = this.row.get(column).toLowerCase();
    if (v === '' && fallback !== undefined) return fallback;
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
    this.fail(column, v === '' ? 'is required (true or false)' : `must be true or false, got "${this.row.get(column)}"`);
    return false;
  }

  /**
   * One of `values` (matched case-insensitively, returned as listed); blank gives `fallback` when there
   * is one. `expected` describes a long list instead of spelling it out.
   */
  oneOf<T extends string>(column: string, values: readonly T[], options: { fallback?: T; expected?: string } = {}): T {
    const v = this.row.get(column);
    if (v === '' && options.fallback !== undefined) return options.fallback;
    const found = values.find((x) => x.toLowerCase() === v.toLowerCase());
    if (found !== undefined) return found;
    const expected = options.expected ?? `one of ${values.join(', ')}`;
    this.fail(column, v === '' ? `is required: ${expected}` : `must be ${expected}, got "${v}"`);
    return values[0]!;
  }

  /** A semicolon-separated list of distinct `values`; blank is the empty list. */
  listOf<T extends string>(column: string, values: readonly T[]): T[] {
    const raw = this.row.get(column);
    if (raw === '') return [];
    const out: T[] = [];
    for (const part of raw.split(';').map((p) => p.trim())) {
      const found = values.find((x) => x.toLowerCase() === part.toLowerCase());
      if (found === undefined) {
        this.fail(column, part === '' ? 'has an empty item (items are separated by ";")' : `"${part}" is not one of ${values.join(', ')}`);
      } else if (out.includes(found)) {
        this.fail(column, `lists "${found}" twice`);
      } else {
        out.push(found);
      }
    }
    return out;
  }

  /** A required e-mail address, returned lower-case (people are keyed by lower-case e-mail). */
  email(column: string): string {
    const v = this.row.get(column).toLowerCase();
    if (v === '') this.fail(column, 'is required');
    else if (v.length > 254 || !EMAIL_PATTERN.test(v) || hasControlChars(v)) this.fail(column, `must be an e-mail address, got "${this.row.get(column)}"`);
    return v;
  }

  /** A calendar date written YYYY-MM-DD. */
  date(column: string): string {
    const v = this.row.get(column);
    const time = DATE.test(v) ? Date.parse(`${v}T00:00:00Z`) : Number.NaN;
    if (v === '') this.fail(column, 'is required (YYYY-MM-DD)');
    else if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== v) {
      this.fail(column, `must be a date written YYYY-MM-DD, got "${v}"`);
    }
    return v;
  }

  uuid(column: string): string {
    const v = this.row.get(column).toLowerCase();
    if (v === '') this.fail(column, 'is required');
    else if (!UUID.test(v)) this.fail(column, `must be a UUID such as 3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01, got "${this.row.get(column)}"`);
    return v;
  }
}
