import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportResult } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { fakeAdminApi } from '../testing/fake-admin-api.ts';

setUpConsolePageTests();

const BAD = 'dlrnum,email,first_name,last_name,role\n10001,new.person@example.com,New,Person,staff\n10001,not-an-email,Bad,Row,boss\n';
const GOOD = 'dlrnum,email,first_name,last_name,role\n10001,new.person@example.com,New,Person,staff\n10001,second@example.com,Second,Row,staff\n';

const problems: ImportResult = {
  ok: false,
  dryRun: true,
  committed: false,
  counts: null,
  problems: [
    { file: 'rosters', line: 3, column: 'email', reason: 'must be an e-mail address' },
    { file: 'rosters', line: 3, column: 'role', reason: 'must be staff, executive_manager or general_manager' },
  ],
  problemsTotal: 2,
};
const counts = { people: { inserted: 2, updated: 0, unchanged: 0 }, storeManagers: { inserted: 0, updated: 0, unchanged: 1 } };

describe('import', { timeout: 40_000 }, () => {
  it('lists every problem of a dry run, then commits the fixed file all at once after confirmation', async () => {
    const api = fakeAdminApi({
      'POST /api/Admin/Import': ({ body, query }) => {
        const dryRun = query.dryRun === 'true';
        if (body === BAD) return { ...problems, dryRun };
        return { ok: true, dryRun, committed: !dryRun, counts, problems: [], problemsTotal: 0 } satisfies ImportResult;
      },
    });
    renderApp('/admin/import');
    await userEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(screen.getByText('Choose a CSV file.')).toBeVisible();

    const input = screen.getByLabelText('CSV file (UTF-8)');
    await userEvent.upload(input, new File([BAD], 'people.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('2 problems found: nothing was written')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Problems in the file' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'LineColumnProblem',
      '3emailmust be an e-mail address',
      '3rolemust be staff, executive_manager or general_manager',
    ]);
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    const first = api.callsTo('POST', '/api/Admin/Import')[0]!;
    expect(first.query).toEqual({ kind: 'rosters', dryRun: 'true' });
    expect(first.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(first.body).toBe(BAD);

    await userEvent.upload(input, new File([GOOD], 'people-fixed.csv', { type: 'text/csv' }));
    expect(screen.queryByText(/problems found/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('No problems found in people-fixed.csv')).toBeVisible();
    expect(screen.getByText('people: 2 new, 0 changed, 0 unchanged')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Import people-fixed.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import this file?' });
    expect(dialog).toHaveTextContent('The rosters of the stores in the file are replaced by the file.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported people-fixed.csv')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const calls = api.callsTo('POST', '/api/Admin/Import');
    expect(calls.map((c) => c.query.dryRun)).toEqual(['true', 'true', 'false']);
    expect(calls[2]?.body).toBe(GOOD);
  });

  it('sends the chosen kind, and a changed kind needs a new check', async () => {
    const api = fakeAdminApi({ 'POST /api/Admin/Import': ({ query }) => ({ ok: true, dryRun: query.dryRun === 'true', committed: false, counts: {}, problems: [], problemsTotal: 0 }) });
    renderApp('/admin/import');
    await userEvent.upload(await screen.findByLabelText('CSV file (UTF-8)'), new File(['email,name,active\n'], 'users.csv', { type: 'text/csv' }));
    await userEvent.selectOptions(screen.getByLabelText('What the file holds'), 'report-users');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('No problems found in users.csv')).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Import')[0]?.query.kind).toBe('report-users');
    await userEvent.selectOptions(screen.getByLabelText('What the file holds'), 'network');
    expect(screen.queryByText('No problems found in users.csv')).toBeNull();
  });

  it('refuses a file that is not UTF-8 before sending it, and says when only the first problems are listed', async () => {
    const api = fakeAdminApi({
      'POST /api/Admin/Import': () => ({ ...problems, problems: problems.problems.slice(0, 1), problemsTotal: 60_000 }) satisfies ImportResult,
    });
    renderApp('/admin/import');
    const input = await screen.findByLabelText('CSV file (UTF-8)');
    // "José" in Windows-1252: byte 0xE9 is not UTF-8.
    await userEvent.upload(input, new File([new Uint8Array([0x4a, 0x6f, 0x73, 0xe9, 0x0a])], 'legacy.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/The file is not UTF-8 text\. Save it as "CSV UTF-8"/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(api.callsTo('POST', '/api/Admin/Import')).toHaveLength(0);

    await userEvent.upload(input, new File([BAD], 'people.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('60,000 problems found: nothing was written')).toBeVisible();
    expect(screen.getByText(/The first 1 are listed\./)).toBeVisible();
  });
});
