import { useZoneEnrollments } from '../api/get-enrollments.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { StoreCountTable } from '../components/store-count-table.tsx';
import { StoreExports } from '../components/store-exports.tsx';
import { useDrillDown } from '../hooks/use-drill-down.ts';
import { useReportUser } from '../hooks/use-report-user.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { breadcrumbFor, parentPathOf } from '../utils/drill-down.ts';
import { EXPORT_NAMES } from '../utils/export-file-name.ts';

export const ZONE_HEADING = 'STORE ENROLLMENT REPORT BY ZONE';

export function ZoneReportPage() {
  const drillDown = useDrillDown(2);
  const { isVirtual } = useReportUser();
  const query = useZoneEnrollments(drillDown.regionCode);
  return (
    <ReportPageLayout heading={ZONE_HEADING} crumbs={breadcrumbFor(drillDown)} backTo={parentPathOf(drillDown)}>
      <StoreCountTable
        label="Store enrollment by zone"
        nameHeader="Zone"
        rows={query.data}
        keyOf={(row) => row.zonecode}
        nameOf={(row) => row.zonename}
        linkOf={(row) =>
          reportingPaths.district(drillDown.regionCode, row.zonecode, {
            regionName: drillDown.regionName,
            zoneName: row.zonename,
          })
        }
        exportFileName={EXPORT_NAMES.zone}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        toolbar={
          <StoreExports
            level="Region"
            region={drillDown.regionCode}
            zone=""
            fileName={EXPORT_NAMES.zone}
            isVirtual={isVirtual}
          />
        }
      />
    </ReportPageLayout>
  );
}
