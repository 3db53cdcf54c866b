import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildXlsx, concatChunks, createXlsxStream, type CellValue } from './index.ts';
import { nodeCompression } from './node.ts';

const HEADER = ['Store Code', 'Name', 'City', 'Count', 'Share', 'Enrolled'];
const rowsOf = (n: number): CellValue[][] =>
  Array.from({ length: n }, (_, i) => [String(10_000 + i), `Store ${i} & <Sons>`, i % 7 ? 'Springfield, IL' : '=cmd', i % 13, i / 7, i % 3 === 0]);

/** Every part of a zip, unpacked to text. */
const partsOf = (bytes: Uint8Array) => Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));

describe('nodeCompression (native zlib)', () => {
  it('makes a file with exactly the parts of the fflate one, over many compressed pieces', async () => {
    const modifiedAt = new Date('2027-01-01T00:00:00Z');
    // About 2 MB of sheet XML: some 30 pieces of the writer's 64 KiB text buffer.
    const rows = rowsOf(20_000);
    const native = buildXlsx('Stores', HEADER, rows, { modifiedAt, compression: nodeCompression });
    const fflate = buildXlsx('Stores', HEADER, rows, { modifiedAt });
    expect(Buffer.from(native).equals(Buffer.from(fflate))).toBe(false);
    const parts = partsOf(native);
    expect(parts).toEqual(partsOf(fflate));
    expect(parts['xl/worksheets/sheet1.xml']!.length).toBeGreaterThan(1_500_000);
    // The 32 KiB dictionary keeps matches across pieces: no more than a few per cent over one stream.
    expect(native.length).toBeLessThan(fflate.length * 1.1);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(native) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(20_001);
    expect((sheet.getRow(20_001).values as unknown[]).slice(1)).toEqual(['29999', 'Store 19999 & <Sons>', '=cmd', 19_999 % 13, 2857, false]);
    expect(sheet.getCell('C2').value).toBe('=cmd');
    expect(sheet.getCell('C3').value).toBe('Springfield, IL');
  });

  it('streams: the pieces of a part, concatenated, are one raw deflate stream, and level 0 to 9 all read back', () => {
    for (const level of [0, 1, 3, 6, 9] as const) {
      const stream = createXlsxStream({ columns: HEADER, level, compression: nodeCompression });
      const chunks: Uint8Array[] = [];
      let early = 0;
      for (const row of rowsOf(3_000)) {
        const ready = stream.addRow(row);
        early += ready.length;
        chunks.push(...ready);
      }
      chunks.push(...stream.finish());
      expect(early, `level ${level}`).toBeGreaterThan(0);
      const sheet = partsOf(concatChunks(chunks))['xl/worksheets/sheet1.xml']!;
      expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
      expect(sheet).toContain('<c r="A3001" t="inlineStr"><is><t>12999</t></is></c>');
    }
  });

  it('an empty final piece still ends the stream', () => {
    const deflater = nodeCompression.createDeflater(3);
    const first = deflater.push(new TextEncoder().encode('abc'.repeat(30_000)), false);
    const last = deflater.push(new Uint8Array(0), true);
    expect(inflateRawSync(Buffer.concat([first, last])).toString()).toBe('abc'.repeat(30_000));
    expect(() => deflater.push(new Uint8Array(1), false)).toThrow(/after the final/);
  });

  it('computes the zip CRC-32 in pieces', () => {
    const data = new TextEncoder().encode('The quick brown fox jumps over the lazy dog');
    expect(nodeCompression.crc32(data, 0)).toBe(0x414fa339);
    expect(nodeCompression.crc32(data.subarray(10), nodeCompression.crc32(data.subarray(0, 10), 0))).toBe(0x414fa339);
  });
});
