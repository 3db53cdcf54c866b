import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * What a section gets of its query: plain values, so a memoized section re-renders only when its
 * own content changes, not whenever another section's content arrives.
 */
export interface SectionProps<T> {
  title: string;
  data: T | null | undefined;
  failed: boolean;
  pending: boolean;
}

export function sectionProps<T>(title: string, query: Pick<UseQueryResult<T | null>, 'data' | 'isError' | 'isPending'>): SectionProps<T> {
  return { title, data: query.data, failed: query.isError, pending: query.isPending };
}

export interface ContentSectionProps<T> extends SectionProps<T> {
  id: string;
  /** The section's heading (h2) is visually hidden when the content shows its own title. */
  hideTitle?: boolean;
  /** The content's own title, when it has one; the page's name for the section otherwise. */
  titleOf?: (item: T) => string;
  /** The item's body; `title` is the heading shown. */
  children: (item: T, title: string) => ReactNode;
}

/** One scroll target of the content page: loading, failed, missing or the item itself. */
export function ContentSection<T>({ id, title: fallbackTitle, hideTitle = false, titleOf, data, failed, pending, children }: ContentSectionProps<T>) {
  const t = useT();
  const headingId = `${id}-heading`;
  const title = (data && titleOf?.(data)) || fallbackTitle;
  let body: ReactNode;
  if (data) body = children(data, title);
  else if (failed) body = <p className="text-body-secondary">{t('content.section.failed')}</p>;
  else if (pending) body = <div className="section-placeholder" aria-hidden="true" />;
  else body = null;
  return (
    <section id={id} aria-labelledby={headingId} tabIndex={-1} className="content-section py-5">
      <div className="container">
        <h2 id={headingId} className={hideTitle ? 'visually-hidden' : 'section-title mb-4'}>
          {title}
        </h2>
        {pending && <span className="visually-hidden" role="status">{t('content.section.loading', { title })}</span>}
        {body}
      </div>
    </section>
  );
}
