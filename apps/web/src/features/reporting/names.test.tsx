/**
 * Names where people look for them: the candidate and field tables show the
 * region and zone by name with the code as secondary text, and a drill-down link opened without the
 * names in it (typed, bookmarked) still gets a breadcrumb of names.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, type ApiCall } from './testing/fake-api.ts';
import { attendeeRow, districtRows, storeFooter, storeRow, zoneRows } from './testing/report-fixtures.ts';
import { renderReporting } from './testing/render-reporting.tsx';

vi.mock('./api/get-report-types.ts', async () => (await import('./testing/report-fixtures.ts')).reportTypesModule([1, 2, 3]));

const render = (path: string) => renderReporting(path);
const named = attendeeRow({ atdName: 'Alex Candidate', region: '010', zone: '011', regionName: 'Northeast', zoneName: 'Boston Metro' });

describe('region and zone names in attendee tables', () => {
  it('the candidate table shows the region by name, its code beside it', async () => {
    fakeApi({ 'GET /api/Report/GetEnrollmentReportsByType': () => ok({ dataSet: { table: [named] } }) });
    render('/nbc/reporting/candidate');
    const table = await screen.findByRole('table', { name: 'Candidate Report' });
    const row = (await within(table).findByText('Alex Candidate')).closest('tr')!;
    const region = within(row).getAllByRole('cell')[1]!;
    expect(region).toHaveTextContent('Northeast 010');
    expect(within(region).getByText('010')).toHaveClass('cell-code');
  });

  it('the field table shows region and zone by name', async () => {
    fakeApi({
      // Unfiltered, the field report is the type 1 report of every region.
      'GET /api/Report/GetEnrollmentReportsByType': () => ok({ dataSet: { table: [named] } }),
      'GET /api/Report/GetAllRegions': () => ok({ table: [{ regCode: '010', regDescription: 'Northeast' }] }),
      'GET /api/Report/GetAllZonesByRegion': () => ok({ table: [] }),
    });
    render('/nbc/reporting/field');
    const table = await screen.findByRole('table', { name: 'Field Report' });
    const cells = within((await within(table).findByText('Alex Candidate')).closest('tr')!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Northeast 010');
    expect(cells[2]).toHaveTextContent('Boston Metro 011');
  }, 15_000);
});

describe('a deep link without names', () => {
  it('gets a breadcrumb of names from the network lists', async () => {
    fakeApi({
      'GET /api/Report/GetAllRegions': () => ok({ table: [{ regCode: '010', regDescription: 'Northeast' }] }),
      'GET /api/Report/GetAllZonesByRegion': () => ok({ table: zoneRows.map((z) => ({ zone: z.zonecode, zoneName: z.zonename })) }),
      'POST /api/Report/GetEnrollments': (call: ApiCall) =>
        ok({ dataSet: { table: (call.body as { district: string }).district ? [storeRow(), storeFooter] : districtRows } }),
    });
    render('/nbc/reporting/region/010/zone/010-1/district/010-1-1/');
    const breadcrumb = within(await screen.findByRole('navigation', { name: 'Report drill-down' }));
    expect(await breadcrumb.findByText('Back Bay')).toBeInTheDocument();
    expect(breadcrumb.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Report menu', 'Region', 'Northeast', 'Boston Metro', 'Back Bay']);
  });
});
