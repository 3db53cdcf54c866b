import type { AttendeeRow, AttendeeTypeCount } from '@portal/contracts';
import type { CellValue, ReportColumn } from '../../../components/ui/table/report-columns.ts';
import type { Translate } from './report-columns.ts';

/** The attendee reports that share the attendee row shape, by the slug of their route. */
export type AttendeeReportKind = 'candidate' | 'field' | 'corporate' | 'distributor' | 'sbr';

const col = (key: keyof AttendeeRow, header: string, wrap?: ReportColumn<AttendeeRow>['wrap']): ReportColumn<AttendeeRow> => ({
  key,
  header,
  value: (r) => r[key] ?? '',
  ...(wrap ? { wrap } : {}),
});

/** Columns per docs/design/web-rules.md, section 2, "Attendee reports"; Virtual Attendee only for a virtual program. */
export function attendeeColumns(t: Translate, kind: AttendeeReportKind, isVirtual: boolean): ReportColumn<AttendeeRow>[] {
  const NAME = col('atdName', t('reporting.column.attendeeName'));
  const STATUS = col('enrlStatusDesc', t('reporting.column.enrollmentStatus'));
  const ENROLLED = col('enrlDate', t('reporting.column.enrollDate'), 'nowrap');
  const ARRIVAL = col('arrivalDate', t('reporting.column.arrivalDate'), 'nowrap');
  const DEPARTURE = col('departuredate', t('reporting.column.departureDate'), 'nowrap');
  const VIRTUAL = col('virtualAttendee', t('reporting.column.virtualAttendee'));
  // Region and zone read by name on screen, the code beside it (the export keeps the code).
  const REGION: ReportColumn<AttendeeRow> = { ...col('region', t('reporting.level.region')), named: (r) => r.regionName };
  const ZONE: ReportColumn<AttendeeRow> = { ...col('zone', t('reporting.level.zone')), named: (r) => r.zoneName };
  let columns: ReportColumn<AttendeeRow>[];
  switch (kind) {
    case 'candidate':
      columns = [NAME, REGION, col('busName', t('reporting.column.storeName')), col('busCityState', t('reporting.column.storeCityState')), STATUS, ENROLLED];
      break;
    case 'field':
      columns = [NAME, REGION, ZONE, STATUS, ENROLLED, ARRIVAL, DEPARTURE];
      break;
    case 'distributor':
      columns = [NAME, col('busName', t('reporting.column.companyName')), STATUS, ENROLLED, ARRIVAL, DEPARTURE];
      break;
    case 'corporate':
    case 'sbr':
      columns = [NAME, STATUS, ENROLLED, ARRIVAL, DEPARTURE];
      break;
  }
  return isVirtual ? [...columns, VIRTUAL] : columns;
}

export interface AttendeeTotals {
  attendees: number;
  virtualAttendees: number;
}

/** Totals over the whole result: the server repeats them on every row; an empty result has none. */
export function attendeeTotals(rows: readonly AttendeeRow[]): AttendeeTotals {
  const first = rows[0];
  if (!first) return { attendees: 0, virtualAttendees: 0 };
  return {
    attendees: Number.isFinite(first.reccount) ? first.reccount : rows.length,
    virtualAttendees: Number.isFinite(first.virtualRecCount)
      ? first.virtualRecCount
      : rows.filter((r) => r.virtualAttendee === 'Yes').length,
  };
}

/**
 * The two footer rows appended to an attendee table (docs/design/web-rules.md, section 3): an empty one, then
 * 'Total Attendees:{count}', with 'Total Virtual Attendees:{count}' under the virtual column.
 */
export function attendeeFooterRows(t: Translate, columnCount: number, totals: AttendeeTotals, isVirtual: boolean): CellValue[][] {
  const empty: CellValue[] = Array.from({ length: columnCount }, () => '');
  const total: CellValue[] = [...empty];
  total[0] = t('reporting.attendees.total', { count: totals.attendees });
  if (isVirtual && columnCount > 1) total[columnCount - 1] = t('reporting.attendees.totalVirtual', { count: totals.virtualAttendees });
  return [empty, total];
}

export function travellerColumns(t: Translate): ReportColumn<AttendeeTypeCount>[] {
  return [
    { key: 'attendeedesc', header: t('reporting.column.travelerType'), value: (r) => r.attendeedesc },
    { key: 'totalenrolledAttendees', header: t('reporting.column.totalEnrollments'), value: (r) => r.totalenrolledAttendees, format: 'number' },
  ];
}
