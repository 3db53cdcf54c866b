import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReportScopeInfo } from '@portal/contracts';
import { fakeApi, ok, type ApiCall } from './testing/fake-api.ts';
import { districtRows, storeFooter, storeRow, zoneRows } from './testing/report-fixtures.ts';
import { renderReporting } from './testing/render-reporting.tsx';

vi.mock('./export/export-to-excel.ts', () => ({ exportToExcel: vi.fn(async () => 'file.xlsx') }));
vi.mock('./api/get-report-types.ts', async () => (await import('./testing/report-fixtures.ts')).reportTypesModule([1]));

const NETWORK: ReportScopeInfo = { level: 'network', region: '', regionName: '', zone: '', zoneName: '', district: '', districtName: '' };
const REGION: ReportScopeInfo = { ...NETWORK, level: 'region', region: '010', regionName: 'Northeast' };
const ZONE: ReportScopeInfo = { ...REGION, level: 'zone', zone: '010-1', zoneName: 'Boston Metro' };
const DISTRICT: ReportScopeInfo = { ...ZONE, level: 'district', district: '010-1-1', districtName: 'Back Bay' };

function enrollments(call: ApiCall) {
  const body = call.body as { district: string };
  if (call.query.reportLevel === 'Zone') return ok({ dataSet: { table: zoneRows } });
  if (call.query.reportLevel === 'District' && !body.district) return ok({ dataSet: { table: districtRows } });
  if (call.query.reportLevel === 'District') return ok({ dataSet: { table: [storeRow(), storeFooter] } });
  return new Response(JSON.stringify({ succeeded: false, message: 'Region is outside your report scope', data: null }), { status: 403 });
}

function serve(scope: ReportScopeInfo) {
  return fakeApi({
    'GET /api/Report/GetReportScope': () => ok(scope),
    'POST /api/Report/GetEnrollments': enrollments,
  });
}

const render = (path: string) => renderReporting(path, { policies: ['field'] });
const location = () => screen.getByTestId('location').textContent;
const crumbs = () => within(screen.getByRole('navigation', { name: 'Report drill-down' })).getAllByRole('listitem');
const greyed = () => crumbs().filter((li) => li.getAttribute('aria-disabled') === 'true').map((li) => li.textContent);

describe('drill-down by report scope', () => {
  it('opens a zone manager on the district table of their zone, the breadcrumb above it greyed', { timeout: 30_000 }, async () => {
    const api = serve(ZONE);
    const user = userEvent.setup();
    render('/nbc/reporting/region');

    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeInTheDocument();
    expect(location()).toBe('/nbc/reporting/region/010/zone/010-1/district?regionName=Northeast&zoneName=Boston+Metro');
    expect(crumbs().map((li) => li.textContent)).toEqual(['Report menu', 'Region', 'Northeast', 'Boston Metro']);
    expect(greyed()).toEqual(['Region', 'Northeast']);
    const nav = within(screen.getByRole('navigation', { name: 'Report drill-down' }));
    expect(nav.getByRole('link', { name: 'Report menu' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Region' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Northeast' })).not.toBeInTheDocument();
    // The district table is asked for (the heading can show before the request goes out), and the region table never.
    await waitFor(() => expect(api.callsTo('/api/Report/GetEnrollments').map((c) => c.query.reportLevel)).toEqual(['District']));

    await user.click(await screen.findByRole('link', { name: 'Back Bay' }));
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT DETAIL' })).toBeInTheDocument();
    expect(greyed()).toEqual(['Region', 'Northeast']);
    expect(within(screen.getByRole('navigation', { name: 'Report drill-down' })).getByRole('link', { name: 'Boston Metro' })).toBeInTheDocument();

    // Back climbs to the scope's start, then to the menu: never to a greyed level.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/nbc/reporting'));
  });

  it('sends a zone manager who opens the zone table of their region to their start page', async () => {
    serve(ZONE);
    render('/nbc/reporting/region/010/zone?regionName=Northeast');
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY DISTRICT' })).toBeInTheDocument();
    expect(location()).toBe('/nbc/reporting/region/010/zone/010-1/district?regionName=Northeast&zoneName=Boston+Metro');
  });

  it('opens a region manager on the zone table of their region, only Region greyed', async () => {
    serve(REGION);
    render('/nbc/reporting/region');
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY ZONE' })).toBeInTheDocument();
    expect(location()).toBe('/nbc/reporting/region/010/zone?regionName=Northeast');
    expect(crumbs().map((li) => li.textContent)).toEqual(['Report menu', 'Region', 'Northeast']);
    expect(greyed()).toEqual(['Region']);
  });

  it('opens a district manager on the store detail of their district, everything between greyed', async () => {
    serve(DISTRICT);
    render('/nbc/reporting/region');
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT DETAIL' })).toBeInTheDocument();
    expect(location()).toBe('/nbc/reporting/region/010/zone/010-1/district/010-1-1/?regionName=Northeast&zoneName=Boston+Metro&districtName=Back+Bay');
    expect(greyed()).toEqual(['Region', 'Northeast', 'Boston Metro']);
    expect(await screen.findByText('Morgan Motors')).toBeInTheDocument();
  });

  it('leaves the whole drill-down open for the network scope', async () => {
    fakeApi({
      'GET /api/Report/GetReportScope': () => ok(NETWORK),
      'POST /api/Report/GetEnrollments': () => ok({ dataSet: { table: [] } }),
    });
    render('/nbc/reporting/region');
    expect(await screen.findByRole('heading', { name: 'STORE ENROLLMENT REPORT BY REGION' })).toBeInTheDocument();
    expect(greyed()).toEqual([]);
  });

  it('shows the server\'s 403 for a page outside the scope', async () => {
    fakeApi({
      'GET /api/Report/GetReportScope': () => ok(ZONE),
      'POST /api/Report/GetEnrollments': () =>
        new Response(JSON.stringify({ succeeded: false, message: 'Zone 010-2 is outside your report scope (zone 010-1).', data: null }), { status: 403 }),
    });
    render('/nbc/reporting/region/010/zone/010-2/district?regionName=Northeast&zoneName=Upstate');
    expect(await screen.findByText(/outside your report scope/)).toBeInTheDocument();
  });
});
