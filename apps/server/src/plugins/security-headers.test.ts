/** Issue 9, item 7: no-store on every /User and /api answer; HSTS when PUBLIC_URL is https. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../testing/build-test-app.ts';
import { HSTS } from './security-headers.ts';

describe('security headers', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ stores: 5 });
    https = await buildTestApp({ database: t.database, env: { PUBLIC_URL: 'https://portal.example.com' } });
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
    for (const url of ['/api/Config', '/healthz', '/']) {
      expect((await https.app.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBe(HSTS);
      expect((await t.app.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
