/** XML text helpers for SpreadsheetML. Plain string work: no DOM, no Node APIs. */

/**
 * Characters XML 1.0 cannot carry (C0 controls other than tab, newline and carriage return, the
 * non-characters U+FFFE/U+FFFF) and lone surrogates. Excel refuses a file holding any of them, and
 * database text can: they are dropped.
 */
// eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- as above
const NEEDS_WORK = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
// A literal CR would be read back as LF (XML end-of-line handling); the reference keeps it.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Escapes text for an XML text node or a double-quoted attribute value. */
export function escapeXml(text: string): string {
  // Most cells are plain: one test, no allocation.
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(INVALID_XML, '').replace(/[&<>"\r]/g, (c) => ESCAPES[c]!);
}

/** Excel's column name of a zero-based index: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** Characters a sheet name may not hold. */
const BAD_SHEET_CHARS = /[\\/?*:[\]]/g;
export const MAX_SHEET_NAME = 31;

/**
 * A sheet name Excel accepts: at most 31 characters, none of \ / ? * : [ ], not starting or ending
 * with an apostrophe, not blank, not "History" (reserved). Bad characters become "_".
 */
export function sanitizeSheetName(name: string | undefined, fallback = 'Sheet1'): string {
  const cleaned = (name ?? '')
    .replace(INVALID_XML, '')
    // eslint-disable-next-line no-control-regex -- control characters (tab, newline) become spaces
    .replace(/[\u0000-\u001F]/g, ' ')
    .replace(BAD_SHEET_CHARS, '_')
    .trim()
    .replace(/^'+|'+$/g, '')
    .slice(0, MAX_SHEET_NAME)
    .trim();
  if (!cleaned || cleaned.toLowerCase() === 'history') return fallback;
  return cleaned;
}
