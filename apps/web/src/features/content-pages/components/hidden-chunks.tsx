import type { ReactNode } from 'react';

/** A message's `<hidden>…</hidden>` part (FormattedMessage values): words for screen readers only. */
export const hiddenChunks = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;
