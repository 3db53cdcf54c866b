/** What an erased person's data is replaced by (docs/privacy.md). */
import { PLACEHOLDER_EMAIL_DOMAIN } from '../../lib/placeholder-email.ts';

/** What replaces a name or an e-mail inside text, JSON and binary values. */
export const ERASED_MARKER = '[erased]';
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'person';

/**
 * The address an erased person keeps: unique, undeliverable, and on the placeholder domain, so every
 * part of the portal already treats it as "no address" (no mail is queued to it, the console shows none).
 */
export function erasedEmail(personId: number): string {
  return `erased-${personId}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}
