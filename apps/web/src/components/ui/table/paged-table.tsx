/**
 * A server-paged list page's body: loading and error states of its query, the empty state, the
 * table and one pager. A console list page is then its filters, its columns and its cells. A list
 * the server sends whole (a panel's) has no pager.
 */
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { PageNumberPager } from './pager.tsx';
import { EmptyState, QueryState, type QueryLike } from './query-state.tsx';

export interface Paged<Row> {
  rows: Row[];
  total: number;
}

export interface PagedTableProps<Row> extends Omit<DataTableProps<Row>, 'rows' | 'busy'> {
  query: QueryLike<Paged<Row>> & { isFetching: boolean };
  loadingLabel: string;
  /** What an empty list says. */
  empty: ReactNode;
  pager?: { label: string; page: number; pageSize: number; onPage: (page: number) => void };
  /** Shown between the table and the pager, or above the table. */
  before?: (page: Paged<Row>) => ReactNode;
}

export function PagedTable<Row>({ query, loadingLabel, empty, pager, before, ...table }: PagedTableProps<Row>) {
  return (
    <QueryState query={query} loadingLabel={loadingLabel}>
      {(page) =>
        page.total === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          <>
            {before?.(page)}
            <DataTable {...table} rows={page.rows} busy={query.isFetching} />
            {pager && <PageNumberPager {...pager} total={page.total} />}
          </>
        )
      }
    </QueryState>
  );
}
