/**
 * The few runtime values of `@portal/contracts` the browser needs at first paint. Importing them from
 * the package would pull zod (about 28 KB gzipped, its schemas are built at module load and cannot be
 * tree-shaken) into the login page, over the 150 KB budget. `contract-constants.test.ts` checks that
 * every value here equals the package's, so the browser and the server cannot disagree.
 */
import type { Policy } from '@portal/contracts';

export const FIRST_NAME_MAX = 30;
export const LAST_NAME_MAX = 50;
/** A basic e-mail shape, shared by the login form and the server. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const CONTENT_CODE_BY_POLICY: Partial<Record<Policy, string>> = {
  general: 'navigatingcorp',
  expo: 'retailers',
  field: 'field',
  corporate: 'corporate',
};

/** Content access codes by policy (spec section 6); other policies grant none. */
export function contentCodesFor(policies: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const policy of policies) {
    const code = CONTENT_CODE_BY_POLICY[policy as Policy];
    if (code) codes.add(code);
  }
  return [...codes];
}
