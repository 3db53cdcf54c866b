/** GET /api/Report/GetAllZonesByRegion?regCode: the field report's zone dropdown. */
import { useQuery } from '@tanstack/react-query';
import type { ZoneOption } from '@portal/contracts';
import { reportKeys } from './query-keys.ts';
import { reportRowsQuery } from './report-rows-query.ts';

export const zonesByRegionQuery = (regCode: string) => ({
  ...reportRowsQuery<ZoneOption>(reportKeys.zoneOptions(regCode), '/api/Report/GetAllZonesByRegion', { regCode }, 'table'),
  staleTime: 10 * 60_000,
});

export const useZonesByRegion = (regCode: string) => useQuery(zonesByRegionQuery(regCode));
