/** GET /api/Report/GetReportScope: how far the viewer sees, so the drill-down opens at that level. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportScopeInfo } from '@portal/contracts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { pageText } from '../../../i18n/page-text.ts';

export async function getReportScope(signal?: AbortSignal): Promise<ReportScopeInfo> {
  const envelope = await apiGet<ReportScopeInfo>('/api/Report/GetReportScope', undefined, signal);
  if (!envelope.succeeded || !envelope.data || typeof envelope.data.level !== 'string') {
    throw new ApiError(200, envelope.message || pageText('api.scopeReadFailed'), envelope);
  }
  return envelope.data;
}

export const reportScopeQuery = () =>
  queryOptions({
    queryKey: reportKeys.scope(),
    queryFn: ({ signal }) => getReportScope(signal),
    // An organizer's change is enforced by the server at once; the screens catch up on the next visit.
    staleTime: 60_000,
  });

export const useReportScope = () => useQuery(reportScopeQuery());
