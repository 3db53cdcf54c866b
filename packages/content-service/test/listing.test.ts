/** Paging, order, projection, depth, the size cap, caching headers and assets. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import contentService, { importContentBundle } from '../src/index.ts';
import type { Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { type TestServer, ABC, NBC, bearer, codenamesOf, copyFixture, getJson, resolveFromBearer, startServer, useFixtureServer } from './helpers.ts';

const fixture = useFixtureServer();

describe('paging', () => {
  it('answers skip, limit, count and an absolute next_page built from the request host', async () => {
    const response = await fixture.server.app.inject({ url: `/content/${NBC}/items?system.type=sample&limit=2&skip=1&depth=0`, headers: { host: 'portal.example.com:8443' } });
    const body = response.json();
    expect(codenamesOf(body.items)).toEqual(['sample_beta', 'sample_delta']);
    expect(body.pagination).toEqual({
      skip: 1,
      limit: 2,
      count: 2,
      next_page: `http://portal.example.com:8443/content/${NBC}/items?system.type=sample&limit=2&depth=0&skip=3`,
    });
    expect(response.headers['x-continuation']).toBeUndefined();
  });

  it('ends with an empty next_page and reports total_count only when asked', async () => {
    const last = await getJson(`${fixture.server.content()}/items?system.type=sample&limit=2&skip=4&includeTotalCount=true`);
    expect(last.body.pagination).toEqual({ skip: 4, limit: 2, count: 1, next_page: '', total_count: 5 });
    const all = await getJson(`${fixture.server.content()}/items?system.type=sample`);
    expect(all.body.pagination).toEqual({ skip: 0, limit: 0, count: 5, next_page: '' });
    const beyond = await getJson(`${fixture.server.content()}/items?system.type=sample&skip=50&includeTotalCount`);
    expect(beyond.body).toMatchObject({ items: [], pagination: { skip: 50, count: 0, next_page: '', total_count: 5 } });
  });

  it('follows the request protocol behind a proxy that the server trusts', async () => {
    const app = Fastify({ trustProxy: true });
    await app.register(contentService, { db: fixture.database.db, source: { kind: 'embedded' }, resolveAccessCodes: resolveFromBearer });
    try {
      const response = await app.inject({
        url: `/content/${NBC}/items?system.type=sample&limit=4`,
        headers: { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'portal.example.com' },
      });
      expect(JSON.parse(response.body).pagination.next_page).toBe(`https://portal.example.com/content/${NBC}/items?system.type=sample&limit=4&skip=4`);
    } finally {
      await app.close();
    }
  });

  it('pages types, taxonomies and languages', async () => {
    const types = await getJson(`${fixture.server.content()}/types?limit=5&skip=5`);
    expect(types.body.types).toHaveLength(5);
    expect(types.body.pagination).toMatchObject({ skip: 5, limit: 5, count: 5, next_page: expect.stringContaining('skip=10') });
    const projected = await getJson(`${fixture.server.content()}/types?elements=title`);
    expect(Object.keys(projected.body.types.find((t) => t.system.codename === 'faq_page')?.elements ?? {})).toEqual(['title']);
    const taxonomies = await getJson(`${fixture.server.content()}/taxonomies`);
    expect(taxonomies.body).toMatchObject({ taxonomies: [{ system: { codename: 'topics' }, terms: [{ codename: 'ai', terms: [] }, { codename: 'cars', terms: [{ codename: 'ev', terms: [] }] }] }], pagination: { count: 1, next_page: '' } });
    const languages = await getJson(`${fixture.server.content()}/languages?order=system.codename[desc]`);
    expect(languages.body).toEqual({
      languages: [{ system: { id: expect.any(String), name: 'Default project language', codename: 'default' } }],
      pagination: { skip: 0, limit: 0, count: 1, next_page: '' },
    });
  });
});

describe('order, projection, language and depth', () => {
  it.each([
    ['system.name[desc]', ['sample_gamma', 'sample_epsilon', 'sample_delta', 'sample_beta', 'sample_alpha']],
    ['elements.price[asc]', ['sample_epsilon', 'sample_alpha', 'sample_beta', 'sample_gamma', 'sample_delta']],
    ['elements.price[desc]', ['sample_gamma', 'sample_beta', 'sample_alpha', 'sample_epsilon', 'sample_delta']],
    ['elements.starts', ['sample_epsilon', 'sample_alpha', 'sample_beta', 'sample_gamma', 'sample_delta']],
    ['system.codename[asc]', ['sample_alpha', 'sample_beta', 'sample_delta', 'sample_epsilon', 'sample_gamma']],
  ])('order=%s', async (order, expected) => {
    const { body } = await getJson(`${fixture.server.content()}/items?system.type=sample&order=${order}&depth=0`);
    expect(codenamesOf(body.items)).toEqual(expected);
  });

  it('elements and excludeElements project items and modular content', async () => {
    const only = await getJson(`${fixture.server.content()}/items?system.type=sample&elements=title,related&system.codename=sample_gamma`);
    expect(Object.keys(only.body.items[0]?.elements ?? {})).toEqual(['title', 'related']);
    expect(Object.keys(only.body.modular_content.sample_alpha?.elements ?? {})).toEqual(['title', 'related']);
    const without = await getJson(`${fixture.server.content()}/items/sample_gamma?excludeElements=related,body`);
    expect(Object.keys(without.body.item.elements)).toEqual(['title', 'price', 'starts', 'category', 'topics', 'slug', 'data']);
    // Without the linked element nothing is linked.
    expect(without.body.modular_content).toEqual({});
  });

  it('depth 0 links nothing; depth resolves transitively, each item once', async () => {
    const zero = await getJson(`${fixture.server.content()}/items/agenda_page_item?depth=0`);
    expect(zero.body.modular_content).toEqual({});
    const one = await getJson(`${fixture.server.content()}/items/agenda_page_item`);
    expect(Object.keys(one.body.modular_content)).toEqual(['agenda_link_day1']);
    const two = await getJson(`${fixture.server.content()}/items/agenda_page_item?depth=2`);
    expect(Object.keys(two.body.modular_content)).toEqual(['agenda_link_day1', 'agenda_date_1', 'agenda_date_2']);
    const cycle = await getJson(`${fixture.server.content()}/items/sample_gamma?depth=50`);
    expect(Object.keys(cycle.body.modular_content).sort()).toEqual(['sample_alpha', 'sample_beta']);
  });

  it('accepts the environment languages and refuses others', async () => {
    expect((await getJson(`${fixture.server.content()}/items?system.type=sample&language=default`)).body.items).toHaveLength(5);
    const wrong = await getJson(`${fixture.server.content()}/items?language=fr`);
    expect(wrong.status).toBe(400);
  });

  it('keeps environments apart', async () => {
    const { body } = await getJson(`${fixture.server.content(ABC)}/items`);
    expect(codenamesOf(body.items)).toEqual(['welcome_page']);
  });
});

describe('caching headers', () => {
  it('answers ETag, X-Request-Charge and public Cache-Control for public answers, and 304 on If-None-Match', async () => {
    const url = `${fixture.server.content()}/items?system.type=attire_page&depth=2`;
    const first = await fetch(url);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('x-request-charge')).toBe('3');
    expect(first.headers.get('cache-control')).toMatch(/^public/);
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const again = await fetch(url, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const other = await fetch(url, { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it('marks answers that depend on the token private, with a different ETag per access', async () => {
    const url = `${fixture.server.content()}/items?system.type=header_layout_detail&depth=2`;
    const general = await fetch(url, { headers: bearer('general') });
    const corporate = await fetch(url, { headers: bearer('corporate') });
    expect(general.headers.get('cache-control')).toMatch(/^private/);
    expect(general.headers.get('vary')).toBe('Accept-Encoding, Authorization');
    expect(general.headers.get('etag')).not.toBe(corporate.headers.get('etag'));
    const revalidated = await fetch(url, { headers: { ...bearer('corporate'), 'if-none-match': general.headers.get('etag') ?? '' } });
    expect(revalidated.status).toBe(200);
  });

  it('compresses large answers once per encoding the client accepts, with an ETag per encoding', async () => {
    const url = `/content/${NBC}/items?system.type=sample&depth=2`;
    const identity = await fixture.server.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const br = await fixture.server.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    const gzip = await fixture.server.app.inject({ url, headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    expect(gzip.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
    expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const refused = await fixture.server.app.inject({ url, headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Any representation's ETag validates the content.
    const revalidated = await fixture.server.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': String(gzip.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    const small = await fixture.server.app.inject({ url: `/content/${NBC}/items/enrolment_item?depth=0&elements=title`, headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('gives the same answer from the cache as computed fresh', async () => {
    const url = `${fixture.server.content()}/items?system.type=faq_page&depth=2&includeTotalCount=true`;
    const a = await (await fetch(url)).text();
    const b = await (await fetch(url)).text();
    expect(b).toBe(a);
  });
});

describe('assets', () => {
  it('serves bytes with type, ETag, long cache and 304', async () => {
    const url = `${fixture.server.url}/content-assets/${NBC}/banner.png`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d{5,}/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const etag = response.headers.get('etag') ?? '';
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const svg = await fetch(`${fixture.server.url}/content-assets/${NBC}/logo.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await fetch(`${fixture.server.url}/content-assets/${NBC}/agenda.pdf`)).headers.get('content-type')).toBe('application/pdf');
  });

  it('sends SVG compressed to a client that accepts it, each encoding with its own ETag', async () => {
    const url = `${fixture.server.url}/content-assets/${NBC}/logo.svg`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const raw = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(raw.length).toBeGreaterThan(1_024);
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const response = await fixture.server.app.inject({ url: `/content-assets/${NBC}/logo.svg`, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.rawPayload.length).toBeLessThan(raw.length / 2);
      expect(decode(response.rawPayload).equals(raw)).toBe(true);
      const etag = String(response.headers.etag);
      expect(etag).toBe(`${plain.headers.get('etag')?.slice(0, -1)}-${encoding}"`);
      expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    }
    // Formats that are compressed already go as they are.
    const png = await fixture.server.app.inject({ url: `/content-assets/${NBC}/banner.png`, headers: { 'accept-encoding': 'br' } });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
  });

  it('answers 404 for unknown assets and environments', async () => {
    const missing = await getJson(`${fixture.server.url}/content-assets/${NBC}/nope.png`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: expect.any(String), error_code: 1 });
    const env = await getJson(`${fixture.server.url}/content-assets/00000000-0000-4000-8000-000000000000/banner.png`);
    expect(env.status).toBe(404);
    expect(env.body.error_code).toBe(105);
  });

  it('draws an SVG as an AVIF of an allowed width (?w=&fm=), with its own ETag, 304 and the same bytes the second time', async () => {
    const url = `${fixture.server.url}/content-assets/${NBC}/logo.svg?w=640&fm=avif`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d{5,}/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await response.arrayBuffer());
    const { default: sharp } = await import('sharp');
    // Full colour resolution (4:4:4) for the thin coloured text.
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 640 });
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/-640\.avif\.60"$/);
    const original = (await fetch(`${fixture.server.url}/content-assets/${NBC}/logo.svg`, { headers: { 'accept-encoding': 'identity' } })).headers.get('etag') ?? '';
    expect(etag).not.toBe(original);
    expect(etag.startsWith(original.slice(0, -1))).toBe(true);
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(bytes)).toBe(true);
    // Another allowed width is another rendition.
    expect((await fetch(`${fixture.server.url}/content-assets/${NBC}/logo.svg?w=800&fm=avif`)).headers.get('etag')).toMatch(/-800\.avif\.60"$/);
  });

  it('snaps any other width to an allowed one, so a client cannot ask for new renditions', async () => {
    for (const [asked, served] of [['1', 640], ['700', 800], ['801', 960], ['3200', 3200], ['4096', 3200], ['99999', 3200]] as const) {
      const answer = await fetch(`${fixture.server.url}/content-assets/${NBC}/logo.svg?w=${asked}&fm=avif`, { method: 'HEAD' });
      expect(answer.status, asked).toBe(200);
      expect(answer.headers.get('etag'), asked).toMatch(new RegExp(`-${served}\\.avif\\.60"$`));
    }
    // The format's one quality may be named; `w` alone is the AVIF rendition too.
    expect((await fetch(`${fixture.server.url}/content-assets/${NBC}/logo.svg?w=640&fm=avif&q=60`, { method: 'HEAD' })).headers.get('etag')).toMatch(/-640\.avif\.60"$/);
    expect((await fetch(`${fixture.server.url}/content-assets/${NBC}/logo.svg?w=640`, { method: 'HEAD' })).headers.get('content-type')).toBe('image/avif');
  });

  it('answers 503 with Retry-After and the Delivery error body when the rendition queue is full', async () => {
    const busy = await startServer(fixture.database.db, { renditions: { maxDrawing: 1, maxQueued: 0 } });
    try {
      const widths = [640, 800, 960, 1280, 1600, 2400, 3200];
      const answers = await Promise.all(widths.map((w) => fetch(`${busy.url}/content-assets/${NBC}/logo.svg?w=${w}&fm=avif`)));
      const refused = answers.filter((a) => a.status === 503);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const answer of refused) {
        expect(answer.headers.get('retry-after')).toBe('2');
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(await answer.json()).toMatchObject({ message: expect.stringMatching(/try again/), error_code: 7, specific_code: 0, request_id: expect.any(String) });
      }
    } finally {
      await busy.close();
    }
  });

  it('never enlarges a raster', async () => {
    const { default: sharp } = await import('sharp');
    const png = await fetch(`${fixture.server.url}/content-assets/${NBC}/banner.png?w=800`);
    expect(png.headers.get('content-type')).toBe('image/avif');
    const size = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect([size.width, size.height]).toEqual([3, 2]);
  });

  it('refuses what it does not serve with a 400 and the Delivery error body, and never a 500', async () => {
    const cases: [string, RegExp][] = [
      ['logo.svg?w=0', /'w' must be a whole number from 1/],
      ['logo.svg?w=12.5', /'w' must be/],
      ['logo.svg?w=100&w=200', /'w' is given more than once/],
      ['logo.svg?w=640&q=61', /'q' must be 60/],
      ['logo.svg?w=640&fm=webp', /'fm' must be avif/],
      ['logo.svg?fm=jpg', /'fm' must be avif/],
      ['logo.svg?fm=gif', /'fm' must be avif/],
      ['logo.svg?h=100', /parameter 'h' is not supported/],
      ['agenda.pdf?w=100', /Only SVG, PNG, JPEG and WebP images can be transformed/],
    ];
    for (const [path, message] of cases) {
      const answer = await getJson(`${fixture.server.url}/content-assets/${NBC}/${path}`);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ message: expect.stringMatching(message), error_code: expect.any(Number) });
    }
    expect((await getJson(`${fixture.server.url}/content-assets/${NBC}/nope.svg?w=100`)).status).toBe(404);
  });
});

describe('the 2,000-item cap', () => {
  let big: Database;
  let bigServer: TestServer;
  let scratch: Awaited<ReturnType<typeof copyFixture>>;

  beforeAll(async () => {
    scratch = await copyFixture();
    // 2,000 leaves linked from 3 hubs: one hub with its links stays under the cap, all hubs do not.
    const leaves = Array.from({ length: 2_000 }, (_, n) => ({
      codename: `leaf_${String(n).padStart(4, '0')}`,
      type: 'conference_location',
      name: `Leaf ${n}`,
      elements: { location_name: `Leaf ${n}` },
    }));
    const hubs = [0, 1, 2].map((h) => ({
      codename: `hub_${h}`,
      type: 'attire_page',
      name: `Hub ${h}`,
      elements: { title: `Hub ${h}`, headings_and_content: leaves.slice(h * 600, h * 600 + 1_000).map((l) => l.codename) },
    }));
    await mkdir(join(scratch.root, 'abc/items'), { recursive: true });
    await writeFile(join(scratch.root, 'abc/items/many.json'), JSON.stringify([...leaves, ...hubs]));
    big = await createTestDatabase();
    await importContentBundle(big.db, scratch.root, { environments: ['abc'] });
    bigServer = await startServer(big.db);
  });
  afterAll(async () => {
    await bigServer.close();
    await big.close();
    await scratch.remove();
  });

  it('answers 400 with error_code 6 past 2,000 items, counting modular content', async () => {
    const all = await getJson(`${bigServer.content(ABC)}/items?depth=0`);
    expect(all.status).toBe(400);
    expect(all.body).toMatchObject({ error_code: 6, specific_code: 0, message: expect.stringContaining('2000') });
    const hubs = await getJson(`${bigServer.content(ABC)}/items?system.type=attire_page`);
    expect(hubs.status).toBe(400);
    expect(hubs.body.error_code).toBe(6);
  });

  it('answers up to the cap, charging items plus modular content', async () => {
    const one = await fetch(`${bigServer.content(ABC)}/items/hub_0`);
    expect(one.status).toBe(200);
    expect(one.headers.get('x-request-charge')).toBe('1001');
    const limited = await fetch(`${bigServer.content(ABC)}/items?limit=2000&depth=0`);
    expect(limited.status).toBe(200);
    expect(limited.headers.get('x-request-charge')).toBe('2000');
    const paged = await getJson(`${bigServer.content(ABC)}/items?limit=1000&skip=1500&depth=0&includeTotalCount=true`);
    expect(paged.body.pagination).toMatchObject({ count: 504, total_count: 2004, next_page: '' });
  });
});
