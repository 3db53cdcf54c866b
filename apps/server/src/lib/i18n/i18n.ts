/**
 * The server's languages: one ICU MessageFormat catalog per language (en.ts, fr-CA.ts), formatted
 * with FormatJS's intl-messageformat; dates and numbers through Intl with the reader's locale.
 *
 * Which language: a person's mails, badges and exports follow their stored choice
 * (`people.language`); an answer to a request follows the request's `Accept-Language` (the web app
 * sends the page's language on every call), else the stored choice, else English.
 */
import type { FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, LINK_LANGUAGE_PARAM, type Language } from '@portal/contracts';
import { en, type MessageId } from './en.ts';
import { frCA, SERVER_MESSAGES_FR } from './fr-CA.ts';
import { DEMO_DATA_FR } from './demo-data-fr.ts';

export type { MessageId } from './en.ts';
export type { Language } from '@portal/contracts';

const CATALOGS: Record<Language, Record<MessageId, string>> = { en, 'fr-CA': frCA };
type Values = Record<string, string | number | Date | null | undefined>;

const formats = new Map<string, IntlMessageFormat>();
function formatOf(language: Language, source: string): IntlMessageFormat {
  const key = `${language}\u0000${source}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(source, language);
    formats.set(key, format);
  }
  return format;
}

/** The message `id` in `language`, its placeholders filled from `values`. */
export function t(language: Language, id: MessageId, values: Values = {}): string {
  const source = CATALOGS[language][id] ?? en[id];
  const out = formatOf(language, source).format(values as Record<string, string | number | Date>);
  return Array.isArray(out) ? out.join('') : String(out);
}

/** A workbook's header row in `language`, one message per column. */
export function headersIn(language: Language, ids: readonly MessageId[]): string[] {
  return ids.map((id) => t(language, id));
}

/** A workbook's columns with their widths, the headers in `language`. */
export function columnsIn(language: Language, columns: ReadonlyArray<{ id: MessageId; width: number }>): { header: string; width: number }[] {
  return columns.map(({ id, width }) => ({ header: t(language, id), width }));
}

/** An event's name in `language`: the catalog's (the demo events have French names), else its own. */
export function eventNameIn(language: Language, eventId: string, name: string): string {
  return language === 'en' ? name : t(language, 'event.name', { id: eventId, name });
}

/** A language the portal has, or undefined. */
export function asLanguage(value: unknown): Language | undefined {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : undefined;
}

/**
 * The portal language an `Accept-Language` header prefers (q-values honoured): any `fr` tag means
 * Canadian French, any `en` tag English; undefined when it names neither.
 */
export function negotiateLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'fr' || tag.startsWith('fr-')) return 'fr-CA';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return undefined;
}

/**
 * The language of a page the portal serves (the web app's pages, the pages behind mailed links): the
 * reader's own choice (the web app mirrors it into the `portal_language` cookie), else the language
 * a mailed link names (`?lang=`: the mail was written in the person's language), else the browser's
 * `Accept-Language`, else English. The web app starts in the same order (i18n/language.ts).
 */
export function pageLanguage(request: { headers: { cookie?: string | undefined; 'accept-language'?: string | string[] | undefined }; query?: unknown }): Language {
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(request.headers.cookie ?? '')?.[1];
  const link = typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>)[LINK_LANGUAGE_PARAM] : undefined;
  const header = request.headers['accept-language'];
  return asLanguage(cookie?.trim()) ?? asLanguage(link) ?? negotiateLanguage(Array.isArray(header) ? header.join(',') : header) ?? DEFAULT_LANGUAGE;
}

/** The language to answer a request in: its `Accept-Language`, else `stored`, else English. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>, stored?: Language | null): Language {
  const header = request.headers['accept-language'];
  return negotiateLanguage(Array.isArray(header) ? header.join(',') : header) ?? stored ?? DEFAULT_LANGUAGE;
}

/** A long date (`Monday, March 1, 2027`, `lundi 1 mars 2027`) of an ISO date read as a calendar day. */
export function longDate(language: Language, isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return d.toLocaleDateString(language === 'fr-CA' ? 'fr-CA' : 'en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** A short date (`Mar 1, 2027`, `1 mars 2027`) of an ISO date read as a calendar day. */
export function mediumDate(language: Language, isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return d.toLocaleDateString(language === 'fr-CA' ? 'fr-CA' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** An instant in UTC with its date and time (`2027-02-03 14:05 UTC`, `3 février 2027, 14 h 05 UTC`). */
export function instantUtc(language: Language, iso: string): string {
  if (language === 'en') return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  const d = new Date(iso);
  const date = d.toLocaleDateString('fr-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const time = d.toLocaleTimeString('fr-CA', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

/** A number in the reader's locale (`5,000` / `5 000`, `49.9` / `49,9`). */
export function formatNumber(language: Language, value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(language, options).format(value);
}

interface SourceMessage {
  pattern: RegExp;
  names: string[];
  target: string;
}

/** A catalog keyed by English texts: its entries with placeholders, as patterns over the English text. */
const patternsOf = (catalog: Record<string, string>): SourceMessage[] => Object.entries(catalog)
  .filter(([source]) => source.includes('{'))
  .map(([source, target]) => {
    const names: string[] = [];
    const pattern = source
      .split(/(\{[a-z]+\})/i)
      .map((part) => {
        const name = /^\{([a-z]+)\}$/i.exec(part)?.[1];
        if (name) {
          names.push(name);
          return '(.+?)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { pattern: new RegExp(`^${pattern}$`, 's'), names, target };
  });

/** The French of a text keyed by its English (`{placeholders}` carried over, each through `value`), else undefined. */
function lookUp(catalog: Record<string, string>, patterns: readonly SourceMessage[], text: string, value: (v: string) => string = (v) => v): string | undefined {
  const exact = catalog[text];
  if (exact !== undefined) return exact.includes('{') ? fill(exact, {}) : exact;
  for (const { pattern, names, target } of patterns) {
    const match = pattern.exec(text);
    if (match) return fill(target, Object.fromEntries(names.map((name, i) => [name, value(match[i + 1] ?? '')])));
  }
  return undefined;
}

const PATTERNS = patternsOf(SERVER_MESSAGES_FR);
const DEMO_PATTERNS = patternsOf(DEMO_DATA_FR);

/**
 * A message a service answered in English, in `language`: the French of a known sentence (with its
 * placeholders carried over), else the English unchanged.
 */
export function translateServerMessage(language: Language, message: string): string {
  if (language === 'en') return message;
  return lookUp(SERVER_MESSAGES_FR, PATTERNS, message, (value) => valueIn(language, value)) ?? message;
}

/** The two events' English names by event id (docs/decisions/022-server-languages.md); their French names are fixed (`event.name`). */
const EVENT_IDS_BY_NAME: Record<string, string> = { 'National Business Conference 2027': 'nbc', 'Annual Business Conference 2027': 'abc' };

/**
 * A value carried from an English refusal into its French: an event's name in French, a day
 * (`2027-02-15`) or an instant (`2027-02-15T17:00:00.000Z`) written the reader's way; anything else as it is.
 */
function valueIn(language: Language, value: string): string {
  const eventId = EVENT_IDS_BY_NAME[value];
  if (eventId) return eventNameIn(language, eventId, value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return mediumDate(language, value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/.test(value)) return instantUtc(language, value);
  return value;
}

/**
 * Organizer data (a question's label, a session's title or room) in `language`: the demo's own
 * texts in French (lib/i18n/demo-data-fr.ts), anything else as the organizer entered it.
 */
export function organizerText(language: Language, text: string): string {
  if (language === 'en') return text;
  const own = (value: string): string => DEMO_DATA_FR[value] ?? value;
  return lookUp(DEMO_DATA_FR, DEMO_PATTERNS, text, own) ?? text;
}

/** Puts values in a French message by name (plain substitution: the values are texts already written). */
function fill(target: string, values: Record<string, string>): string {
  return target.replace(/\{([a-z]+)\}/gi, (whole, name: string) => values[name] ?? whole);
}
