/**
 * Rich text from the content service is outside input: it is sanitized before it reaches the DOM.
 * DOMPurify drops scripts, event-handler attributes, `javascript:` URLs and anything outside its
 * HTML allow-list; links that open a new window also get `rel="noopener noreferrer"`.
 */
import DOMPurify from 'dompurify';

let hooked = false;

function ensureHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  });
}

export function sanitizeHtml(html: string): string {
  ensureHooks();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    // Content may open links in a new window; the hook above then adds rel="noopener noreferrer".
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
