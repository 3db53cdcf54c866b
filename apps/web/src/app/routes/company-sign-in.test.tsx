import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelope, loginData, mockApi, renderApp, TEST_RUNTIME_CONFIG, type ApiHandler } from '../../testing/render-app.tsx';
import { getUserDetail } from '../../lib/user-storage.ts';
import { getAdminSession } from '../../features/admin/utils/admin-session.ts';

const CODE = 'A'.repeat(43);
const configured: ApiHandler = ({ method, path }) => (method === 'GET' && path === '/api/Config' ? { body: envelope({ ...TEST_RUNTIME_CONFIG, companySignIn: true }) } : undefined);
const LINK = 'Sign in with your company account';

beforeAll(async () => {
  await import('./admin.tsx');
  await import('./report-login.tsx');
  await import('./company-sign-in.tsx');
}, 60_000);

afterEach(() => window.history.replaceState(null, '', '/'));

describe('company sign-in in the web app', { timeout: 40_000 }, () => {
  it('shows no company sign-in when the server does not offer it', async () => {
    mockApi();
    renderApp('/admin');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByRole('link', { name: LINK })).toBeNull();
  });

  it('offers it on /admin and /reportLogin when configured, each with its target', async () => {
    mockApi(configured);
    const admin = renderApp('/admin');
    expect(await screen.findByRole('link', { name: LINK })).toHaveAttribute('href', '/auth/oidc/start?target=admin');
    admin.unmount();
    renderApp('/reportLogin');
    expect(await screen.findByRole('link', { name: LINK })).toHaveAttribute('href', '/auth/oidc/start?target=reports');
  });

  it('trades the fragment code once for a report session and removes it from the address bar', async () => {
    const calls = mockApi(configured, ({ method, path }) =>
      method === 'POST' && path === '/auth/oidc/session' ? { body: envelope({ target: 'reports', ...loginData({ accessToken: 'oidc-report-token', regType: 'RPT', authorizationPolicy: ['reporting'] }) }) } : undefined,
    );
    window.history.replaceState(null, '', `/companySignIn#code=${CODE}&target=reports`);
    renderApp('/companySignIn');
    await waitFor(() => expect(getUserDetail()?.data.accessToken).toBe('oidc-report-token'));
    expect(window.location.hash).toBe('');
    expect(calls.filter((c) => c.path === '/auth/oidc/session').map((c) => c.body)).toEqual([{ code: CODE }]);
  });

  it('stores an organizer session apart from the attendee one', async () => {
    mockApi(configured, ({ method, path }) =>
      method === 'POST' && path === '/auth/oidc/session'
        ? { body: envelope({ target: 'admin', accessToken: 'oidc-organizer-token', expiresAt: '2099-01-01T00:00:00.000Z', authorizationPolicy: ['admin'], organizer: { id: 7, email: 'olga@corp.example.com', name: 'Olga', totpEnabled: false, mustChangePassword: false } }) }
        : undefined,
    );
    window.history.replaceState(null, '', `/companySignIn#code=${CODE}&target=admin`);
    renderApp('/companySignIn');
    await waitFor(() => expect(getAdminSession()?.accessToken).toBe('oidc-organizer-token'));
  });

  it('says so when the code was used or expired', async () => {
    mockApi(configured, ({ method, path }) => (method === 'POST' && path === '/auth/oidc/session' ? { status: 401, body: envelope(null, false, 'This sign-in has expired or was already used.') } : undefined));
    window.history.replaceState(null, '', `/companySignIn#code=${CODE}&target=reports`);
    renderApp('/companySignIn');
    expect(await screen.findByRole('alert')).toHaveTextContent('expired or was already used');
    expect(screen.getByRole('link', { name: 'Back to the report login' })).toHaveAttribute('href', '/reportLogin');
    // The 401 is this page's answer, not a lost session: the page stays, it is not sent to the landing page.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(window.location.pathname).toBe('/companySignIn');
    expect(screen.getByRole('heading', { name: 'Sign-in not completed' })).toBeVisible();
  });
});

describe('the company sign-in fragment', () => {
  it('takes the event target only with nbc or abc', async () => {
    const { readHandover } = await import('./company-sign-in.tsx');
    const code = 'c'.repeat(43);
    expect(readHandover(`#code=${code}&target=event&event=nbc`)).toEqual({ code, target: 'event', event: 'nbc' });
    expect(readHandover(`#code=${code}&target=event&event=abc`)).toEqual({ code, target: 'event', event: 'abc' });
    expect(readHandover(`#code=${code}&target=event`)).toBeNull();
    expect(readHandover(`#code=${code}&target=event&event=xyz`)).toBeNull();
    expect(readHandover(`#code=${code}&target=reports`)).toEqual({ code, target: 'reports' });
  });
});
