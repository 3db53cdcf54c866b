/**
 * Live links leave the outbox once a mail is delivered.
 *
 * A registration link, a revisit link and an e-mail confirmation link are bearer secrets: whoever
 * holds one opens that person's registration or confirms their address. The database keeps only
 * hashes of the tokens; the mail must carry the token itself, so a row waiting to be sent (or
 * retried, or re-sent after a failure) keeps it in `data`. When the mail is delivered, the delivery
 * worker stores the row with every link redacted (`redactMailData`): the data and the stored
 * subject and bodies (rendered again from the redacted data) show where the link pointed, never
 * the token, and `data.linksRemoved` tells the console that this mail cannot be sent again as it
 * was (a new link is issued with "Resend link" on the registration).
 */

/** The template fields that hold a personal link (templates/links.ts, reminders.ts, registration.ts). */
export const LINK_FIELDS = ['link', 'revisitUrl'] as const;

/** Set on `data` once the links of a delivered mail were redacted. */
export const LINKS_REMOVED = 'linksRemoved';

/** What a token-like path segment becomes. */
export const REDACTED = '***';

const TOKEN_LIKE = /^[A-Za-z0-9_-]{16,}$/;

/**
 * The link without its secret: the last path segment when it looks like a token (16 or more
 * base64url characters), and the query and fragment (a provider's link carries the person's
 * details there) are dropped. `https://portal/register/AbC…` becomes `https://portal/register/***`.
 */
export function redactLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return REDACTED;
  }
  const segments = url.pathname.split('/');
  const last = segments.length - 1;
  if (TOKEN_LIKE.test(decodeURIComponent(segments[last] ?? ''))) segments[last] = REDACTED;
  return `${url.origin}${segments.join('/')}`;
}

/** The mail's data with its links redacted, or null when it carries none. */
export function redactMailData(data: Record<string, unknown>): Record<string, unknown> | null {
  let changed = false;
  const copy: Record<string, unknown> = { ...data };
  for (const field of LINK_FIELDS) {
    const value = copy[field];
    if (typeof value === 'string' && value !== '') {
      copy[field] = redactLink(value);
      changed = true;
    }
  }
  if (!changed) return null;
  copy[LINKS_REMOVED] = true;
  return copy;
}

export function linksRemoved(data: Record<string, unknown>): boolean {
  return data[LINKS_REMOVED] === true;
}
