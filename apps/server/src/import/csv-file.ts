/**
 * Reading one CSV file of an import: header checks, rows with their line numbers, and every problem
 * recorded as `file:line: column: reason` instead of thrown, so one run reports all of them.
 */
import { CsvError, parse, type Parser } from 'csv-parse';

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

/**
 * Cooperative pacing for long loops on the event loop: `tick()` yields (setImmediate) once `budgetMs`
 * has passed since the last yield, so parsing a large file never holds the event loop for long.
 */
export class Pacer {
  private last = performance.now();
  constructor(private readonly budgetMs = 10) {}
  async tick(): Promise<void> {
    if (performance.now() - this.last < this.budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }
}

/** A file with more data rows than the import takes; the console answers 413 with the limit. */
export class RowLimitError extends Error {
  constructor(
    readonly file: string,
    readonly limit: number,
  ) {
    super(`${file} has more than ${limit.toLocaleString('en-US')} rows; an import file has at most ${limit.toLocaleString('en-US')} rows: split it into smaller files`);
  }
}

/** How much text csv-parse gets between two yields. */
const PARSE_CHUNK_CHARS = 16 * 1024;

export interface ReadCsvOptions {
  /** More data rows than this throw RowLimitError. */
  maxRows?: number;
  pacer?: Pacer;
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
export async function readCsv(source: CsvSource, columns: readonly ColumnSpec[], problems: ProblemList, options: ReadCsvOptions = {}): Promise<CsvRow[]> {
  let content: string;
  try {
    content = typeof source.content === 'string' ? source.content : new TextDecoder('utf-8', { fatal: true }).decode(source.content);
  } catch {
    problems.add(source.name, 1, 'file', 'is not UTF-8 text; save it as "CSV UTF-8"');
    return [];
  }
  const pacer = options.pacer ?? new Pacer();
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = await parseIncrementally(content, pacer, options.maxRows === undefined ? undefined : { limit: options.maxRows + 1, file: source.name });
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
  for (let i = 1; i < records.length; i++) {
    const r = records[i]!;
    await pacer.tick();
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

/**
 * csv-parse fed 16 KiB at a time, yielding between chunks: a 10 MiB file is parsed in slices of a
 * few milliseconds instead of one block of most of a second. With `cap`, more records than
 * `cap.limit` (the header plus the rows allowed) throw RowLimitError.
 */
async function parseIncrementally(content: string, pacer: Pacer, cap: { limit: number; file: string } | undefined): Promise<{ record: string[]; info: { lines: number } }[]> {
  const records: { record: string[]; info: { lines: number } }[] = [];
  // With `info`, csv-parse gives { record, info } objects; its typings do not model that option.
  const parser: Parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
  let failure: unknown;
  let settled = false;
  parser.on('error', (error) => {
    failure ??= error;
    settled = true;
  });
  parser.once('end', () => (settled = true));
  parser.once('close', () => (settled = true));
  const drain = () => {
    let record: unknown;
    while ((record = parser.read()) !== null) {
      records.push(record as { record: string[]; info: { lines: number } });
      if (cap && records.length > cap.limit) {
        parser.destroy();
        throw new RowLimitError(cap.file, cap.limit - 1);
      }
    }
  };
  for (let at = 0; at < content.length && !settled; at += PARSE_CHUNK_CHARS) {
    parser.write(content.slice(at, at + PARSE_CHUNK_CHARS));
    drain();
    await pacer.tick();
  }
  if (!settled) parser.end();
  while (!settled) {
    drain();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (failure !== undefined) throw failure;
  return records;
}

/** csv-parse reports the line a record ends on; quoted fields may span lines. */
function startLine(r: { record: string[]; info: { lines: number } }): number {
  let newlines = 0;
  for (const field of r.record) for (const ch of field) if (ch === '\n') newlines++;
  return r.info.lines - newlines;
}
