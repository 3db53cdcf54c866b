/**
 * The shell every mail shares: the event's branding around a body, as HTML and as plain text.
 * Every value that reaches HTML goes through `esc`; templates never concatenate raw input.
 * Texts come from the server's catalogs (lib/i18n) in the recipient's language, `branding.language`.
 */
import { DEFAULT_LANGUAGE, LINK_LANGUAGE_PARAM, type Language } from '@portal/contracts';
import { eventNameIn, longDate as longDateIn, t } from '../../../lib/i18n/i18n.ts';

export interface Branding {
  eventId: string | null;
  eventName: string;
  accent: string;
  location: string;
  startsOn: string | null;
  endsOn: string | null;
  portalUrl: string;
  /** The recipient's language: every text of the mail is in it. */
  language: Language;
}

const ACCENTS: Record<string, { accent: string; location: string }> = {
  nbc: { accent: '#0b3d91', location: 'Kay Bailey Hutchison Convention Center, Dallas, TX' },
  abc: { accent: '#8a1538', location: 'Orange County Convention Center, Orlando, FL' },
};

export function brandingOf(
  event: { id: string; name: string; startsOn: string; endsOn: string } | undefined,
  portalUrl: string,
  language: Language = DEFAULT_LANGUAGE,
): Branding {
  const look = (event && ACCENTS[event.id]) ?? { accent: '#333333', location: '' };
  return {
    eventId: event?.id ?? null,
    eventName: event ? eventNameIn(language, event.id, event.name) : t(language, 'common.eventPortal'),
    accent: look.accent,
    location: look.location,
    startsOn: event?.startsOn ?? null,
    endsOn: event?.endsOn ?? null,
    portalUrl,
    language,
  };
}

/**
 * A link to one of the portal's own pages names the mail's language (`?lang=fr-CA`), so the page
 * opens in the language the mail was written in (the person's), not the browser's, unless the
 * reader chose one (lib/i18n pageLanguage, the web app's language.ts). Other sites' links are left
 * as they are.
 */
export function linkInLanguage(b: Pick<Branding, 'portalUrl' | 'language'>, link: string): string {
  const base = b.portalUrl.replace(/\/+$/, '');
  if (base === '' || !(link === base || link.startsWith(`${base}/`) || link.startsWith(`${base}?`))) return link;
  const [path = '', fragment] = link.split('#', 2);
  if (new RegExp(`[?&]${LINK_LANGUAGE_PARAM}=`).test(path)) return link;
  return `${path}${path.includes('?') ? '&' : '?'}${LINK_LANGUAGE_PARAM}=${b.language}${fragment === undefined ? '' : `#${fragment}`}`;
}

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A long date in `language` (English by default), from an ISO date (`2027-03-01`), read as a calendar day (no time zone shift). */
export function longDate(isoDate: string | null | undefined, language: Language = DEFAULT_LANGUAGE): string {
  return longDateIn(language, isoDate);
}

/** The greeting of a mail to `name`, in the mail's language. */
export function greeting(b: Branding, name: string): string {
  return t(b.language, 'mail.greeting', { name });
}

/** What a mail carrying one personal link (a registration, confirmation or action link) needs. */
export interface PersonalLinkData {
  firstName: string;
  link: string;
  /** When the link stops working; the mail names the day. */
  expiresAt?: string | null;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export interface Part {
  /**
   * Paragraphs of plain text; `{ link }` becomes a button in HTML and a bare URL in text; `{ image }`
   * an inline image (`cid:` of an attachment) in HTML and its `text` in the text part.
   */
  blocks: Array<string | { link: string; label: string } | { rows: Array<[string, string]> } | { image: string; alt: string; text: string }>;
}

/** A button to `link`, or nothing when the mail has no link (spread into `blocks`). */
export function buttonIf(link: string | null | undefined, label: string): Part['blocks'] {
  return link ? [{ link, label }] : [];
}

export function layout(b: Branding, subject: string, greeting: string, part: Part): Rendered {
  // French sets a no-break space before the colon.
  const colon = b.language === 'fr-CA' ? '\u00a0:' : ':';
  const textBlocks = part.blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('link' in block) return `${block.label}${colon}\n${linkInLanguage(b, block.link)}`;
    if ('image' in block) return block.text;
    return block.rows.map(([k, v]) => `${k}${colon} ${v}`).join('\n');
  });
  const text = [greeting, ...textBlocks, `-- \n${b.eventName}\n${b.portalUrl}`].join('\n\n') + '\n';

  const htmlBlocks = part.blocks
    .map((block) => {
      if (typeof block === 'string') return `<p style="margin:0 0 16px">${esc(block)}</p>`;
      if ('link' in block) {
        return `<p style="margin:0 0 16px"><a href="${esc(linkInLanguage(b, block.link))}" style="display:inline-block;padding:10px 18px;background:${esc(b.accent)};color:#ffffff;text-decoration:none;border-radius:4px">${esc(block.label)}</a></p>`;
      }
      if ('image' in block) {
        return `<p style="margin:0 0 16px"><img src="${esc(block.image)}" alt="${esc(block.alt)}" width="200" height="200" style="display:block"></p><p style="margin:0 0 16px;font-family:monospace;font-size:11px;word-break:break-all;color:#555555">${esc(block.text)}</p>`;
      }
      const rows = block.rows.map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${esc(k)}</th><td style="padding:4px 0">${esc(v)}</td></tr>`).join('');
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="${esc(b.language)}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222222">
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" style="max-width:600px;background:#ffffff;border-collapse:collapse">
<tr><td style="background:${esc(b.accent)};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${esc(b.eventName)}</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px">${esc(greeting)}</p>
${htmlBlocks}
</td></tr>
<tr><td style="padding:12px 24px;font-size:12px;color:#666666"><a href="${esc(b.portalUrl)}" style="color:#666666">${esc(b.portalUrl)}</a></td></tr>
</table></td></tr></table>
</body></html>
`;
  return { subject, text, html };
}
