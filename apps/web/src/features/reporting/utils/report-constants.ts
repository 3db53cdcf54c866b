/**
 * Runtime values of the report contract the pages need. Importing them from `@portal/contracts` would
 * pull zod into the reporting chunk; `report-constants.test.ts` checks each equals the package's.
 */
import type { StoreDetailRow, StoreFilter, StoreFooterRow } from '@portal/contracts';

/** The key value of every grand-total row. */
export const GRAND_TOTAL_KEY = 'zzz';
/** `regCode` / `zone` value meaning "no filter". */
export const ALL_CODES = 'ALL';
export const STORE_FILTERS: readonly StoreFilter[] = ['ALL', 'E', 'N'];

export function isStoreFilter(value: string | null | undefined): value is StoreFilter {
  return STORE_FILTERS.includes(value as StoreFilter);
}

export function isStoreFooterRow(row: StoreDetailRow): row is StoreFooterRow {
  return (row as { isFooterInfo?: unknown }).isFooterInfo === true;
}
