import { startTransition, useEffect, useState } from 'react';
import { nextTask } from './next-task.ts';

export interface OnePerTaskOptions {
  /** While false the count is 0 and does not grow. */
  active?: boolean;
  /** Where the count starts. */
  first?: number;
}

/**
 * A count that grows by one per task, as a transition, up to `total` (which may grow meanwhile):
 * for work that should not all land in one task on a slow phone, such as the content page's
 * sections and the queries below its welcome section.
 */
export function useOnePerTask(total: number, { active = true, first = 0 }: OnePerTaskOptions = {}): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (!active || count >= total) return;
    let cancelled = false;
    void nextTask().then(() => {
      if (!cancelled) startTransition(() => setCount((current) => current + 1));
    });
    return () => {
      cancelled = true;
    };
  }, [active, count, total]);
  return active ? Math.min(count, total) : 0;
}
