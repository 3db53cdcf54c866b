import type { StoreCounts } from '@portal/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayNameOf, isGrandTotalKey } from '../utils/grand-total.ts';
import { storeCountColumns } from '../utils/store-columns.ts';
import { ExcelReportTable } from './excel-report-table.tsx';
import { useT } from '../../../i18n/use-t.ts';

export interface StoreCountTableProps<Row extends StoreCounts> {
  label: string;
  /** Header of the first column: Region, Zone or District. */
  nameHeader: string;
  rows: readonly Row[] | undefined;
  keyOf: (row: Row) => string;
  nameOf: (row: Row) => string;
  /** The drill-down link of a row. */
  linkOf: (row: Row) => string;
  exportFileName: string;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  toolbar?: ReactNode;
}

/** A region, zone or district table: the name drills down, except on the 'zzz' Grand Total row. */
export function StoreCountTable<Row extends StoreCounts>(props: StoreCountTableProps<Row>) {
  const { keyOf, nameOf, linkOf } = props;
  const t = useT();
  const grandTotal = t('reporting.grandTotal');
  const columns = storeCountColumns<Row>(t, props.nameHeader, (row) => displayNameOf(keyOf(row), nameOf(row), grandTotal));
  return (
    <ExcelReportTable
      label={props.label}
      columns={columns}
      rows={props.rows ?? []}
      rowKey={(row, index) => `${keyOf(row)}-${index}`}
      rowClassName={(row) => (isGrandTotalKey(keyOf(row)) ? 'fw-bold grand-total' : undefined)}
      renderCell={(column, row, text) =>
        column.key === 'name' && !isGrandTotalKey(keyOf(row)) ? <Link to={linkOf(row)}>{text}</Link> : text
      }
      exportFileName={props.exportFileName}
      isLoading={props.isLoading}
      error={props.error}
      onRetry={props.onRetry}
      toolbar={props.toolbar}
    />
  );
}
