/**
 * A report's table: columns that both show and export their values, the query's loading, error and
 * empty states inside the table, an optional server pager, and rows drawn a thousand at a time
 * ("show more") so a network-wide list stays quick to draw. The words come from the caller (the
 * reporting area's are translated); the export control is the caller's too.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError } from '../../../lib/api-client.ts';
import type { Language } from '../../../i18n/language.ts';
import { DataTable } from './data-table.tsx';
import { Pager, type PagerProps, type PagerText } from './pager.tsx';
import { ErrorAlert } from './query-state.tsx';
import { formatCell, type CellValue, type ReportColumn } from './report-columns.ts';

/** Rows drawn at first and per "show more": enough for any district, bounded for network-wide lists. */
export const ROWS_PER_PAGE = 1000;

export interface ReportTableText {
  loading: string;
  noData: string;
  failed: string;
  retry: string;
  showMore: (count: number, remaining: number) => string;
  pager: PagerText;
}

/** A server pager's place and how to move it (the table draws the pager). */
export type ReportPaging = Pick<PagerProps, 'label' | 'total' | 'offset' | 'limit' | 'busy' | 'onChange'>;

export interface ReportTableProps<Row> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Replaces a cell's text, e.g. the drill-down link of the first column. */
  renderCell?: (column: ReportColumn<Row>, row: Row, text: string) => ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  /** Controls shown left of the export control (the store-list exports). */
  toolbar?: ReactNode;
  /** Shown right of the toolbar: the export of the table. */
  exportControl?: ReactNode;
  /** Rows shown (and exported) after the data, e.g. the attendee totals. */
  footerRows?: readonly (readonly CellValue[])[];
  isLoading?: boolean;
  /** Another page is loading while this one is shown (server-paged tables): the table is marked busy. */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** A server-paged table's place, shown between the toolbar and the table. */
  paging?: ReportPaging | undefined;
  /** The text of an empty table (default `text.noData`). */
  emptyText?: string;
  text: ReportTableText;
  /** The language numbers are written in. */
  language: Language;
}

/** The query a table shows, as far as its loading, busy and error states go. */
export interface TableQuery {
  isPending: boolean;
  /** Set while a server-paged query shows the previous page as the next one loads. */
  isPlaceholderData?: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** A table's loading, busy (another page on its way) and error states, and its retry, from the query that feeds it. */
export function queryStateProps(query: TableQuery): Pick<ReportTableProps<unknown>, 'isLoading' | 'isFetching' | 'error' | 'onRetry'> {
  return { isLoading: query.isPending, isFetching: query.isPlaceholderData ?? false, error: query.error, onRetry: () => void query.refetch() };
}

/** A number column's classes: right-aligned. */
function numeric<Row>(column: ReportColumn<Row>): boolean {
  return Boolean(column.format && column.format !== 'text');
}

/** A cell's classes: numbers right-aligned, and the column's wrapping rule (styles/app.css). */
function cellClass<Row>(column: ReportColumn<Row>): string | undefined {
  const classes = [numeric(column) ? 'text-end text-nowrap' : '', column.wrap === 'nowrap' ? 'text-nowrap' : column.wrap === 'wide' ? 'cell-wide' : ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

export function ReportTable<Row>(props: ReportTableProps<Row>) {
  const { label, columns, rows, rowKey, renderCell, rowClassName, footerRows = [], isLoading = false, isFetching = false, error, onRetry, text, language } = props;
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  const visible = rows.length > limit ? rows.slice(0, limit) : rows;
  const hidden = rows.length - visible.length;
  const empty = !isLoading && !error && rows.length === 0;
  const placeholder = isLoading ? (
    <>
      <Spinner animation="border" size="sm" role="status" className="me-2" />
      {text.loading}
    </>
  ) : empty ? (
    (props.emptyText ?? text.noData)
  ) : undefined;

  return (
    <div className="report-table mb-4">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
        <div>{props.toolbar}</div>
        {props.exportControl}
      </div>
      {Boolean(error) && (
        // A 403 names what the viewer may not see (a code outside their report scope, in the reader's language); anything else may pass on a retry.
        <ErrorAlert error={error} message={error instanceof ApiError && error.status === 403 ? error.message : text.failed} retryLabel={text.retry} {...(onRetry ? { onRetry } : {})} />
      )}
      {!error && props.paging && <Pager {...props.paging} variant="report" text={text.pager} />}
      <DataTable
        label={label}
        columns={columns.map((column) => ({ header: column.header, ...(numeric(column) ? { className: 'text-end' } : {}) }))}
        rows={visible}
        rowKey={rowKey}
        rowProps={(row) => ({ className: rowClassName?.(row) })}
        busy={isLoading || isFetching}
        headClassName="table-dark"
        placeholder={placeholder}
        footer={
          !isLoading &&
          rows.length > 0 &&
          footerRows.length > 0 &&
          footerRows.map((cells, index) => (
            <tr key={index} className="fw-semibold">
              {columns.map((column, col) => (
                <td key={column.key}>{formatCell(cells[col] ?? null, 'text', language)}</td>
              ))}
            </tr>
          ))
        }
      >
        {(row) =>
          columns.map((column) => {
            const cell = formatCell(column.value(row), column.format, language);
            const name = column.named?.(row);
            return (
              <td key={column.key} className={cellClass(column)}>
                {renderCell ? (
                  renderCell(column, row, cell)
                ) : name ? (
                  <>
                    {name} <span className="cell-code">{cell}</span>
                  </>
                ) : (
                  cell
                )}
              </td>
            );
          })
        }
      </DataTable>
      {!isLoading && hidden > 0 && (
        <div className="text-center">
          <Button variant="outline-primary" size="sm" onClick={() => setLimit((n) => n + ROWS_PER_PAGE)}>
            {text.showMore(Math.min(hidden, ROWS_PER_PAGE), hidden)}
          </Button>
        </div>
      )}
    </div>
  );
}
