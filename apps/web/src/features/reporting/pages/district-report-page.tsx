import { useDistrictEnrollments } from '../api/get-enrollments.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { StoreCountTable } from '../components/store-count-table.tsx';
import { StoreExports } from '../components/store-exports.tsx';
import { useDrillDown } from '../hooks/use-drill-down.ts';
import { useReportUser } from '../hooks/use-report-user.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { breadcrumbFor, parentPathOf } from '../utils/drill-down.ts';
import { EXPORT_NAMES } from '../utils/export-file-name.ts';

export const DISTRICT_HEADING = 'STORE ENROLLMENT REPORT BY DISTRICT';

export function DistrictReportPage() {
  const drillDown = useDrillDown(3);
  const { isVirtual } = useReportUser();
  const query = useDistrictEnrollments(drillDown.regionCode, drillDown.zoneCode);
  return (
    <ReportPageLayout heading={DISTRICT_HEADING} crumbs={breadcrumbFor(drillDown)} backTo={parentPathOf(drillDown)}>
      <StoreCountTable
        label="Store enrollment by district"
        nameHeader="District"
        rows={query.data}
        keyOf={(row) => row.district}
        nameOf={(row) => row.districtname}
        linkOf={(row) =>
          reportingPaths.storeDetail(drillDown.regionCode, drillDown.zoneCode, row.district, {
            regionName: drillDown.regionName,
            zoneName: drillDown.zoneName,
            districtName: row.districtname,
          })
        }
        exportFileName={EXPORT_NAMES.district}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        toolbar={
          <StoreExports
            level="Zone"
            region={drillDown.regionCode}
            zone={drillDown.zoneCode}
            fileName={EXPORT_NAMES.district}
            isVirtual={isVirtual}
          />
        }
      />
    </ReportPageLayout>
  );
}
