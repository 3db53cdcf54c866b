/** GET /api/Report/GetAllRegions: the field report's region dropdown. */
import { useQuery } from '@tanstack/react-query';
import type { RegionOption } from '@portal/contracts';
import { reportKeys } from './query-keys.ts';
import { reportRowsQuery } from './report-rows-query.ts';

export const allRegionsQuery = () => ({
  ...reportRowsQuery<RegionOption>(reportKeys.regionOptions(), '/api/Report/GetAllRegions', undefined, 'table'),
  // The network changes with an import, not during a session.
  staleTime: 10 * 60_000,
});

export const useAllRegions = () => useQuery(allRegionsQuery());
