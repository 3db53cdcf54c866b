import { createHmac, type KeyObject } from 'node:crypto';

/**
 * Access codes are stored as HMAC-SHA256 under the server's code key: a leaked table does not give
 * the codes away, and a login stays one indexed lookup. Codes match case-insensitively.
 *
 * The key may be given as a `KeyObject` (`createSecretKey`, made once): a hot path (every login)
 * then skips importing the raw key bytes into each HMAC, which cost about half of this hash of an
 * 8-character code (measured 5.3 against 2.9 µs per call on the 2-core VM, under load).
 */
export function hashAccessCode(code: string, key: Uint8Array | KeyObject): string {
  return createHmac('sha256', key).update(code.trim().toUpperCase(), 'utf8').digest('base64url');
}

/** Shortest access code (and report code) allowed outside demo mode. */
export const ACCESS_CODE_MIN_LENGTH = 8;

/**
 * Codes an attacker tries first: the demo codes (published in the README), the demo report code,
 * and common passwords. Compared upper-cased, like logins.
 */
export const DENIED_ACCESS_CODES: ReadonlySet<string> = new Set([
  'DEALER27', 'RETAIL27', 'EXPO27', 'FIELD27', 'CORP27', 'SBR27', 'PARTNER27', 'INDDIST27', 'VENDOR27', 'DIST27', 'ABC27', 'REPORTS27',
  'NBC27', 'NBC2027', 'ABC2027',
  'PASSWORD', 'PASSWORD1', 'PASSWORD123', 'PASSWORT', 'CHANGEME', 'CHANGEIT', 'LETMEIN', 'LETMEIN1', 'WELCOME', 'WELCOME1', 'WELCOME123',
  'ADMIN123', 'ADMINISTRATOR', 'ACCESSCODE', 'ACCESS123', 'SECRET123', 'QWERTYUI', 'QWERTYUIOP', 'QWERTZUI', 'AZERTYUI', 'ABCDEFGH',
  '12345678', '123456789', '1234567890', '87654321', '11111111', '00000000', 'IAMADMIN', 'TRUSTNO1', 'SUNSHINE', 'FOOTBALL',
  'BASEBALL', 'DRAGON12', 'MONKEY12', 'MASTER12', 'CONFERENCE', 'CONFERENCE2027', 'EVENT2027', 'DEALER2027', 'DEALERS1', 'REGISTER',
  'REGISTRATION', 'PORTAL2027', 'EVENTPORTAL',
]);

/** What an event is called: its id, name and provider code. A code equal to one of them is guessable. */
export interface EventNames {
  id: string;
  name: string;
  providerEventCode: string;
}

const normalize = (value: string) => value.trim().toUpperCase();
const lettersAndDigits = (value: string) => normalize(value).replace(/[^A-Z0-9]/g, '');

/**
 * Why a new access code (or report code) may not be used outside demo mode, or null when it may
 * (docs/security.md, "Production mode"). The one rule for the CSV import, the organizer console and
 * the start checks; the message never repeats the code, which is a secret.
 */
export function accessCodeProblem(code: string, events: readonly EventNames[] = []): string | null {
  const upper = normalize(code);
  if (upper.length < ACCESS_CODE_MIN_LENGTH) return `must have at least ${ACCESS_CODE_MIN_LENGTH} characters`;
  const squashed = lettersAndDigits(code);
  if (DENIED_ACCESS_CODES.has(upper) || DENIED_ACCESS_CODES.has(squashed)) return 'is a demo code or a common password; choose another one';
  if (/^(.)\1*$/.test(squashed)) return 'repeats one character; choose another one';
  for (const event of events) {
    const names = [event.id, event.name, event.providerEventCode].map(lettersAndDigits).filter(Boolean);
    // The name alone or followed by digits ("NBC2027").
    if (names.some((name) => squashed.startsWith(name) && /^\d*$/.test(squashed.slice(name.length)))) {
      return "is the event's name or code; choose another one";
    }
  }
  return null;
}
