/** GET /api/Report/Coverage?event=&limit=&offset=: one page of the stores of the caller's scope with no enrolled attendee, and their managers. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CoverageAnswer, EventType } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { dataWithList } from './read-data.ts';

export interface PageParams {
  offset: number;
  limit: number;
}

export async function getCoverage(event: EventType, page: PageParams, signal?: AbortSignal): Promise<CoverageAnswer> {
  const query = { event, limit: String(page.limit), offset: String(page.offset) };
  return dataWithList(await apiGet<CoverageAnswer>('/api/Report/Coverage', query, signal), 'rows');
}

export const coverageQuery = (event: EventType, page: PageParams) =>
  queryOptions({
    queryKey: reportKeys.coverage(event, page.offset, page.limit),
    queryFn: ({ signal }) => getCoverage(event, page, signal),
    // The previous page stays on screen (marked busy) while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useCoverage = (event: EventType, page: PageParams) => useQuery(coverageQuery(event, page));
