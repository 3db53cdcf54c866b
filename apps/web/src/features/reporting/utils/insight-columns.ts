import type { CoverageRow, EventComparisonRow, EventComparisonTotals, TimelineDay } from '@portal/contracts';
import type { ReportColumn } from '../../../components/ui/table/report-columns.ts';
import type { Translate } from './report-columns.ts';

/** A store's managers as one cell: "Name <e-mail> (enrolled|not enrolled)", separated by "; ". */
export function managersText(t: Translate, row: CoverageRow): string {
  const status = (enrolled: boolean) => t(enrolled ? 'reporting.coverage.manager.enrolled' : 'reporting.coverage.manager.notEnrolled');
  return row.managers.map((m) => `${m.name || m.email} <${m.email}> (${status(m.enrolled)})`).join('; ');
}

/** A store and where it stands in the network: the first columns of the coverage and comparison lists. */
function storePlaceColumns<Row extends Pick<CoverageRow, 'dlrnum' | 'storeName' | 'region' | 'zone' | 'district'>>(t: Translate): ReportColumn<Row>[] {
  return [
    { key: 'dlrnum', header: t('reporting.column.storeCode'), value: (r) => r.dlrnum },
    { key: 'storeName', header: t('reporting.column.storeName'), value: (r) => r.storeName },
    { key: 'region', header: t('reporting.level.region'), value: (r) => r.region },
    { key: 'zone', header: t('reporting.level.zone'), value: (r) => r.zone },
    { key: 'district', header: t('reporting.level.district'), value: (r) => r.district },
  ];
}

export function coverageColumns(t: Translate): ReportColumn<CoverageRow>[] {
  return [
    ...storePlaceColumns<CoverageRow>(t),
    { key: 'managers', header: t('reporting.column.managers'), value: (r) => managersText(t, r), wrap: 'wide' },
    { key: 'toRemind', header: t('reporting.column.managersNotEnrolled'), value: (r) => r.managers.filter((m) => !m.enrolled).length, format: 'number' },
  ];
}

export function timelineColumns(t: Translate): ReportColumn<TimelineDay>[] {
  return [
    { key: 'date', header: t('reporting.column.date'), value: (d) => d.date, wrap: 'nowrap' },
    { key: 'registrations', header: t('reporting.column.registrations'), value: (d) => d.registrations, format: 'number' },
    { key: 'cancellations', header: t('reporting.column.cancellations'), value: (d) => d.cancellations, format: 'number' },
    { key: 'cumulative', header: t('reporting.column.cumulative'), value: (d) => d.cumulative, format: 'number' },
  ];
}

export function comparisonColumns(t: Translate): ReportColumn<EventComparisonRow>[] {
  return [
    ...storePlaceColumns<EventComparisonRow>(t),
    { key: 'nbc', header: t('reporting.column.nbcEnrolled'), value: (r) => r.nbcEnrolled, format: 'number' },
    { key: 'abc', header: t('reporting.column.abcEnrolled'), value: (r) => r.abcEnrolled, format: 'number' },
  ];
}

/** The comparison's totals row over every store of the scope (the server's totals, not the shown page's). */
export function comparisonTotals(t: Translate, totals: EventComparisonTotals, stores: number): string[] {
  return [
    t('reporting.comparison.total', { stores }),
    t('reporting.comparison.totalStores', { nbc: totals.nbcStores, abc: totals.abcStores, both: totals.bothStores }),
    '',
    '',
    '',
    String(totals.nbcEnrolled),
    String(totals.abcEnrolled),
  ];
}
