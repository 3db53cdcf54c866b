import { describe, expect, it } from 'vitest';
import * as contracts from '@portal/contracts';
import { CONTENT_CODE_BY_POLICY, POLICIES } from '@portal/contracts';
import { EMAIL_PATTERN, FIRST_NAME_MAX, LAST_NAME_MAX, contentCodesFor } from './contract-constants.ts';

describe('contract constants mirror @portal/contracts', () => {
  it('has the same limits and e-mail pattern', () => {
    expect(FIRST_NAME_MAX).toBe(contracts.FIRST_NAME_MAX);
    expect(LAST_NAME_MAX).toBe(contracts.LAST_NAME_MAX);
    expect(EMAIL_PATTERN.source).toBe(contracts.EMAIL_PATTERN.source);
    expect(EMAIL_PATTERN.flags).toBe(contracts.EMAIL_PATTERN.flags);
  });

  it('maps every policy to the same access codes', () => {
    for (const policy of POLICIES) {
      expect(contentCodesFor([policy])).toEqual(contracts.contentCodesFor([policy]));
    }
    expect(contentCodesFor([...POLICIES, 'unknown'])).toEqual(contracts.contentCodesFor([...POLICIES, 'unknown']));
    expect(Object.keys(CONTENT_CODE_BY_POLICY).length).toBe(4);
  });
});
