import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exportToExcel } from './export/export-to-excel.ts';
import { allRows } from './utils/report-columns.ts';
import { fakeApi, ok, type ApiCall } from './testing/fake-api.ts';
import { districtRows, regionRows, storeFooter, storeRow, zoneRows } from './testing/report-fixtures.ts';
import type { TestUser } from '../../testing/render-route.tsx';
import { renderReporting } from './testing/render-reporting.tsx';

vi.mock('./export/export-to-excel.ts', () => ({ exportToExcel: vi.fn(async () => 'file.xlsx') }));
vi.mock('./api/get-report-types.ts', async () => (await import('./testing/report-fixtures.ts')).reportTypesModule([1, 2, 3, 4, 5, 6, 7]));

const ENROLLMENTS = 'POST /api/Report/GetEnrollments';

function enrollmentsHandler(call: ApiCall) {
  const body = call.body as { region: string; zone: string; district: string; select: string };
  switch (call.query.reportLevel) {
    case 'Region':
      return ok({ dataSet: { table: regionRows } });
    case 'Zone':
      return ok({ dataSet: { table: zoneRows } });
    case 'District':
      if (!body.district) return ok({ dataSet: { table: districtRows } });
      return ok({
        dataSet: {
          table:
            body.select === 'N'
              ? [storeRow({ dlrnum: '10002', 'dealer Name': 'Harbor Auto', atdName: '', loginid: '', enrlStatusDesc: 'Not Enrolled', enrlDate: '' }), storeFooter]
              : [storeRow(), storeRow({ atdName: 'Jordan Lee', loginid: 'jordan.lee@x.example.com', virtualAttendee: 'Yes' }), storeFooter],
        },
      });
    default:
      return new Response('{}', { status: 400 });
  }
}

const render = (path: string, user?: TestUser) => renderReporting(path, user);
const location = () => screen.getByTestId('location').textContent;
const breadcrumb = () => within(screen.getByRole('navigation', { name: 'Report drill-down' }));
/** The drill-down's places, as the breadcrumb lists them. */
const crumbs = () => breadcrumb().getAllByRole('listitem').map((li) => li.textContent);

beforeEach(() => {
  vi.mocked(exportToExcel).mockClear();
});

describe('store enrollment drill-down', () => {
  it('walks region → zone → district → store detail and back, keeping the place in the URL', async () => {
    const api = fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    const user = userEvent.setup();
    render('/nbc/reporting/region');

    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY REGION' })).toBeInTheDocument();
    expect(crumbs()).toEqual(['Report menu', 'Region']);

    await user.click(await screen.findByRole('link', { name: 'Northeast' }));
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY ZONE' })).toBeInTheDocument();
    expect(location()).toBe('/nbc/reporting/region/010/zone?regionName=Northeast');
    expect(crumbs()).toEqual(['Report menu', 'Region', 'Northeast']);
    expect(api.callsTo('/api/Report/GetEnrollments').at(-1)?.body).toEqual({ region: '010', zone: '', district: '', select: 'ALL' });

    await user.click(await screen.findByRole('link', { name: 'Boston Metro' }));
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeInTheDocument();
    expect(crumbs()).toEqual(['Report menu', 'Region', 'Northeast', 'Boston Metro']);
    expect(api.callsTo('/api/Report/GetEnrollments').at(-1)).toMatchObject({
      query: { reportLevel: 'District' },
      body: { region: '010', zone: '010-1', district: '', select: 'ALL' },
    });

    await user.click(await screen.findByRole('link', { name: 'Back Bay' }));
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT DETAIL' })).toBeInTheDocument();
    expect(crumbs()).toEqual(['Report menu', 'Region', 'Northeast', 'Boston Metro', 'Back Bay']);
    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeInTheDocument();
    expect(location()).toBe('/nbc/reporting/region/010/zone/010-1/district?regionName=Northeast&zoneName=Boston+Metro');

    await user.click(breadcrumb().getByRole('link', { name: 'Region' }));
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY REGION' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Enrollment Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Report drill-down' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('separates the breadcrumb links with >>', async () => {
    fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    render('/nbc/reporting/region');
    await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY REGION' });
    const nav = screen.getByRole('navigation', { name: 'Report drill-down' });
    expect(nav.getAttribute('style')).toContain("--bs-breadcrumb-divider: '>>'");
  });

  it("shows the 'zzz' row as an unlinked Grand Total", async () => {
    fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    render('/nbc/reporting/region');
    await screen.findByRole('link', { name: 'Northeast' });
    const table = screen.getByRole('table', { name: 'Store enrollment by region' });
    const rows = within(table).getAllByRole('row');
    const last = rows.at(-1)!;
    expect(within(last).getAllByRole('cell')[0]).toHaveTextContent(/^Grand Total$/);
    expect(within(last).queryByRole('link')).not.toBeInTheDocument();
    expect(within(table).queryByText('zzz')).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Southeast' })).toHaveAttribute(
      'href',
      '/nbc/reporting/region/020/zone?regionName=Southeast',
    );
  });

  it('has the nine columns on the region table', async () => {
    fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    render('/nbc/reporting/region');
    await screen.findByRole('link', { name: 'Northeast' });
    const table = screen.getByRole('table', { name: 'Store enrollment by region' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Region',
      'Total Stores',
      'Stores Enrolled',
      '% Enrolled',
      'Stores Not Enrolled',
      '% Not Enrolled',
      'Stores to Reach Objective',
      '% Objective',
      'Stores Remaining to Reach Objective',
    ]);
    const northeast = within(table).getByRole('link', { name: 'Northeast' }).closest('tr')!;
    expect(within(northeast).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'Northeast',
      '500',
      '260',
      '52.0%',
      '240',
      '48.0%',
      '300',
      '60.0%',
      '40',
    ]);
  });

  it('shows No data to display for an empty table', async () => {
    fakeApi({ [ENROLLMENTS]: () => ok({ dataSet: { table: [] } }) });
    render('/nbc/reporting/region/010/zone?regionName=Northeast');
    expect(await screen.findByText('No data to display')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  });

  it('offers Retry when a report fails to load', async () => {
    let fail = true;
    fakeApi({
      [ENROLLMENTS]: () =>
        fail ? new Response(JSON.stringify({ succeeded: false, message: 'boom', data: null }), { status: 503 }) : ok({ dataSet: { table: regionRows } }),
    });
    const user = userEvent.setup();
    render('/nbc/reporting/region');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('The report could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('link', { name: 'Northeast' })).toBeInTheDocument();
  });
});

describe('store enrollment detail', () => {
  const detailPath = '/nbc/reporting/region/010/zone/010-1/district/010-1-1/?regionName=Northeast&zoneName=Boston+Metro&districtName=Back+Bay';

  it('filters by ALL, E or N, reloading on change and keeping the choice in the URL', async () => {
    const api = fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    const user = userEvent.setup();
    render(detailPath);
    const select = await screen.findByRole('combobox', { name: 'Show' });
    expect(select).toHaveValue('ALL');
    expect([...(select as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual([
      ['ALL', 'All stores'],
      ['E', 'Enrolled stores'],
      ['N', 'Not enrolled stores'],
    ]);
    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();
    expect(api.callsTo('/api/Report/GetEnrollments').at(-1)?.body).toEqual({
      region: '010',
      zone: '010-1',
      district: '010-1-1',
      select: 'ALL',
    });

    await user.selectOptions(select, 'N');
    expect(await screen.findByText('Harbor Auto')).toBeInTheDocument();
    expect(api.callsTo('/api/Report/GetEnrollments').at(-1)?.body).toMatchObject({ select: 'N' });
    expect(location()).toContain('select=N');

    // Leaving the page and coming back starts at ALL again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('link', { name: 'Back Bay' }));
    expect(await screen.findByRole('combobox', { name: 'Show' })).toHaveValue('ALL');
    expect(location()).not.toContain('select=');
  });

  it('leaves the footer row out of the table and shows the district totals', async () => {
    fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    render(detailPath);
    const table = await screen.findByRole('table', { name: 'Store enrollment detail' });
    await within(table).findByText('Jordan Lee');
    expect(within(table).getAllByRole('row')).toHaveLength(3); // header + two stores, no footer
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Zone',
      'District',
      'Store Code',
      'Store Name',
      'City/State',
      'Enrollment Status',
      'Enroll Date',
      'Attendee Name',
      'Virtual Attendee',
    ]);
    const totals = screen.getByRole('region', { name: 'District totals' });
    expect(within(totals).getByText('Stores not enrolled').nextSibling).toHaveTextContent('4');
    expect(within(totals).getByText('Virtual attendees (free)').nextSibling).toHaveTextContent('2');
  });

  it('drops the virtual column and totals for a program that is not virtual', async () => {
    fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    render(detailPath, { isVirtual: false });
    const table = await screen.findByRole('table', { name: 'Store enrollment detail' });
    await within(table).findByText('Jordan Lee');
    expect(within(table).queryByRole('columnheader', { name: 'Virtual Attendee' })).not.toBeInTheDocument();
    expect(screen.queryByText('Virtual attendees (free)')).not.toBeInTheDocument();
  });

  it('reads an unknown filter in the URL as ALL', async () => {
    const api = fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    render(`${detailPath}&select=bogus`);
    expect(await screen.findByRole('combobox', { name: 'Show' })).toHaveValue('ALL');
    await screen.findByText('Jordan Lee');
    expect(api.callsTo('/api/Report/GetEnrollments').at(-1)?.body).toMatchObject({ select: 'ALL' });
  });
});

describe('exports', () => {
  it("exports the region table as 'Store Enrollment by Region' with the rows it shows", async () => {
    fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    const user = userEvent.setup();
    render('/nbc/reporting/region');
    await screen.findByRole('link', { name: 'Northeast' });
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(exportToExcel).toHaveBeenCalledTimes(1));
    const [request] = vi.mocked(exportToExcel).mock.calls[0]!;
    expect(request.fileName).toBe('Store Enrollment by Region');
    expect(request.sheetName).toBeUndefined();
    expect(request.data.headers[0]).toBe('Region');
    expect(allRows(request.data).map((r) => r[0])).toEqual(['Northeast', 'Southeast', 'Grand Total']);
    expect(allRows(request.data)[0]).toEqual(['Northeast', 500, 260, 52, 240, 48, 300, 60, 40]);
  });

  it('offers the all, enrolled and not enrolled store exports on the zone screen, from GetStoreData', async () => {
    const api = fakeApi({
      [ENROLLMENTS]: enrollmentsHandler,
      'POST /api/Report/GetStoreData': () => ok({ dataSet: { table: [storeRow(), storeRow({ dlrnum: '10009' })] } }),
    });
    const user = userEvent.setup();
    render('/nbc/reporting/region/010/zone?regionName=Northeast');
    await screen.findByRole('link', { name: 'Boston Metro' });
    const group = screen.getByRole('group', { name: 'Store exports' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Export all stores',
      'Export enrolled stores',
      'Export not enrolled stores',
    ]);
    await user.click(within(group).getByRole('button', { name: 'Export enrolled stores' }));
    await waitFor(() => expect(exportToExcel).toHaveBeenCalledTimes(1));
    expect(api.callsTo('/api/Report/GetStoreData')[0]).toMatchObject({
      query: { reportLevel: 'Region' },
      body: { region: '010', zone: '', district: '', select: 'E' },
    });
    const [request] = vi.mocked(exportToExcel).mock.calls[0]!;
    expect(request.fileName).toBe('Store Enrollment by Zone');
    expect(request.sheetName).toBe('enrolled');
    expect(allRows(request.data).map((r) => r[3])).toEqual(['10001', '10009']);
  });

  it('exports the stores of the zone from the district screen', async () => {
    const api = fakeApi({
      [ENROLLMENTS]: enrollmentsHandler,
      'POST /api/Report/GetStoreData': () => ok({ dataSet: { table: [storeRow()] } }),
    });
    const user = userEvent.setup();
    render('/nbc/reporting/region/010/zone/010-1/district?regionName=Northeast&zoneName=Boston+Metro');
    await screen.findByRole('link', { name: 'Back Bay' });
    await user.click(screen.getByRole('button', { name: 'Export not enrolled stores' }));
    await waitFor(() => expect(exportToExcel).toHaveBeenCalledTimes(1));
    expect(api.callsTo('/api/Report/GetStoreData')[0]).toMatchObject({
      query: { reportLevel: 'Zone' },
      body: { region: '010', zone: '010-1', select: 'N' },
    });
    expect(vi.mocked(exportToExcel).mock.calls[0]![0]).toMatchObject({
      fileName: 'Store Enrollment by District',
      sheetName: 'not_enrolled',
    });
  });

  it("exports the store detail as 'Store Enrollment Detail'", async () => {
    fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    const user = userEvent.setup();
    render('/nbc/reporting/region/010/zone/010-1/district/010-1-1/');
    await screen.findByText('Jordan Lee');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(exportToExcel).toHaveBeenCalledTimes(1));
    const [request] = vi.mocked(exportToExcel).mock.calls[0]!;
    expect(request.fileName).toBe('Store Enrollment Detail');
    expect(allRows(request.data)).toHaveLength(2);
  });
});

describe('access', () => {
  it('sends a user without field or corporate to /', async () => {
    fakeApi({});
    render('/nbc/reporting/region', { policies: ['general'] });
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
  });

  it('refuses the corporate-only reports to a field user', async () => {
    fakeApi({});
    for (const slug of ['corporate', 'distributor', 'sbr', 'traveller']) {
      const view = render(`/nbc/reporting/${slug}`, { policies: ['field'] });
      expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('sends an unknown reporting path to /', async () => {
    fakeApi({});
    render('/nbc/reporting/nowhere', { policies: ['corporate'] });
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
  });

  // docs/design/web-rules.md: entering the report menu resets the level to 0 (section 2) with
  // GetEnrollments?reportLevel=All and every body field empty, answered by the network total (docs/design/web-rules.md, section 7).
  // The call was once never made.
  it('entering the report menu calls GetEnrollments?reportLevel=All with every body field empty and shows the total', async () => {
    const { regionCode: _code, regdescription: _name, ...grandTotal } = regionRows.at(-1)!;
    const api = fakeApi({ [ENROLLMENTS]: (call) => (call.query.reportLevel === 'All' ? ok({ dataSet: { table: [grandTotal] } }) : enrollmentsHandler(call)) });
    render('/nbc/reporting', { policies: ['field'] });
    const total = await screen.findByTestId('network-total');
    expect(api.callsTo('/api/Report/GetEnrollments').map((c) => [c.method, c.query, c.body])).toEqual([
      ['POST', { reportLevel: 'All' }, { region: '', zone: '', district: '', select: '' }],
    ]);
    expect(within(total).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['980', '460 (46.9%)', '588 (60.0%)', '128']);
  });

  it('does not ask for the total when the user has no store reports', async () => {
    const api = fakeApi({ [ENROLLMENTS]: enrollmentsHandler });
    render('/nbc/reporting', { policies: ['reporting'] });
    await screen.findByRole('heading', { name: 'Enrollment Reports' });
    expect(api.callsTo('/api/Report/GetEnrollments')).toEqual([]);
    expect(screen.queryByTestId('network-total')).not.toBeInTheDocument();
  });

  it('lists in the menu only the reports the user may open', async () => {
    fakeApi({});
    render('/nbc/reporting', { policies: ['field'] });
    const menu = await screen.findByRole('list', { name: 'Enrollment reports' });
    expect(within(menu).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Store Enrollment Report', '/nbc/reporting/region'],
      ['Candidate Report', '/nbc/reporting/candidate'],
      ['Field Report', '/nbc/reporting/field'],
    ]);
  });
});
