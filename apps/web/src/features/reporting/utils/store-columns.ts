import type { StoreCounts, StoreRow } from '@portal/contracts';
import type { ReportColumn } from '../../../components/ui/table/report-columns.ts';
import type { Translate } from './report-columns.ts';

/** The nine columns of the region, zone and district tables (docs/design/web-rules.md, section 2). */
export function storeCountColumns<Row extends StoreCounts>(
  t: Translate,
  nameHeader: string,
  name: (row: Row) => string,
): ReportColumn<Row>[] {
  return [
    { key: 'name', header: nameHeader, value: name },
    { key: 'totDealer', header: t('reporting.column.totalStores'), value: (r) => r.totDealer, format: 'number' },
    { key: 'enrollDealer', header: t('reporting.column.storesEnrolled'), value: (r) => r.enrollDealer, format: 'number' },
    { key: 'pctEnrollDlr', header: t('reporting.column.pctEnrolled'), value: (r) => r.pctEnrollDlr, format: 'percent' },
    { key: 'notEnrolled', header: t('reporting.column.storesNotEnrolled'), value: (r) => r.notEnrolled, format: 'number' },
    { key: 'pctnotenrolled', header: t('reporting.column.pctNotEnrolled'), value: (r) => r.pctnotenrolled, format: 'percent' },
    { key: 'objreq', header: t('reporting.column.storesToObjective'), value: (r) => r.objreq, format: 'number' },
    { key: 'fixPctObjReq', header: t('reporting.column.pctObjective'), value: (r) => r.fixPctObjReq, format: 'percent' },
    { key: 'objCount', header: t('reporting.column.storesRemaining'), value: (r) => r.objCount, format: 'number' },
  ];
}

const virtualColumn = (t: Translate): ReportColumn<StoreRow> => ({
  key: 'virtualAttendee',
  header: t('reporting.column.virtualAttendee'),
  value: (r) => r.virtualAttendee,
});

/** The store enrollment detail table. */
export function storeDetailColumns(t: Translate, isVirtual: boolean): ReportColumn<StoreRow>[] {
  const columns: ReportColumn<StoreRow>[] = [
    { key: 'zoneName', header: t('reporting.level.zone'), value: (r) => r.zoneName },
    { key: 'districtName', header: t('reporting.level.district'), value: (r) => r.districtName },
    { key: 'dlrnum', header: t('reporting.column.storeCode'), value: (r) => r.dlrnum, wrap: 'nowrap' },
    { key: 'dealerName', header: t('reporting.column.storeName'), value: (r) => r['dealer Name'] },
    { key: 'cityState', header: t('reporting.column.cityState'), value: (r) => r.cityState },
    { key: 'enrlStatusDesc', header: t('reporting.column.enrollmentStatus'), value: (r) => r.enrlStatusDesc },
    { key: 'enrlDate', header: t('reporting.column.enrollDate'), value: (r) => r.enrlDate, wrap: 'nowrap' },
    { key: 'atdName', header: t('reporting.column.attendeeName'), value: (r) => r.atdName },
  ];
  return isVirtual ? [...columns, virtualColumn(t)] : columns;
}

/** The store lists of the all / enrolled / not enrolled exports: the detail columns, led by the region. */
export function storeExportColumns(t: Translate, isVirtual: boolean): ReportColumn<StoreRow>[] {
  return [{ key: 'region', header: t('reporting.level.region'), value: (r) => r.region }, ...storeDetailColumns(t, isVirtual)];
}
