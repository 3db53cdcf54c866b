/** Delivery-shaped errors with the documented statuses and codes; CORS; bad input is never a 500. */
import { DeliveryError, createDeliveryClient } from '@kontent-ai/delivery-sdk';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import contentService, { importContentBundle } from '../src/index.ts';
import { createTestDatabase } from '@portal/db/testing';
import { ABC, FIXTURE_ROOT, NBC, getJson, useFixtureServer } from './helpers.ts';

const fixture = useFixtureServer();

const UNKNOWN_ENV = '99999999-9999-4999-8999-999999999999';

function expectDeliveryError(body: unknown, errorCode: number): void {
  expect(body).toEqual({ message: expect.any(String), request_id: expect.any(String), error_code: errorCode, specific_code: 0 });
  expect((body as { message: string }).message.length).toBeGreaterThan(10);
}

describe('not found', () => {
  it.each([
    [`${UNKNOWN_ENV}/items`, 105],
    [`${UNKNOWN_ENV}/types`, 105],
    [`${NBC}/items/no_such_item`, 100],
    [`${NBC}/types/no_such_type`, 101],
    [`${NBC}/types/no_such_type/elements/title`, 101],
    [`${NBC}/types/faq_page/elements/no_such_element`, 102],
    [`${NBC}/taxonomies/no_such_group`, 104],
    [`${NBC}/no_such_route`, 1],
    [`${NBC}/items/a/b`, 1],
    [`${NBC}`, 1],
  ])('/content/%s → 404 with error_code %i', async (path, code) => {
    const { status, body, headers } = await getJson(`${fixture.server.url}/content/${path}`);
    expect(status).toBe(404);
    expectDeliveryError(body, code);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('access-control-allow-origin')).toBe('*');
  });

  it('the SDK turns them into DeliveryError', async () => {
    vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    const client = createDeliveryClient({ environmentId: UNKNOWN_ENV, previewApiKey: 'portal', defaultQueryConfig: { usePreviewMode: true }, proxy: { basePreviewUrl: `${fixture.server.url}/content` }, retryStrategy: { maxAttempts: 0 } });
    const error = await client.items().toPromise().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).errorCode).toBe(105);
  });

  it('a known path with another method is 405 with Allow', async () => {
    const post = await fetch(`${fixture.server.content()}/items`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expectDeliveryError(await post.json(), 1);
    const getInit = await fetch(`${fixture.server.content()}/sync/init`);
    expect(getInit.status).toBe(405);
    expect(getInit.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('bad parameters → 400', () => {
  it.each([
    'items?limit=-1',
    'items?limit=ten',
    'items?skip=1.5',
    'items?depth=deep',
    'items?includeTotalCount=maybe',
    'items?limit=1&limit=2',
    'items?order=title',
    'items?order=system.colour[asc]',
    'items?order=elements.title[sideways]',
    'items?system.colour=red',
    'items?system.type[like]=sample',
    'items?elements.title[range]=1',
    'items?elements.title[range]=1,2,3',
    'items?elements.title[eq]',
    'items?elements.title=',
    'items?elements.title[in]=,,',
    'items?elements=a-b!',
    'items?excludeElements=x%20y',
    'items?language=fr',
    'items?language=',
    'items?elements.title=%E0%A4%A',
    'items?elements.[eq]=1',
    'items/welcome_page?depth=-2',
    'items/welcome_page?language=xx',
    'items-feed?order=nope',
    'types?limit=x',
    'taxonomies?skip=-5',
    'languages?order=elements.title[asc]',
  ])('%s', async (path) => {
    const { status, body } = await getJson(`${fixture.server.content()}/${path}`);
    expect(status).toBe(400);
    expectDeliveryError(body, 1);
  });

  it('a URL over 2,048 characters', async () => {
    const { status, body } = await getJson(`${fixture.server.content()}/items?system.codename[in]=${'a,'.repeat(1_100)}`);
    expect(status).toBe(400);
    expectDeliveryError(body, 1);
  });

  it.each([
    ['items-feed', { 'x-continuation': 'not-a-token' }],
    ['items-feed', { 'x-continuation': Buffer.from('{"k":{},"c":1}').toString('base64url') }],
  ])('%s with a bad continuation token', async (path, headers) => {
    const { status, body } = await getJson(`${fixture.server.content()}/${path}`, headers);
    expect(status).toBe(400);
    expectDeliveryError(body, 1);
  });

  it('sync needs a valid token for this environment', async () => {
    const missing = await getJson(`${fixture.server.content()}/sync`);
    expect(missing.status).toBe(400);
    expectDeliveryError(missing.body, 1);
    const garbage = await getJson(`${fixture.server.content()}/sync`, { 'x-continuation': 'garbage' });
    expect(garbage.status).toBe(400);
    const init = await fetch(`${fixture.server.content(ABC)}/sync/init`, { method: 'POST' });
    const otherEnvironment = await getJson(`${fixture.server.content()}/sync`, { 'x-continuation': init.headers.get('x-continuation') ?? '' });
    expect(otherEnvironment.status).toBe(400);
    const badFilter = await fetch(`${fixture.server.content()}/sync/init?elements.title=x`, { method: 'POST' });
    expect(badFilter.status).toBe(400);
  });

  it('ignores unknown parameters, as the Delivery API does', async () => {
    const { status, body } = await getJson(`${fixture.server.content()}/items?system.type=welcome_page&_=12345&utm_source=x`);
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
  });

  it('never answers 500 to odd input', async () => {
    const odd = [
      'items?=',
      'items?&&&',
      'items?elements.',
      'items?system.',
      'items?order=',
      'items?depth=99999999999999',
      'items?depth=2147483647',
      'items?skip=2147483647&limit=2147483647',
      'items?elements.title[lt]',
      'items?elements.__proto__=1',
      'items?elements=__proto__,constructor',
      'items?system.codename=__proto__',
      'items/__proto__',
      'items/%E2%82%AC',
      'types/__proto__/elements/constructor',
      'types/faq_page/elements/__proto__',
      'taxonomies/constructor',
      'items-feed?elements.price[range]=a,b',
      `items?${'system.type=sample&'.repeat(100)}`,
    ];
    for (const path of odd) {
      const { status } = await getJson(`${fixture.server.content()}/${path}`);
      expect(status, path).toBeLessThan(500);
    }
  });
});

describe('request bodies', () => {
  it('sync/init ignores its body, whatever it is', async () => {
    const bodies: RequestInit[] = [
      { body: '{}', headers: { 'content-type': 'application/json' } },
      { body: '{not json', headers: { 'content-type': 'application/json' } },
      { body: 'hello', headers: { 'content-type': 'text/plain' } },
      {},
    ];
    for (const init of bodies) {
      const response = await fetch(`${fixture.server.content()}/sync/init`, { method: 'POST', ...init });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ items: [] });
    }
  });

  it('refuses a large body with a Delivery-shaped 413', async () => {
    const response = await fetch(`${fixture.server.content()}/sync/init`, { method: 'POST', body: 'x'.repeat(64 * 1024), headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    expectDeliveryError(await response.json(), 1);
  });
});

describe('CORS for the SDK', () => {
  it('answers the preflight with the SDK headers allowed', async () => {
    const response = await fetch(`${fixture.server.content()}/items?system.type=sample`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-kc-sdkid' },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-kc-sdkid', 'x-kc-wait-for-loading-new-content', 'x-continuation']));
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('exposes the continuation and stale-content headers on answers', async () => {
    const response = await fetch(`${fixture.server.content()}/items`, { headers: { origin: 'https://app.example.com' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['X-Continuation', 'X-Stale-Content']));
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${fixture.server.content()}/items?system.type=welcome_page`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^"/);
    expect(await response.text()).toBe('');
  });
});

describe('resilience', () => {
  it('treats a failing access-code resolver as no token (public content only)', async () => {
    const app = Fastify();
    await app.register(contentService, {
      db: fixture.database.db,
      source: { kind: 'embedded' },
      resolveAccessCodes: () => Promise.reject(new Error('token service down')),
    });
    try {
      const restricted = await app.inject({ url: `/content/${NBC}/items?system.type=header_layout_detail`, headers: { authorization: 'Bearer corporate' } });
      expect(restricted.statusCode).toBe(200);
      expect(restricted.json().items).toEqual([]);
      const item = await app.inject({ url: `/content/${NBC}/items/welcome_page` });
      expect(item.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 in Delivery shape when the database is gone and nothing is loaded', async () => {
    const lost = await createTestDatabase();
    const app = Fastify();
    await app.register(contentService, { db: lost.db, source: { kind: 'embedded' }, resolveAccessCodes: async () => [] });
    await lost.close();
    try {
      const response = await app.inject({ url: `/content/${NBC}/items` });
      expect(response.statusCode).toBe(503);
      expectDeliveryError(response.json(), 503);
    } finally {
      await app.close();
    }
  });

  it('keeps serving its snapshot when the database goes away afterwards', async () => {
    const fragile = await createTestDatabase();
    await importContentBundle(fragile.db, FIXTURE_ROOT, { environments: ['abc'] });
    const app = Fastify();
    await app.register(contentService, { db: fragile.db, source: { kind: 'embedded' }, resolveAccessCodes: async () => [], refreshIntervalMs: 0 });
    try {
      expect((await app.inject({ url: `/content/${ABC}/items` })).statusCode).toBe(200);
      await fragile.close();
      const response = await app.inject({ url: `/content/${ABC}/items?depth=0` });
      expect(response.statusCode).toBe(200);
      expect(response.json().items).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
