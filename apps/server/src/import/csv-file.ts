/**
 * Reading one CSV file of an import: header checks, rows with their line numbers, and every problem
 * recorded as `file:line: column: reason` instead of thrown, so one run reports all of them.
 */
import { CsvError, parse } from 'csv-parse/sync';

export interface ImportProblem {
  /** The file name as the operator gave it. */
  file: string;
  /** 1-based line where the row starts (1 is the header). */
  line: number;
  /** The column the problem is about, or `row` / `header` for the whole row. */
  column: string;
  reason: string;
}

export function formatProblem(p: ImportProblem): string {
  return `${p.file}:${p.line}: ${p.column}: ${p.reason}`;
}

/** Problems in the order an operator reads them: by file, then line. */
export function sortProblems(problems: ImportProblem[], fileOrder: string[]): ImportProblem[] {
  const rank = (f: string) => {
    const i = fileOrder.indexOf(f);
    return i < 0 ? fileOrder.length : i;
  };
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p.file) - rank(b.p.file) || a.p.line - b.p.line || a.i - b.i)
    .map(({ p }) => p);
}

export interface CsvSource {
  /** Shown in problems, e.g. the path given on the command line. */
  name: string;
  content: string | Uint8Array;
}

export interface ColumnSpec {
  name: string;
  required: boolean;
}

export interface CsvRow {
  line: number;
  /** Trimmed value of a column; '' when the column is blank or absent from the header. */
  get(column: string): string;
}

export class ProblemList {
  readonly items: ImportProblem[] = [];
  add(file: string, line: number, column: string, reason: string): void {
    this.items.push({ file, line, column, reason });
  }
  get size(): number {
    return this.items.length;
  }
}

/**
 * Parses `source` against `columns`. Header names match case-insensitively; unknown, duplicate and
 * missing required columns are problems. Rows whose field count differs from the header are reported
 * and left out.
 */
export function readCsv(source: CsvSource, columns: readonly ColumnSpec[], problems: ProblemList): CsvRow[] {
  let content: string;
  try {
    content = typeof source.content === 'string' ? source.content : new TextDecoder('utf-8', { fatal: true }).decode(source.content);
  } catch {
    problems.add(source.name, 1, 'file', 'is not UTF-8 text; save it as "CSV UTF-8"');
    return [];
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, csv-parse returns { record, info } objects; its typings do not model that option.
    records = parse(content, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as unknown as { lines: number }).lines : 1;
      problems.add(source.name, line, 'row', `not valid CSV: ${error.message}`);
      return [];
    }
    throw error;
  }

  const first = records[0];
  if (!first) {
    problems.add(source.name, 1, 'header', `the file is empty; it needs a header row: ${columns.map((c) => c.name).join(',')}`);
    return [];
  }
  const known = new Map(columns.map((c) => [c.name, c]));
  const position = new Map<string, number>();
  const headerLine = startLine(first);
  first.record.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (!known.has(name)) {
      problems.add(source.name, headerLine, name || `column ${i + 1}`, `unknown column; the columns are ${columns.map((c) => c.name).join(', ')}`);
    } else if (position.has(name)) {
      problems.add(source.name, headerLine, name, 'column appears twice in the header');
    } else {
      position.set(name, i);
    }
  });
  const missing = columns.filter((c) => c.required && !position.has(c.name));
  for (const c of missing) problems.add(source.name, headerLine, c.name, 'required column missing from the header');
  if (missing.length > 0 || position.size !== first.record.length) return [];

  const width = first.record.length;
  const rows: CsvRow[] = [];
  for (const r of records.slice(1)) {
    const line = startLine(r);
    if (r.record.every((v) => v.trim() === '')) continue;
    if (r.record.length !== width) {
      problems.add(source.name, line, 'row', `has ${r.record.length} fields, the header has ${width}`);
      continue;
    }
    const values = r.record;
    rows.push({
      line,
      get: (column) => {
        const i = position.get(column);
        return i === undefined ? '' : values[i]!.trim();
      },
    });
  }
  return rows;
}

/** csv-parse reports the line a record ends on; quoted fields may span lines. */
function startLine(r: { record: string[]; info: { lines: number } }): number {
  let newlines = 0;
  for (const field of r.record) for (const ch of field) if (ch === '\n') newlines++;
  return r.info.lines - newlines;
}
