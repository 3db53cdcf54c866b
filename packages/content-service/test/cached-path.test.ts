/**
 * The cached answer's path to the socket (docs/content-service.md, "Serving and caching"): a caller
 * without a token never waits for the token check, even for an answer that depends on access; each
 * representation (identity, br, gzip) keeps its own headers, ETag and CORS headers, also on 304, on
 * assets and on errors, now that CORS is part of each answer instead of a per-request hook.
 */
import { expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { NBC, bearer, resolveFromBearer, useFixtureServer } from './helpers.ts';

const resolver = vi.fn(resolveFromBearer);
// The snapshot is checked at most once a minute here: the answers under test come from memory.
const fixture = useFixtureServer({ resolveAccessCodes: (request: FastifyRequest) => resolver(request), refreshIntervalMs: 60_000 });

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'X-Continuation, X-Stale-Content, X-Request-Charge, ETag' };

function headersOf(response: Response, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
}

it('answers a caller without a token from the cache without the token check, also when the answer depends on access', async () => {
  // The whole listing holds restricted items for some callers: its answer depends on access.
  const url = `${fixture.server.content()}/items?depth=0`;
  const first = await fetch(url);
  expect(first.status).toBe(200);
  expect(first.headers.get('cache-control')).toBe('private, no-cache');
  expect(first.headers.get('vary')).toBe('Accept-Encoding, Authorization');
  const body = await first.text();
  resolver.mockClear();
  for (let i = 0; i < 3; i++) {
    const again = await fetch(url);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(body);
  }
  expect(resolver).not.toHaveBeenCalled();
  // A caller with a token is still asked about, and sees their own answer.
  const withToken = await fetch(url, { headers: bearer('corporate') });
  expect(withToken.status).toBe(200);
  expect(resolver).toHaveBeenCalledTimes(1);
  expect((await withToken.text()).length).toBeGreaterThan(body.length);
});

it('keeps each representation its own headers: ETag, Content-Encoding, CORS; a 304 has no Content-Encoding', async () => {
  const url = `${fixture.server.content()}/items?depth=1`;
  const names = ['content-type', 'etag', 'content-encoding', 'cache-control', 'vary', 'x-request-charge', ...Object.keys(CORS)];
  const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const br = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  const gzip = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const p = headersOf(plain, names);
  const b = headersOf(br, names);
  const g = headersOf(gzip, names);
  expect(p).toMatchObject({ ...CORS, 'content-type': 'application/json; charset=utf-8', 'content-encoding': null });
  expect(p.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(b).toMatchObject({ ...CORS, 'content-encoding': 'br', etag: `${p.etag!.slice(0, -1)}-br"`, 'x-request-charge': p['x-request-charge'] });
  expect(g).toMatchObject({ ...CORS, 'content-encoding': 'gzip', etag: `${p.etag!.slice(0, -1)}-gzip"` });
  // The same bytes once decoded (fetch decodes them).
  const [plainText, brText, gzipText] = await Promise.all([plain.text(), br.text(), gzip.text()]);
  expect(brText).toBe(plainText);
  expect(gzipText).toBe(plainText);

  // Asked again, the kept headers are the same, in every representation.
  const brAgain = await fetch(url, { headers: { 'accept-encoding': 'br' } });
  expect(headersOf(brAgain, names)).toEqual(b);
  await brAgain.arrayBuffer();

  for (const tag of [p.etag!, b.etag!]) {
    const notModified = await fetch(url, { headers: { 'accept-encoding': 'br', 'if-none-match': tag } });
    expect(notModified.status).toBe(304);
    expect(headersOf(notModified, ['content-encoding', 'etag', ...Object.keys(CORS)])).toEqual({ 'content-encoding': null, etag: b.etag, ...CORS });
  }
  // The plain answer was not changed by the 304 in between.
  const plainAgain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  expect(headersOf(plainAgain, names)).toEqual(p);
  await plainAgain.arrayBuffer();
});

it('sends CORS headers on errors, on the 405 and 404 of unknown routes and on assets', async () => {
  const missing = await fetch(`${fixture.server.content()}/items/no_such_item`);
  expect(missing.status).toBe(404);
  expect(headersOf(missing, Object.keys(CORS))).toEqual(CORS);
  const wrongMethod = await fetch(`${fixture.server.content()}/items`, { method: 'DELETE' });
  expect(wrongMethod.status).toBe(405);
  expect(headersOf(wrongMethod, Object.keys(CORS))).toEqual(CORS);
  const unknown = await fetch(`${fixture.server.url}/content-assets/${NBC}/nothing.svg`);
  expect(unknown.status).toBe(404);
  expect(headersOf(unknown, Object.keys(CORS))).toEqual(CORS);
  for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
    const asset = await fetch(`${fixture.server.url}/content-assets/${NBC}/logo.svg`, { headers });
    expect(asset.status).toBe(200);
    expect(headersOf(asset, Object.keys(CORS))).toEqual(CORS);
    const tag = asset.headers.get('etag')!;
    await asset.arrayBuffer();
    const notModified = await fetch(`${fixture.server.url}/content-assets/${NBC}/logo.svg`, { headers: { ...headers, 'if-none-match': tag } });
    expect(notModified.status).toBe(304);
    expect(headersOf(notModified, Object.keys(CORS))).toEqual(CORS);
  }
  const rendition = await fetch(`${fixture.server.url}/content-assets/${NBC}/banner.png?w=640&fm=webp`);
  expect(headersOf(rendition, Object.keys(CORS))).toEqual(CORS);
  await rendition.arrayBuffer();
  const tooLong = await fetch(`${fixture.server.content()}/items?system.codename=${'a'.repeat(2_100)}`);
  expect(tooLong.status).toBe(400);
  expect(headersOf(tooLong, Object.keys(CORS))).toEqual(CORS);
});
