import { describe, expect, it } from 'vitest';
import { reportingEn } from '../../../i18n/messages/en/reporting.ts';
import { reportingFrCA } from '../../../i18n/messages/fr-CA/reporting.ts';
import { EXPORT_NAMES, exportFileName, safeSheetName, STORE_EXPORTS } from './export-file-name.ts';

describe('exportFileName', () => {
  it("is '{file name}_{sheet name}.xlsx'", () => {
    expect(exportFileName(reportingEn[EXPORT_NAMES.region], 'Sheet1')).toBe('Store Enrollment by Region_Sheet1.xlsx');
    expect(exportFileName(reportingEn[EXPORT_NAMES.zone], reportingEn[STORE_EXPORTS[2].sheetName])).toBe('Store Enrollment by Zone_not_enrolled.xlsx');
    expect(exportFileName(reportingFrCA[EXPORT_NAMES.zone], reportingFrCA[STORE_EXPORTS[2].sheetName])).toBe('Inscription des magasins par zone_non_inscrits.xlsx');
  });

  it('defaults to Export and Sheet1', () => {
    expect(exportFileName()).toBe('Export_Sheet1.xlsx');
    expect(exportFileName('  ', null)).toBe('Export_Sheet1.xlsx');
    expect(exportFileName('Candidate Report')).toBe('Candidate Report_Sheet1.xlsx');
  });

  it('replaces characters a file system refuses', () => {
    expect(exportFileName('Region: 010/North', 'a*b')).toBe('Region 010 North_a b.xlsx');
  });

  it('uses the store tables\u2019 export names of docs/design/web-rules.md (section 9) in English', () => {
    expect(Object.fromEntries(Object.entries(EXPORT_NAMES).map(([key, id]) => [key, reportingEn[id]]))).toEqual({
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
