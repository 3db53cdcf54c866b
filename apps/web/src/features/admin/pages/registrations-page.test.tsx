import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, testLocation } from '../../../testing/render-app.tsx';
import { auditEntry, nbcEvent, registration, registrationDetail } from '../testing/admin-fixtures.ts';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { openAndCancelDialog } from '../testing/confirm-dialog.ts';
import { answer, fakeAdminApi } from '../testing/fake-admin-api.ts';

setUpConsolePageTests();

describe('registrations list', { timeout: 40_000 }, () => {
  it('searches, filters, sorts and pages on the server, with the state in the URL', async () => {
    const api = fakeAdminApi({
      'GET /api/Admin/Registrations': ({ query }) => (query.q === 'nobody' ? { rows: [], total: 0 } : { rows: [registration()], total: 60 }),
    });
    renderApp('/admin/registrations');
    const table = await screen.findByRole('table', { name: 'Registrations' });
    expect(within(table).getByRole('link', { name: 'Jordan Lee' })).toHaveAttribute('href', '/admin/registrations/7');
    expect(screen.getAllByText(/1–25 of 60 \(page 1 of 3\)/)).toHaveLength(2);
    expect(api.calls.at(-1)?.query).toEqual({ pageSize: '25', sort: '-updatedAt', page: '1' });

    await userEvent.type(screen.getByLabelText('Name, e-mail or store'), 'jordan');
    await userEvent.type(screen.getByLabelText('Region'), '010');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Enrolled');
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    await waitFor(() =>
      expect(api.calls.at(-1)?.query).toEqual({ pageSize: '25', q: 'jordan', region: '010', status: 'Enrolled', sort: 'name', page: '2' }),
    );
    expect(testLocation().search).toBe('?q=jordan&region=010&status=Enrolled&sort=name&page=2');
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(api.calls.at(-1)?.query.sort).toBe('-name'));
    expect(api.calls.at(-1)?.query.page).toBe('1');
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.clear(screen.getByLabelText('Name, e-mail or store'));
    await userEvent.type(screen.getByLabelText('Name, e-mail or store'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No registration matches these filters.')).toBeVisible();
  });
});

describe('registration detail', { timeout: 40_000 }, () => {
  it('shows the registration with its history', async () => {
    fakeAdminApi({
      'GET /api/Admin/Registrations/7': () => registrationDetail({ history: [auditEntry(), auditEntry({ id: 2, action: 'admin-registration-dates', actorEmail: null, organizerId: 1, detail: { arrivalDate: '2027-03-02' } })] }),
      'GET /api/Admin/Events': () => ({ rows: [nbcEvent()], total: 1 }),
    });
    renderApp('/admin/registrations/7');
    expect(await screen.findByRole('heading', { name: 'Jordan Lee' })).toBeVisible();
    expect(screen.getByText('10001 Morgan Motors')).toBeVisible();
    expect(screen.getByText('2027-03-01 to 2027-03-03')).toBeVisible();
    const history = screen.getByRole('table', { name: 'History' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText('organizer 1')).toBeVisible();
    expect(within(history).getByText('arrivalDate: 2027-03-02')).toBeVisible();
  });

  it('cancels only after confirmation, with the reason', async () => {
    let detail = registrationDetail();
    const api = fakeAdminApi({
      'GET /api/Admin/Registrations/7': () => detail,
      'GET /api/Admin/Events': () => ({ rows: [nbcEvent()], total: 1 }),
      'POST /api/Admin/Registrations/7/Cancel': () => {
        detail = registrationDetail({ status: 'Cancelled', history: [auditEntry(), auditEntry({ id: 3, action: 'admin-registration-cancel' })] });
        return detail;
      },
    });
    renderApp('/admin/registrations/7');
    await openAndCancelDialog('Cancel registration', 'Cancel this registration?');
    expect(api.callsTo('POST', '/api/Admin/Registrations/7/Cancel')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel registration' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Duplicate of 8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
    expect(await screen.findByText(/The registration is cancelled/)).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Registrations/7/Cancel')[0]?.body).toEqual({ reason: 'Duplicate of 8' });
    expect(screen.getByText('Cancelled')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel registration' })).toBeDisabled();
    expect(screen.getByText('admin-registration-cancel')).toBeVisible();
  });

  it('shows the refusal of a cancel in the dialog', async () => {
    fakeAdminApi({
      'GET /api/Admin/Registrations/7': () => registrationDetail(),
      'GET /api/Admin/Events': () => ({ rows: [nbcEvent()], total: 1 }),
      'POST /api/Admin/Registrations/7/Cancel': () => answer(409, { succeeded: false, message: 'The registration is already cancelled.', data: null }),
    });
    renderApp('/admin/registrations/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
    expect(await within(dialog).findByText('The registration is already cancelled.')).toBeVisible();
  });

  it('resends the link after confirmation and shows it for passing on', async () => {
    const api = fakeAdminApi({
      'GET /api/Admin/Registrations/7': () => registrationDetail(),
      'GET /api/Admin/Events': () => ({ rows: [nbcEvent()], total: 1 }),
      'POST /api/Admin/Registrations/7/ResendLink': () => ({ link: 'http://127.0.0.1:3000/register/abc', queued: false, outboxId: null }),
    });
    renderApp('/admin/registrations/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend link' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send new link' }));
    expect(await screen.findByLabelText('New registration link')).toHaveValue('http://127.0.0.1:3000/register/abc');
    expect(screen.getByText(/Mail is not set up/)).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Registrations/7/ResendLink')).toHaveLength(1);
  });

  it('changes dates, checked with the attendance rules of the event first', async () => {
    const api = fakeAdminApi({
      'GET /api/Admin/Registrations/7': () => registrationDetail(),
      'GET /api/Admin/Events': () => ({ rows: [nbcEvent()], total: 1 }),
      'POST /api/Admin/Registrations/7/Dates': ({ body }) => registrationDetail({ ...(body as object) }),
    });
    renderApp('/admin/registrations/7');
    await screen.findByText('The event runs from 2027-03-01 to 2027-03-04 and can be attended virtually.');
    const departure = screen.getByLabelText('Departure');
    await userEvent.clear(departure);
    await userEvent.type(departure, '2027-03-09');
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));
    expect(screen.getByText('Departure date must be between 2027-03-01 and 2027-03-04.')).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Registrations/7/Dates')).toHaveLength(0);

    await userEvent.click(screen.getByLabelText('Attends virtually'));
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));
    expect(await screen.findByText(/Dates changed/)).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Registrations/7/Dates')[0]?.body).toEqual({ isVirtual: true, arrivalDate: null, departureDate: null });
  });

  it('says so when the registration does not exist', async () => {
    fakeAdminApi({ 'GET /api/Admin/Registrations/999': () => answer(404, { succeeded: false, message: 'Not found', data: null }) });
    renderApp('/admin/registrations/999');
    expect(await screen.findByText('There is no registration 999.')).toBeVisible();
  });
});
