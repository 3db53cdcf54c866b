/** GET /api/Report/GetReportAtendeeCountByType (the spec's spelling): the traveller report. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendeeTypeCount, DataSet } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { dataSetTable } from './read-table.ts';

export async function getReportAttendeeCountByType(signal?: AbortSignal): Promise<AttendeeTypeCount[]> {
  return dataSetTable(await apiGet<DataSet<AttendeeTypeCount>>('/api/Report/GetReportAtendeeCountByType', undefined, signal));
}

export const attendeeCountByTypeQuery = () =>
  queryOptions({
    queryKey: reportKeys.travellerCounts(),
    queryFn: ({ signal }) => getReportAttendeeCountByType(signal),
  });

export const useReportAttendeeCountByType = () => useQuery(attendeeCountByTypeQuery());
