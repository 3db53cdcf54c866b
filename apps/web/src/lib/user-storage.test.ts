import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginData } from '../testing/render-app.tsx';
import { clearSession, getAccessToken, getUserDetail, removeUserDetail, setUserDetail, USER_DETAIL_KEY, useUserDetail } from './user-storage.ts';

const stored = { succeeded: true, message: null, data: loginData() };

describe('userdetail storage', () => {
  it("keeps the whole login answer under 'userdetail'", () => {
    expect(USER_DETAIL_KEY).toBe('userdetail');
    setUserDetail(stored);
    expect(JSON.parse(window.localStorage.getItem('userdetail') ?? 'null')).toEqual(stored);
    expect(getUserDetail()).toEqual(stored);
    expect(getAccessToken()).toBe('token-general');
  });

  it('treats unreadable or token-less storage as no login', () => {
    for (const raw of ['not json', '{}', 'null', '[]', JSON.stringify({ ...stored, succeeded: false }), JSON.stringify({ ...stored, data: { ...stored.data, accessToken: '' } }), JSON.stringify({ ...stored, data: { ...stored.data, eventType: 'xyz' } })]) {
      window.localStorage.setItem('userdetail', raw);
      expect(getUserDetail()).toBeNull();
      expect(getAccessToken()).toBeNull();
    }
  });

  it('removeUserDetail drops only the login; clearSession clears local and session storage', () => {
    setUserDetail(stored);
    window.localStorage.setItem('other', '1');
    window.sessionStorage.setItem('s', '1');
    removeUserDetail();
    expect(getUserDetail()).toBeNull();
    expect(window.localStorage.getItem('other')).toBe('1');
    setUserDetail(stored);
    clearSession();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(getUserDetail()).toBeNull();
  });

  it('useUserDetail re-renders on changes, also from another tab', () => {
    const { result } = renderHook(() => useUserDetail());
    expect(result.current).toBeNull();
    act(() => setUserDetail(stored));
    expect(result.current?.data.accessToken).toBe('token-general');
    act(() => {
      window.localStorage.removeItem('userdetail');
      window.dispatchEvent(new StorageEvent('storage', { key: 'userdetail' }));
    });
    expect(result.current).toBeNull();
  });
});
