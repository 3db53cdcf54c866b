import { describe, expect, it } from 'vitest';
import { formatCell, type ReportColumn } from '../../../components/ui/table/report-columns.ts';
import { allRows, toSheetData } from './report-columns.ts';

const columns: ReportColumn<{ n: string; v: number }>[] = [
  { key: 'n', header: 'Name', value: (r) => r.n },
  { key: 'v', header: '% Share', value: (r) => r.v, format: 'percent' },
];
const rows = [
  { n: 'a', v: 1 },
  { n: 'b', v: 2.5 },
  { n: 'c', v: 50 },
];

describe('toSheetData', () => {
  it('maps rows then footer rows, any slice at a time', () => {
    const data = toSheetData(columns, rows, [['', ''], ['Total Attendees:3', '']]);
    expect(data.headers).toEqual(['Name', '% Share']);
    expect(data.rowCount).toBe(5);
    expect(data.rows(1, 4)).toEqual([['b', 2.5], ['c', 50], ['', '']]);
    expect(data.rows(4, 99)).toEqual([['Total Attendees:3', '']]);
    expect(allRows(data)).toHaveLength(5);
  });
});

describe('formatCell', () => {
  it('groups numbers, shows percentages with one decimal, leaves text alone', () => {
    expect(formatCell(12345, 'number')).toBe('12,345');
    expect(formatCell(52, 'percent')).toBe('52.0%');
    expect(formatCell(46.94, 'percent')).toBe('46.9%');
    expect(formatCell('010', 'number')).toBe('010');
    expect(formatCell(null)).toBe('');
  });
});
