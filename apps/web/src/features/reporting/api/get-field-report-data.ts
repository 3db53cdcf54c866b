/** GET /api/Report/GetFieldReportData?regCode&zone: the field report once a region or zone is chosen. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendeeRow, DataSet } from '@portal/contracts';
import { apiGet } from '../../../lib/api-client.ts';
import { reportKeys } from './query-keys.ts';
import { dataSetTable } from './read-table.ts';

export async function getFieldReportData(regCode: string, zone: string, signal?: AbortSignal): Promise<AttendeeRow[]> {
  return dataSetTable(await apiGet<DataSet<AttendeeRow>>('/api/Report/GetFieldReportData', { regCode, zone }, signal));
}

export const fieldReportDataQuery = (regCode: string, zone: string) =>
  queryOptions({
    queryKey: reportKeys.fieldReport(regCode, zone),
    queryFn: ({ signal }) => getFieldReportData(regCode, zone, signal),
  });

export function useFieldReportData(regCode: string, zone: string, enabled = true) {
  return useQuery({ ...fieldReportDataQuery(regCode, zone), enabled });
}
