import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { nbcEvent } from '../testing/admin-fixtures.ts';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { answer, fakeAdminApi } from '../testing/fake-admin-api.ts';
import { checkEventForm, eventFormValues } from '../utils/event-form.ts';

setUpConsolePageTests();

describe('event form rules', () => {
  const values = eventFormValues(nbcEvent());
  it('sends every field of a valid form', () => {
    expect(checkEventForm({ ...values, capacity: '800' })).toEqual({
      update: {
        startsOn: '2027-03-01',
        endsOn: '2027-03-04',
        registrationOpensAt: null,
        registrationClosesAt: '2027-02-15T17:00:00.000Z',
        isVirtual: true,
        capacity: 800,
        defaultComplimentarySeats: 2,
        reminderDaysBeforeClose: 7,
        retentionDays: null,
        changesCloseAt: null,
        helpDeskEmail: null,
        helpDeskPhone: null,
      },
    });
  });
  it('sends when attendees’ changes close and the help desk, and refuses a help desk address that is none', () => {
    expect(checkEventForm({ ...values, changesCloseAt: '2027-02-19T23:59', helpDeskEmail: ' desk@corp.example.com ', helpDeskPhone: '(800) 555-0142' })).toMatchObject({
      update: { changesCloseAt: new Date('2027-02-19T23:59').toISOString(), helpDeskEmail: 'desk@corp.example.com', helpDeskPhone: '(800) 555-0142' },
    });
    expect(checkEventForm({ ...values, helpDeskEmail: 'the desk' })).toMatchObject({ errors: { helpDeskEmail: expect.any(String) } });
  });
  it('sends the retention period and refuses one out of range', () => {
    expect(checkEventForm({ ...values, retentionDays: '90' })).toMatchObject({ update: { retentionDays: 90 } });
    expect(checkEventForm({ ...values, retentionDays: '0' })).toEqual({ errors: { retentionDays: 'Enter a whole number of days from 1 to 3650, or leave it empty to keep the data.' } });
    expect(checkEventForm({ ...values, retentionDays: 'soon' })).toEqual({ errors: { retentionDays: 'Enter a whole number of days from 1 to 3650, or leave it empty to keep the data.' } });
  });
  it('refuses a window the wrong way round, bad numbers and reminders without a close', () => {
    const checked = checkEventForm({ ...values, endsOn: '2027-02-28', capacity: '-1', defaultComplimentarySeats: '2.5', registrationOpensAt: '2027-02-20T09:00', registrationClosesAt: '2027-02-10T09:00' });
    expect(checked).toEqual({
      errors: {
        endsOn: 'The last day cannot be before the first.',
        capacity: 'Enter a whole number of seats, or leave it empty for no limit.',
        defaultComplimentarySeats: 'Enter a whole number from 0 to 100.',
        registrationClosesAt: 'Registration must close after it opens.',
      },
    });
    expect(checkEventForm({ ...values, registrationClosesAt: '' })).toEqual({ errors: { reminderDaysBeforeClose: 'Reminders need a closing time.' } });
    expect(checkEventForm({ ...values, startsOn: '' })).toEqual({ errors: { startsOn: 'Enter a date.' } });
  });
});

describe('events page', { timeout: 40_000 }, () => {
  it('saves an event and says so', async () => {
    const api = fakeAdminApi({
      'GET /api/Admin/Events': () => ({ rows: [nbcEvent(), nbcEvent({ id: 'abc', name: 'Annual Business Conference 2027', isVirtual: false })], total: 2 }),
      'PUT /api/Admin/Events/nbc': ({ body }) => nbcEvent(body as object),
    });
    renderApp('/admin/events');
    const form = await screen.findByRole('form', { name: 'Settings of National Business Conference 2027' });
    expect(screen.getAllByText('120 enrolled, 3 pending, 4 cancelled.')).toHaveLength(2);
    await userEvent.type(within(form).getByLabelText('Capacity'), '900');
    await userEvent.click(within(form).getByLabelText('Virtual attendance offered'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save nbc' }));
    expect(await within(form).findByText('Saved.')).toBeVisible();
    expect(api.callsTo('PUT', '/api/Admin/Events/nbc')[0]?.body).toMatchObject({ capacity: 900, isVirtual: false, defaultComplimentarySeats: 2 });
  });

  it('keeps an invalid form on screen with the errors', async () => {
    const api = fakeAdminApi({ 'GET /api/Admin/Events': () => ({ rows: [nbcEvent()], total: 1 }) });
    renderApp('/admin/events');
    const form = await screen.findByRole('form');
    await userEvent.clear(within(form).getByLabelText('Complimentary seats per store'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save nbc' }));
    expect(within(form).getByText('Enter a whole number from 0 to 100.')).toBeVisible();
    expect(within(form).getByLabelText('Complimentary seats per store')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/Admin/Events/nbc')).toHaveLength(0);
  });

  it('runs retention after the dry run; a long run is said to go on in the background', async () => {
    const plan = { event: 'abc', retentionDays: 30, endsOn: '2027-09-16', dueOn: '2027-10-16', due: true, people: 97576, mailBodies: 12, scanLogs: 0 };
    const api = fakeAdminApi({
      'GET /api/Admin/Events': () => ({ rows: [nbcEvent()], total: 1 }),
      'GET /api/Admin/Retention/DryRun': () => ({ rows: [plan] }),
      'POST /api/Admin/Retention/Run': () => answer(202, { succeeded: true, message: 'The run goes on in the background. The dry run shows what is left.', data: { rows: [], running: true } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/events');
    await user.click(await screen.findByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('table', { name: 'Retention dry run' })).toHaveTextContent('97576');
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await user.click(await screen.findByRole('button', { name: 'Erase and purge' }));
    expect(await screen.findByText(/goes on in the background/)).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Retention/Run')).toHaveLength(1);
  });
});
