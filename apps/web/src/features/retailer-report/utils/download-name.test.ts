import { describe, expect, it } from 'vitest';
import { retailerReportFileName, timestampOf } from './download-name.ts';

describe('retailerReportFileName', () => {
  const now = new Date(2027, 0, 9, 7, 3, 2);

  it('appends a local date and time stamp to the report name', () => {
    expect(timestampOf(now)).toBe('20270109_070302');
    expect(retailerReportFileName('Retailer Enrollment Report.xlsx', now)).toBe('Retailer Enrollment Report_20270109_070302.xlsx');
    expect(retailerReportFileName('NBC Retailers', now)).toBe('NBC Retailers_20270109_070302.xlsx');
  });

  it('falls back to a default name and strips unsafe characters', () => {
    expect(retailerReportFileName('', now)).toBe('Retailer Report_20270109_070302.xlsx');
    expect(retailerReportFileName('../a:b.XLSX', now)).toBe('.. a b_20270109_070302.xlsx');
  });
});
