import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { person } from '../testing/admin-fixtures.ts';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { answer, fakeAdminApi } from '../testing/fake-admin-api.ts';

setUpConsolePageTests();

describe('people and network', { timeout: 40_000 }, () => {
  it('searches on the server and sets a zone scope, sending only what changed', async () => {
    let stored = person();
    const api = fakeAdminApi({
      'GET /api/Admin/People': ({ query }) => (query.q === 'zoe' ? { rows: [stored], total: 1 } : { rows: [], total: 0 }),
      'PUT /api/Admin/People/5': ({ body }) => {
        stored = { ...stored, ...(body as object) };
        return stored;
      },
    });
    renderApp('/admin/people?q=zoe');
    const row = await screen.findByRole('row', { name: /Zoe Manager/ });
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('—');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit Zoe Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Zoe Manager' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Sees'), 'zone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the zone code.')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('zone code'), '011');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT', '/api/Admin/People/5')[0]?.body).toEqual({ scope: { level: 'zone', code: '011' } });
    expect(await screen.findByText('Zone 011')).toBeVisible();
  });

  it('shows field errors of the server next to the field', async () => {
    fakeAdminApi({
      'GET /api/Admin/People': () => ({ rows: [person()], total: 1 }),
      'PUT /api/Admin/People/5': () => answer(400, { succeeded: false, message: 'Validation failed', data: null, errors: [{ field: 'scope.code', message: 'There is no zone 999.' }] }),
    });
    renderApp('/admin/people');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Zoe Manager' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Sees'), 'zone');
    await userEvent.type(within(dialog).getByLabelText('zone code'), '999');
    await userEvent.clear(within(dialog).getByLabelText('E-mail'));
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'zoe@corp.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('There is no zone 999.')).toBeVisible();
  });

  it('says when nobody matches', async () => {
    fakeAdminApi({ 'GET /api/Admin/People': () => ({ rows: [], total: 0 }) });
    renderApp('/admin/people?q=nobody');
    expect(await screen.findByText('Nobody matches this search.')).toBeVisible();
    expect(screen.getByLabelText('Name or e-mail')).toHaveValue('nobody');
  });
});
