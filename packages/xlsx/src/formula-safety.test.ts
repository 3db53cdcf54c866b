/**
 * Text that starts like a formula (=, +, -, @, tab, CR) is written so Excel never
 * evaluates it: an inline string with the quote-prefix format. Read back, the cell is a string.
 */
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildXlsx } from './index.ts';

const DANGEROUS = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1', "=cmd|' /C calc'!A0"];

describe('formula safety', () => {
  const bytes = buildXlsx('S', ['=header', 'B'], [...DANGEROUS.map((text) => [text, 'plain']), ['-', 'a-b'], [-5, '=x']], { modifiedAt: new Date('2027-01-01T00:00:00Z') });
  const files = unzipSync(bytes);
  const sheetXml = strFromU8(files['xl/worksheets/sheet1.xml']!);
  const stylesXml = strFromU8(files['xl/styles.xml']!);

  it('writes formula-like text as inline strings with the quote-prefix format, never as formulas', () => {
    expect(sheetXml).not.toContain('<f>');
    expect(stylesXml).toMatch(/<cellXfs count="4">(?:<xf [^>]*\/>){2}<xf [^>]*quotePrefix="1"\/><xf [^>]*applyFont="1" quotePrefix="1"\/><\/cellXfs>/);
    expect(sheetXml).toContain('<c r="A1" s="3" t="inlineStr">');
    for (let row = 2; row <= DANGEROUS.length + 1; row++) {
      expect(sheetXml).toContain(`<c r="A${row}" s="2" t="inlineStr">`);
      expect(sheetXml).toContain(`<c r="B${row}" t="inlineStr">`);
    }
    // A number stays a number; text that merely contains the characters is untouched.
    expect(sheetXml).toContain(`<c r="A${DANGEROUS.length + 3}"><v>-5</v></c>`);
    expect(sheetXml).toContain(`<c r="B${DANGEROUS.length + 2}" t="inlineStr">`);
  });

  it('reads back as string cells with their text unchanged', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').type).toBe(ExcelJS.ValueType.String);
    DANGEROUS.forEach((text, i) => {
      const cell = sheet.getCell(`A${i + 2}`);
      expect(cell.type, JSON.stringify(text)).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(text);
      expect(cell.formula).toBeUndefined();
    });
  });
});
