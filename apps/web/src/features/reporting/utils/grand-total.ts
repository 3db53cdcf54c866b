import { GRAND_TOTAL_KEY } from '@portal/contracts/rules';

/** The server marks a table's total row by putting `zzz` in its key columns (api-contract, Reports). */

export function isGrandTotalKey(key: string | null | undefined): boolean {
  return typeof key === 'string' && key.trim().toLowerCase() === GRAND_TOTAL_KEY;
}

/** The first-column text of a row: `grandTotal` ('Grand Total' in English) for the total row, otherwise its own name. */
export function displayNameOf(key: string | null | undefined, name: string | null | undefined, grandTotal: string): string {
  return isGrandTotalKey(key) ? grandTotal : (name ?? '');
}
