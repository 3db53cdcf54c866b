/**
 * The welcome letter's opening paragraphs for the welcome page's first paint (static-web.ts).
 *
 * The letter is the welcome page's largest element. The web app shows a preview of it: the text
 * cut at the last space before 600 visible characters, with an ellipsis (the web's
 * content-pages/utils/cut-letter.ts). The paragraphs that end before that cut are the same in the
 * preview as in the letter, so the server can draw them as they are, in the page it sends, where
 * the app will draw them: they paint with the stylesheet instead of after the scripts, the
 * config and the content in turn. The paragraph the cut falls in is left to the app.
 *
 * The letter comes from our content service, sanitized there (rich text of a few tags); the
 * paragraphs are copied byte for byte, so both copies render the same, and only paragraphs of plain
 * text and inline formatting without attributes are drawn (no link, no image, no handler: the
 * drawing stops at the first paragraph with anything else).
 */

import { cutIndex, LETTER_PREVIEW_CHARS } from '@portal/contracts/rules';

export { cutIndex };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text a browser shows for an HTML fragment (tags dropped, entities decoded): its textContent. */
export function visibleText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

const LEADING_PARAGRAPH = /^(\s*)(<p>[\s\S]*?<\/p>)/;
/** Inline formatting without attributes: nothing in a drawn paragraph can run, link or load. */
const PLAIN_TAG = /^<\/?(p|strong|b|em|i|u|s|sub|sup|br)\s*\/?>$/i;

function isPlain(paragraph: string): boolean {
  return (paragraph.match(/<[^>]*>?/g) ?? []).every((tag) => PLAIN_TAG.test(tag));
}

/**
 * The letter's leading plain `<p>` elements that the preview shows whole, with the text between them
 * (all of them when the letter is short enough to show uncut); '' when the first paragraph is
 * already cut (or the letter does not open with one).
 */
export function letterLead(html: string, limit = LETTER_PREVIEW_CHARS): string {
  const text = visibleText(html);
  const cut = cutIndex(text, limit);
  const truncated = cut < text.length;
  let rest = html;
  let offset = 0;
  let lead = '';
  for (let match = LEADING_PARAGRAPH.exec(rest); match; match = LEADING_PARAGRAPH.exec(rest)) {
    const [whole, space = '', paragraph = ''] = match;
    if (!isPlain(paragraph)) break;
    const end = offset + visibleText(space).length + visibleText(paragraph).length;
    // Strictly before the cut: the text node the cut falls in is rewritten by the preview.
    if (truncated && end >= cut) break;
    lead += space + paragraph;
    offset = end;
    rest = rest.slice(whole.length);
  }
  return lead;
}
