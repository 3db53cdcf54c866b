import { useMemo, type ElementType } from 'react';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

export interface RichTextProps {
  /** HTML from a rich-text element; sanitized here, never trusted. */
  html: string | null | undefined;
  as?: ElementType;
  className?: string;
  id?: string;
}

export function RichText({ html, as: Tag = 'div', className, id }: RichTextProps) {
  const clean = useMemo(() => sanitizeHtml(html ?? ''), [html]);
  if (!clean) return null;
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
