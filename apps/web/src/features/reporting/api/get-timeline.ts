/** GET /api/Report/Timeline?event=: registrations, cancellations and enrolled per day within the caller's scope. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventType, TimelineAnswer } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { dataWithList } from './read-data.ts';

export async function getTimeline(event: EventType, signal?: AbortSignal): Promise<TimelineAnswer> {
  return dataWithList(await apiGet<TimelineAnswer>('/api/Report/Timeline', { event }, signal), 'days');
}

export const timelineQuery = (event: EventType) =>
  queryOptions({ queryKey: reportKeys.timeline(event), queryFn: ({ signal }) => getTimeline(event, signal) });

export const useTimeline = (event: EventType) => useQuery(timelineQuery(event));
