import { describe, expect, it } from 'vitest';
import { EXPORT_NAMES, exportFileName, safeSheetName } from './export-file-name.ts';

describe('exportFileName', () => {
  it("is '{file name}_{sheet name}.xlsx'", () => {
    expect(exportFileName(EXPORT_NAMES.region, 'Sheet1')).toBe('Store Enrollment by Region_Sheet1.xlsx');
    expect(exportFileName(EXPORT_NAMES.zone, 'not_enrolled')).toBe('Store Enrollment by Zone_not_enrolled.xlsx');
  });

  it('defaults to Export and Sheet1', () => {
    expect(exportFileName()).toBe('Export_Sheet1.xlsx');
    expect(exportFileName('  ', null)).toBe('Export_Sheet1.xlsx');
    expect(exportFileName('Candidate Report')).toBe('Candidate Report_Sheet1.xlsx');
  });

  it('replaces characters a file system refuses', () => {
    expect(exportFileName('Region: 010/North', 'a*b')).toBe('Region 010 North_a b.xlsx');
  });

  it('uses the spec export names', () => {
    expect(EXPORT_NAMES).toEqual({
      region: 'Store Enrollment by Region',
      zone: 'Store Enrollment by Zone',
      district: 'Store Enrollment by District',
      storeDetail: 'Store Enrollment Detail',
    });
  });
});

describe('safeSheetName', () => {
  it('keeps Excel’s 31-character limit', () => {
    expect(safeSheetName('Distributor and Vendor Report for all regions')).toHaveLength(31);
    expect(safeSheetName(undefined)).toBe('Sheet1');
  });
});
