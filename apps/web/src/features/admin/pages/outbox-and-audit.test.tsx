import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { auditEntry, outboxMail } from '../testing/admin-fixtures.ts';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { fakeAdminApi } from '../testing/fake-admin-api.ts';

setUpConsolePageTests();

describe('outbox', { timeout: 40_000 }, () => {
  it('lists mails with status, attempts and last error, filters by status and resends after confirmation', async () => {
    const api = fakeAdminApi({
      'GET /api/Admin/Outbox': ({ query }) => (query.status === 'sent' ? { rows: [], total: 0 } : { rows: [outboxMail()], total: 1 }),
      'POST /api/Admin/Outbox/3/Resend': () => outboxMail({ id: 4, status: 'pending', attempts: 0, lastError: null, resendOf: 3 }),
    });
    renderApp('/admin/outbox');
    const row = await screen.findByRole('row', { name: /You are registered/ });
    expect(within(row).getByText('Failed')).toBeVisible();
    expect(within(row).getByText('5')).toBeVisible();
    expect(within(row).getByText('421 try again later')).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: /Resend/ }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Send this mail again?' })).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/Admin/Outbox/3/Resend')).toHaveLength(1);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'sent');
    expect(await screen.findByText('No sent mail.')).toBeVisible();
  });

  it('says when a delivered mail\'s personal link was removed, and points to the registration instead of a resend', async () => {
    fakeAdminApi({
      'GET /api/Admin/Outbox': () => ({ rows: [outboxMail({ status: 'sent', sentAt: '2026-11-02T10:01:00.000Z', lastError: null, linksRemoved: true })], total: 1 }),
    });
    renderApp('/admin/outbox');
    const row = await screen.findByRole('row', { name: /You are registered/ });
    expect(within(row).getByText('Personal link removed after delivery')).toBeVisible();
    expect(within(row).queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(within(row).getByRole('link', { name: 'Resend link' })).toHaveAttribute('href', '/admin/registrations/7');
  });
});

describe('audit log', { timeout: 40_000 }, () => {
  it('filters by actor, action and time on the server', async () => {
    const api = fakeAdminApi({ 'GET /api/Admin/Audit': () => ({ rows: [auditEntry()], total: 1 }) });
    renderApp('/admin/audit');
    expect(await screen.findByRole('row', { name: /registration-enrolled/ })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Actor e-mail'), 'admin@corp.example.com');
    await userEvent.type(screen.getByLabelText('Action'), 'admin-registration-cancel');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01T08:00');
    await userEvent.type(screen.getByLabelText('To'), '2026-10-01T08:00');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByText('"To" must be after "from".')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.query).toEqual({
        pageSize: '25',
        actor: 'admin@corp.example.com',
        action: 'admin-registration-cancel',
        from: new Date('2026-11-01T08:00').toISOString(),
        page: '1',
      }),
    );
  });
});
