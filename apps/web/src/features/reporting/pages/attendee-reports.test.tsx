import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exportToExcel } from '../export/export-to-excel.ts';
import { allRows } from '../utils/report-columns.ts';
import { fakeApi, ok, type ApiCall } from '../testing/fake-api.ts';
import { attendeeRow } from '../testing/report-fixtures.ts';
import type { TestUser } from '../../../testing/render-route.tsx';
import { renderReporting } from '../testing/render-reporting.tsx';

vi.mock('../export/export-to-excel.ts', () => ({ exportToExcel: vi.fn(async () => 'file.xlsx') }));
vi.mock('../api/get-report-types.ts', async () => (await import('../testing/report-fixtures.ts')).reportTypesModule([2, 3, 4, 5, 6, 7]));

const render = (path: string, user?: TestUser) => renderReporting(path, user);
const headersOf = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);
const location = () => screen.getByTestId('location').textContent;

const twoAttendees = [
  attendeeRow({ atdName: 'Alex Candidate', virtualAttendee: 'Yes' }),
  attendeeRow({ atdName: 'Blake Candidate' }),
];

beforeEach(() => vi.mocked(exportToExcel).mockClear());

describe('candidate report (id 2)', () => {
  it('loads region 010, type 5, with its columns and the footer rows', async () => {
    const api = fakeApi({ 'GET /api/Report/GetEnrollmentReportsByType': () => ok({ dataSet: { table: twoAttendees } }) });
    render('/nbc/reporting/candidate');
    expect(await screen.findByRole('heading', { name: 'Candidate Report' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Candidate Report' });
    await within(table).findByText('Alex Candidate');
    expect(api.callsTo('/api/Report/GetEnrollmentReportsByType')[0]?.query).toEqual({ regCode: '010', rptType: '5' });
    expect(headersOf(table)).toEqual([
      'Attendee Name',
      'Region',
      'Store Name',
      'Store City/State',
      'Enrollment Status',
      'Enroll Date',
      'Virtual Attendee',
    ]);
    const footer = table.querySelector('tfoot')!;
    const [empty, totals] = within(footer).getAllByRole('row');
    expect(within(empty!).getAllByRole('cell').every((td) => td.textContent === '')).toBe(true);
    expect(within(totals!).getAllByRole('cell')[0]).toHaveTextContent('Total Attendees:2');
    expect(within(totals!).getAllByRole('cell').at(-1)).toHaveTextContent('Total Virtual Attendees:1');
  });

  it('leaves out the virtual column and total when the program is not virtual', async () => {
    fakeApi({ 'GET /api/Report/GetEnrollmentReportsByType': () => ok({ dataSet: { table: twoAttendees } }) });
    render('/nbc/reporting/candidate', { isVirtual: false });
    const table = await screen.findByRole('table', { name: 'Candidate Report' });
    await within(table).findByText('Alex Candidate');
    expect(headersOf(table)).not.toContain('Virtual Attendee');
    expect(screen.queryByText(/Total Virtual Attendees/)).not.toBeInTheDocument();
    expect(screen.getByText('Total Attendees:2')).toBeInTheDocument();
  });

  it('exports the shown rows and footer under the report name', async () => {
    fakeApi({ 'GET /api/Report/GetEnrollmentReportsByType': () => ok({ dataSet: { table: twoAttendees } }) });
    const user = userEvent.setup();
    render('/nbc/reporting/candidate');
    await screen.findByText('Alex Candidate');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(exportToExcel).toHaveBeenCalled());
    const [request] = vi.mocked(exportToExcel).mock.calls[0]!;
    expect(request.fileName).toBe('Candidate Report');
    expect(allRows(request.data)).toHaveLength(4);
    expect(allRows(request.data)[3]![0]).toBe('Total Attendees:2');
  });
});

describe('corporate, distributor and SBR reports', () => {
  const cases = [
    ['corporate', 'Corporate Report', '2', ['Attendee Name', 'Enrollment Status', 'Enroll Date', 'Arrival Date', 'Departure Date', 'Virtual Attendee']],
    ['distributor', 'Distributor and Vendor Report', '3', ['Attendee Name', 'Company Name', 'Enrollment Status', 'Enroll Date', 'Arrival Date', 'Departure Date', 'Virtual Attendee']],
    ['sbr', 'SBR Report', '4', ['Attendee Name', 'Enrollment Status', 'Enroll Date', 'Arrival Date', 'Departure Date', 'Virtual Attendee']],
  ] as const;

  it.each(cases)('%s loads ALL with type %s… and shows its columns', async (slug, name, rptType, headers) => {
    const api = fakeApi({ 'GET /api/Report/GetEnrollmentReportsByType': () => ok({ dataSet: { table: [attendeeRow({ busName: 'Acme Parts' })] } }) });
    render(`/nbc/reporting/${slug}`);
    const table = await screen.findByRole('table', { name });
    await within(table).findByText('Alex Field');
    expect(api.callsTo('/api/Report/GetEnrollmentReportsByType')[0]?.query).toEqual({ regCode: 'ALL', rptType });
    expect(headersOf(table)).toEqual([...headers]);
    if (slug === 'distributor') expect(within(table).getByText('Acme Parts')).toBeInTheDocument();
  });

  it('shows No data to display and no footer for an empty report', async () => {
    fakeApi({ 'GET /api/Report/GetEnrollmentReportsByType': () => ok({ dataSet: { table: [] } }) });
    render('/nbc/reporting/sbr');
    expect(await screen.findByText('No data to display')).toBeInTheDocument();
    expect(screen.queryByText(/Total Attendees/)).not.toBeInTheDocument();
  });
});

describe('traveller report (id 7)', () => {
  it('shows traveler types and their enrollments', async () => {
    fakeApi({
      'GET /api/Report/GetReportAtendeeCountByType': () =>
        ok({ dataSet: { table: [{ attendeedesc: 'Corporate', totalenrolledAttendees: 1200 }, { attendeedesc: 'SBR', totalenrolledAttendees: 15 }] } }),
    });
    render('/nbc/reporting/traveller');
    const table = await screen.findByRole('table', { name: 'Traveler Report' });
    await within(table).findByText('Corporate');
    expect(headersOf(table)).toEqual(['Traveler Type', 'Total Enrollments']);
    expect(within(table).getByText('1,200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});

describe('field report (id 3)', () => {
  const regions = [
    { regCode: '010', regDescription: 'Northeast' },
    { regCode: '020', regDescription: 'Southeast' },
  ];
  const zonesOf: Record<string, { zone: string; zoneName: string }[]> = {
    ALL: [
      { zone: '010-1', zoneName: 'Boston Metro' },
      { zone: '020-1', zoneName: 'Atlanta' },
    ],
    '010': [{ zone: '010-1', zoneName: 'Boston Metro' }],
    '020': [{ zone: '020-1', zoneName: 'Atlanta' }],
  };
  const handlers = () => ({
    'GET /api/Report/GetAllRegions': () => ok({ table: regions }),
    'GET /api/Report/GetAllZonesByRegion': (call: ApiCall) => ok({ table: zonesOf[call.query.regCode!] ?? [] }),
    'GET /api/Report/GetEnrollmentReportsByType': () => ok({ dataSet: { table: [attendeeRow({ atdName: 'Everyone' })] } }),
    'GET /api/Report/GetFieldReportData': (call: ApiCall) =>
      ok({ dataSet: { table: [attendeeRow({ atdName: `In ${call.query.regCode}/${call.query.zone}` })] } }),
  });

  it('starts with all regions and zones from type 1, then filters by region and zone', async () => {
    const api = fakeApi(handlers());
    const user = userEvent.setup();
    render('/nbc/reporting/field');
    expect(await screen.findByText('Everyone')).toBeInTheDocument();
    expect(api.callsTo('/api/Report/GetEnrollmentReportsByType')[0]?.query).toEqual({ regCode: 'ALL', rptType: '1' });
    const table = screen.getByRole('table', { name: 'Field Report' });
    expect(headersOf(table)).toEqual([
      'Attendee Name',
      'Region',
      'Zone',
      'Enrollment Status',
      'Enroll Date',
      'Arrival Date',
      'Departure Date',
      'Virtual Attendee',
    ]);

    const region = screen.getByRole('combobox', { name: 'Region' });
    const zone = screen.getByRole('combobox', { name: 'Zone' });
    expect(region).toHaveValue('ALL');
    expect(within(region).getByRole('option', { name: 'All regions' })).toBeInTheDocument();
    expect(within(zone).getByRole('option', { name: 'All zones' })).toBeInTheDocument();
    await within(zone).findByRole('option', { name: 'Atlanta' });

    await user.selectOptions(region, '010');
    expect(await screen.findByText('In 010/ALL')).toBeInTheDocument();
    expect(api.callsTo('/api/Report/GetAllZonesByRegion').at(-1)?.query).toEqual({ regCode: '010' });
    await waitFor(() => expect(within(zone).queryByRole('option', { name: 'Atlanta' })).not.toBeInTheDocument());
    expect(location()).toBe('/nbc/reporting/field?region=010');

    await user.selectOptions(zone, '010-1');
    expect(await screen.findByText('In 010/010-1')).toBeInTheDocument();
    expect(location()).toBe('/nbc/reporting/field?region=010&zone=010-1');

    // Changing the region resets the zone.
    await user.selectOptions(region, '020');
    expect(await screen.findByText('In 020/ALL')).toBeInTheDocument();
    expect(zone).toHaveValue('ALL');
    expect(location()).toBe('/nbc/reporting/field?region=020');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Everyone')).toBeInTheDocument();
    expect(region).toHaveValue('ALL');
    expect(zone).toHaveValue('ALL');
    expect(location()).toBe('/nbc/reporting/field');
  });

  it('restores the filters from the URL on a reload', async () => {
    const api = fakeApi(handlers());
    render('/nbc/reporting/field?region=020&zone=020-1');
    expect(await screen.findByText('In 020/020-1')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Region' })).toHaveValue('020');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Zone' })).toHaveValue('020-1'));
    expect(api.callsTo('/api/Report/GetEnrollmentReportsByType')).toHaveLength(0);
  });

  it('treats a malformed code in the URL as all', async () => {
    const api = fakeApi(handlers());
    render('/nbc/reporting/field?region=%27%3Bdrop');
    expect(await screen.findByText('Everyone')).toBeInTheDocument();
    expect(api.callsTo('/api/Report/GetFieldReportData')).toHaveLength(0);
  });
});
