import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, storeLogin } from '../testing/render-app.tsx';
import { logout } from './session.ts';
import { getUserDetail } from './user-storage.ts';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// Section 7 of docs/design/web-rules.md: "POST User/ProcessLogout | none | nothing", and section 4: "Login page entry: first
// calls logout". The call goes out on every logout, not only when a token is stored.
describe('logout', () => {
  it('sends ProcessLogout with the stored token, then clears local and session storage', async () => {
    storeLogin({ accessToken: 'stored-token' });
    window.sessionStorage.setItem('x', '1');
    const calls = mockApi();
    await logout();
    const sent = calls.filter((c) => c.path === '/User/ProcessLogout');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('authorization')).toBe('Bearer stored-token');
    expect(getUserDetail()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('sends ProcessLogout when no token is stored too, without an Authorization header', async () => {
    const calls = mockApi();
    await logout();
    const sent = calls.filter((c) => c.path === '/User/ProcessLogout');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('authorization')).toBeNull();
  });

  it('ends the session here even when the call fails', async () => {
    storeLogin({ accessToken: 'stored-token' });
    mockApi((call) => (call.path === '/User/ProcessLogout' ? { status: 503, body: '' } : undefined));
    await expect(logout()).resolves.toBeUndefined();
    expect(getUserDetail()).toBeNull();
  });
});
