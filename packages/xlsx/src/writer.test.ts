import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildXlsx, columnName, concatChunks, createXlsxStream, MAX_CELL_TEXT, sanitizeSheetName, type CellValue } from './index.ts';

async function readBack(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

/** All rows as arrays of cell values, column A first. */
function valuesOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = row.values as unknown[];
    rows[n - 1] = values.slice(1);
  });
  return rows;
}

describe('createXlsxStream / buildXlsx', () => {
  it('writes a sheet exceljs reads back: name, bold header, strings, numbers, booleans, dates as text, empty cells', async () => {
    const bytes = buildXlsx('Store Enrollment', ['Store Code', 'Name', 'Count', 'Share', 'Virtual', 'Enrolled', 'Note'], [
      ['10001', 'Morgan Motors', 3, 12.5, true, new Date('2027-03-01T00:00:00Z'), null],
      ['10002', 'A & B <Autos> "Best"', 0, -1.25, false, new Date('2026-11-03T23:30:05Z'), undefined],
      ['10003', '  padded  ', 1e6, 0.1, false, new Date(Number.NaN), 'line one\nline two'],
      ['', '', Number.NaN, Number.POSITIVE_INFINITY, null, undefined, 'only the last'],
    ]);
    const sheet = await readBack(bytes);
    expect(sheet.name).toBe('Store Enrollment');
    const rows = valuesOf(sheet);
    expect(rows[0]).toEqual(['Store Code', 'Name', 'Count', 'Share', 'Virtual', 'Enrolled', 'Note']);
    expect(rows[1]).toEqual(['10001', 'Morgan Motors', 3, 12.5, true, '2027-03-01']);
    expect(rows[2]).toEqual(['10002', 'A & B <Autos> "Best"', 0, -1.25, false, '2026-11-03 23:30:05']);
    expect(rows[3]).toEqual(['10003', '  padded  ', 1e6, 0.1, false, undefined, 'line one\nline two']);
    expect(rows[4]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, 'only the last']);
    expect(sheet.getCell('A5').type).toBe(ExcelJS.ValueType.Null);
    expect(rows).toHaveLength(5);
    for (let c = 1; c <= 7; c++) expect(sheet.getRow(1).getCell(c).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.getColumn(1).width).toBe(13);
  });

  it('keeps unicode and drops the characters XML cannot carry', async () => {
    const bytes = buildXlsx('Sheet1', ['Text'], [['Zoë — 東京 🚗'], ['bell\u0007 nul\u0000 tab\tend'], ['lone \uD800 surrogate']]);
    const rows = valuesOf(await readBack(bytes));
    expect(rows.slice(1)).toEqual([['Zoë — 東京 🚗'], ['bell nul tab\tend'], ['lone  surrogate']]);
  });

  it('writes text starting with = as text, not as a formula', async () => {
    const bytes = buildXlsx('Sheet1', ['Text'], [['=HYPERLINK("http://evil.example","x")'], ['+1+2']]);
    const sheet = await readBack(bytes);
    expect(sheet.getCell('A2').value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(sheet.getCell('A2').formula).toBeUndefined();
    expect(sheet.getCell('A3').value).toBe('+1+2');
  });

  it('cuts text at Excel\'s cell limit', async () => {
    const bytes = buildXlsx('Sheet1', ['Long'], [['x'.repeat(MAX_CELL_TEXT + 500)]]);
    const sheet = await readBack(bytes);
    expect((sheet.getCell('A2').value as string).length).toBe(MAX_CELL_TEXT);
  });

  it('makes sheet names acceptable to Excel', async () => {
    expect(sanitizeSheetName('a/b:c*?[x]\\y')).toBe('a_b_c___x__y');
    expect(sanitizeSheetName("'quoted'")).toBe('quoted');
    expect(sanitizeSheetName('   ')).toBe('Sheet1');
    expect(sanitizeSheetName('History')).toBe('Sheet1');
    expect(sanitizeSheetName('x'.repeat(40))).toHaveLength(31);
    const sheet = await readBack(buildXlsx('Q1/Q2: "Report" & more', ['A'], []));
    expect(sheet.name).toBe('Q1_Q2_ "Report" & more');
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 51, 52, 701, 702, 16383].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
  });

  it('streams: chunks come out while rows go in, and they make the same file as buildXlsx', () => {
    const columns = ['Id', 'Name', 'City'];
    const row = (i: number): CellValue[] => [i, `Attendee ${i} ${'x'.repeat(i % 40)}`, `City ${i % 97}`];
    const modifiedAt = new Date('2027-01-01T00:00:00Z');
    const stream = createXlsxStream({ sheetName: 'Rows', columns, modifiedAt });
    const chunks: Uint8Array[] = [];
    let chunksBeforeFinish = 0;
    for (let i = 0; i < 20_000; i++) chunks.push(...stream.addRow(row(i)));
    chunksBeforeFinish = chunks.length;
    chunks.push(...stream.finish());
    expect(chunksBeforeFinish).toBeGreaterThan(3);
    expect(stream.rowCount).toBe(20_000);
    const whole = buildXlsx('Rows', columns, Array.from({ length: 20_000 }, (_, i) => row(i)), { modifiedAt });
    expect(concatChunks(chunks)).toEqual(whole);
    expect(() => stream.addRow([1])).toThrow(/after finish/);
    expect(() => stream.finish()).toThrow(/twice/);
  });

  it('writes the parts of a valid package', () => {
    const files = unzipSync(buildXlsx('Parts', [{ header: 'A', width: 25 }], [['x']], { freezeHeader: false }));
    expect(Object.keys(files)).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']);
    const sheetXml = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheetXml).toContain('<col min="1" max="1" width="25" customWidth="1"/>');
    expect(sheetXml).not.toContain('<pane');
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="Parts" sheetId="1" r:id="rId1"/>');
  });

  it('writes 50,000 rows of 14 columns that exceljs reads back in full', async () => {
    const header = ['Store Code', 'Store Name', 'Region', 'Zone', 'District', 'City/State', 'Attendee Name', 'Email', 'Attendee Type', 'Status', 'Enroll Date', 'Arrival Date', 'Departure Date', 'Virtual'];
    const row = (i: number): CellValue[] => [
      String(10001 + (i % 5000)), `Store ${i % 5000}`, '010', '011', `011${String(i % 50).padStart(3, '0')}`, 'Boston, MA',
      `First${i} Last${i}`, `person${i}@example.com`, 'Dealer', i % 3 ? 'Enrolled' : 'Pending', '2026-11-02', '2027-03-01', '2027-03-04', i % 5 ? 'No' : 'Yes',
    ];
    const stream = createXlsxStream({ sheetName: 'Retailer Report', columns: header });
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < 50_000; i++) chunks.push(...stream.addRow(row(i)));
    chunks.push(...stream.finish());
    const bytes = concatChunks(chunks);
    const sheet = await readBack(bytes);
    expect(sheet.name).toBe('Retailer Report');
    expect(sheet.rowCount).toBe(50_001);
    expect(sheet.getRow(1).values).toEqual([undefined, ...header]);
    for (const i of [0, 1, 12_345, 49_999]) expect((sheet.getRow(i + 2).values as unknown[]).slice(1)).toEqual(row(i));
  });
});

describe('row outline, summary rows and formulas', () => {
  it('writes outline levels, hidden and collapsed rows, bold summary rows and SUBTOTAL formulas with their results', async () => {
    const stream = createXlsxStream({ sheetName: 'Outline', columns: ['Name', 'Count'], outlineLevels: 2, modifiedAt: new Date('2027-01-01T00:00:00Z') });
    const chunks: Uint8Array[] = [];
    expect(stream.nextRowNumber).toBe(2);
    chunks.push(...stream.addRow(['a1', 1], { outlineLevel: 2 }));
    chunks.push(...stream.addRow(['a2', 2], { outlineLevel: 2, hidden: true }));
    chunks.push(...stream.addRow(['A Total', { formula: 'SUBTOTAL(9,B2:B3)', result: 3 }], { outlineLevel: 1, bold: true, collapsed: true }));
    chunks.push(...stream.addRow(['b1', 4], { outlineLevel: 2 }));
    chunks.push(...stream.addRow(['B Total', { formula: 'SUBTOTAL(9,B5:B5)', result: 4 }], { outlineLevel: 1, bold: true }));
    expect(stream.nextRowNumber).toBe(7);
    chunks.push(...stream.addRow(['Grand Total', { formula: 'SUBTOTAL(9,B2:B6)', result: 7 }], { bold: true }));
    chunks.push(...stream.addRow(['text result', { formula: 'A2&"x"', result: 'a1x' }, { formula: 'B2>0', result: true }, { formula: 'NOW()' }]));
    chunks.push(...stream.finish());
    const bytes = concatChunks(chunks);
    const sheet = await readBack(bytes);
    expect(sheet.properties.outlineLevelRow).toBe(2);
    expect([2, 3, 4, 5, 6, 7].map((n) => sheet.getRow(n).outlineLevel)).toEqual([2, 2, 1, 2, 1, 0]);
    expect(sheet.getRow(3).hidden).toBe(true);
    expect(sheet.getRow(2).hidden).toBe(false);
    expect(sheet.getRow(4).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.getCell('B4').value).toEqual({ formula: 'SUBTOTAL(9,B2:B3)', result: 3 });
    expect(sheet.getCell('B7').value).toEqual({ formula: 'SUBTOTAL(9,B2:B6)', result: 7 });
    expect(sheet.getCell('B8').value).toEqual({ formula: 'A2&"x"', result: 'a1x' });
    expect(sheet.getCell('C8').value).toEqual({ formula: 'B2>0', result: true });
    expect(sheet.getCell('D8').formula).toBe('NOW()');
    // Element order matters to Excel: sheetPr first, sheetFormatPr between sheetViews and cols.
    const xml = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml']!);
    const at = (part: string) => xml.indexOf(part);
    expect(at('<sheetPr>')).toBeGreaterThan(0);
    expect(at('<sheetPr>')).toBeLessThan(at('<sheetViews>'));
    expect(at('<sheetViews>')).toBeLessThan(at('<sheetFormatPr'));
    expect(at('<sheetFormatPr')).toBeLessThan(at('<cols>'));
    expect(xml).toContain('<row r="4" outlineLevel="1" collapsed="1">');
    // A zero result is written too (exceljs happens to read it back as no result).
    expect(strFromU8(unzipSync(buildXlsx('Z', ['A'], [[{ formula: 'SUM(B1:B1)', result: 0 }]]))['xl/worksheets/sheet1.xml']!)).toContain(
      '<c r="A2"><f>SUM(B1:B1)</f><v>0</v></c>',
    );
  });

  it('leaves sheets without an outline unchanged and refuses levels it did not declare', () => {
    const xml = strFromU8(unzipSync(buildXlsx('Plain', ['A'], [['x']]))['xl/worksheets/sheet1.xml']!);
    expect(xml).not.toContain('sheetPr');
    expect(xml).not.toContain('outlineLevel');
    expect(() => createXlsxStream({ columns: ['A'], outlineLevels: 8 })).toThrow(RangeError);
    const stream = createXlsxStream({ columns: ['A'], outlineLevels: 2 });
    expect(() => stream.addRow(['x'], { outlineLevel: 3 })).toThrow(/outlineLevel/);
    expect(() => createXlsxStream({ columns: ['A'] }).addRow(['x'], { outlineLevel: 1 })).toThrow(/outlineLevel/);
  });
});

describe('browser Web Worker compatibility', () => {
  it('bundles for the browser without Node built-ins and runs where only TextEncoder and Uint8Array exist', async () => {
    const entry = fileURLToPath(new URL('./index.ts', import.meta.url));
    const result = await build({ entryPoints: [entry], bundle: true, write: false, platform: 'browser', format: 'iife', globalName: 'xlsx', logLevel: 'silent' });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/require\(["']node:|from ["']node:/);
    // A bare context: no Buffer, process or require, as in a worker.
    const context: Record<string, unknown> = { TextEncoder, Uint8Array, Date, Math, Object, Array, String, Number, Error, RangeError };
    const bytes = runInNewContext(`${code}; xlsx.buildXlsx('Worker', ['A', 'B'], [['in a worker', 42]])`, context) as Uint8Array;
    expect(context['Buffer']).toBeUndefined();
    const sheet = await readBack(new Uint8Array(bytes));
    expect(sheet.name).toBe('Worker');
    expect(sheet.getCell('A2').value).toBe('in a worker');
    expect(sheet.getCell('B2').value).toBe(42);
  });
});
