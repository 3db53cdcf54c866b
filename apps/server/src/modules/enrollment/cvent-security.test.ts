/**
 * The Cvent callback is limited per address (badly signed callbacks first) and
 * audited through the buffered writer; upstream content defaults to the Delivery API.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_PREVIEW_URL, DEFAULT_UPSTREAM_URL, upstreamBaseUrl } from '@portal/content-service';
import { schema } from '@portal/db';
import { buildTestApp, testConfig, type TestApp } from '../../testing/build-test-app.ts';
import { CVENT_FAILURES_PER_HOUR } from '../registration/registration.routes.ts';
import { CVENT_SIGNATURE_HEADER, CVENT_TIMESTAMP_HEADER, signCventCallback } from '../registration/cvent-provider.ts';

const SECRET = 'cvent-shared-secret-0123456789abcdef';

describe('Cvent callback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ stores: 5, env: { REGISTRATION_PROVIDER: 'cvent', CVENT_URL: 'http://127.0.0.1:9/cvent', CVENT_CALLBACK_SECRET: SECRET } });
  });
  afterAll(() => t.close());

  const send = (remoteAddress: string, secret: string) => {
    const raw = JSON.stringify({ type: 'registration.cancelled', referenceId: 'pr_unknown_reference_0000000000' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    return t.app.inject({
      method: 'POST',
      url: '/api/Enrollment/CventCallback',
      remoteAddress,
      headers: { 'content-type': 'application/json', [CVENT_TIMESTAMP_HEADER]: timestamp, [CVENT_SIGNATURE_HEADER]: signCventCallback(secret, timestamp, raw) },
      payload: raw,
    });
  };

  it('limits badly signed callbacks per address with 429, leaving other addresses alone', async () => {
    const statuses = [];
    for (let i = 0; i < CVENT_FAILURES_PER_HOUR + 2; i++) statuses.push((await send('192.0.2.66', 'a-guessed-secret-0123456789abcdef')).statusCode);
    expect(statuses.slice(0, CVENT_FAILURES_PER_HOUR).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(CVENT_FAILURES_PER_HOUR)).toEqual([429, 429]);
    // Cvent's own address: correctly signed (this body answers 400, after the signature check).
    for (let i = 0; i < CVENT_FAILURES_PER_HOUR + 2; i++) expect((await send('198.51.100.20', SECRET)).statusCode).toBe(400);
  });

  it('audits refusals through the buffered writer', async () => {
    await t.app.auditLog.flush();
    const rows = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.ip, '192.0.2.66'));
    expect(rows).toHaveLength(CVENT_FAILURES_PER_HOUR);
    expect(rows.every((r) => r.action === 'provider-callback' && !r.success)).toBe(true);
  });
});

describe('upstream content mode', () => {
  let upstream: Server;
  let upstreamUrl = '';
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  beforeAll(async () => {
    // A loopback stand-in for Kontent.ai: records what the portal asks and answers an empty list.
    upstream = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: [], modular_content: {}, pagination: { skip: 0, limit: 0, count: 0, next_page: '' } }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const address = upstream.address();
    upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it('defaults to the Delivery API (published content), Preview only when asked', () => {
    expect(testConfig().contentUpstream.mode).toBe('delivery');
    expect(testConfig({ CONTENT_UPSTREAM_MODE: 'preview' }).contentUpstream.mode).toBe('preview');
    expect(() => testConfig({ CONTENT_UPSTREAM_MODE: 'drafts' })).toThrow(/CONTENT_UPSTREAM_MODE/);
    expect(upstreamBaseUrl({ upstreamEnvironmentId: 'x', mode: 'delivery', apiKey: 'k' })).toBe(DEFAULT_UPSTREAM_URL);
    expect(DEFAULT_UPSTREAM_URL).toBe('https://deliver.kontent.ai');
    expect(upstreamBaseUrl({ upstreamEnvironmentId: 'x', mode: 'preview', apiKey: 'k' })).toBe(DEFAULT_PREVIEW_URL);
  });

  it('sends the secure-access key to the upstream environment, never the browser token', async () => {
    const environmentId = '0b5e6b7e-1111-4222-8333-944455556666';
    const t = await buildTestApp({
      stores: 5,
      env: { CONTENT_SOURCE: 'upstream', CONTENT_UPSTREAM_URL: upstreamUrl, CONTENT_UPSTREAM_NBC_ENVIRONMENT_ID: environmentId, CONTENT_UPSTREAM_NBC_KEY: 'secure-access-key-123' },
    });
    try {
      const [nbc] = await t.database.db.select().from(schema.events).where(eq(schema.events.id, 'nbc'));
      const res = await t.app.inject({ method: 'GET', url: `/content/${nbc!.contentEnvironmentId}/items`, headers: { authorization: 'Bearer browser-token' } });
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0]!.url.startsWith(`/${environmentId}/items`)).toBe(true);
      expect(seen.every((s) => s.headers.authorization === 'Bearer secure-access-key-123')).toBe(true);
    } finally {
      await t.close();
    }
  });
});
