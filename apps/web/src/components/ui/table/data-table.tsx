/**
 * The console's list table: a column list for the head, one row per item. The cells stay the
 * page's own (what a cell shows is the page's business); the head, the table's look, its label and
 * its busy state are the kit's.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { SortHeader } from './sort-header.tsx';

export interface Column {
  header: ReactNode;
  /** E.g. `text-end` for numbers. */
  className?: string;
  /** Shown to screen readers only (an actions column). */
  hidden?: boolean;
  /** The server-side sort field this column's header sorts by (with the table's `sort`). */
  sortKey?: string;
}

/** A header alone, or the whole column. */
export type ColumnSpec = string | Column;

export interface DataTableProps<Row> {
  label: string;
  columns: ColumnSpec[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** The cells of one row. */
  children: (row: Row) => ReactNode;
  /** Attributes of a row's `<tr>` (a class for the selected one, a test id). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  busy?: boolean;
  /** The compact bordered list (default) or the plain small table of a side panel. */
  variant?: 'list' | 'plain';
  /** Stripes and row highlight on hover, on the list variant (both default on). */
  striped?: boolean;
  hover?: boolean;
  /** Classes of the `<thead>` (a report's dark head). */
  headClassName?: string;
  /** One full-width row shown instead of the rows (loading, nothing to show). */
  placeholder?: ReactNode;
  /** Rows below the body (`<tr>`s of totals), in a `<tfoot>`. */
  footer?: ReactNode;
  className?: string;
  /** The list's sort now (e.g. `-updatedAt`) and how to change it, for columns with a `sortKey`. */
  sort?: { current: string; onSort: (sort: string) => void };
}

/** The actions column's head: named for screen readers, empty on screen. */
export const ACTIONS: Column = { header: 'Actions', hidden: true };

export function DataTable<Row>({ label, columns, rows, rowKey, children, rowProps, busy, variant = 'list', striped = true, hover = true, headClassName, placeholder, footer, className, sort }: DataTableProps<Row>) {
  const look = variant === 'list' ? { striped, bordered: true, hover, responsive: true } : {};
  return (
    <Table {...look} size="sm" className={className} aria-label={label} aria-busy={busy}>
      <thead className={headClassName}>
        <tr>
          {columns.map((spec, i) => {
            const column = typeof spec === 'string' ? { header: spec } : spec;
            if (column.sortKey && sort) {
              return <SortHeader key={i} column={column.sortKey} label={String(column.header)} current={sort.current} onSort={sort.onSort} {...(column.className ? { className: column.className } : {})} />;
            }
            return (
              <th key={i} scope="col" className={column.className}>
                {column.hidden ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {placeholder ? (
          <tr>
            <td colSpan={columns.length} className="text-center py-3">
              {placeholder}
            </td>
          </tr>
        ) : (
          rows.map((row, index) => (
            <tr key={rowKey(row, index)} {...rowProps?.(row)}>
              {children(row)}
            </tr>
          ))
        )}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </Table>
  );
}
