/**
 * What must not be reachable by accident (docs/security.md): the metrics listener on every
 * interface without a token, and the guarded API prefixes spelled with percent-escapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../testing/build-test-app.ts';
import { startServer } from '../testing/start-server.ts';

const TOKEN = 'metrics-token-0123456789';

describe('the metrics listener', () => {
  it('binds to METRICS_HOST, 127.0.0.1 unless set', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.4' }).metricsHost).toBe('10.0.0.4');
    // Every interface is fine with a token: the scraper sends it.
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).metricsHost).toBe('0.0.0.0');
  });

  it('refuses every interface without METRICS_TOKEN, naming the variables', () => {
    for (const host of ['0.0.0.0', '::', '[::]']) {
      let problem: unknown;
      try {
        loadConfig({ METRICS_PORT: '9464', METRICS_HOST: host });
      } catch (error) {
        problem = error;
      }
      expect(problem, host).toBeInstanceOf(ConfigError);
      expect(String((problem as Error).message)).toMatch(/METRICS_HOST.*METRICS_TOKEN/s);
    }
  });

  it('a start that would expose it refuses, naming the variable', async () => {
    const { code, output } = await startServer({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(output).toMatch(/METRICS_HOST/);
    expect(output).toMatch(/METRICS_TOKEN/);
    expect(output).not.toMatch(/Event portal ready/);
  }, 120_000);
});

describe('guarded prefixes spelled with percent-escapes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { DEMO_DATA: 'true' } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('/api/%41dmin/Events without a token answers 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%41dmin/Events' });
    expect(res.statusCode, res.body).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/%61dmin/Events' })).statusCode).toBe(401);
  });

  it('/api/%43heckIn/Roster with a portal token answers 401 or 403', async () => {
    const pat = await loginAs(t.app, DEMO.em, 'DEALER27');
    const res = await t.app.inject({ method: 'GET', url: '/api/%43heckIn/Roster', headers: bearer(pat.accessToken) });
    expect([401, 403], res.body).toContain(res.statusCode);
    const lower = await t.app.inject({ method: 'GET', url: '/api/%63heckin/Roster', headers: bearer(pat.accessToken) });
    expect([401, 403], lower.body).toContain(lower.statusCode);
  });
});
