/**
 * The rules the browser and the server both apply, without zod: the web app imports this module
 * (`@portal/contracts/rules`) directly, so the first-load bundle stays free of zod, whose schemas are
 * built at module load and cannot be tree-shaken. The zod schemas of the other modules use these too.
 */
import type { FieldError } from './envelope.ts';

export const FIRST_NAME_MAX = 30;
export const LAST_NAME_MAX = 50;
/**
 * A basic e-mail shape, shared by the login form and the server. No control characters and no
 * unpaired surrogates: the database could not store such an address (PostgreSQL text holds no NUL).
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cs}]+@[^\s@\p{Cc}\p{Cs}]+\.[^\s@\p{Cc}\p{Cs}]+$/u;

/**
 * The content the server writes into the page it serves: on the welcome page of nbc, the
 * answers of these content types (page layout, welcome item), which the web app then asks for at boot
 * with the keys its pages use. One list for both sides, so they cannot drift apart.
 */
export const SERVED_CONTENT = { path: '/nbc/welcome', eventType: 'nbc', types: ['page_layout', 'welcome_page'] } as const;

/** Content access codes by policy (docs/design/web-rules.md, section 6); other policies grant none. */
export const CONTENT_CODE_BY_POLICY: Readonly<Record<string, string>> = {
  general: 'navigatingcorp',
  expo: 'retailers',
  field: 'field',
  corporate: 'corporate',
};

export function contentCodesFor(policies: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const policy of policies) {
    const code = Object.hasOwn(CONTENT_CODE_BY_POLICY, policy) ? CONTENT_CODE_BY_POLICY[policy] : undefined;
    if (code) codes.add(code);
  }
  return [...codes];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export interface EventWindow {
  startsOn: string;
  endsOn: string;
}

/**
 * The attendance rules shared by the hosted page and the server: physical attendance needs an
 * arrival and a departure date inside the event window, departure not before arrival; virtual
 * attendance needs no dates and is only possible when the program offers it.
 * ISO dates compare correctly as strings.
 */
export function attendanceErrors(
  window: EventWindow & { isVirtual: boolean },
  input: { isVirtual: boolean; arrivalDate?: string | null; departureDate?: string | null },
): FieldError[] {
  if (input.isVirtual) {
    return window.isVirtual ? [] : [{ field: 'isVirtual', message: 'This event offers no virtual attendance.' }];
  }
  const errors: FieldError[] = [];
  const inWindow = (d: string) => d >= window.startsOn && d <= window.endsOn;
  const range = `between ${window.startsOn} and ${window.endsOn}`;
  const { arrivalDate, departureDate } = input;
  if (!arrivalDate) errors.push({ field: 'arrivalDate', message: 'Arrival date is required.' });
  else if (!isIsoDate(arrivalDate)) errors.push({ field: 'arrivalDate', message: 'Arrival date must be a date.' });
  else if (!inWindow(arrivalDate)) errors.push({ field: 'arrivalDate', message: `Arrival date must be ${range}.` });
  if (!departureDate) errors.push({ field: 'departureDate', message: 'Departure date is required.' });
  else if (!isIsoDate(departureDate)) errors.push({ field: 'departureDate', message: 'Departure date must be a date.' });
  else if (!inWindow(departureDate)) errors.push({ field: 'departureDate', message: `Departure date must be ${range}.` });
  else if (arrivalDate && isIsoDate(arrivalDate) && departureDate < arrivalDate) {
    errors.push({ field: 'departureDate', message: 'Departure date cannot be before the arrival date.' });
  }
  return errors;
}

/** Store filter of the detail screen and the exports (docs/design/web-rules.md, section 3): all, enrolled, not enrolled. */
export const STORE_FILTERS = ['ALL', 'E', 'N'] as const;
export type StoreFilter = (typeof STORE_FILTERS)[number];

export function isStoreFilter(value: string | null | undefined): value is StoreFilter {
  return STORE_FILTERS.includes(value as StoreFilter);
}

/** The key value of every grand-total row (the web app shows it as "Grand Total", unlinked). */
export const GRAND_TOTAL_KEY = 'zzz';
/** `regCode`/`zone` value meaning "no filter". */
export const ALL_CODES = 'ALL';

/**
 * The store detail's last row carries the district totals instead of a store. Generic over the row
 * type, so this file needs nothing from reports.ts (which imports its rules from here).
 */
export function isStoreFooterRow<R extends object>(row: R): row is Extract<R, { isFooterInfo: true }> {
  return (row as { isFooterInfo?: unknown }).isFooterInfo === true;
}

/**
 * The person categories: what an access code admits and what a person is. Owned here (the wire
 * vocabulary); the database schema types its column from this list.
 */
export const PERSON_CATEGORIES = [
  'dealer_staff',
  'corporate',
  'field',
  'sbr',
  'distributor',
  'independent_distributor',
  'vendor',
  'partner',
  'expo',
  'attendee',
] as const;

/**
 * The cookie the web app mirrors the reader's chosen language into (the choice itself lives in the
 * browser's storage), so the pages the server writes (the header painted from the HTML, its
 * preloads, `<html lang>`) are in the language the app will show.
 */
export const LANGUAGE_COOKIE = 'portal_language';

/**
 * The query parameter a mailed link to a portal page carries with the mail's language
 * (`/register/{token}?lang=fr-CA`): the page opens in it unless the reader chose a language.
 */
export const LINK_LANGUAGE_PARAM = 'lang';

/** The welcome letter's preview length in visible characters (this repository's docs/design/web-rules.md, "Section 2: screens", the welcome letter). */
export const LETTER_PREVIEW_CHARS = 600;

/**
 * Where the welcome letter's preview cuts `text` (its visible text): the index of the last
 * whitespace within the first `limit` characters, or `limit` when there is none; `text.length` when
 * the whole text fits. The web app cuts the letter there, and the server draws only the paragraphs
 * that end before it.
 */
export function cutIndex(text: string, limit = LETTER_PREVIEW_CHARS): number {
  if (text.length <= limit) return text.length;
  for (let i = limit - 1; i > 0; i--) {
    if (/\s/.test(text.charAt(i))) return i;
  }
  return limit;
}
