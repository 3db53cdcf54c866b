import { useRegionEnrollments } from '../api/get-enrollments.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { StoreCountTable } from '../components/store-count-table.tsx';
import { useDrillDown } from '../hooks/use-drill-down.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { breadcrumbFor, parentPathOf } from '../utils/drill-down.ts';
import { EXPORT_NAMES } from '../utils/export-file-name.ts';

export const REGION_HEADING = 'STORE ENROLLMENT REPORT BY REGION';

export function RegionReportPage() {
  const drillDown = useDrillDown(1);
  const query = useRegionEnrollments();
  return (
    <ReportPageLayout heading={REGION_HEADING} crumbs={breadcrumbFor(drillDown)} backTo={parentPathOf(drillDown)}>
      <StoreCountTable
        label="Store enrollment by region"
        nameHeader="Region"
        rows={query.data}
        keyOf={(row) => row.regionCode}
        nameOf={(row) => row.regdescription}
        linkOf={(row) => reportingPaths.zone(row.regionCode, { regionName: row.regdescription })}
        exportFileName={EXPORT_NAMES.region}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    </ReportPageLayout>
  );
}
