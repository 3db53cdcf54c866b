/**
 * No-store on every /User and /api answer; HSTS when PUBLIC_URL is https. The
 * headers every answer carries are on the content service's answers too, which it writes past the
 * onSend hooks once cached (packages/content-service/src/plugin.ts).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContentBundle } from '@portal/content-service';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../testing/build-test-app.ts';
import { HSTS } from './security-headers.ts';

const CONTENT_ROOT = fileURLToPath(new URL('../../../../content', import.meta.url));
const NBC_ENVIRONMENT = '3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01';

describe('security headers', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ stores: 5 });
    https = await buildTestApp({ database: t.database, env: { PUBLIC_URL: 'https://portal.example.com' } });
    await importContentBundle(t.database.db, CONTENT_ROOT);
  });
  afterAll(async () => {
    await https.close();
    await t.close();
  });

  it('answers every /User and /api call with Cache-Control: no-store, success or failure', async () => {
    const { accessToken } = await loginAs(t.app, DEMO.corporate, 'CORP27');
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/User/ProcessLogin', payload: { userName: DEMO.corporate, password: 'CORP27', eventType: 'nbc', IsReporting: false } }),
      t.app.inject({ method: 'POST', url: '/User/ProcessLogout' }),
      t.app.inject({ method: 'GET', url: '/api/Config' }),
      t.app.inject({ method: 'GET', url: '/api/Report/GetAllRegions', headers: bearer(accessToken) }),
      t.app.inject({ method: 'GET', url: '/api/Report/GetAllRegions' }),
      t.app.inject({ method: 'GET', url: '/api/Nope?x=1' }),
      t.app.inject({ method: 'GET', url: '/api/Registration/not-a-token' }),
    ]);
    for (const res of answers) expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe('no-store');
  });

  it('sends HSTS only when the portal is served over https', async () => {
    for (const url of ['/api/Config', '/healthz', '/', `/content/${NBC_ENVIRONMENT}/items?limit=2`]) {
      expect((await https.app.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBe(HSTS);
      expect((await t.app.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('puts the headers of every answer on content answers, computed or cached, compressed or not, GET or HEAD', async () => {
    const url = `/content/${NBC_ENVIRONMENT}/items?system.type=welcome_page&depth=2`;
    for (const app of [t.app, https.app]) {
      for (const [method, encoding] of [['GET', 'br'], ['GET', 'br'], ['GET', ''], ['HEAD', 'gzip']] as const) {
        const res = await app.inject({ method, url, headers: encoding ? { 'accept-encoding': encoding } : {} });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-request-id']).toEqual(expect.any(String));
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['strict-transport-security']).toBe(app === https.app ? HSTS : undefined);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['content-encoding']).toBe(encoding || undefined);
        expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
        if (method === 'GET') expect(res.rawPayload.length).toBe(Number(res.headers['content-length']));
        else expect(res.rawPayload.length).toBe(0);
      }
    }
    // Each answer has its own request id.
    const [a, b] = await Promise.all([t.app.inject({ url }), t.app.inject({ url })]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('puts the headers of every answer on refusals by the guards too', async () => {
    const refusals = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/admin/registrations' }),
      https.app.inject({ method: 'GET', url: '/api/admin/registrations' }),
      t.app.inject({ method: 'GET', url: '/api/Report/GetAllRegions' }),
    ]);
    for (const res of refusals) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    expect(refusals[1]!.headers['strict-transport-security']).toBe(HSTS);
  });
});
