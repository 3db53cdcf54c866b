/**
 * A streaming XLSX writer: one worksheet of inline strings, numbers and booleans, a bold header row,
 * written row by row through fflate's streaming zip (docs/decisions/003-own-streaming-xlsx-writer.md).
 *
 * The writer is synchronous and pull-based: `addRow` and `finish` hand back the zip chunks produced
 * so far, so the caller decides where they go (a response, a Blob, a base64 encoder) and nothing but
 * a small text buffer and the deflate window is kept. Only `TextEncoder` and `Uint8Array` are used,
 * so the same code runs in Node and in a browser Web Worker.
 */
import { Zip, ZipDeflate, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { columnName, escapeXml, sanitizeSheetName } from './xml.ts';

/**
 * A formula (without the leading "=") with the value it evaluates to, stored as the cached result so
 * readers that do not calculate (and Excel before its first recalculation) show the figure.
 */
export interface XlsxFormula {
  formula: string;
  result?: number | string | boolean;
}

export type CellValue = string | number | boolean | Date | XlsxFormula | null | undefined;

/** Per-row options: outline (grouping) level, visibility and a bold font, for subtotal layouts. */
export interface XlsxRowOptions {
  /** 0 (none) to 7; rows of one level next to each other form a group Excel can collapse. */
  outlineLevel?: number;
  hidden?: boolean;
  /** Set on the summary row of a collapsed group. */
  collapsed?: boolean;
  bold?: boolean;
}

export interface XlsxColumn {
  header: string;
  /** Width in characters; defaults to the header's length, between 10 and 60. */
  width?: number;
}

export type DeflateLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Compresses one zip entry: raw DEFLATE (RFC 1951), synchronously, piece by piece. */
export interface XlsxDeflater {
  /** The compressed bytes for `data` that are ready (may be empty); `final` ends the entry's stream. */
  push(data: Uint8Array, final: boolean): Uint8Array;
}

/**
 * A compression engine other than the built-in one (fflate, pure JavaScript, for browsers). The
 * server passes the native zlib engine of `@portal/xlsx/node`; the file's content does not change.
 */
export interface XlsxCompression {
  createDeflater(level: DeflateLevel): XlsxDeflater;
  /** The zip CRC-32 of `data`, continuing from `crc` (0 to start). */
  crc32(data: Uint8Array, crc: number): number;
}

export interface XlsxStreamOptions {
  /** Made acceptable to Excel (sanitizeSheetName); default "Sheet1". */
  sheetName?: string;
  /** The header row, in order; a string is a column with that header. */
  columns: ReadonlyArray<XlsxColumn | string>;
  /** Keep the header row visible while scrolling (default true). */
  freezeHeader?: boolean;
  /** Deflate level (default 3: about half the time of 6 for a file some 15% larger). */
  level?: DeflateLevel;
  /** Modification time stored in the zip (default now); fix it for byte-identical output. */
  modifiedAt?: Date;
  /**
   * The deepest row outline level the sheet will use (1 to 7). Written before the rows, so it is
   * declared up front; summary rows sit below their group, as Excel's Subtotal command places them.
   */
  outlineLevels?: number;
  /** The compression engine; default fflate (the same code in Node and in a browser worker). */
  compression?: XlsxCompression;
}

export interface XlsxStream {
  /** Data rows written so far (the header not counted). */
  readonly rowCount: number;
  /** The sheet row number the next `addRow` writes (1-based, header included), for formula ranges. */
  readonly nextRowNumber: number;
  /** Writes one row; returns the zip chunks ready so far (often none). */
  addRow(values: readonly CellValue[], options?: XlsxRowOptions): readonly Uint8Array[];
  /** Closes the sheet and the archive; returns the last chunks. The stream is unusable afterwards. */
  finish(): readonly Uint8Array[];
}

/** Excel's limits: rows per sheet (header included), columns, characters per cell. */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;
export const MAX_CELL_TEXT = 32_767;

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES =
  XML_DECL +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  XML_DECL +
  `<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  XML_DECL +
  `<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/**
 * Four cell formats: 0 normal, 1 bold (the header), and the same two with `quotePrefix` (2, 3) for
 * text that looks like a formula: Excel then keeps it as text even when the cell is edited.
 */
const STYLES =
  XML_DECL +
  `<styleSheet xmlns="${NS_MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" quotePrefix="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const workbookXml = (sheetName: string) =>
  XML_DECL +
  `<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
  `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
  '</workbook>';

/** Text is buffered to about this many UTF-16 units before it is encoded and deflated. */
const FLUSH_AT = 64 * 1024;
const NONE: readonly Uint8Array[] = Object.freeze([]);
const NEEDS_PRESERVE = /^\s|\s$/;
const BOLD = ' s="1"';
/**
 * Text a spreadsheet would take for a formula (CSV/formula injection): `=`, `+`, `-`, `@`, tab or
 * CR first. Such cells stay inline strings and get the quote-prefix format.
 */
export const FORMULA_LIKE = /^[=+\-@\t\r]/;
const textStyle = (style: string) => (style === BOLD ? ' s="3"' : ' s="2"');

function cellText(value: string): string {
  const text = value.length > MAX_CELL_TEXT ? value.slice(0, MAX_CELL_TEXT) : value;
  const escaped = escapeXml(text);
  return NEEDS_PRESERVE.test(text) ? `<t xml:space="preserve">${escaped}</t>` : `<t>${escaped}</t>`;
}

/** Dates are written as text: YYYY-MM-DD, with the UTC time when it is not midnight. */
function dateText(date: Date): string | null {
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

function formulaXml(ref: string, value: XlsxFormula, style: string): string {
  const f = `<f>${escapeXml(value.formula)}</f>`;
  switch (typeof value.result) {
    case 'number':
      return Number.isFinite(value.result) ? `<c r="${ref}"${style}>${f}<v>${value.result}</v></c>` : `<c r="${ref}"${style}>${f}</c>`;
    case 'boolean':
      return `<c r="${ref}"${style} t="b">${f}<v>${value.result ? 1 : 0}</v></c>`;
    case 'string':
      return `<c r="${ref}"${style} t="str">${f}<v>${escapeXml(value.result)}</v></c>`;
    default:
      return `<c r="${ref}"${style}>${f}</c>`;
  }
}

/** The XML of one cell, or '' for a blank one (null, undefined, '', NaN, an invalid date). */
function cellXml(ref: string, value: CellValue, style: string): string {
  switch (typeof value) {
    case 'string':
      if (value === '') return '';
      return `<c r="${ref}"${FORMULA_LIKE.test(value) ? textStyle(style) : style} t="inlineStr"><is>${cellText(value)}</is></c>`;
    case 'number':
      return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
    case 'boolean':
      return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
    default: {
      if (value instanceof Date) {
        const text = dateText(value);
        return text === null ? '' : `<c r="${ref}"${style} t="inlineStr"><is><t>${text}</t></is></c>`;
      }
      if (value && typeof value.formula === 'string') return formulaXml(ref, value, style);
      return '';
    }
  }
}

export function createXlsxStream(options: XlsxStreamOptions): XlsxStream {
  const columns = options.columns.map((c): XlsxColumn => (typeof c === 'string' ? { header: c } : c));
  if (columns.length > MAX_COLUMNS) throw new RangeError(`An XLSX sheet holds at most ${MAX_COLUMNS} columns (got ${columns.length})`);
  const sheetName = sanitizeSheetName(options.sheetName);
  const outlineLevels = options.outlineLevels ?? 0;
  if (!Number.isInteger(outlineLevels) || outlineLevels < 0 || outlineLevels > 7) throw new RangeError(`outlineLevels must be 0 to 7 (got ${outlineLevels})`);
  const level = options.level ?? 3;
  const mtime = options.modifiedAt ?? new Date();
  const encoder = new TextEncoder();
  const letters: string[] = [];
  const letter = (i: number) => (letters[i] ??= columnName(i));

  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const take = (): readonly Uint8Array[] => {
    if (failure) throw failure;
    if (!out.length) return NONE;
    const chunks = out;
    out = [];
    return chunks;
  };
  const compression = options.compression;
  const entry = (name: string): ZipEntry => {
    const file = compression ? new EngineZipEntry(name, compression, level) : new ZipDeflate(name, { level });
    file.mtime = mtime;
    zip.add(file);
    return file;
  };
  const addPart = (name: string, text: string) => entry(name).push(encoder.encode(text), true);

  addPart('[Content_Types].xml', CONTENT_TYPES);
  addPart('_rels/.rels', ROOT_RELS);
  addPart('xl/workbook.xml', workbookXml(sheetName));
  addPart('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  addPart('xl/styles.xml', STYLES);

  const sheet = entry('xl/worksheets/sheet1.xml');

  let buffer: string[] = [];
  let buffered = 0;
  const write = (text: string) => {
    buffer.push(text);
    buffered += text.length;
    if (buffered >= FLUSH_AT) flush(false);
  };
  const flush = (final: boolean) => {
    const text = buffer.join('');
    buffer = [];
    buffered = 0;
    sheet.push(encoder.encode(text), final);
  };

  let head = `${XML_DECL}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">`;
  if (outlineLevels) head += '<sheetPr><outlinePr summaryBelow="1" summaryRight="1"/></sheetPr>';
  const hasHeader = columns.length > 0;
  if (hasHeader && options.freezeHeader !== false) {
    head += '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  }
  if (outlineLevels) head += `<sheetFormatPr defaultRowHeight="15" outlineLevelRow="${outlineLevels}"/>`;
  if (hasHeader) {
    head += '<cols>';
    columns.forEach((c, i) => {
      const width = c.width ?? Math.min(60, Math.max(10, c.header.length + 3));
      head += `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    });
    head += '</cols>';
  }
  head += '<sheetData>';
  write(head);

  let rowNumber = 0;
  const writeRow = (values: readonly CellValue[], style: string, row?: XlsxRowOptions) => {
    if (values.length > MAX_COLUMNS) throw new RangeError(`A row holds at most ${MAX_COLUMNS} cells (got ${values.length})`);
    if (rowNumber >= MAX_ROWS) throw new RangeError(`An XLSX sheet holds at most ${MAX_ROWS} rows`);
    rowNumber++;
    let xml = `<row r="${rowNumber}"${row ? rowAttributes(row, outlineLevels) : ''}>`;
    for (let i = 0; i < values.length; i++) xml += cellXml(letter(i) + rowNumber, values[i], style);
    write(xml + '</row>');
  };
  if (hasHeader) writeRow(columns.map((c) => c.header), BOLD);
  const headerRows = rowNumber;

  let finished = false;
  return {
    get rowCount() {
      return rowNumber - headerRows;
    },
    get nextRowNumber() {
      return rowNumber + 1;
    },
    addRow(values, row) {
      if (finished) throw new Error('addRow after finish');
      writeRow(values, row?.bold ? BOLD : '', row);
      return take();
    },
    finish() {
      if (finished) throw new Error('finish called twice');
      finished = true;
      write('</sheetData></worksheet>');
      flush(true);
      zip.end();
      return take();
    },
  };
}

/** What the writer needs of a zip entry: fflate's `ZipDeflate`, or an `EngineZipEntry`. */
interface ZipEntry extends ZipInputFile {
  push(chunk: Uint8Array, final: boolean): void;
}

/** A deflated zip entry compressed by an `XlsxCompression` engine (the zip framing stays fflate's). */
class EngineZipEntry implements ZipEntry {
  readonly compression = 8;
  /** General purpose bits 1-2: the deflate speed class of the level, as fflate sets them. */
  readonly flag: number;
  size = 0;
  crc = 0;
  mtime?: Date;
  ondata?: AsyncFlateStreamHandler;
  private readonly deflater: XlsxDeflater;

  constructor(
    readonly filename: string,
    private readonly engine: XlsxCompression,
    level: DeflateLevel,
  ) {
    this.deflater = engine.createDeflater(level);
    this.flag = level === 1 ? 3 : level < 6 ? 2 : level === 9 ? 1 : 0;
  }

  push(chunk: Uint8Array, final: boolean): void {
    if (!this.ondata) throw new Error(`zip entry ${this.filename} was not added to the archive`);
    this.crc = this.engine.crc32(chunk, this.crc);
    this.size += chunk.length;
    // A compressor error propagates to the caller of addRow / finish, as fflate's own does through take().
    const compressed = this.deflater.push(chunk, final);
    if (compressed.length || final) this.ondata(null, compressed as Uint8Array<ArrayBuffer>, final);
  }
}

function rowAttributes(row: XlsxRowOptions, outlineLevels: number): string {
  let attributes = '';
  const level = row.outlineLevel ?? 0;
  if (level) {
    if (!Number.isInteger(level) || level < 0 || level > outlineLevels) {
      throw new RangeError(`outlineLevel must be 0 to the stream's outlineLevels (${outlineLevels}); got ${level}`);
    }
    attributes += ` outlineLevel="${level}"`;
  }
  if (row.hidden) attributes += ' hidden="1"';
  if (row.collapsed) attributes += ' collapsed="1"';
  return attributes;
}

/** Joins chunks into one array. */
export function concatChunks(chunks: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const c of chunks) length += c.length;
  const result = new Uint8Array(length);
  let offset = 0;
  for (const c of chunks) {
    result.set(c, offset);
    offset += c.length;
  }
  return result;
}

/** A whole file at once: header row, then the rows. */
export function buildXlsx(
  sheetName: string,
  header: ReadonlyArray<XlsxColumn | string>,
  rows: Iterable<readonly CellValue[]>,
  options: Omit<XlsxStreamOptions, 'sheetName' | 'columns'> = {},
): Uint8Array {
  const stream = createXlsxStream({ ...options, sheetName, columns: header });
  const chunks: Uint8Array[] = [];
  for (const row of rows) {
    const ready = stream.addRow(row);
    for (const chunk of ready) chunks.push(chunk);
  }
  for (const chunk of stream.finish()) chunks.push(chunk);
  return concatChunks(chunks);
}
