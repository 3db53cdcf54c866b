/** GET /api/Report/GetEnrollmentReportsByType?regCode&rptType: the attendee reports. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendeeReportType, AttendeeRow, DataSet } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { dataSetTable } from './read-table.ts';

export async function getEnrollmentReportsByType(
  regCode: string,
  rptType: AttendeeReportType,
  signal?: AbortSignal,
): Promise<AttendeeRow[]> {
  return dataSetTable(
    await apiGet<DataSet<AttendeeRow>>('/api/Report/GetEnrollmentReportsByType', { regCode, rptType }, signal),
  );
}

export const enrollmentReportsByTypeQuery = (regCode: string, rptType: AttendeeReportType) =>
  queryOptions({
    queryKey: reportKeys.attendeesByType(regCode, rptType),
    queryFn: ({ signal }) => getEnrollmentReportsByType(regCode, rptType, signal),
  });

export function useEnrollmentReportsByType(regCode: string, rptType: AttendeeReportType, enabled = true) {
  return useQuery({ ...enrollmentReportsByTypeQuery(regCode, rptType), enabled });
}
