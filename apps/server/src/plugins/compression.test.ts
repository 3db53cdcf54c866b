/**
 * Which answers the compression plugin touches: API JSON above the threshold; never an answer that is
 * already encoded, nor the content service's, the web app's or the retailer report's routes.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import compressionPlugin, { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

const big = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ store: `store ${i}`, status: 'Enrolled' })) });

async function app() {
  const a = Fastify();
  await a.register(compressionPlugin);
  a.get('/api/Report/Big', async (_req, reply) => reply.type('application/json').send(big));
  a.get('/api/Report/Small', async () => ({ ok: true }));
  a.get('/api/Report/GetRetailerReport', async (_req, reply) => reply.type('application/json').send(big));
  a.get('/content/env/items', async (_req, reply) => reply.type('application/json').send(big));
  a.get('/content/env/types', async (_req, reply) => reply.type('application/json').header('content-encoding', 'gzip').send(gzipSync(big)));
  a.get('/assets/app.js', async (_req, reply) => reply.type('text/javascript').send(big));
  await a.ready();
  return a;
}

describe('compression plugin', () => {
  it('compresses API JSON above the threshold with br', async () => {
    const a = await app();
    const res = await a.inject({ url: '/api/Report/Big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(big);
    const small = await a.inject({ url: '/api/Report/Small', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    await a.close();
  });

  it('leaves the content service, static assets and the retailer report alone', async () => {
    const a = await app();
    for (const url of ['/content/env/items', '/assets/app.js', '/api/Report/GetRetailerReport']) {
      const res = await a.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body, url).toBe(big);
    }
    // A pre-compressed answer is sent once-encoded, as it was made.
    const pre = await a.inject({ url: '/content/env/types', headers: { 'accept-encoding': 'br, gzip' } });
    expect(pre.headers['content-encoding']).toBe('gzip');
    expect(pre.rawPayload.equals(gzipSync(big))).toBe(true);
    await a.close();
  });
});
