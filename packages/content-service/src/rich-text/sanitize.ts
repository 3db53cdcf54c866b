/**
 * Rich text is outside input (authors' bundles, or a real Kontent.ai environment in upstream mode):
 * the content service sanitizes it before anything stores, caches or serves it, so what the Delivery
 * SDK receives in the browser is already safe and the browser renders it as it comes (decision 009).
 *
 * DOMPurify on a jsdom window, with the profile the web app used in the browser until then: scripts,
 * event-handler attributes, `javascript:` URLs, styles, forms and anything outside DOMPurify's HTML
 * allow-list are dropped; a link that opens a new window gets `rel="noopener noreferrer"`, any other
 * `target` is removed. Output is the same markup the browser's DOMPurify produced.
 */
import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: DOMPurify | undefined;

/**
 * Sanitized values by their source, so an unchanged text is not sanitized again when a snapshot is
 * reloaded or an upstream answer fetched anew (jsdom makes one call cost milliseconds). Bounded by
 * the characters it holds; the oldest entries go first.
 */
const memo = new Map<string, string>();
let memoChars = 0;
const MEMO_CHARS = 16 * 1024 * 1024;

function instance(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new JSDOM('<!DOCTYPE html>');
  const created = createDOMPurify(window as unknown as WindowLike);
  created.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  });
  purifier = created;
  return created;
}

/** Safe HTML for a rich-text element's value. */
export function sanitizeRichText(html: string): string {
  if (html === '') return '';
  const known = memo.get(html);
  if (known !== undefined) return known;
  const clean = purify(html);
  if (html.length + clean.length <= MEMO_CHARS / 4) {
    memo.set(html, clean);
    memoChars += html.length + clean.length;
    for (const [source, value] of memo) {
      if (memoChars <= MEMO_CHARS) break;
      memo.delete(source);
      memoChars -= source.length + value.length;
    }
  }
  return clean;
}

function purify(html: string): string {
  return instance().sanitize(html, {
    USE_PROFILES: { html: true },
    // Content may open links in a new window; the hook above then adds rel="noopener noreferrer".
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

function isRichTextElement(value: object): value is { type: 'rich_text'; value: string } {
  return (value as { type?: unknown }).type === 'rich_text' && typeof (value as { value?: unknown }).value === 'string';
}

/**
 * Sanitizes, in place, the value of every rich-text element anywhere in a Delivery API body (items,
 * modular content, sync and feed entries). Returns how many values changed.
 */
export function sanitizeRichTextIn(body: unknown): number {
  let changed = 0;
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const entry of node) visit(entry);
      return;
    }
    if (isRichTextElement(node)) {
      const clean = sanitizeRichText(node.value);
      if (clean !== node.value) {
        node.value = clean;
        changed++;
      }
      return;
    }
    for (const key of Object.keys(node)) visit((node as Record<string, unknown>)[key]);
  };
  visit(body);
  return changed;
}
