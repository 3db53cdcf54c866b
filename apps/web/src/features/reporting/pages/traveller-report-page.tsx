import { useReportAttendeeCountByType } from '../api/get-report-attendee-count-by-type.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { queryStateProps } from '../../../components/ui/table/report-table.tsx';
import { ExcelReportTable } from '../components/excel-report-table.tsx';
import { useReportName } from '../hooks/use-report-name.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { travellerColumns } from '../utils/attendee-columns.ts';
import { useT } from '../../../i18n/use-t.ts';

export function TravellerReportPage() {
  const name = useReportName('traveller');
  const query = useReportAttendeeCountByType();
  const t = useT();
  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <ExcelReportTable
        label={name}
        columns={travellerColumns(t)}
        rows={query.data ?? []}
        rowKey={(row, index) => `${row.attendeedesc}-${index}`}
        exportFileName={name}
        {...queryStateProps(query)}
      />
    </ReportPageLayout>
  );
}
