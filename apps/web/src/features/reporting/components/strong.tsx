import type { ReactNode } from 'react';

/** The `<b>…</b>` of a catalog message (a figure set in bold within a sentence), as `<strong>`. */
export function Strong(chunks: ReactNode[]) {
  return <strong>{chunks}</strong>;
}
