/**
 * A list's filters, page and sort live in the URL, so a search survives a reload and can be shared.
 * Changing anything but the page goes back to page 1.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListState<K extends string> = Record<K, string> & { page: number };

export function useListParams<K extends string>(defaults: Record<K, string>) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => {
    const values = {} as Record<K, string>;
    for (const key of Object.keys(defaults) as K[]) values[key] = search.get(key) ?? defaults[key];
    const page = Number.parseInt(search.get('page') ?? '1', 10);
    return { ...values, page: Number.isFinite(page) && page > 0 ? page : 1 } as ListState<K>;
    // The defaults are a constant of each page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const update = useCallback(
    (changes: Partial<Record<K, string>> & { page?: number }) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, raw] of Object.entries(changes)) {
            if (key === 'page') continue;
            const value = raw === undefined ? undefined : String(raw);
            if (value === undefined || value === '' || value === defaults[key as K]) next.delete(key);
            else next.set(key, String(value));
          }
          const page = changes.page ?? 1;
          if (page > 1) next.set('page', String(page));
          else next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setSearch],
  );
  return [state, update] as const;
}

/** The list's state as query parameters for the API: empty filters left out. */
export function toQuery(state: Record<string, string | number>, pageSize: number): Record<string, string | number> {
  const query: Record<string, string | number> = { pageSize };
  for (const [key, value] of Object.entries(state)) if (value !== '') query[key] = value;
  return query;
}
