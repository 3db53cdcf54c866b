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
import type { MessageId } from '../../../i18n/messages/ids.ts';
import { useT } from '../../../i18n/use-t.ts';

export type HierarchyLevel = 1 | 2 | 3;

/** A level's words are catalog ids, read in the page's language. */
interface LevelSpec<Row extends StoreCounts> {
  heading: MessageId;
  /** The table's name and its first column's header. */
  label: MessageId;
  nameHeader: MessageId;
  /** The rows of this level for the drill-down's region and zone (a hook: the level of a page never changes). */
  useRows: (drillDown: DrillDown) => UseQueryResult<Row[]>;
  keyOf: (row: Row) => string;
  nameOf: (row: Row) => string;
  linkOf: (row: Row, drillDown: DrillDown) => string;
  exportFileName: MessageId;
  /** The stores of the region (zone level) or the zone (district level), exported from here. */
  storeExports?: (drillDown: DrillDown) => { level: StoreDataLevel; region: string; zone: string };
}

/** A level whose row type stays with its own functions. */
type Level = (table: <Row extends StoreCounts>(spec: LevelSpec<Row>) => ReactElement) => ReactElement;
const level =
  <Row extends StoreCounts>(spec: LevelSpec<Row>): Level =>
  (table) =>
    table(spec);

const LEVELS: Record<HierarchyLevel, Level> = {
  1: level<RegionRow>({
    heading: 'reporting.hierarchy.region.heading',
    label: 'reporting.hierarchy.region.label',
    nameHeader: 'reporting.level.region',
    useRows: () => useRegionEnrollments(),
    keyOf: (row) => row.regionCode,
    nameOf: (row) => row.regdescription,
    linkOf: (row) => reportingPaths.zone(row.regionCode, { regionName: row.regdescription }),
    exportFileName: EXPORT_NAMES.region,
  }),
  2: level<ZoneRow>({
    heading: 'reporting.hierarchy.zone.heading',
    label: 'reporting.hierarchy.zone.label',
    nameHeader: 'reporting.level.zone',
    useRows: (d) => useZoneEnrollments(d.regionCode),
    keyOf: (row) => row.zonecode,
    nameOf: (row) => row.zonename,
    linkOf: (row, d) => reportingPaths.district(d.regionCode, row.zonecode, { regionName: d.regionName, zoneName: row.zonename }),
    exportFileName: EXPORT_NAMES.zone,
    storeExports: (d) => ({ level: 'Region', region: d.regionCode, zone: '' }),
  }),
  3: level<DistrictRow>({
    heading: 'reporting.hierarchy.district.heading',
    label: 'reporting.hierarchy.district.label',
    nameHeader: 'reporting.level.district',
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
  const t = useT();
  const fileName = t(spec.exportFileName);
  return (
    <ReportPageLayout heading={t(spec.heading)} crumbs={breadcrumbFor(drillDown, { menu: t('reporting.breadcrumb.menu'), region: t('reporting.level.region') })} backTo={parentPathOf(drillDown)}>
      <StoreCountTable
        label={t(spec.label)}
        nameHeader={t(spec.nameHeader)}
        rows={query.data}
        keyOf={spec.keyOf}
        nameOf={spec.nameOf}
        linkOf={(row) => spec.linkOf(row, drillDown)}
        exportFileName={fileName}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        toolbar={exports && <StoreExports {...exports} fileName={fileName} isVirtual={isVirtual} />}
      />
    </ReportPageLayout>
  );
}

export function HierarchyReportPage({ level: at }: { level: HierarchyLevel }) {
  const drillDown = useDrillDown(at);
  // Keyed by level: a table's own state (its page) does not follow the reader one level down.
  return LEVELS[at]((spec) => <LevelTable key={at} spec={spec} drillDown={drillDown} />);
}
