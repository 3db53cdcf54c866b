import ExcelJS from 'exceljs';
import { concatChunks } from '@portal/xlsx';
import { describe, expect, it } from 'vitest';
import { buildWorkbook } from './build-workbook.ts';
import type { ExportProgress } from './export-protocol.ts';

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

describe('buildWorkbook', () => {
  it('writes the header, the rows and footer rows exactly, under the sheet name', async () => {
    const chunks = buildWorkbook({
      type: 'build',
      sheetName: 'enrolled',
      headers: ['Region', 'Total Stores', '% Enrolled'],
      rows: [
        ['Northeast', 500, 52],
        ['Grand Total', 980, 46.9],
        ['', '', ''],
        ['Total Attendees:2', null, ''],
      ],
    });
    const { sheet, rows } = await readBack(chunks);
    expect(sheet.name).toBe('enrolled');
    expect(rows[0]).toEqual(['Region', 'Total Stores', '% Enrolled']);
    expect(rows[1]).toEqual(['Northeast', 500, 52]);
    expect(rows[2]).toEqual(['Grand Total', 980, 46.9]);
    expect(rows[4]?.[0]).toBe('Total Attendees:2');
    expect(rows).toHaveLength(5);
  });

  it('sizes columns to their content, within bounds', async () => {
    const { sheet } = await readBack(
      buildWorkbook({ type: 'build', sheetName: 'Sheet1', headers: ['A', 'Store Name'], rows: [['x', 'A rather long store name, Inc.']] }),
    );
    expect(sheet.getColumn(1).width).toBe(10);
    expect(sheet.getColumn(2).width).toBe(32);
  });

  it('reports progress from 0 to the row count, a bounded number of times', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => [`Store ${i}`, i]);
    const seen: ExportProgress[] = [];
    buildWorkbook({ type: 'build', sheetName: 'Sheet1', headers: ['Name', 'N'], rows }, (p) => seen.push(p));
    expect(seen[0]).toEqual({ done: 0, total: 50_000 });
    expect(seen.at(-1)).toEqual({ done: 50_000, total: 50_000 });
    expect(seen.length).toBeLessThanOrEqual(52);
    expect(seen.map((p) => p.done)).toEqual([...seen.map((p) => p.done)].sort((a, b) => a - b));
  });
});
