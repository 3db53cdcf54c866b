/**
 * The region, zone and district reports (docs/reports.md): one page for the three levels of the
 * drill-down, each a table of store counts whose names lead one level down. The zone and district
 * levels add the store exports of the region or zone they show.
 */
import type { DistrictRow, RegionRow, StoreCounts, StoreDataLevel, ZoneRow } from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useDistrictEnrollments, useRegionEnrollments, useZoneEnrollments } from '../api/get-enrollments.ts';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { StoreCountTable } from '../components/store-count-table.tsx';
import { StoreExports } from '../components/store-exports.tsx';
import { useDrillDown } from '../hooks/use-drill-down.ts';
import { useReportUser } from '../hooks/use-report-user.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { breadcrumbFor, parentPathOf, type DrillDown } from '../utils/drill-down.ts';
import { EXPORT_NAMES } from '../utils/export-file-name.ts';

export type HierarchyLevel = 1 | 2 | 3;

interface LevelSpec<Row extends StoreCounts> {
  heading: string;
  /** The table's name and its first column's header. */
  label: string;
  nameHeader: string;
  /** The rows of this level for the drill-down's region and zone (a hook: the level of a page never changes). */
  useRows: (drillDown: DrillDown) => UseQueryResult<Row[]>;
  keyOf: (row: Row) => string;
  nameOf: (row: Row) => string;
  linkOf: (row: Row, drillDown: DrillDown) => string;
  exportFileName: string;
  /** The stores of the region (zone level) or the zone (district level), exported from here. */
  storeExports?: (drillDown: DrillDown) => { level: StoreDataLevel; region: string; zone: string };
}

/** A level whose row type stays with its own functions. */
type Level = (table: <Row extends StoreCounts>(spec: LevelSpec<Row>) => ReactElement) => ReactElement;
const level =
  <Row extends StoreCounts>(spec: LevelSpec<Row>): Level =>
  (table) =>
    table(spec);

export const REGION_HEADING = 'STORE ENROLLMENT REPORT BY REGION';
export const ZONE_HEADING = 'STORE ENROLLMENT REPORT BY ZONE';
export const DISTRICT_HEADING = 'STORE ENROLLMENT REPORT BY DISTRICT';

const LEVELS: Record<HierarchyLevel, Level> = {
  1: level<RegionRow>({
    heading: REGION_HEADING,
    label: 'Store enrollment by region',
    nameHeader: 'Region',
    useRows: () => useRegionEnrollments(),
    keyOf: (row) => row.regionCode,
    nameOf: (row) => row.regdescription,
    linkOf: (row) => reportingPaths.zone(row.regionCode, { regionName: row.regdescription }),
    exportFileName: EXPORT_NAMES.region,
  }),
  2: level<ZoneRow>({
    heading: ZONE_HEADING,
    label: 'Store enrollment by zone',
    nameHeader: 'Zone',
    useRows: (d) => useZoneEnrollments(d.regionCode),
    keyOf: (row) => row.zonecode,
    nameOf: (row) => row.zonename,
    linkOf: (row, d) => reportingPaths.district(d.regionCode, row.zonecode, { regionName: d.regionName, zoneName: row.zonename }),
    exportFileName: EXPORT_NAMES.zone,
    storeExports: (d) => ({ level: 'Region', region: d.regionCode, zone: '' }),
  }),
  3: level<DistrictRow>({
    heading: DISTRICT_HEADING,
    label: 'Store enrollment by district',
    nameHeader: 'District',
    useRows: (d) => useDistrictEnrollments(d.regionCode, d.zoneCode),
    keyOf: (row) => row.district,
    nameOf: (row) => row.districtname,
    linkOf: (row, d) =>
      reportingPaths.storeDetail(d.regionCode, d.zoneCode, row.district, { regionName: d.regionName, zoneName: d.zoneName, districtName: row.districtname }),
    exportFileName: EXPORT_NAMES.district,
    storeExports: (d) => ({ level: 'Zone', region: d.regionCode, zone: d.zoneCode }),
  }),
};

function LevelTable<Row extends StoreCounts>({ spec, drillDown }: { spec: LevelSpec<Row>; drillDown: DrillDown }) {
  const { isVirtual } = useReportUser();
  const query = spec.useRows(drillDown);
  const exports = spec.storeExports?.(drillDown);
  return (
    <ReportPageLayout heading={spec.heading} crumbs={breadcrumbFor(drillDown)} backTo={parentPathOf(drillDown)}>
      <StoreCountTable
        label={spec.label}
        nameHeader={spec.nameHeader}
        rows={query.data}
        keyOf={spec.keyOf}
        nameOf={spec.nameOf}
        linkOf={(row) => spec.linkOf(row, drillDown)}
        exportFileName={spec.exportFileName}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        toolbar={exports && <StoreExports {...exports} fileName={spec.exportFileName} isVirtual={isVirtual} />}
      />
    </ReportPageLayout>
  );
}

export function HierarchyReportPage({ level: at }: { level: HierarchyLevel }) {
  const drillDown = useDrillDown(at);
  // Keyed by level: a table's own state (its page) does not follow the reader one level down.
  return LEVELS[at]((spec) => <LevelTable key={at} spec={spec} drillDown={drillDown} />);
}
