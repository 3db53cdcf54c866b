import * as contracts from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ALL_CODES, GRAND_TOTAL_KEY, STORE_FILTERS, isStoreFooterRow } from './report-constants.ts';

describe('report constants mirror @portal/contracts', () => {
  it('has the same values', () => {
    expect(GRAND_TOTAL_KEY).toBe(contracts.GRAND_TOTAL_KEY);
    expect(ALL_CODES).toBe(contracts.ALL_CODES);
    expect([...STORE_FILTERS]).toEqual([...contracts.STORE_FILTERS]);
  });

  it('recognises footer rows the same way', () => {
    const footer = {
      isFooterInfo: true as const,
      enrollAtdFree: 1,
      enrollAtdPay: 0,
      virtualAttendeeFree: 0,
      virtualAttendeePay: 0,
      enrollDealer: 1,
      notEnrollDealer: 2,
    };
    expect(isStoreFooterRow(footer)).toBe(true);
    expect(contracts.isStoreFooterRow(footer)).toBe(true);
    const store = { ...footer, isFooterInfo: undefined } as unknown as contracts.StoreRow;
    expect(isStoreFooterRow(store)).toBe(contracts.isStoreFooterRow(store));
  });
});
