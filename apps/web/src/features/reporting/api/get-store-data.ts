/** POST /api/Report/GetStoreData?reportLevel=Region|Zone: the store lists behind the three store exports. */
import { queryOptions } from '@tanstack/react-query';
import type { DataSet, StoreDataLevel, StoreFilter, StoreRow } from '@portal/contracts';
import { apiFetch } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { dataSetTable } from './read-table.ts';

export async function getStoreData(
  level: StoreDataLevel,
  region: string,
  zone: string,
  select: StoreFilter,
  signal?: AbortSignal,
): Promise<StoreRow[]> {
  const envelope = await apiFetch<DataSet<StoreRow>>('/api/Report/GetStoreData', {
    method: 'POST',
    query: { reportLevel: level },
    body: { region, zone: level === 'Zone' ? zone : '', district: '', select },
    ...(signal ? { signal } : {}),
  });
  return dataSetTable(envelope);
}

/** Fetched on an export click (queryClient.fetchQuery), not on page load: these lists can be large. */
export const storeDataQuery = (level: StoreDataLevel, region: string, zone: string, select: StoreFilter) =>
  queryOptions({
    queryKey: reportKeys.storeData(level, region, level === 'Zone' ? zone : '', select),
    queryFn: ({ signal }) => getStoreData(level, region, zone, select, signal),
    // A second click within a minute re-exports the same list without a new round trip.
    staleTime: 60_000,
    gcTime: 60_000,
  });
