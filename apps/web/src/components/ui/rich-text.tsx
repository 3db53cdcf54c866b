import type { ElementType } from 'react';

export interface RichTextProps {
  /**
   * HTML from a rich-text element. The content service sanitizes rich text before it serves it
   * (decision 009), so it is rendered as it comes.
   */
  html: string | null | undefined;
  as?: ElementType;
  className?: string;
  id?: string;
}

export function RichText({ html, as: Tag = 'div', className, id }: RichTextProps) {
  if (!html) return null;
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
