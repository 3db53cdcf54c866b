/** GET /api/Report/Coverage?event=: stores of the caller's scope with no enrolled attendee, and their managers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoverageAnswer, EventType } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { dataWithList } from './read-data.ts';

export async function getCoverage(event: EventType, signal?: AbortSignal): Promise<CoverageAnswer> {
  return dataWithList(await apiGet<CoverageAnswer>('/api/Report/Coverage', { event }, signal), 'rows');
}

export const coverageQuery = (event: EventType) =>
  queryOptions({ queryKey: reportKeys.coverage(event), queryFn: ({ signal }) => getCoverage(event, signal) });

export const useCoverage = (event: EventType) => useQuery(coverageQuery(event));
