/**
 * Kept only for the event-days module's badges.test.ts, which imports the token store by this path:
 * it lives in lib/registration-tokens.ts (the registration module and the waiting list both issue
 * links). Point that import there and delete this file.
 */
export { issueToken } from '../../lib/registration-tokens.ts';
