/** section 9 of docs/design/web-rules.md: '{file name}_{sheet name}.xlsx', defaults Export and Sheet1. */
export const DEFAULT_EXPORT_FILE_NAME = 'Export';
export const DEFAULT_SHEET_NAME = 'Sheet1';

/** The spec's export names for the store tables. */
export const EXPORT_NAMES = {
  region: 'Store Enrollment by Region',
  zone: 'Store Enrollment by Zone',
  district: 'Store Enrollment by District',
  storeDetail: 'Store Enrollment Detail',
} as const;

/** The three store-list exports of the zone and district screens (docs/design/web-rules.md, section 9). */
export const STORE_EXPORTS = [
  { select: 'ALL', sheetName: 'all', label: 'Export all stores' },
  { select: 'E', sheetName: 'enrolled', label: 'Export enrolled stores' },
  { select: 'N', sheetName: 'not_enrolled', label: 'Export not enrolled stores' },
] as const;

// Characters Windows, macOS or Excel refuse in a file or sheet name.
const UNSAFE = /[\\/:*?"<>|[\]\p{Cc}]/gu;

function clean(part: string | null | undefined, fallback: string): string {
  const cleaned = (part ?? '').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  return cleaned || fallback;
}

export function exportFileName(fileName?: string | null, sheetName?: string | null): string {
  return `${clean(fileName, DEFAULT_EXPORT_FILE_NAME)}_${clean(sheetName, DEFAULT_SHEET_NAME)}.xlsx`;
}

/** Excel limits a sheet name to 31 characters. */
export function safeSheetName(sheetName?: string | null): string {
  return clean(sheetName, DEFAULT_SHEET_NAME).slice(0, 31);
}
