import type { AttendeeRow } from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useReportUser } from '../hooks/use-report-user.ts';
import type { AttendeeReportKind } from '../utils/attendee-columns.ts';
import { attendeeColumns, attendeeFooterRows, attendeeTotals } from '../utils/attendee-columns.ts';
import { queryStateProps } from '../../../components/ui/table/report-table.tsx';
import { ExcelReportTable } from './excel-report-table.tsx';
import { useT } from '../../../i18n/use-t.ts';

export interface AttendeeTableProps {
  kind: AttendeeReportKind;
  reportName: string;
  /** The report's rows as they load (a retry refetches them). */
  query: Pick<UseQueryResult<AttendeeRow[]>, 'data' | 'isPending' | 'error' | 'refetch'>;
}

/** An attendee report table with its footer rows (an empty one, then the totals); virtual columns for a virtual program. */
export function AttendeeTable({ kind, reportName, query }: AttendeeTableProps) {
  const { isVirtual } = useReportUser();
  const t = useT();
  const rows = query.data ?? [];
  const columns = attendeeColumns(t, kind, isVirtual);
  const totals = attendeeTotals(rows);
  return (
    <ExcelReportTable
      label={reportName}
      columns={columns}
      rows={rows}
      rowKey={(row, index) => `${row.atdName}-${index}`}
      footerRows={attendeeFooterRows(t, columns.length, totals, isVirtual)}
      exportFileName={reportName}
      {...queryStateProps(query)}
    />
  );
}
