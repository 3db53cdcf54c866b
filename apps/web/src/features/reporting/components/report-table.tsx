import type { ReactNode } from 'react';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { CellValue, ReportColumn } from '../utils/report-columns.ts';
import { formatCell, toSheetData } from '../utils/report-columns.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ExportButton } from './export-button.tsx';
import { useFormat, useT } from '../../../i18n/use-t.ts';

/** Rows drawn at first and per "show more": enough for any district, bounded for network-wide lists. */
export const ROWS_PER_PAGE = 1000;

export interface ReportTableProps<Row> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Replaces a cell's text, e.g. the drill-down link of the first column. */
  renderCell?: (column: ReportColumn<Row>, row: Row, text: string) => ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  /** Controls shown left of the table's own export button (the store-list exports). */
  toolbar?: ReactNode;
  /** Rows shown (and exported) after the data, e.g. the attendee totals. */
  footerRows?: readonly (readonly CellValue[])[];
  exportFileName?: string | undefined;
  exportSheetName?: string | undefined;
  isLoading?: boolean;
  /** Another page is loading while this one is shown (server-paged tables): the table is marked busy. */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Replaces the browser export of the shown rows, e.g. a server export of every page. */
  exportControl?: ReactNode;
  /** Shown between the toolbar and the table, e.g. a pager. */
  pager?: ReactNode;
  /** The text of an empty table (default 'No data to display'). */
  emptyText?: string;
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

/** A 403 names what the viewer may not see (a code outside their report scope, in the reader's language); anything else may pass on a retry. */
function errorText(error: unknown, failed: string): string {
  if (error instanceof ApiError && error.status === 403) return error.message;
  return failed;
}

/** A cell's classes: numbers right-aligned, and the column's wrapping rule (styles/app.css). */
function cellClass<Row>(column: ReportColumn<Row>): string | undefined {
  const classes = [column.format && column.format !== 'text' ? 'text-end text-nowrap' : '', column.wrap === 'nowrap' ? 'text-nowrap' : column.wrap === 'wide' ? 'cell-wide' : ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

export function ReportTable<Row>(props: ReportTableProps<Row>) {
  const { label, columns, rows, rowKey, renderCell, rowClassName, footerRows = [], isLoading = false, isFetching = false, error, onRetry } = props;
  const t = useT();
  const { language } = useFormat();
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  const visible = rows.length > limit ? rows.slice(0, limit) : rows;
  const hidden = rows.length - visible.length;
  const empty = !isLoading && !error && rows.length === 0;

  return (
    <div className="report-table mb-4">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
        <div>{props.toolbar}</div>
        {props.exportControl ?? (
          <ExportButton
            fileName={props.exportFileName}
            sheetName={props.exportSheetName}
            disabled={isLoading || Boolean(error) || rows.length === 0}
            getData={() => toSheetData(columns, rows, footerRows)}
          />
        )}
      </div>
      {Boolean(error) && (
        <Alert variant="danger" className="d-flex align-items-center gap-3">
          <span>{errorText(error, t('reporting.table.failed'))}</span>
          {onRetry && (
            <Button size="sm" variant="outline-danger" onClick={onRetry}>
              {t('reporting.table.retry')}
            </Button>
          )}
        </Alert>
      )}
      {!error && props.pager}
      <Table striped bordered hover responsive size="sm" aria-label={label} aria-busy={isLoading || isFetching}>
        <thead className="table-dark">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.format && column.format !== 'text' ? 'text-end' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading && (
            <tr>
              <td colSpan={columns.length} className="text-center py-3">
                <Spinner animation="border" size="sm" role="status" className="me-2" />
                {t('reporting.table.loading')}
              </td>
            </tr>
          )}
          {empty && (
            <tr>
              <td colSpan={columns.length} className="text-center py-3">
                {props.emptyText ?? t('reporting.table.noData')}
              </td>
            </tr>
          )}
          {!isLoading &&
            visible.map((row, index) => (
              <tr key={rowKey(row, index)} className={rowClassName?.(row)}>
                {columns.map((column) => {
                  const text = formatCell(column.value(row), column.format, language);
                  const name = column.named?.(row);
                  return (
                    <td key={column.key} className={cellClass(column)}>
                      {renderCell ? (
                        renderCell(column, row, text)
                      ) : name ? (
                        <>
                          {name} <span className="cell-code">{text}</span>
                        </>
                      ) : (
                        text
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
        </tbody>
        {!isLoading && rows.length > 0 && footerRows.length > 0 && (
          <tfoot>
            {footerRows.map((cells, index) => (
              <tr key={index} className="fw-semibold">
                {columns.map((column, col) => (
                  <td key={column.key}>{formatCell(cells[col] ?? null, 'text', language)}</td>
                ))}
              </tr>
            ))}
          </tfoot>
        )}
      </Table>
      {!isLoading && hidden > 0 && (
        <div className="text-center">
          <Button variant="outline-primary" size="sm" onClick={() => setLimit((n) => n + ROWS_PER_PAGE)}>
            {t('reporting.table.showMore', { count: Math.min(hidden, ROWS_PER_PAGE), remaining: hidden })}
          </Button>
        </div>
      )}
    </div>
  );
}
