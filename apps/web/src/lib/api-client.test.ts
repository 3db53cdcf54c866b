import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginData } from '../testing/render-app.tsx';
import { ApiError, apiFetch, apiGet, apiPost, apiUrl, setUnauthorizedHandler } from './api-client.ts';
import { getUserDetail, setUserDetail } from './user-storage.ts';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

afterEach(() => setUnauthorizedHandler(() => undefined));

describe('api client', () => {
  it('sends JSON and the stored bearer token, and returns the envelope', async () => {
    setUserDetail({ succeeded: true, message: null, data: loginData({ accessToken: 'abc.def' }) });
    const fetchMock = answer(200, { succeeded: true, message: null, data: { ok: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiPost<{ ok: number }>('/api/Thing', { a: 1 }, { reportLevel: 'Zone' });
    expect(result).toEqual({ succeeded: true, message: null, data: { ok: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/Thing?reportLevel=Zone');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer abc.def');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('sends no Authorization header without a stored login', async () => {
    const fetchMock = answer(200, { succeeded: true, message: null, data: null });
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('/api/Config');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('on 401 removes userdetail, calls the unauthorized handler and rejects', async () => {
    setUserDetail({ succeeded: true, message: null, data: loginData() });
    window.localStorage.setItem('unrelated', 'kept');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', answer(401, { succeeded: false, message: 'Token revoked', data: null }));
    const error = await apiGet('/api/Report/GetAllRegions').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(getUserDetail()).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('rejects other errors with the status, message and field errors of the envelope', async () => {
    vi.stubGlobal('fetch', answer(400, { succeeded: false, message: 'Invalid request', data: null, errors: [{ field: 'firstName', message: 'firstName is required' }] }));
    const error = (await apiFetch('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid request');
    expect(error.fieldErrors).toEqual([{ field: 'firstName', message: 'firstName is required' }]);
  });

  it('reports network failures and unreadable answers as ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(((await apiGet('/api/x').catch((e: unknown) => e)) as ApiError).status).toBe(0);
    vi.stubGlobal('fetch', answer(200, '<html>proxy error</html>'));
    expect(await apiGet('/api/x').catch((e: unknown) => e)).toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', answer(502, 'Bad gateway'));
    expect(((await apiGet('/api/x').catch((e: unknown) => e)) as ApiError).status).toBe(502);
  });

  it('builds query strings, skipping empty values', () => {
    expect(apiUrl('/api/Report/GetFieldReportData', { regCode: 'ALL', zone: undefined, n: 0, flag: null })).toBe('/api/Report/GetFieldReportData?regCode=ALL&n=0');
    expect(apiUrl('api/x')).toBe('/api/x');
  });
});
