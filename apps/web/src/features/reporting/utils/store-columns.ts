import type { StoreCounts, StoreRow } from '@portal/contracts';
import type { ReportColumn } from './report-columns.ts';

/** The nine columns of the region, zone and district tables (docs/design/web-rules.md, section 2). */
export function storeCountColumns<Row extends StoreCounts>(
  nameHeader: string,
  name: (row: Row) => string,
): ReportColumn<Row>[] {
  return [
    { key: 'name', header: nameHeader, value: name },
    { key: 'totDealer', header: 'Total Stores', value: (r) => r.totDealer, format: 'number' },
    { key: 'enrollDealer', header: 'Stores Enrolled', value: (r) => r.enrollDealer, format: 'number' },
    { key: 'pctEnrollDlr', header: '% Enrolled', value: (r) => r.pctEnrollDlr, format: 'percent' },
    { key: 'notEnrolled', header: 'Stores Not Enrolled', value: (r) => r.notEnrolled, format: 'number' },
    { key: 'pctnotenrolled', header: '% Not Enrolled', value: (r) => r.pctnotenrolled, format: 'percent' },
    { key: 'objreq', header: 'Stores to Reach Objective', value: (r) => r.objreq, format: 'number' },
    { key: 'fixPctObjReq', header: '% Objective', value: (r) => r.fixPctObjReq, format: 'percent' },
    { key: 'objCount', header: 'Stores Remaining to Reach Objective', value: (r) => r.objCount, format: 'number' },
  ];
}

const VIRTUAL_COLUMN: ReportColumn<StoreRow> = {
  key: 'virtualAttendee',
  header: 'Virtual Attendee',
  value: (r) => r.virtualAttendee,
};

/** The store enrollment detail table. */
export function storeDetailColumns(isVirtual: boolean): ReportColumn<StoreRow>[] {
  const columns: ReportColumn<StoreRow>[] = [
    { key: 'zoneName', header: 'Zone', value: (r) => r.zoneName },
    { key: 'districtName', header: 'District', value: (r) => r.districtName },
    { key: 'dlrnum', header: 'Store Code', value: (r) => r.dlrnum, wrap: 'nowrap' },
    { key: 'dealerName', header: 'Store Name', value: (r) => r['dealer Name'] },
    { key: 'cityState', header: 'City/State', value: (r) => r.cityState },
    { key: 'enrlStatusDesc', header: 'Enrollment Status', value: (r) => r.enrlStatusDesc },
    { key: 'enrlDate', header: 'Enroll Date', value: (r) => r.enrlDate, wrap: 'nowrap' },
    { key: 'atdName', header: 'Attendee Name', value: (r) => r.atdName },
  ];
  return isVirtual ? [...columns, VIRTUAL_COLUMN] : columns;
}

/** The store lists of the all / enrolled / not enrolled exports: the detail columns, led by the region. */
export function storeExportColumns(isVirtual: boolean): ReportColumn<StoreRow>[] {
  return [{ key: 'region', header: 'Region', value: (r) => r.region }, ...storeDetailColumns(isVirtual)];
}
