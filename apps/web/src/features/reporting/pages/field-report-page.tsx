import { useAllRegions } from '../api/get-all-regions.ts';
import { useZonesByRegion } from '../api/get-all-zones-by-region.ts';
import { useEnrollmentReportsByType } from '../api/get-enrollment-reports-by-type.ts';
import { useFieldReportData } from '../api/get-field-report-data.ts';
import { AttendeeTable } from '../components/attendee-table.tsx';
import { FieldFilters } from '../components/field-filters.tsx';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { useFieldFilters } from '../hooks/use-field-filters.ts';
import { useReportName } from '../hooks/use-report-name.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { ALL_CODES } from '@portal/contracts/rules';

/**
 * The field report: unfiltered it is GetEnrollmentReportsByType (ALL, type 1); with a region or zone
 * chosen, GetFieldReportData. Zones follow the chosen region.
 */
export function FieldReportPage() {
  const name = useReportName('field');
  const filters = useFieldFilters();
  const unfiltered = filters.region === ALL_CODES && filters.zone === ALL_CODES;

  const regions = useAllRegions();
  const zones = useZonesByRegion(filters.region);
  const initial = useEnrollmentReportsByType(ALL_CODES, 1, unfiltered);
  const filtered = useFieldReportData(filters.region, filters.zone, !unfiltered);
  const query = unfiltered ? initial : filtered;

  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <FieldFilters
        region={filters.region}
        zone={filters.zone}
        regions={regions.data ?? []}
        zones={zones.data ?? []}
        zonesLoading={zones.isPending}
        onRegionChange={filters.setRegion}
        onZoneChange={filters.setZone}
        onClear={filters.clear}
      />
      <AttendeeTable kind="field" reportName={name} query={query} />
    </ReportPageLayout>
  );
}
