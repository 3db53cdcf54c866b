import type { ReactNode } from 'react';

export interface PanelProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** What stands beside the heading on its line (a button, a filter, a note); given, even as `false`, the heading shares a flex line. */
  aside?: ReactNode;
  /** How the heading's line lines up its items. */
  asideLayout?: string;
  children: ReactNode;
}

/** One panel of the event-days page: a section named by its heading. */
export function Panel({ id, title, aside, asideLayout = 'align-items-end gap-3', children }: PanelProps) {
  return (
    <section aria-labelledby={id} className="mb-4">
      {aside === undefined ? (
        <h2 id={id} className="h5">
          {title}
        </h2>
      ) : (
        <div className={`d-flex flex-wrap ${asideLayout} mb-2`}>
          <h2 id={id} className="h5 mb-0">
            {title}
          </h2>
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
