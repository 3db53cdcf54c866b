import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionHierarchyData, SessionReportData } from '@portal/contracts';
import { resetLanguageForTests, setLanguage } from '../../../i18n/language.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { fakeApi, ok, type ApiCall } from '../testing/fake-api.ts';
import { checkMenuAsEachReader, renderReporting } from '../testing/render-reporting.tsx';

vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));
vi.mock('../api/get-report-types.ts', async () => (await import('../testing/report-fixtures.ts')).reportTypesModule([1]));

const render = (path: string, policies: string[] = ['corporate']) => renderReporting(path, { policies });

const fill: SessionReportData = {
  total: 2,
  timeZone: 'America/Los_Angeles',
  rows: [
    // 09:00 in Los Angeles on March 1.
    { id: 11, title: 'Opening keynote', startsAt: '2027-03-01T17:00:00.000Z', room: 'Grand Ballroom', capacity: 1200, enrolled: 600, waitlisted: 0, attended: 450 },
    { id: 12, title: 'Fleet and commercial sales', startsAt: '2027-03-02T22:30:00.000Z', room: 'Room B', capacity: 40, enrolled: 40, waitlisted: 6, attended: 0 },
  ],
};

const byArea = (call: ApiCall): SessionHierarchyData =>
  call.query.reportLevel === 'Zone'
    ? { total: 1, rows: [{ code: '011', name: 'Zone 11', enrolled: 30, attended: 10 }] }
    : call.query.reportLevel === 'District'
      ? { total: 1, rows: [{ code: '011001', name: 'District 1', enrolled: 3, attended: 1 }] }
      : { total: 2, rows: [{ code: '010', name: 'East', enrolled: 400, attended: 300 }, { code: '020', name: 'West', enrolled: 200, attended: 150 }] };

const xlsx = (name: string) =>
  new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename="${name}"` } });

afterEach(() => {
  resetLanguageForTests();
  window.localStorage.clear();
  vi.mocked(saveFile).mockClear();
});

describe('the sessions report (web)', () => {
  it('is linked from the report menu for field, corporate and report users', async () => {
    fakeApi({});
    await checkMenuAsEachReader(async () => {
      const list = await screen.findByRole('list', { name: 'Sessions' });
      expect(within(list).getByRole('link', { name: 'Session Fill' })).toHaveAttribute('href', '/nbc/reporting/sessions');
    });
  });

  it('shows each session’s fill in the event’s time zone with totals, and exports the server’s workbook', async () => {
    const api = fakeApi({
      'GET /api/Report/Sessions': (call) => (call.query.format === 'xlsx' ? xlsx('sessions-nbc.xlsx') : ok(fill)),
    });
    const user = userEvent.setup();
    render('/nbc/reporting/sessions');
    const table = await screen.findByRole('table', { name: 'Session fill (nbc)' });
    expect(screen.getByRole('heading', { name: 'Session Fill' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Session', 'Starts', 'Room', 'Capacity', 'Enrolled', '% of Seats', 'Waiting', 'Attended', '% Attended']);
    const keynote = within(table).getByRole('button', { name: 'Opening keynote: by region, zone and district' }).closest('tr')!;
    const cells = within(keynote).getAllByRole('cell').map((td) => td.textContent);
    expect(cells[1]).toMatch(/^Mon, Mar 1, 9:00\sAM$/u);
    expect(cells.slice(2)).toEqual(['Grand Ballroom', '1,200', '600', '50%', '0', '450', '75%']);
    const totals = within(table).getAllByRole('row').at(-1)!;
    expect(within(totals).getAllByRole('cell').map((td) => td.textContent)).toEqual(['Total', '', '', '1,240', '640', '51.6%', '6', '450', '70.3%']);
    expect(screen.getByTestId('sessions-summary')).toHaveTextContent('2 sessions: 640 enrolled, 6 waiting, 450 attended.');
    expect(screen.getByText(/Times are in the event’s time zone \(America\/Los Angeles\)/)).toBeInTheDocument();
    expect(api.callsTo('/api/Report/Sessions')[0]?.query).toEqual({ event: 'nbc' });

    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('sessions-nbc.xlsx');
    expect(api.callsTo('/api/Report/Sessions').at(-1)?.query).toEqual({ event: 'nbc', format: 'xlsx' });
  });

  it('breaks a session down by region from the keyboard, drills into a region, goes by district and exports what is shown', async () => {
    const api = fakeApi({
      'GET /api/Report/Sessions': () => ok(fill),
      'GET /api/Report/Sessions/11/Hierarchy': (call) => (call.query.format === 'xlsx' ? xlsx('session-11-zone.xlsx') : ok(byArea(call))),
    });
    const user = userEvent.setup();
    render('/nbc/reporting/sessions?event=nbc');
    const open = await screen.findByRole('button', { name: 'Opening keynote: by region, zone and district' });
    open.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Opening keynote by region' });
    // The keyboard lands on the breakdown it opened.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent('/nbc/reporting/sessions?event=nbc&session=11&level=Region');
    const regions = await screen.findByRole('table', { name: 'Opening keynote by region' });
    expect(await within(regions).findByText('East')).toBeInTheDocument();
    expect(within(regions).getAllByRole('row').at(-1)!.textContent).toBe('Total60045075%');
    expect(api.callsTo('/api/Report/Sessions/11/Hierarchy')[0]?.query).toEqual({ reportLevel: 'Region' });

    await user.click(within(regions).getByRole('button', { name: 'East (010): by zone' }));
    const zones = await screen.findByRole('table', { name: 'Opening keynote by zone' });
    expect(await within(zones).findByText('Zone 11')).toBeInTheDocument();
    expect(api.callsTo('/api/Report/Sessions/11/Hierarchy').at(-1)?.query).toEqual({ reportLevel: 'Zone', region: '010' });
    expect(screen.getByText(/Region 010/)).toBeInTheDocument();

    await user.click(within(screen.getByTestId('session-breakdown')).getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('session-11-zone.xlsx');
    expect(api.callsTo('/api/Report/Sessions/11/Hierarchy').at(-1)?.query).toEqual({ reportLevel: 'Zone', region: '010', format: 'xlsx' });

    await user.selectOptions(screen.getByLabelText('By'), 'District');
    expect(await within(await screen.findByRole('table', { name: 'Opening keynote by district' })).findByText('District 1')).toBeInTheDocument();
    // The last level has nothing to drill into.
    expect(screen.queryByRole('button', { name: /District 1/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every area' }));
    await waitFor(() => expect(api.callsTo('/api/Report/Sessions/11/Hierarchy').at(-1)?.query).toEqual({ reportLevel: 'District' }));

    await user.click(screen.getByRole('button', { name: 'Close the breakdown' }));
    expect(screen.queryByTestId('session-breakdown')).not.toBeInTheDocument();
  });

  it('says so when loading, when the program is empty, and offers a retry when the report fails', async () => {
    let answer: 'fail' | 'empty' = 'fail';
    let release: () => void = () => {};
    fakeApi({
      'GET /api/Report/Sessions': async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return answer === 'fail' ? new Response(JSON.stringify({ succeeded: false, message: 'boom', data: null }), { status: 500 }) : ok({ rows: [], total: 0, timeZone: 'America/Los_Angeles' });
      },
    });
    const user = userEvent.setup();
    render('/nbc/reporting/sessions');
    expect(await screen.findByText('Loading…', { selector: '[role="status"]' })).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByText('The report could not be loaded. Please try again.')).toBeInTheDocument();
    answer = 'empty';
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => release());
    expect(await screen.findByText('No sessions in this event’s program.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  });

  it('names the area outside the reader’s scope when the server refuses it', async () => {
    fakeApi({
      'GET /api/Report/Sessions': () => ok(fill),
      'GET /api/Report/Sessions/12/Hierarchy': () => new Response(JSON.stringify({ succeeded: false, message: 'Region 020 is outside your report scope.', data: null }), { status: 403 }),
    });
    render('/nbc/reporting/sessions?session=12&level=Zone&region=020', ['field']);
    expect(await screen.findByText('Region 020 is outside your report scope.')).toBeInTheDocument();
  });

  it('reads in Canadian French: words, numbers and percentages', async () => {
    setLanguage('fr-CA');
    fakeApi({ 'GET /api/Report/Sessions': () => ok(fill) });
    render('/nbc/reporting/sessions');
    const table = await screen.findByRole('table', { name: 'Remplissage des sessions (nbc)' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Session', 'Début', 'Salle', 'Capacité', 'Inscrits', '% des places', 'En attente', 'Présents', '% de présence']);
    const keynote = within(table).getByRole('button', { name: 'Opening keynote\u00a0: par région, zone et district' }).closest('tr')!;
    const cells = within(keynote).getAllByRole('cell').map((td) => td.textContent);
    expect(cells[1]).toMatch(/^lun\. 1 mars, 9\sh\s00$/u);
    expect(cells.slice(3)).toEqual(['1\u00a0200', '600', '50\u00a0%', '0', '450', '75\u00a0%']);
    expect(screen.getByRole('button', { name: 'Exporter vers Excel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Retour aux rapports' })).toBeInTheDocument();
  });
});
