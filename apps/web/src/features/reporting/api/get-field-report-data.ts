/** GET /api/Report/GetFieldReportData?regCode&zone: the field report once a region or zone is chosen. */
import { useQuery } from '@tanstack/react-query';
import type { AttendeeRow } from '@portal/contracts';
import { reportKeys } from './query-keys.ts';
import { reportRowsQuery } from './report-rows-query.ts';

export const fieldReportDataQuery = (regCode: string, zone: string) =>
  reportRowsQuery<AttendeeRow>(reportKeys.fieldReport(regCode, zone), '/api/Report/GetFieldReportData', { regCode, zone });

export function useFieldReportData(regCode: string, zone: string, enabled = true) {
  return useQuery({ ...fieldReportDataQuery(regCode, zone), enabled });
}
