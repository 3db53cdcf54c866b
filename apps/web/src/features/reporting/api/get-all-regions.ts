/** GET /api/Report/GetAllRegions: the field report's region dropdown. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegionOption, Table } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { plainTable } from './read-table.ts';

export async function getAllRegions(signal?: AbortSignal): Promise<RegionOption[]> {
  return plainTable(await apiGet<Table<RegionOption>>('/api/Report/GetAllRegions', undefined, signal));
}

export const allRegionsQuery = () =>
  queryOptions({
    queryKey: reportKeys.regionOptions(),
    queryFn: ({ signal }) => getAllRegions(signal),
    // The network changes with an import, not during a session.
    staleTime: 10 * 60_000,
  });

export const useAllRegions = () => useQuery(allRegionsQuery());
