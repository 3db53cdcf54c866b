import { useEventComparison } from '../api/get-event-comparison.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { INSIGHT_NAMES } from '../insight-catalogue.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { comparisonColumns, comparisonTotals } from '../utils/insight-columns.ts';

/** Per store of the caller's scope: enrolled attendees at nbc and at abc, side by side. */
export function EventComparisonPage() {
  const name = INSIGHT_NAMES.comparison;
  const query = useEventComparison();
  const rows = query.data?.rows ?? [];
  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <ReportTable
        label={name}
        columns={comparisonColumns}
        rows={rows}
        rowKey={(row) => row.dlrnum}
        footerRows={rows.length ? [comparisonTotals(rows)] : []}
        exportFileName={name}
        exportSheetName="Stores"
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    </ReportPageLayout>
  );
}
