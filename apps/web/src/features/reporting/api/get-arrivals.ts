/**
 * GET /api/Report/Arrivals and /api/Report/Arrivals/NotArrived (docs/event-days.md): arrivals of the
 * caller's scope by region, zone or district, and who has not arrived yet, paged. Both refresh
 * themselves while shown, at most every 10 s.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArrivalsData, EventType, NotArrivedData } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { dataWithList } from './read-data.ts';

export const ARRIVALS_REFRESH_MS = 10_000;
export const NOT_ARRIVED_PAGE_SIZE = 50;
export type ArrivalsLevel = 'Region' | 'Zone' | 'District';

export interface ArrivalsArea {
  region: string;
  zone: string;
}

const areaQuery = (area: ArrivalsArea) => ({ ...(area.region ? { region: area.region } : {}), ...(area.zone ? { zone: area.zone } : {}) });

export const useArrivals = (event: EventType, level: ArrivalsLevel, area: ArrivalsArea) =>
  useQuery({
    queryKey: reportKeys.arrivals(event, level, area.region, area.zone),
    queryFn: async ({ signal }) => dataWithList(await apiGet<ArrivalsData>('/api/Report/Arrivals', { event, reportLevel: level, ...areaQuery(area) }, signal), 'rows'),
    placeholderData: keepPreviousData,
    refetchInterval: ARRIVALS_REFRESH_MS,
  });

export const useNotArrived = (event: EventType, area: ArrivalsArea, page: number) =>
  useQuery({
    queryKey: reportKeys.notArrived(event, area.region, area.zone, page),
    queryFn: async ({ signal }) =>
      dataWithList(await apiGet<NotArrivedData>('/api/Report/Arrivals/NotArrived', { event, page, pageSize: NOT_ARRIVED_PAGE_SIZE, ...areaQuery(area) }, signal), 'rows'),
    placeholderData: keepPreviousData,
    refetchInterval: ARRIVALS_REFRESH_MS,
  });
