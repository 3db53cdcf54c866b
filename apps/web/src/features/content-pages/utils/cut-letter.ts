/**
 * The welcome letter preview (docs/design/web-rules.md, section 2): cut at the last space before 600 characters.
 * The count is of the text a reader sees, not of the HTML source, so a cut never falls inside a
 * tag and markup never eats into the preview.
 */
import { cutIndex, LETTER_PREVIEW_CHARS } from '@portal/contracts/rules';

export { cutIndex, LETTER_PREVIEW_CHARS };

export interface LetterPreview {
  /** HTML of the text before the cut (with an ellipsis), or the whole letter when it fits. */
  previewHtml: string;
  /** Whether anything was cut off (then the Show more toggle is offered). */
  truncated: boolean;
}

/** Removes everything in document order after `node` inside `root`. */
function removeFollowing(root: Node, node: Node): void {
  let current: Node | null = node;
  while (current && current !== root) {
    while (current.nextSibling) current.parentNode?.removeChild(current.nextSibling);
    current = current.parentNode;
  }
}

/** Cuts sanitized HTML (the content service serves no other) after `limit` visible characters, at a word break. */
export function cutLetterHtml(html: string, limit = LETTER_PREVIEW_CHARS): LetterPreview {
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  const fullText = root.textContent ?? '';
  const cut = cutIndex(fullText, limit);
  if (cut >= fullText.length) return { previewHtml: html, truncated: false };

  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let offset = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (offset + length >= cut) {
      node.textContent = `${(node.textContent ?? '').slice(0, cut - offset).trimEnd()}…`;
      removeFollowing(root, node);
      break;
    }
    offset += length;
  }
  const container = document.createElement('div');
  container.append(root.cloneNode(true));
  return { previewHtml: container.innerHTML, truncated: true };
}
