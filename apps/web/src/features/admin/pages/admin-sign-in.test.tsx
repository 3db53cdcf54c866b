import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp, storeLogin } from '../../../testing/render-app.tsx';
import { getUserDetail, USER_DETAIL_KEY } from '../../../lib/user-storage.ts';
import { answer, fakeAdminApi } from '../testing/fake-admin-api.ts';
import { nbcEvent, signInOrganizer } from '../testing/admin-fixtures.ts';
import { ADMIN_SESSION_KEY, getAdminSession, parseAdminSession } from '../utils/admin-session.ts';

const loginAnswer = {
  accessToken: 'organizer-token',
  expiresAt: '2099-01-01T00:00:00.000Z',
  authorizationPolicy: ['admin'],
  organizer: { id: 1, email: 'admin@corp.example.com', name: null, totpEnabled: false, mustChangePassword: false },
};
const list = { 'GET /api/Admin/Registrations': () => ({ rows: [], total: 0 }) };

// The console chunk is transformed once here, not inside the first test's time budget.
beforeAll(async () => {
  await import('../../../app/routes/admin.tsx');
}, 60_000);

describe('organizer sign-in', { timeout: 40_000 }, () => {
  it('checks the fields before calling the server', async () => {
    const api = fakeAdminApi({});
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeVisible();
    expect(screen.getByText('Enter your password.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await userEvent.type(screen.getByLabelText(/authenticator code/i), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid e-mail address.')).toBeVisible();
    expect(screen.getByText('The code has 6 digits.')).toBeVisible();
    expect(api.callsTo('POST', '/Admin/Login')).toHaveLength(0);
  });

  it('signs in into its own storage key, leaving the attendee login alone, and signs out', async () => {
    storeLogin();
    const api = fakeAdminApi({ 'POST /Admin/Login': () => loginAnswer, 'POST /Admin/Logout': () => null, ...list });
    renderApp('/admin');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'admin@corp.example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Organizer-Demo-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Registrations' })).toBeVisible();
    expect(api.callsTo('POST', '/Admin/Login')[0]?.body).toEqual({ email: 'admin@corp.example.com', password: 'Organizer-Demo-2027' });
    expect(window.sessionStorage.getItem(ADMIN_SESSION_KEY)).toContain('organizer-token');
    expect(window.localStorage.getItem(USER_DETAIL_KEY)).not.toContain('organizer-token');
    expect(getUserDetail()?.data.accessToken).toBe('token-general');
    await waitFor(() => expect(api.callsTo('GET', '/api/Admin/Registrations')[0]?.headers.get('authorization')).toBe('Bearer organizer-token'));

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(api.callsTo('POST', '/Admin/Logout')[0]?.headers.get('authorization')).toBe('Bearer organizer-token');
    expect(getAdminSession()).toBeNull();
    expect(getUserDetail()?.data.accessToken).toBe('token-general');
  });

  it('asks for the authenticator code when the server wants one, then sends it', async () => {
    let calls = 0;
    const api = fakeAdminApi({
      'POST /Admin/Login': () => {
        calls += 1;
        return calls === 1 ? answer(200, { succeeded: false, message: 'Sign-in failed.', data: null, errors: [{ field: 'totp', message: 'is required' }] }) : loginAnswer;
      },
      ...list,
    });
    renderApp('/admin');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'admin@corp.example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Organizer-Demo-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const totp = screen.getByLabelText(/authenticator code/i);
    await waitFor(() => expect(totp).toHaveFocus());
    expect(screen.getByText('Enter the 6-digit code of your authenticator app.')).toBeVisible();
    await userEvent.type(totp, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Registrations' })).toBeVisible();
    expect(api.callsTo('POST', '/Admin/Login')[1]?.body).toMatchObject({ totp: '123456' });
  });

  it('asks for the code mailed as a second proof when the server wants one, then sends it with the password', async () => {
    const asked = 'For your protection this sign-in needs a second proof: if the password was right, we have sent a 6-digit code to your e-mail address.';
    let calls = 0;
    const api = fakeAdminApi({
      'POST /Admin/Login': () => {
        calls += 1;
        return calls === 1 ? answer(200, { succeeded: false, message: asked, data: null, errors: [{ field: 'emailCode', message: asked }] }) : loginAnswer;
      },
      ...list,
    });
    renderApp('/admin');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'admin@corp.example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Organizer-Demo-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Code from the e-mail');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.getByText(asked)).toBeVisible();
    await userEvent.type(code, '654 321');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Registrations' })).toBeVisible();
    expect(api.callsTo('POST', '/Admin/Login')[1]?.body).toEqual({ email: 'admin@corp.example.com', password: 'Organizer-Demo-2027', emailCode: '654321' });
  });

  it('shows the server message of a refused sign-in and of too many attempts', async () => {
    let status = 200;
    fakeAdminApi({
      'POST /Admin/Login': () =>
        status === 200 ? answer(200, { succeeded: false, message: 'The e-mail or password is not right.', data: null }) : answer(429, { succeeded: false, message: 'Too many attempts. Try again later.', data: null }),
    });
    renderApp('/admin');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'admin@corp.example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is not right.');
    status = 429;
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Too many attempts/)).toBeVisible();
    expect(getAdminSession()).toBeNull();
  });

  it('a 401 on any console call ends the organizer session only', async () => {
    storeLogin();
    signInOrganizer();
    fakeAdminApi({ 'GET /api/Admin/Events': () => answer(401, { succeeded: false, message: 'Unauthorized', data: null }) });
    renderApp('/admin/events');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(getAdminSession()).toBeNull();
    expect(getUserDetail()?.data.accessToken).toBe('token-general');
  });

  it('an account with a one-time password chooses its own first', async () => {
    signInOrganizer({ mustChangePassword: true });
    const api = fakeAdminApi({ 'POST /api/Admin/Me/Password': () => null, 'GET /api/Admin/Events': () => ({ rows: [nbcEvent()], total: 1 }) });
    renderApp('/admin/events');
    await userEvent.type(await screen.findByLabelText('One-time password'), 'x7-one-time');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByText(/at least 12 characters\./)).toBeVisible();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a-long-new-password');
    await userEvent.type(screen.getByLabelText('New password again'), 'a-long-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Me/Password')[0]?.body).toEqual({ currentPassword: 'x7-one-time', newPassword: 'a-long-new-password' });
  });
});

describe('parseAdminSession', () => {
  it('accepts only a stored session with a token that has not expired', () => {
    const now = Date.parse('2027-01-01T00:00:00Z');
    expect(parseAdminSession(null, now)).toBeNull();
    expect(parseAdminSession('{not json', now)).toBeNull();
    expect(parseAdminSession(JSON.stringify({ accessToken: '', email: 'a@b.c' }), now)).toBeNull();
    expect(parseAdminSession(JSON.stringify({ accessToken: 't', email: 'a@b.c', expiresAt: '2026-12-31T00:00:00Z' }), now)).toBeNull();
    expect(parseAdminSession(JSON.stringify({ accessToken: 't', email: 'a@b.c', expiresAt: '2027-01-02T00:00:00Z' }), now)).toEqual({
      accessToken: 't',
      email: 'a@b.c',
      expiresAt: '2027-01-02T00:00:00Z',
      mustChangePassword: false,
    });
  });
});
