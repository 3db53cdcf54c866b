/** GET /api/Report/GetEnrollmentReportsByType?regCode&rptType: the attendee reports. */
import { useQuery } from '@tanstack/react-query';
import type { AttendeeReportType, AttendeeRow } from '@portal/contracts';
import { reportKeys } from './query-keys.ts';
import { reportRowsQuery } from './report-rows-query.ts';

export const enrollmentReportsByTypeQuery = (regCode: string, rptType: AttendeeReportType) =>
  reportRowsQuery<AttendeeRow>(reportKeys.attendeesByType(regCode, rptType), '/api/Report/GetEnrollmentReportsByType', { regCode, rptType });

export function useEnrollmentReportsByType(regCode: string, rptType: AttendeeReportType, enabled = true) {
  return useQuery({ ...enrollmentReportsByTypeQuery(regCode, rptType), enabled });
}
