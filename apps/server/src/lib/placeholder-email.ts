/**
 * Placeholder e-mails of people enrolled by name only (and of erased people): `.invalid` can never
 * be delivered to, so a placeholder is never mailed and never shown as an address.
 */
export const PLACEHOLDER_EMAIL_DOMAIN = 'unconfirmed.invalid';

export function isPlaceholderEmail(email: string): boolean {
  return email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}
