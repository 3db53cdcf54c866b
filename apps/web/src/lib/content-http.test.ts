import { DeliveryError } from '@kontent-ai/delivery-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from './api-client.ts';
import { createPortalContentClient } from './content-client.ts';
import { ContentHttpError, FetchHttpService } from './content-http.ts';

const ITEM = {
  item: { system: { id: '1', name: 'Login', codename: 'login', language: 'default', type: 'login', collection: 'default', last_modified: '2027-01-01T00:00:00Z' }, elements: { heading: { type: 'text', name: 'Heading', value: 'Sign in' } } },
  modular_content: {},
};
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function service(...answers: (Response | Error)[]) {
  const fetchMock = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  const sleep = vi.fn(async () => undefined);
  return { http: new FetchHttpService({ fetch: fetchMock as unknown as typeof fetch, sleep }), fetchMock, sleep };
}

afterEach(() => setUnauthorizedHandler(() => undefined));

describe('FetchHttpService', () => {
  it('sends the headers and answers in the shape the SDK reads', async () => {
    const { http, fetchMock } = service(json(200, { ok: true }, { 'x-stale-content': '1' }));
    const response = await http.getAsync<{ ok: boolean }>({ url: 'http://x/content/env/items' }, { headers: [{ header: 'Authorization', value: 'Bearer t' }] });
    expect(response.data).toEqual({ ok: true });
    expect(response.status).toBe(200);
    expect(response.headers).toContainEqual({ header: 'x-stale-content', value: '1' });
    expect(response.retryStrategy.retryAttempts).toBe(0);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t');
  });

  it.each([408, 429, 500, 502, 503, 504])('retries %i with a growing, jittered wait', async (status) => {
    const { http, fetchMock, sleep } = service(json(status, {}), json(status, {}), json(200, { ok: 1 }));
    expect((await http.getAsync({ url: 'http://x' })).retryStrategy.retryAttempts).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [first, second] = sleep.mock.calls.map((call) => (call as unknown as [number])[0]);
    expect(first).toBeGreaterThanOrEqual(800);
    expect(first).toBeLessThanOrEqual(1200);
    expect(second).toBeGreaterThanOrEqual(800);
    expect(second).toBeLessThanOrEqual(2400);
  });

  it('waits what Retry-After says, in seconds', async () => {
    const { http, sleep } = service(json(429, {}, { 'retry-after': '3' }), json(200, {}));
    await http.getAsync({ url: 'http://x' });
    expect(sleep).toHaveBeenCalledWith(3000);
  });

  it('gives up after 5 retries (6 requests)', async () => {
    const { http, fetchMock } = service(...Array.from({ length: 6 }, () => json(503, { message: 'down' })));
    const error = await http.getAsync({ url: 'http://x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentHttpError);
    expect((error as ContentHttpError).response.status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('does not retry other statuses, network failures or cancelled requests', async () => {
    for (const answer of [json(404, {}), json(401, {}), new TypeError('Failed to fetch'), new DOMException('aborted', 'AbortError')]) {
      const { http, fetchMock } = service(answer);
      await expect(http.getAsync({ url: 'http://x' })).rejects.toBeDefined();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('passes a cancel token as an abort signal', async () => {
    const { http, fetchMock } = service(json(200, {}));
    const token = http.createCancelToken();
    await http.getAsync({ url: 'http://x' }, { cancelToken: token });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.signal?.aborted).toBe(false);
    token.cancel('stop');
    expect(init.signal?.aborted).toBe(true);
  });
});

describe('the Delivery client on it', () => {
  function client(...answers: Response[]) {
    const { http, fetchMock } = service(...answers);
    return { fetchMock, client: createPortalContentClient({ baseUrl: 'http://portal.test/content', environmentId: 'env-1', token: 'portal-token', httpService: http }) };
  }

  it('maps items and sends the portal token', async () => {
    const { client: delivery, fetchMock } = client(json(200, ITEM));
    const response = await delivery.item('login').depthParameter(2).toPromise();
    expect(response.data.item.elements.heading?.value).toBe('Sign in');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://portal.test/content/env-1/items/login?depth=2');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer portal-token');
  });

  it("turns the content service's error body into a DeliveryError", async () => {
    const { client: delivery } = client(json(404, { message: "The requested content item 'x' was not found.", request_id: 'r1', error_code: 100, specific_code: 0 }));
    const error = await delivery.item('x').toPromise().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).errorCode).toBe(100);
    expect((error as DeliveryError).requestId).toBe('r1');
  });

  it('ends the session on 401, like the API', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const { client: delivery } = client(json(401, { message: 'Unauthorized', error_code: 0 }));
    await expect(delivery.item('login').toPromise()).rejects.toBeDefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
