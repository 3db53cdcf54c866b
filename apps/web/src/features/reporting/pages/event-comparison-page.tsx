import { useState } from 'react';
import { EVENT_COMPARISON_EXPORT_FILE_NAME, INSIGHT_PAGE_DEFAULT } from '@portal/contracts/insight-rules';
import { downloadReportFile } from '../api/download-hierarchy-workbook.ts';
import { useEventComparison } from '../api/get-event-comparison.ts';
import { ExcelExportButton } from '../components/hierarchy-workbook-button.tsx';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { queryStateProps } from '../../../components/ui/table/report-table.tsx';
import { ExcelReportTable } from '../components/excel-report-table.tsx';
import { insightName } from '../insight-catalogue.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { comparisonColumns, comparisonTotals } from '../utils/insight-columns.ts';
import { useT } from '../../../i18n/use-t.ts';

/** Per store of the caller's scope: enrolled attendees at nbc and at abc, side by side, a page at a time. */
export function EventComparisonPage() {
  const t = useT();
  const name = t(insightName('comparison'));
  const [offset, setOffset] = useState(0);
  const limit = INSIGHT_PAGE_DEFAULT;
  const query = useEventComparison({ offset, limit });
  const data = query.data;
  const rows = data?.rows ?? [];
  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <ExcelReportTable
        label={name}
        columns={comparisonColumns(t)}
        rows={rows}
        rowKey={(row) => row.dlrnum}
        footerRows={data && data.total ? [comparisonTotals(t, data.totals, data.total)] : []}
        {...queryStateProps(query)}
        emptyText={t('reporting.comparison.empty')}
        exportControl={<ExcelExportButton download={(signal) => downloadReportFile('/api/Report/EventComparison/Export', {}, EVENT_COMPARISON_EXPORT_FILE_NAME, signal)} />}
        paging={data && { label: t('reporting.pager.label', { name }), total: data.total, offset: data.offset, limit: data.limit, busy: query.isPlaceholderData, onChange: setOffset }}
      />
    </ReportPageLayout>
  );
}
