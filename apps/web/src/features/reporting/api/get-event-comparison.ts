/** GET /api/Report/EventComparison: per store of the caller's scope, enrolled attendees at nbc and abc. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventComparisonAnswer } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { dataWithList } from './read-data.ts';

export async function getEventComparison(signal?: AbortSignal): Promise<EventComparisonAnswer> {
  return dataWithList(await apiGet<EventComparisonAnswer>('/api/Report/EventComparison', undefined, signal), 'rows');
}

export const eventComparisonQuery = () =>
  queryOptions({ queryKey: reportKeys.eventComparison(), queryFn: ({ signal }) => getEventComparison(signal) });

export const useEventComparison = () => useQuery(eventComparisonQuery());
