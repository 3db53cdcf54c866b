/** GET /api/Report/EventComparison?limit=&offset=: one page of the stores of the caller's scope with enrolled attendees at nbc and abc, and the totals of all. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventComparisonAnswer } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import type { PageParams } from './get-coverage.ts';
import { reportKeys } from './query-keys.ts';
import { dataWithList } from './read-data.ts';

export async function getEventComparison(page: PageParams, signal?: AbortSignal): Promise<EventComparisonAnswer> {
  const query = { limit: String(page.limit), offset: String(page.offset) };
  return dataWithList(await apiGet<EventComparisonAnswer>('/api/Report/EventComparison', query, signal), 'rows');
}

export const eventComparisonQuery = (page: PageParams) =>
  queryOptions({
    queryKey: reportKeys.eventComparison(page.offset, page.limit),
    queryFn: ({ signal }) => getEventComparison(page, signal),
    placeholderData: keepPreviousData,
  });

export const useEventComparison = (page: PageParams) => useQuery(eventComparisonQuery(page));
