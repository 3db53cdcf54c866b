/**
 * Upstream mode against a fake Kontent.ai Preview API on loopback: the fake is this package's own
 * embedded service (so its answers have the real Delivery shape), behind a key check and a switch
 * that makes it fail on demand.
 */
import { type IDeliveryClient, createDeliveryClient } from '@kontent-ai/delivery-sdk';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import contentService, { type UpstreamSource, importContentBundle } from '../src/index.ts';
import { FIXTURE_ROOT, NBC, type TestServer, bearer, codenamesOf, getJson, linkedItemsOf, resolveFromBearer, startServer, valueOf } from './helpers.ts';

/** The portal's id for the proxied environment (what the browser uses). */
const PORTAL_ENV = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const PREVIEW_KEY = 'preview-secret';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  continuation: string | undefined;
}

let database: Database;
let upstream: FastifyInstance;
let upstreamUrl: string;
const seen: Seen[] = [];
/** Canned failures the fake answers before serving normally, first one first. */
let failures: ({ status: number; headers?: Record<string, string>; body?: unknown } | 'hang' | 'drop')[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await importContentBundle(database.db, FIXTURE_ROOT, { environments: ['nbc'] });
  upstream = Fastify({ forceCloseConnections: true });
  upstream.addHook('onRequest', async (request, reply) => {
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      continuation: request.headers['x-continuation'] as string | undefined,
    });
    const failure = failures.shift();
    if (failure === 'hang') return new Promise(() => undefined);
    if (failure === 'drop') {
      request.raw.socket.destroy();
      return reply;
    }
    if (failure) return reply.code(failure.status).headers(failure.headers ?? {}).send(failure.body ?? { message: 'failure', error_code: 0 });
    if (request.headers.authorization !== `Bearer ${PREVIEW_KEY}`) {
      return reply.code(401).send({ message: 'Missing or invalid preview key.', request_id: 'x', error_code: 4, specific_code: 0 });
    }
    return undefined;
  });
  // With the preview key, Kontent.ai shows everything: the fake resolves every code.
  await upstream.register(contentService, {
    db: database.db,
    source: { kind: 'embedded' },
    resolveAccessCodes: async () => ['navigatingcorp', 'retailers', 'field', 'corporate'],
    feedPageSize: 3,
  });
  await upstream.listen({ host: '127.0.0.1', port: 0 });
  const address = upstream.server.address();
  upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/content`;
});
afterAll(async () => {
  await upstream.close();
  await database.close();
});

let server: TestServer;
async function startProxy(options: Partial<UpstreamSource> = {}): Promise<void> {
  server = await startServer(database.db, {
    source: {
      kind: 'upstream',
      environments: { [PORTAL_ENV]: { upstreamEnvironmentId: NBC, previewApiKey: PREVIEW_KEY, baseUrl: upstreamUrl } },
      cacheTtlMs: 0,
      maxRetryWaitMs: 2_000,
      timeoutMs: 1_000,
      ...options,
    },
    resolveAccessCodes: resolveFromBearer,
  });
}
beforeEach(() => {
  seen.length = 0;
  failures = [];
});
afterEach(async () => {
  await server?.close();
});

function sdk(token?: string): IDeliveryClient {
  return createDeliveryClient({
    environmentId: PORTAL_ENV,
    proxy: { baseUrl: `${server.url}/content` },
    globalHeaders: () => (token ? [{ header: 'Authorization', value: `Bearer ${token}` }] : []),
    retryStrategy: { maxAttempts: 0 },
  });
}

const portal = (path: string): string => `${server.content(PORTAL_ENV)}/${path}`;

describe('proxying', () => {
  beforeEach(() => startProxy());

  it('answers the product queries through the SDK with the key held server-side', async () => {
    const { data } = await sdk('general').items().type('attire_page').depthParameter(2).toPromise();
    expect(codenamesOf(linkedItemsOf(data.items[0], 'headings_and_content'))).toEqual(['attire_business', 'attire_evening']);
    const agenda = await sdk().item('agenda_page_item').depthParameter(2).toPromise();
    expect(linkedItemsOf(agenda.data.item, 'links_and_pdfs')).toHaveLength(1);
    expect(seen.map((s) => s.authorization)).toEqual([`Bearer ${PREVIEW_KEY}`, `Bearer ${PREVIEW_KEY}`]);
    expect(seen[0]?.url).toBe(`/content/${NBC}/items?system.type=attire_page&depth=2`);
  });

  it('filters restricted items out of upstream answers', async () => {
    expect(codenamesOf((await getJson(portal('items?system.type=header_layout_detail&depth=2'))).body.items)).toEqual([]);
    const general = await getJson(portal('items?system.type=header_layout_detail&depth=2'), bearer('general'));
    expect(valueOf(general.body.items[0], 'tablist')).toEqual(['tab_welcome']);
    expect(Object.keys(general.body.modular_content)).toEqual(['tab_welcome']);
    expect(general.headers.get('cache-control')).toMatch(/^private/);
    const corporate = await getJson(portal('items?system.type=header_layout_detail&depth=2'), bearer('corporate'));
    expect(valueOf(corporate.body.items[0], 'tablist')).toEqual(['tab_welcome', 'tab_linktoexpo', 'tab_reporting']);
    expect((await getJson(portal('items/tab_reporting'), bearer('general'))).status).toBe(404);
    expect((await getJson(portal('items/tab_reporting'), bearer('field'))).status).toBe(200);
  });

  it('re-checks filters on what the caller may see, and keeps access codes through projections', async () => {
    const reveal = await getJson(portal('items?system.type=header_layout_detail&elements.tablist[contains]=tab_reporting'), bearer('general'));
    expect(reveal.body.items).toEqual([]);
    const projected = await getJson(portal('items?system.type=header_tab&elements=title'), bearer('general'));
    expect(codenamesOf(projected.body.items)).toEqual(['tab_welcome']);
    expect(Object.keys(projected.body.items[0]?.elements ?? {})).toEqual(['title']);
    expect(seen.at(-1)?.url).toContain('elements=title,access_codes');
    const excluded = await getJson(portal('items?system.type=header_tab&excludeElements=access_codes,id'), bearer('general'));
    expect(codenamesOf(excluded.body.items)).toEqual(['tab_welcome']);
    expect(Object.keys(excluded.body.items[0]?.elements ?? {})).toEqual(['title']);
    expect(seen.at(-1)?.url).toContain('excludeElements=id');
  });

  it('rewrites next_page to the portal and follows it with toAllPromise', async () => {
    const first = await getJson(portal('items?system.type=sample&limit=2&includeTotalCount=true'));
    expect(first.body.pagination).toEqual({ skip: 0, limit: 2, count: 2, total_count: 5, next_page: `${portal('items')}?system.type=sample&limit=2&includeTotalCount=true&skip=2` });
    const { data } = await sdk().items().type('sample').limitParameter(2).toAllPromise();
    expect(data.items).toHaveLength(5);
    const types = await getJson(portal('types?limit=3'));
    expect(types.body.pagination.next_page).toBe(`${portal('types')}?limit=3&skip=3`);
  });

  it('passes items-feed and sync continuation tokens both ways', async () => {
    const first = await getJson(portal('items-feed?system.type=sample'));
    expect(codenamesOf(first.body.items)).toHaveLength(3);
    const token = first.headers.get('x-continuation') ?? '';
    expect(token).not.toBe('');
    const second = await getJson(portal('items-feed?system.type=sample'), { 'x-continuation': token });
    expect(codenamesOf(second.body.items)).toEqual(['sample_epsilon', 'sample_gamma']);
    expect(seen.at(-1)?.continuation).toBe(token);

    const init = await fetch(portal('sync/init'), { method: 'POST' });
    expect(init.status).toBe(200);
    const syncToken = init.headers.get('x-continuation') ?? '';
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: `/content/${NBC}/sync/init` });
    const sync = await getJson(portal('sync'), { 'x-continuation': syncToken });
    expect(sync.status).toBe(200);
    expect(sync.body.items).toEqual([]);
    expect(seen.at(-1)?.continuation).toBe(syncToken);
  });

  it('passes upstream Delivery errors on', async () => {
    const missing = await getJson(portal('items/no_such_item'));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error_code: 100, message: expect.stringContaining('no_such_item') });
    const bad = await getJson(portal('items?limit=x'));
    expect(bad.status).toBe(400);
    const unknown = await getJson(`${server.content('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb')}/items`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe(105);
  });
});

describe('caching and failures', () => {
  it('reuses a good answer within cacheTtlMs, unless asked to wait for new content', async () => {
    await startProxy({ cacheTtlMs: 60_000 });
    await getJson(portal('items?system.type=welcome_page'));
    await getJson(portal('items?system.type=welcome_page'), bearer('corporate'));
    expect(seen).toHaveLength(1);
    await getJson(portal('items?system.type=welcome_page'), { 'x-kc-wait-for-loading-new-content': 'true' });
    expect(seen).toHaveLength(2);
  });

  it('waits for Retry-After on 429 and retries', async () => {
    await startProxy();
    failures = [{ status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests', error_code: 10 } }];
    const started = Date.now();
    const { status, body, headers } = await getJson(portal('items?system.type=welcome_page'));
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(headers.get('x-stale-content')).toBeNull();
    expect(seen).toHaveLength(2);
  });

  it('does not wait longer than maxRetryWaitMs: answers 503 with Retry-After when nothing is cached', async () => {
    await startProxy();
    failures = [{ status: 429, headers: { 'retry-after': '30' } }];
    const started = Date.now();
    const { status, body, headers } = await getJson(portal('items?system.type=welcome_page'));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(status).toBe(503);
    expect(body).toEqual({ message: expect.any(String), request_id: expect.any(String), error_code: 503, specific_code: 0 });
    expect(headers.get('retry-after')).toBe('30');
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['a 500', { status: 500 }],
    ['a wrong key (401)', { status: 401 }],
    ['a dropped connection', 'drop'],
    ['a time-out', 'hang'],
    ['a 429 past the wait budget', { status: 429, headers: { 'retry-after': '60' } }],
    ['a body that is not Delivery JSON', { status: 200, body: { nothing: true } }],
  ] as const)('serves the last good copy with X-Stale-Content: 1 after %s', async (_name, failure) => {
    await startProxy({ timeoutMs: 300 });
    const url = portal('items?system.type=faq_page&depth=2');
    const fresh = await getJson(url);
    expect(fresh.status).toBe(200);
    failures = [failure as (typeof failures)[number]];
    const stale = await getJson(url);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-stale-content')).toBe('1');
    expect(stale.body).toEqual(fresh.body);
    // The SDK reports it as stale.
    failures = [failure as (typeof failures)[number]];
    const viaSdk = await sdk().items().type('faq_page').depthParameter(2).toPromise();
    expect(viaSdk.hasStaleContent).toBe(true);
  });

  it('answers a Delivery-shaped 503 when upstream fails and nothing is cached', async () => {
    await startProxy();
    failures = [{ status: 502 }];
    const { status, body } = await getJson(portal('items/welcome_page'));
    expect(status).toBe(503);
    expect(body.error_code).toBe(503);
    expect(body.message).toContain('unavailable');
  });

  it('never forwards the browser token, and a missing server key fails closed', async () => {
    server = await startServer(database.db, {
      source: { kind: 'upstream', environments: { [PORTAL_ENV]: { upstreamEnvironmentId: NBC, baseUrl: upstreamUrl } }, cacheTtlMs: 0 },
      resolveAccessCodes: resolveFromBearer,
    });
    const { status } = await getJson(portal('items'), bearer(PREVIEW_KEY));
    expect(seen[0]?.authorization).toBeUndefined();
    expect(status).toBe(503);
  });
});
