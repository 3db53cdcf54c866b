import { useSearchParams } from 'react-router';
import { ALL_CODES } from '@portal/contracts/rules';

// The server's code shape; anything else in the URL counts as "all" rather than a failing request.
const CODE = /^[A-Za-z0-9_-]{1,32}$/;

function codeParam(search: URLSearchParams, key: string): string {
  const value = search.get(key)?.trim() ?? '';
  return CODE.test(value) && value.toUpperCase() !== ALL_CODES ? value : ALL_CODES;
}

/**
 * The field report's region and zone, kept in `?region=&zone=` (absent = ALL). Changing the region
 * resets the zone; Clear resets both (docs/design/web-rules.md, section 4).
 */
export function useFieldFilters() {
  const [search, setSearch] = useSearchParams();
  const region = codeParam(search, 'region');
  const zone = codeParam(search, 'zone');

  const update = (change: (next: URLSearchParams) => void) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const put = (next: URLSearchParams, key: string, value: string) => {
    if (value === ALL_CODES) next.delete(key);
    else next.set(key, value);
  };

  return {
    region,
    zone,
    setRegion: (value: string) =>
      update((next) => {
        put(next, 'region', value);
        next.delete('zone');
      }),
    setZone: (value: string) => update((next) => put(next, 'zone', value)),
    clear: () =>
      update((next) => {
        next.delete('region');
        next.delete('zone');
      }),
  };
}
