/** An export's file name is '{file name}_{sheet name}.xlsx', defaults Export and Sheet1 (docs/design/web-rules.md, section 9). */
export const DEFAULT_EXPORT_FILE_NAME = 'Export';
export const DEFAULT_SHEET_NAME = 'Sheet1';

import type { MessageId } from '../../../i18n/messages/ids.ts';

/** The export names of the store tables, as catalog ids ('Store Enrollment by Region'… in English). */
export const EXPORT_NAMES = {
  region: 'reporting.export.file.region',
  zone: 'reporting.export.file.zone',
  district: 'reporting.export.file.district',
  storeDetail: 'reporting.export.file.storeDetail',
} as const satisfies Record<string, MessageId>;

/**
 * The three store-list exports of the zone and district screens (docs/design/web-rules.md, section 9);
 * sheet names and labels are catalog ids ('all', 'enrolled', 'not_enrolled' in English).
 */
export const STORE_EXPORTS = [
  { select: 'ALL', sheetName: 'reporting.export.sheet.all', label: 'reporting.export.allStores' },
  { select: 'E', sheetName: 'reporting.export.sheet.enrolled', label: 'reporting.export.enrolledStores' },
  { select: 'N', sheetName: 'reporting.export.sheet.notEnrolled', label: 'reporting.export.notEnrolledStores' },
] as const satisfies readonly { select: string; sheetName: MessageId; label: MessageId }[];

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
