import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CoverageAnswer, CoverageRow, EventComparisonAnswer, TimelineAnswer } from '@portal/contracts';
import { saveFile } from '../../../lib/save-file.ts';
import { fakeApi, ok } from '../testing/fake-api.ts';
import { checkMenuAsEachReader, renderReporting } from '../testing/render-reporting.tsx';

vi.mock('../export/export-to-excel.ts', () => ({ exportToExcel: vi.fn(async () => 'file.xlsx') }));
vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));
vi.mock('../api/get-report-types.ts', async () => (await import('../testing/report-fixtures.ts')).reportTypesModule([1]));
// jsdom has no canvas: the chart itself is exercised by the browser journey (e2e/reports-beyond.spec.ts).
vi.mock('../components/timeline-chart.tsx', () => ({ default: () => <div data-testid="timeline-chart" /> }));

const render = (path: string, policies: string[] = ['field']) => renderReporting(path, { policies });

const coverage: CoverageAnswer = {
  total: 2,
  managersNotEnrolled: 2,
  offset: 0,
  limit: 100,
  rows: [
    { dlrnum: '10002', storeName: 'Lakeside Auto', region: '010', zone: '011', district: '011001', managers: [{ name: 'Lee Lake', email: 'lee@lake.example.com', enrolled: false }, { name: 'Ann Enrolled', email: 'ann@lake.example.com', enrolled: true }] },
    { dlrnum: '10003', storeName: 'Hilltop Cars', region: '010', zone: '011', district: '011002', managers: [{ name: 'Hana Hill', email: 'hana@hill.example.com', enrolled: false }] },
  ],
};

describe('reports beyond the seed (web)', () => {
  it('lists coverage, timeline, nbc vs abc and arrivals in the menu for field, corporate and report users', async () => {
    fakeApi({});
    await checkMenuAsEachReader(async () => {
      const list = await screen.findByRole('list', { name: 'Coverage and trends' });
      expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/nbc/reporting/coverage', '/nbc/reporting/timeline', '/nbc/reporting/comparison', '/nbc/reporting/arrivals']);
      expect(screen.getByRole('button', { name: 'Download hierarchy workbook' })).toBeEnabled();
    });
  });

  it('shows arrivals by region with totals and who has not arrived, drills down to a region', async () => {
    const api = fakeApi({
      'GET /api/Report/Arrivals': (call) =>
        ok(
          call.query.region
            ? { rows: [{ code: '011', name: 'Zone 11', enrolled: 4, arrived: 1, pctArrived: 25 }], total: { enrolled: 4, arrived: 1 } }
            : { rows: [{ code: '010', name: 'East', enrolled: 10, arrived: 4, pctArrived: 40 }, { code: '020', name: 'West', enrolled: 5, arrived: 1, pctArrived: 20 }], total: { enrolled: 15, arrived: 5 } },
        ),
      'GET /api/Report/Arrivals/NotArrived': () =>
        ok({ rows: [{ registrationId: 7, attendeeName: 'Nora Late', attendeeType: 'dealer', dlrnum: '10002', storeName: 'Lakeside Auto', district: '011001', zone: '011' }], total: 1 }),
    });
    const user = userEvent.setup();
    render('/nbc/reporting/arrivals', ['corporate']);
    expect(await screen.findByText(/of 15 enrolled attendees have arrived/)).toBeInTheDocument();
    expect(screen.getByText('Nora Late')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'East (010): by Zone' }));
    await waitFor(() => expect(api.callsTo('/api/Report/Arrivals').at(-1)?.query).toMatchObject({ region: '010', reportLevel: 'Zone', event: 'nbc' }));
    expect(await screen.findByText(/of 4 enrolled attendees have arrived/)).toBeInTheDocument();
  });

  it('opts in to the weekly digest from the menu', async () => {
    const api = fakeApi({
      'GET /api/Report/Digest': () => ok({ subscribed: false, event: 'nbc', lastDigestAt: null }),
      'PUT /api/Report/Digest': (call) => ok({ ...(call.body as object), event: 'nbc', lastDigestAt: null }),
    });
    const user = userEvent.setup();
    render('/nbc/reporting');
    const toggle = await screen.findByRole('switch', { name: /weekly digest/i });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.callsTo('/api/Report/Digest').at(-1)).toMatchObject({ method: 'PUT', body: { subscribed: true, event: 'nbc' } });
  });

  it('keeps the seed reports closed to report users', async () => {
    fakeApi({});
    render('/nbc/reporting/region', ['reporting']);
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
  });

  it('coverage: shows the gaps and their managers, reminds all or one store, and says what was queued', async () => {
    const api = fakeApi({
      'GET /api/Report/Coverage': () => ok(coverage),
      'POST /api/Report/Coverage/Remind': (call) => ({ succeeded: true, message: `${(call.body as { dlrnums?: string[] }).dlrnums ? 1 : 2} reminders queued.`, data: { queued: 2 } }),
    });
    const user = userEvent.setup();
    render('/nbc/reporting/coverage?event=abc');
    const table = await screen.findByRole('table', { name: 'Coverage Gaps (abc)' });
    expect(await within(table).findByText('Lakeside Auto')).toBeInTheDocument();
    expect(within(table).getByText('Lee Lake <lee@lake.example.com> (not enrolled); Ann Enrolled <ann@lake.example.com> (enrolled)')).toBeInTheDocument();
    expect(api.callsTo('/api/Report/Coverage')[0]?.query).toEqual({ event: 'abc', limit: '100', offset: '0' });
    // Two stores fit one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Coverage Gaps pages' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remind 2 managers' }));
    expect(await screen.findByText('2 reminders queued.', { selector: '.alert' })).toBeInTheDocument();
    expect(api.callsTo('/api/Report/Coverage/Remind')[0]).toMatchObject({ method: 'POST', query: { event: 'abc' }, body: {} });

    await user.click(screen.getByRole('button', { name: 'Remind the managers of store 10003' }));
    await waitFor(() => expect(api.callsTo('/api/Report/Coverage/Remind')).toHaveLength(2));
    expect(api.callsTo('/api/Report/Coverage/Remind')[1]?.body).toEqual({ dlrnums: ['10003'] });
  });

  it('coverage: pages through the gaps from the keyboard, with the previous page shown while the next loads', async () => {
    const all: CoverageRow[] = Array.from({ length: 250 }, (_, i) => ({
      dlrnum: String(20_000 + i),
      storeName: `Store ${i + 1}`,
      region: '010',
      zone: '011',
      district: '011001',
      managers: [{ name: `Manager ${i}`, email: `m${i}@example.com`, enrolled: false }],
    }));
    let release: () => void = () => {};
    const api = fakeApi({
      'GET /api/Report/Coverage': async (call) => {
        const offset = Number(call.query.offset);
        const limit = Number(call.query.limit);
        if (offset > 0) await new Promise<void>((resolve) => (release = resolve));
        return ok<CoverageAnswer>({ rows: all.slice(offset, offset + limit), total: all.length, managersNotEnrolled: 250, offset, limit });
      },
    });
    const user = userEvent.setup();
    render('/nbc/reporting/coverage');
    const table = await screen.findByRole('table', { name: 'Coverage Gaps (nbc)' });
    expect(await within(table).findByText('Store 1')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Coverage Gaps pages' });
    expect(within(pager).getByRole('status')).toHaveTextContent('Page 1 of 3: rows 1–100 of 250');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remind 250 managers' })).toBeEnabled();

    within(pager).getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    // Loading: the first page stays, the table is busy, the pager says so.
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    expect(within(table).getByText('Store 1')).toBeInTheDocument();
    expect(within(pager).getByRole('status')).toHaveTextContent('(loading)');
    release();
    expect(await within(table).findByText('Store 101')).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(within(pager).getByRole('status')).toHaveTextContent('Page 2 of 3: rows 101–200 of 250');
    expect(api.callsTo('/api/Report/Coverage').at(-1)?.query).toEqual({ event: 'nbc', limit: '100', offset: '100' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);

    await user.tab(); // Next -> Last
    expect(within(pager).getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.keyboard(' ');
    release();
    expect(await within(table).findByText('Store 250')).toBeInTheDocument();
    expect(within(pager).getByRole('status')).toHaveTextContent('Page 3 of 3: rows 201–250 of 250');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(table).getAllByRole('row')).toHaveLength(51);

    await user.click(within(pager).getByRole('button', { name: 'First' }));
    expect(await within(table).findByText('Store 1')).toBeInTheDocument();
    // Rendering three pages of 100 rows is slow in jsdom on a busy machine.
  }, 30_000);

  it('coverage: no gap says so; the export downloads every row from the server', async () => {
    const api = fakeApi({
      'GET /api/Report/Coverage': () => ok<CoverageAnswer>({ rows: [], total: 0, managersNotEnrolled: 0, offset: 0, limit: 100 }),
      'GET /api/Report/Coverage/Export': () =>
        new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="Coverage Gaps_abc.xlsx"' } }),
    });
    const user = userEvent.setup();
    render('/nbc/reporting/coverage?event=abc');
    expect(await screen.findByText('Every store in your scope has an enrolled attendee.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind 0 managers' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'Coverage Gaps_abc.xlsx'));
    expect(api.callsTo('/api/Report/Coverage/Export')[0]?.query).toEqual({ event: 'abc' });
  });

  it('coverage: an error answer shows a message and a retry', async () => {
    fakeApi({ 'GET /api/Report/Coverage': () => new Response(JSON.stringify({ succeeded: false, message: 'Zone 099 is outside your report scope', data: null }), { status: 403 }) });
    render('/nbc/reporting/coverage');
    expect(await screen.findByRole('alert')).toHaveTextContent(/outside your report scope|could not be loaded/);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('timeline: the chart and a table of the same numbers; switching the event reloads', async () => {
    const timeline: TimelineAnswer = {
      days: [
        { date: '2026-10-01', registrations: 3, cancellations: 0, cumulative: 3 },
        { date: '2026-10-04', registrations: 2, cancellations: 1, cumulative: 4 },
      ],
    };
    const api = fakeApi({ 'GET /api/Report/Timeline': () => ok(timeline) });
    const user = userEvent.setup();
    render('/nbc/reporting/timeline');
    const table = await screen.findByRole('table', { name: 'Registration Timeline (nbc), by day' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[2]!.textContent).toBe('2026-10-04214');
    expect(await screen.findByTestId('timeline-chart')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Event'), 'abc');
    await waitFor(() => expect(api.callsTo('/api/Report/Timeline').at(-1)?.query).toEqual({ event: 'abc' }));
  });

  it('nbc vs abc: a page of stores, the totals row of every store, a pager and the server export', async () => {
    const comparison: EventComparisonAnswer = {
      total: 240,
      offset: 0,
      limit: 100,
      totals: { nbcEnrolled: 310, abcEnrolled: 120, nbcStores: 150, abcStores: 80, bothStores: 40 },
      rows: [
        { dlrnum: '10001', storeName: 'Morgan Motors', region: '010', zone: '011', district: '011001', nbcEnrolled: 2, abcEnrolled: 0 },
        { dlrnum: '10002', storeName: 'Lakeside Auto', region: '010', zone: '011', district: '011001', nbcEnrolled: 1, abcEnrolled: 3 },
      ],
    };
    const api = fakeApi({
      'GET /api/Report/EventComparison': () => ok(comparison),
      'GET /api/Report/EventComparison/Export': () => new Response(new Blob(['PK']), { status: 200 }),
    });
    const user = userEvent.setup();
    render('/nbc/reporting/comparison', ['corporate']);
    const table = await screen.findByRole('table', { name: 'nbc vs abc by Store' });
    expect(await within(table).findByText('Lakeside Auto')).toBeInTheDocument();
    expect(within(table).getByText('Total (240 stores)')).toBeInTheDocument();
    expect(within(table).getByText('150 stores at nbc, 80 at abc, 40 at both')).toBeInTheDocument();
    expect(within(table).getByText('310')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'nbc vs abc by Store pages' })).toHaveTextContent('Page 1 of 3: rows 1–100 of 240');
    expect(api.callsTo('/api/Report/EventComparison')[0]?.query).toEqual({ limit: '100', offset: '0' });
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    // Without a Content-Disposition name, the file is named by the contract.
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'nbc vs abc by Store.xlsx'));
  });
});
