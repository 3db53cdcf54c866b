import type { ReactNode } from 'react';

/** A console page's title, and at its right what acts on the whole page (a filter, a "New …" button). */
export function PageTitle({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
      <h1 className="h3 mb-0">{title}</h1>
      {children && <div className="d-flex flex-wrap align-items-end gap-2">{children}</div>}
    </div>
  );
}
