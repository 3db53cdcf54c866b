import type { AttendeeRow } from '@portal/contracts';
import type { AttendeeReportKind } from '../utils/attendee-columns.ts';
import { attendeeColumns, attendeeFooterRows, attendeeTotals } from '../utils/attendee-columns.ts';
import { ReportTable } from './report-table.tsx';

export interface AttendeeTableProps {
  kind: AttendeeReportKind;
  reportName: string;
  rows: readonly AttendeeRow[] | undefined;
  isVirtual: boolean;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** An attendee report table with its footer rows (an empty one, then the totals). */
export function AttendeeTable({ kind, reportName, rows = [], isVirtual, isLoading, error, onRetry }: AttendeeTableProps) {
  const columns = attendeeColumns(kind, isVirtual);
  const totals = attendeeTotals(rows);
  return (
    <ReportTable
      label={reportName}
      columns={columns}
      rows={rows}
      rowKey={(row, index) => `${row.atdName}-${index}`}
      footerRows={attendeeFooterRows(columns.length, totals, isVirtual)}
      exportFileName={reportName}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
    />
  );
}
