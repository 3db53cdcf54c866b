import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { accessCode } from '../testing/admin-fixtures.ts';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { openAndCancelDialog } from '../testing/confirm-dialog.ts';
import { answer, fakeAdminApi } from '../testing/fake-admin-api.ts';

setUpConsolePageTests();

const codes = [accessCode(), accessCode({ id: 2, label: 'Morgan Motors', storeDlrnum: '10001', storeName: 'Morgan Motors', seats: 2, logins: 1, registrations: 1, requiresRoster: false })];

describe('access codes', { timeout: 40_000 }, () => {
  it('lists the codes of the chosen event with logins and registrations per code', async () => {
    const api = fakeAdminApi({ 'GET /api/Admin/AccessCodes': ({ query }) => (query.event === 'nbc' ? { rows: codes, total: 2 } : { rows: [], total: 0 }) });
    renderApp('/admin/access-codes');
    const table = await screen.findByRole('table', { name: 'Access codes of nbc' });
    const row = within(table).getByRole('row', { name: /Morgan Motors/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Morgan Motors', 'Dealer staff (store roster, or one store)', '10001 Morgan Motors', '2', '1', '1', 'Never', 'Active', 'Disable']);
    await userEvent.selectOptions(screen.getByLabelText('Event'), 'abc');
    expect(await screen.findByText('No access codes for abc yet.')).toBeVisible();
    expect(api.callsTo('GET', '/api/Admin/AccessCodes').map((c) => c.query.event)).toEqual(['nbc', 'abc']);
  });

  it('creates a per-store code with a seat allotment and shows the code once, with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = fakeAdminApi({
      'GET /api/Admin/AccessCodes': () => ({ rows: codes, total: 2 }),
      'POST /api/Admin/AccessCodes': () => ({ id: 9, code: 'K7QP-M2XD-9TZR' }),
    });
    renderApp('/admin/access-codes');
    await userEvent.click(await screen.findByRole('button', { name: 'New access code' }));
    await userEvent.type(screen.getByLabelText('Seats'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(screen.getByText('A seat allotment needs a store.')).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/AccessCodes')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Store number (per-store code)'), '10001');
    await userEvent.type(screen.getByLabelText('Code'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(screen.getByText('The code must be 8 to 40 letters, digits or "-".')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));

    expect(await screen.findByLabelText('New access code')).toHaveValue('K7QP-M2XD-9TZR');
    expect(api.callsTo('POST', '/api/Admin/AccessCodes')[0]?.body).toEqual({ event: 'nbc', category: 'dealer_staff', storeDlrnum: '10001', seats: 2 });
    expect(screen.getByText(/shown only this once/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('K7QP-M2XD-9TZR');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('K7QP-M2XD-9TZR')).toBeNull();
    expect(screen.queryByLabelText('New access code')).toBeNull();
  });

  it('shows the server refusal of a new code', async () => {
    fakeAdminApi({
      'GET /api/Admin/AccessCodes': () => ({ rows: codes, total: 2 }),
      'POST /api/Admin/AccessCodes': () => answer(400, { succeeded: false, message: 'Validation failed', data: null, errors: [{ field: 'storeDlrnum', message: 'no such store' }] }),
    });
    renderApp('/admin/access-codes');
    await userEvent.click(await screen.findByRole('button', { name: 'New access code' }));
    await userEvent.type(screen.getByLabelText('Store number (per-store code)'), '99999');
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Validation failed storeDlrnum: no such store');
  });

  it('disables a code only after confirmation', async () => {
    let rows = codes;
    const api = fakeAdminApi({
      'GET /api/Admin/AccessCodes': () => ({ rows, total: rows.length }),
      'POST /api/Admin/AccessCodes/2/Disable': () => {
        rows = [codes[0]!, { ...codes[1]!, active: false, usable: false }];
        return rows[1];
      },
    });
    renderApp('/admin/access-codes');
    await openAndCancelDialog('Disable Morgan Motors', 'Disable this access code?');
    expect(api.callsTo('POST', '/api/Admin/AccessCodes/2/Disable')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Disable Morgan Motors' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/Admin/AccessCodes/2/Disable')).toHaveLength(1);
    const row = within(screen.getByRole('table')).getByRole('row', { name: /Morgan Motors/ });
    expect(await within(row).findByText('Disabled')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Disable Morgan Motors' })).toBeNull();
  });

  it('shows an error with a retry when the list fails', async () => {
    let fail = true;
    fakeAdminApi({ 'GET /api/Admin/AccessCodes': () => (fail ? answer(500, { succeeded: false, message: 'Something went wrong (request r1).', data: null }) : { rows: codes, total: 2 }) });
    renderApp('/admin/access-codes');
    expect(await screen.findByRole('alert', undefined, { timeout: 10_000 })).toHaveTextContent('Something went wrong (request r1).');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Access codes of nbc' })).toBeVisible();
  });
});
