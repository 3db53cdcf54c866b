import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CheckInDevice } from '@portal/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { answer, fakeAdminApi } from '../testing/fake-admin-api.ts';

setUpConsolePageTests();

const device = (overrides: Partial<CheckInDevice> = {}): CheckInDevice => ({
  id: 1,
  event: 'nbc',
  name: 'Door 1',
  state: 'paired',
  canWalkIn: true,
  canSubstitute: false,
  pairingExpiresAt: null,
  pairedAt: '2027-03-01T07:00:00.000Z',
  revokedAt: null,
  lastSyncAt: '2027-03-01T08:00:00.000Z',
  lastRosterAt: '2027-03-01T08:00:00.000Z',
  scans: 42,
  checkIns: 40,
  conflicts: 1,
  holds: { fields: ['firstName', 'lastName'], rows: 310, asOf: '2027-03-01T08:00:00.000Z' },
  ...overrides,
});

function eventDaysApi(extra: Parameters<typeof fakeAdminApi>[0] = {}) {
  return fakeAdminApi({
    'GET /api/Admin/Arrivals': () => ({ rows: [{ code: '010', name: 'East', enrolled: 10, arrived: 4, pctArrived: 40 }], total: { enrolled: 10, arrived: 4 } }),
    'GET /api/Admin/Arrivals/NotArrived': () => ({ rows: [{ registrationId: 7, attendeeName: 'Nora Late', attendeeType: 'dealer', dlrnum: '10002', storeName: 'Lakeside Auto', district: '011001', zone: '011' }], total: 1 }),
    'GET /api/Admin/CheckInDevices': () => ({ rows: [device()], total: 1 }),
    'GET /api/Admin/CheckInActivity': () => ({
      asOf: '2027-03-01T09:00:00.000Z',
      timeZone: 'America/Los_Angeles',
      doors: [
        { deviceId: 1, name: 'Door 1', state: 'paired', lastSyncAt: '2027-03-01T08:59:40.000Z', stale: false, scansLast15Min: 12, scansToday: 140, prints: 3 },
        { deviceId: 2, name: 'Door 2', state: 'paired', lastSyncAt: '2027-03-01T08:54:00.000Z', stale: true, scansLast15Min: 0, scansToday: 55, prints: 0 },
      ],
      arrivalsByHour: [
        { hour: '2027-03-01 07:00', arrivals: 20 },
        { hour: '2027-03-01 08:00', arrivals: 75 },
      ],
    }),
    'GET /api/Admin/CheckInConflicts': () => ({
      rows: [{ registrationId: 9, attendeeName: 'Dana Twice', storeName: 'Hilltop', first: { at: '2027-03-01T08:00:00.000Z', door: 'North', device: 'Door 1' }, second: { at: '2027-03-01T08:01:00.000Z', door: 'South', device: 'Door 2', scanId: 'x' } }],
      total: 1,
    }),
    ...extra,
  });
}

describe('event days page', { timeout: 40_000 }, () => {
  it('shows arrivals, devices with what they hold, and conflicts', async () => {
    eventDaysApi();
    renderApp('/admin/event-days');
    const arrivals = await screen.findByRole('table', { name: 'Arrivals' });
    expect(within(arrivals).getByText('East')).toBeInTheDocument();
    expect(await screen.findByText('Nora Late')).toBeInTheDocument();
    const devices = await screen.findByRole('table', { name: 'Door devices' });
    expect(within(devices).getByText(/310 people \(firstName, lastName\)/)).toBeInTheDocument();
    expect(await screen.findByText('Dana Twice')).toBeInTheDocument();
  });

  it('shows each door’s count live, a door not synced for 2 minutes in red, and arrivals per hour', async () => {
    const api = eventDaysApi();
    renderApp('/admin/event-days');
    const doors = await screen.findByRole('table', { name: 'Doors now' });
    const [, first, second] = within(doors).getAllByRole('row');
    expect(first).toHaveTextContent(/Door 1.*12.*140.*3/);
    expect(within(first!).queryByText(/not synced/)).toBeNull();
    expect(second).toHaveTextContent(/Door 2.*not synced for 6 min.*0.*55/);
    expect(within(second!).getByText('not synced for 6 min').closest('td')).toHaveClass('text-danger');
    expect(screen.getByRole('img', { name: /Arrivals per hour from 2027-03-01 07:00 to 2027-03-01 08:00: 95 in all, most at 2027-03-01 08:00 \(75\)/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/Admin/CheckInActivity')[0]?.query).toEqual({ event: 'nbc' });
  });

  it('creates a device and shows its pairing code once; revokes after a confirmation', async () => {
    const api = eventDaysApi({
      'POST /api/Admin/CheckInDevices': () => answer(201, { succeeded: true, message: null, data: { id: 2, pairingCode: 'ABCDE-FGHJK', pairingExpiresAt: '2027-03-02T08:00:00.000Z' } }),
      'POST /api/Admin/CheckInDevices/1/Revoke': () => device({ state: 'revoked', revokedAt: '2027-03-01T09:00:00.000Z' }),
    });
    const user = userEvent.setup();
    renderApp('/admin/event-days');
    await user.click(await screen.findByRole('button', { name: 'New device' }));
    await user.click(screen.getByRole('button', { name: 'Create pairing code' }));
    expect(await screen.findByText('is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Hall B');
    await user.click(screen.getByLabelText('May register walk-ins'));
    await user.click(screen.getByRole('button', { name: 'Create pairing code' }));
    expect(await screen.findByTestId('pairing-code')).toHaveTextContent('ABCDE-FGHJK');
    expect(api.callsTo('POST', '/api/Admin/CheckInDevices')[0]?.body).toEqual({ event: 'nbc', name: 'Hall B', canWalkIn: true, canSubstitute: false });

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(api.callsTo('POST', '/api/Admin/CheckInDevices/1/Revoke')).toHaveLength(1);
  });

  it('registers a walk-in and refuses an incomplete one in the browser', async () => {
    const api = eventDaysApi({
      'POST /api/Admin/WalkIns': () => answer(201, { succeeded: true, message: null, data: { registrationId: 77, personId: 5, name: 'Wally Walker', badge: { code: 'EP1.x.y' }, checkedInAt: '2027-03-01T09:00:00.000Z' } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/event-days');
    const form = await screen.findByRole('form', { name: 'Walk-in' });
    await user.click(within(form).getByRole('button', { name: 'Register and print badge' }));
    expect(api.callsTo('POST', '/api/Admin/WalkIns')).toHaveLength(0);
    await user.type(within(form).getByLabelText('E-mail'), 'wally@example.com');
    await user.type(within(form).getByLabelText('First name'), 'Wally');
    await user.type(within(form).getByLabelText('Last name'), 'Walker');
    await user.click(within(form).getByRole('button', { name: 'Register and print badge' }));
    expect(await screen.findByText(/Wally Walker is registered and checked in/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/Admin/WalkIns')[0]?.body).toMatchObject({ event: 'nbc', email: 'wally@example.com', door: 'Console', checkIn: true });
  });
});
