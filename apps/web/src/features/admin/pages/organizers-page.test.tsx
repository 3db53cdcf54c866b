import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminOrganizer } from '@portal/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { answer, fakeAdminApi } from '../testing/fake-admin-api.ts';

setUpConsolePageTests();

const organizer = (overrides: Partial<AdminOrganizer> = {}): AdminOrganizer => ({
  id: 1,
  email: 'admin@corp.example.com',
  name: null,
  totpEnabled: false,
  mustChangePassword: false,
  active: true,
  lastLoginAt: '2026-11-02T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

describe('organizers', { timeout: 40_000 }, () => {
  it('lists organizers; disables another one after confirmation, never oneself; enables a disabled one', async () => {
    const rows = [organizer(), organizer({ id: 2, email: 'ops.lead@corp.example.com', name: 'Ops Lead', totpEnabled: true, lastLoginAt: null })];
    const api = fakeAdminApi({
      'GET /api/Admin/Organizers': () => ({ rows, total: rows.length }),
      'POST /api/Admin/Organizers/2/Disable': () => {
        rows[1] = { ...rows[1]!, active: false };
        return rows[1];
      },
      'POST /api/Admin/Organizers/2/Enable': () => {
        rows[1] = { ...rows[1]!, active: true };
        return rows[1];
      },
    });
    renderApp('/admin/organizers');
    const table = await screen.findByRole('table', { name: 'Organizers' });
    const self = within(table).getByRole('row', { name: /admin@corp\.example\.com/ });
    expect(within(self).getByText('(you)')).toBeVisible();
    expect(within(self).queryByRole('button')).toBeNull();
    const other = within(table).getByRole('row', { name: /ops\.lead/ });
    expect(within(other).getAllByRole('cell').map((c) => c.textContent)).toEqual(['ops.lead@corp.example.com', 'Ops Lead', 'On', 'Never', 'Active', 'Disable']);

    await userEvent.click(within(other).getByRole('button', { name: 'Disable ops.lead@corp.example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this organizer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/api/Admin/Organizers/2/Disable')).toHaveLength(0);
    await userEvent.click(within(other).getByRole('button', { name: 'Disable ops.lead@corp.example.com' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable organizer' }));
    await waitFor(() => expect(within(screen.getByRole('row', { name: /ops\.lead/ })).getByText('Disabled')).toBeVisible());
    expect(api.callsTo('POST', '/api/Admin/Organizers/2/Disable')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Enable ops.lead@corp.example.com' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Enable this organizer?' })).getByRole('button', { name: 'Enable organizer' }));
    await waitFor(() => expect(within(screen.getByRole('row', { name: /ops\.lead/ })).getByText('Active')).toBeVisible());
    expect(api.callsTo('POST', '/api/Admin/Organizers/2/Enable')).toHaveLength(1);
  });

  it('searches and filters on the server, and shows a refusal in the dialog', async () => {
    const api = fakeAdminApi({
      'GET /api/Admin/Organizers': ({ query }) => (query.q === 'nobody' ? { rows: [], total: 0 } : { rows: [organizer(), organizer({ id: 3, email: 'x@corp.example.com' })], total: 2 }),
      'POST /api/Admin/Organizers/3/Disable': () => answer(409, { succeeded: false, message: 'You cannot disable your own account. Ask another organizer.', data: null }),
    });
    renderApp('/admin/organizers');
    await userEvent.click(await screen.findByRole('button', { name: 'Disable x@corp.example.com' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable organizer' }));
    expect(await within(screen.getByRole('dialog')).findByText(/cannot disable your own account/)).toBeVisible();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await userEvent.selectOptions(screen.getByLabelText('State'), 'false');
    await userEvent.type(screen.getByLabelText('E-mail or name'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No organizer matches this search.')).toBeVisible();
    expect(api.callsTo('GET', '/api/Admin/Organizers').at(-1)?.query).toMatchObject({ q: 'nobody', active: 'false', pageSize: '25' });
  });
});
