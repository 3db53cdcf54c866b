/**
 * The query of a report read that answers rows: its key, and a GET of `path` with `params` whose
 * rows are `data.dataSet.table` (`dataSet`) or `data.table` (`table`: the option lists).
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { DataSet, Table } from '@portal/contracts';
import { apiGet, type QueryParams } from '../../../lib/api-client.ts';
import { dataSetTable, plainTable } from './read-table.ts';

export function reportRowsQuery<Row>(queryKey: QueryKey, path: string, params?: QueryParams, shape: 'dataSet' | 'table' = 'dataSet') {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<Row[]> =>
      shape === 'dataSet' ? dataSetTable(await apiGet<DataSet<Row>>(path, params, signal)) : plainTable(await apiGet<Table<Row>>(path, params, signal)),
  });
}
