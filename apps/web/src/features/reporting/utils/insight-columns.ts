import type { CoverageRow, EventComparisonRow, EventComparisonTotals, TimelineDay } from '@portal/contracts';
import type { ReportColumn } from './report-columns.ts';

/** A store's managers as one cell: "Name <e-mail> (enrolled|not enrolled)", separated by "; ". */
export function managersText(row: CoverageRow): string {
  return row.managers.map((m) => `${m.name || m.email} <${m.email}> (${m.enrolled ? 'enrolled' : 'not enrolled'})`).join('; ');
}

/** A store and where it stands in the network: the first columns of the coverage and comparison lists. */
function storePlaceColumns<Row extends Pick<CoverageRow, 'dlrnum' | 'storeName' | 'region' | 'zone' | 'district'>>(): ReportColumn<Row>[] {
  return [
    { key: 'dlrnum', header: 'Store Code', value: (r) => r.dlrnum },
    { key: 'storeName', header: 'Store Name', value: (r) => r.storeName },
    { key: 'region', header: 'Region', value: (r) => r.region },
    { key: 'zone', header: 'Zone', value: (r) => r.zone },
    { key: 'district', header: 'District', value: (r) => r.district },
  ];
}

export const coverageColumns: readonly ReportColumn<CoverageRow>[] = [
  ...storePlaceColumns(),
  { key: 'managers', header: 'Managers', value: managersText, wrap: 'wide' },
  { key: 'toRemind', header: 'Managers Not Enrolled', value: (r) => r.managers.filter((m) => !m.enrolled).length, format: 'number' },
];

export const timelineColumns: readonly ReportColumn<TimelineDay>[] = [
  { key: 'date', header: 'Date', value: (d) => d.date, wrap: 'nowrap' },
  { key: 'registrations', header: 'Registrations', value: (d) => d.registrations, format: 'number' },
  { key: 'cancellations', header: 'Cancellations', value: (d) => d.cancellations, format: 'number' },
  { key: 'cumulative', header: 'Enrolled (cumulative)', value: (d) => d.cumulative, format: 'number' },
];

export const comparisonColumns: readonly ReportColumn<EventComparisonRow>[] = [
  ...storePlaceColumns(),
  { key: 'nbc', header: 'nbc Enrolled', value: (r) => r.nbcEnrolled, format: 'number' },
  { key: 'abc', header: 'abc Enrolled', value: (r) => r.abcEnrolled, format: 'number' },
];

/** The comparison's totals row over every store of the scope (the server's totals, not the shown page's). */
export function comparisonTotals(totals: EventComparisonTotals, stores: number): string[] {
  return [
    `Total (${stores.toLocaleString('en-US')} store${stores === 1 ? '' : 's'})`,
    `${totals.nbcStores} stores at nbc, ${totals.abcStores} at abc, ${totals.bothStores} at both`,
    '',
    '',
    '',
    String(totals.nbcEnrolled),
    String(totals.abcEnrolled),
  ];
}
