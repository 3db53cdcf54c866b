import ExcelJS from 'exceljs';
import { concatChunks } from '@portal/xlsx';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, createWorkbookBuilder } from './build-workbook.ts';

async function readBack(chunks: Uint8Array[]) {
  const bytes = concatChunks(chunks);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    rows[n - 1] = (row.values as unknown[]).slice(1);
  });
  return { sheet, rows };
}

describe('workbook builder', () => {
  it('keeps formula-like text from the report (an attendee named "=HYPERLINK(...)") a string cell', async () => {
    const hostile = ['=HYPERLINK("http://evil.example","Click")', '+cmd', '-1+2', '@SUM(1)', '\t=1', '\r=1'];
    const chunks = buildWorkbook('attendees', ['Name'], hostile.map((name) => [name]));
    const { sheet } = await readBack(chunks);
    const sheetXml = strFromU8(unzipSync(concatChunks(chunks))['xl/worksheets/sheet1.xml']!);
    hostile.forEach((name, i) => {
      const cell = sheet.getCell(`A${i + 2}`);
      expect(cell.type, JSON.stringify(name)).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(name);
      // The quote-prefix format: Excel keeps it text even when the cell is edited.
      expect(sheetXml).toContain(`<c r="A${i + 2}" s="2" t="inlineStr">`);
    });
  });

  it('writes the header, the rows and footer rows exactly, under the sheet name', async () => {
    const chunks = buildWorkbook('enrolled', ['Region', 'Total Stores', '% Enrolled'], [
      ['Northeast', 500, 52],
      ['Grand Total', 980, 46.9],
      ['', '', ''],
      ['Total Attendees:2', null, ''],
    ]);
    const { sheet, rows } = await readBack(chunks);
    expect(sheet.name).toBe('enrolled');
    expect(rows[0]).toEqual(['Region', 'Total Stores', '% Enrolled']);
    expect(rows[1]).toEqual(['Northeast', 500, 52]);
    expect(rows[2]).toEqual(['Grand Total', 980, 46.9]);
    expect(rows[4]?.[0]).toBe('Total Attendees:2');
    expect(rows).toHaveLength(5);
  });

  it('writes batches in order as they arrive', async () => {
    const builder = createWorkbookBuilder('Sheet1', ['N']);
    for (let batch = 0; batch < 5; batch += 1) builder.addRows(Array.from({ length: 1000 }, (_, i) => [batch * 1000 + i]));
    expect(builder.written).toBe(5000);
    const { rows } = await readBack(builder.finish());
    expect(rows).toHaveLength(5001);
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });

  it('writes a header-only file when there are no rows', async () => {
    const { rows } = await readBack(createWorkbookBuilder('Sheet1', ['A', 'B']).finish());
    expect(rows).toEqual([['A', 'B']]);
  });

  it('sizes columns to the first batch, within bounds', async () => {
    const { sheet } = await readBack(buildWorkbook('Sheet1', ['A', 'Store Name', 'Notes'], [['x', 'A rather long store name, Inc.', 'n'.repeat(500)]]));
    expect(sheet.getColumn(1).width).toBe(10);
    expect(sheet.getColumn(2).width).toBe(32);
    expect(sheet.getColumn(3).width).toBe(60);
  });
});
