/** GET /api/Report/GetAllZonesByRegion?regCode: the field report's zone dropdown. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Table, ZoneOption } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { plainTable } from './read-table.ts';

export async function getAllZonesByRegion(regCode: string, signal?: AbortSignal): Promise<ZoneOption[]> {
  return plainTable(await apiGet<Table<ZoneOption>>('/api/Report/GetAllZonesByRegion', { regCode }, signal));
}

export const zonesByRegionQuery = (regCode: string) =>
  queryOptions({
    queryKey: reportKeys.zoneOptions(regCode),
    queryFn: ({ signal }) => getAllZonesByRegion(regCode, signal),
    staleTime: 10 * 60_000,
  });

export const useZonesByRegion = (regCode: string) => useQuery(zonesByRegionQuery(regCode));
