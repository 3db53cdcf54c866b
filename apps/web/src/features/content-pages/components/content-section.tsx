import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

export interface ContentSectionProps<T> {
  id: string;
  /** The section's heading (h2); visually hidden when the content shows its own title. */
  title: string;
  hideTitle?: boolean;
  query: UseQueryResult<T | null>;
  children: (item: T) => ReactNode;
}

/** One scroll target of the content page: loading, failed, missing or the item itself. */
export function ContentSection<T>({ id, title, hideTitle = false, query, children }: ContentSectionProps<T>) {
  const headingId = `${id}-heading`;
  let body: ReactNode;
  if (query.data) body = children(query.data);
  else if (query.isError) body = <p className="text-body-secondary">This section could not be loaded. Please reload the page.</p>;
  else if (query.isPending) body = <div className="section-placeholder" aria-hidden="true" />;
  else body = null;
  return (
    <section id={id} aria-labelledby={headingId} tabIndex={-1} className="content-section py-5">
      <div className="container">
        <h2 id={headingId} className={hideTitle ? 'visually-hidden' : 'section-title mb-4'}>
          {title}
        </h2>
        {query.isPending && <span className="visually-hidden" role="status">Loading {title}</span>}
        {body}
      </div>
    </section>
  );
}
