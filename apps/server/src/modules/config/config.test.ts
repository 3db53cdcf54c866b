import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@portal/contracts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';

describe('GET /api/Config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ stores: 5, env: { REPORT_EMAIL_DOMAIN: 'Reports.Example.org' } });
  });
  afterAll(() => t.close());

  it('tells the web app the provider, content environments, events and report mail domain, without a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.succeeded).toBe(true);
    const config = runtimeConfigSchema.parse(body.data);
    expect(config).toEqual({
      registrationProvider: 'Builtin',
      contentBaseUrl: '/content',
      reportEmailDomain: 'reports.example.org',
      content: { nbc: { environmentId: '3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01' }, abc: { environmentId: '8b2d4e6f-1a3c-4e5b-8d7f-9c0a1b2c3d02' } },
      events: [
        { eventType: 'nbc', name: 'National Business Conference 2027', isVirtual: true },
        { eventType: 'abc', name: 'Annual Business Conference 2027', isVirtual: false },
      ],
      languages: [
        { code: 'en', name: 'English' },
        { code: 'fr-CA', name: 'Français' },
      ],
    });
  });
});
