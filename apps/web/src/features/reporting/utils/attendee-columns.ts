import type { AttendeeRow, AttendeeTypeCount } from '@portal/contracts';
import type { CellValue, ReportColumn } from './report-columns.ts';

/** The attendee reports that share the attendee row shape, by the slug of their route. */
export type AttendeeReportKind = 'candidate' | 'field' | 'corporate' | 'distributor' | 'sbr';

const col = (key: keyof AttendeeRow, header: string, wrap?: ReportColumn<AttendeeRow>['wrap']): ReportColumn<AttendeeRow> => ({
  key,
  header,
  value: (r) => r[key] ?? '',
  ...(wrap ? { wrap } : {}),
});

const NAME = col('atdName', 'Attendee Name');
const STATUS = col('enrlStatusDesc', 'Enrollment Status');
const ENROLLED = col('enrlDate', 'Enroll Date', 'nowrap');
const ARRIVAL = col('arrivalDate', 'Arrival Date', 'nowrap');
const DEPARTURE = col('departuredate', 'Departure Date', 'nowrap');
const VIRTUAL = col('virtualAttendee', 'Virtual Attendee');
/** Region and zone read by name on screen, the code beside it (the export keeps the code). */
const REGION: ReportColumn<AttendeeRow> = { ...col('region', 'Region'), named: (r) => r.regionName };
const ZONE: ReportColumn<AttendeeRow> = { ...col('zone', 'Zone'), named: (r) => r.zoneName };

/** Columns per docs/design/web-rules.md, section 2, "Attendee reports"; Virtual Attendee only for a virtual program. */
export function attendeeColumns(kind: AttendeeReportKind, isVirtual: boolean): ReportColumn<AttendeeRow>[] {
  let columns: ReportColumn<AttendeeRow>[];
  switch (kind) {
    case 'candidate':
      columns = [NAME, REGION, col('busName', 'Store Name'), col('busCityState', 'Store City/State'), STATUS, ENROLLED];
      break;
    case 'field':
      columns = [NAME, REGION, ZONE, STATUS, ENROLLED, ARRIVAL, DEPARTURE];
      break;
    case 'distributor':
      columns = [NAME, col('busName', 'Company Name'), STATUS, ENROLLED, ARRIVAL, DEPARTURE];
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
export function attendeeFooterRows(columnCount: number, totals: AttendeeTotals, isVirtual: boolean): CellValue[][] {
  const empty: CellValue[] = Array.from({ length: columnCount }, () => '');
  const total: CellValue[] = [...empty];
  total[0] = `Total Attendees:${totals.attendees}`;
  if (isVirtual && columnCount > 1) total[columnCount - 1] = `Total Virtual Attendees:${totals.virtualAttendees}`;
  return [empty, total];
}

export const travellerColumns: ReportColumn<AttendeeTypeCount>[] = [
  { key: 'attendeedesc', header: 'Traveler Type', value: (r) => r.attendeedesc },
  { key: 'totalenrolledAttendees', header: 'Total Enrollments', value: (r) => r.totalenrolledAttendees, format: 'number' },
];
