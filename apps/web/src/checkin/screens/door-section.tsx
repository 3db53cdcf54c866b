import type { ReactNode } from 'react';

/** A panel of a door screen, named by its heading for screen readers. */
export function DoorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="door-section">
      <h2 id={id} className="door-h2">
        {title}
      </h2>
      {children}
    </section>
  );
}
