/**
 * /metrics: served only with the bearer token or on METRICS_PORT, never the
 * web app's page; the counters move with real requests; every metric the Prometheus rules and the
 * Grafana dashboard of docs/ops name is served.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ADMIN_PATHS } from '@portal/contracts';
import { schema } from '@portal/db';
import { DEMO_ORGANIZER } from '../demo/demo-accounts.ts';
import { bearer, buildTestApp, DEMO, login, loginAs, type TestApp } from '../testing/build-test-app.ts';
import { listenMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one series (`name{labels}` exactly as served), or undefined. */
function series(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** Metric families served: the names of `# TYPE` lines, plus the series names of histograms. */
function served(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = match as unknown as [string, string, string];
    names.add(name);
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

/** Metric names in a PromQL expression (identifiers that are not functions, keywords, labels or recording rules). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\[[^\]]*\]/g, '[]')
    .replace(/\$\w+/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const keywords = new Set(['and', 'or', 'unless', 'bool', 'offset']);
  const names: string[] = [];
  for (const match of bare.matchAll(/[a-zA-Z_][a-zA-Z0-9_:]*/g)) {
    const after = bare.slice(match.index + match[0].length).trimStart();
    if (after.startsWith('(') || keywords.has(match[0]) || match[0].includes(':') || !match[0].includes('_')) continue;
    names.push(match[0]);
  }
  return names;
}

const kit = new URL('../../../../docs/ops/', import.meta.url);
/** Series Prometheus itself adds to every target (not the portal's). */
const PROMETHEUS_OWN = new Set(['up']);

describe('metrics', () => {
  let t: TestApp;
  let text: string;

  beforeAll(async () => {
    t = await buildTestApp({ stores: 20, env: { METRICS_TOKEN: TOKEN, LOGIN_FAILURES_PER_EMAIL_HOUR: '1' } });
    // Some of everything: logins of each outcome, a refusal, report answers (a miss, then a hit), a mail.
    await loginAs(t.app, DEMO.em, 'DEALER27');
    await login(t.app, { userName: 'nobody@example.com', password: 'WRONG' });
    await login(t.app, { userName: 'nobody@example.com', password: 'WRONG' });
    await login(t.app, { userName: 'x' });
    await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
    const { accessToken } = await loginAs(t.app, DEMO.corporate, 'CORP27');
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Region', headers: bearer(accessToken), payload: { region: '', zone: '', district: '', select: '' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.database.db.insert(schema.outbox).values({ kind: 'test', toEmail: 'a@example.com', messageId: '<metrics-test@example.com>', createdAt: new Date(Date.now() - 120_000) });
    // Webhook deliveries in each state: two waiting (the older five minutes old), one failed, one delivered.
    const [endpoint] = await t.database.db.insert(schema.webhookEndpoints).values({ url: 'https://hooks.example.com/portal', events: ['registration.created'], secret: 'sealed' }).returning({ id: schema.webhookEndpoints.id });
    const delivery = (n: number, status: 'pending' | 'sending' | 'failed' | 'delivered', ageSeconds: number) => ({
      endpointId: endpoint!.id,
      messageId: `msg_metrics_${n}`,
      eventType: 'registration.created',
      body: '{}',
      status,
      giveUpAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(Date.now() - ageSeconds * 1_000),
    });
    await t.database.db.insert(schema.webhookDeliveries).values([delivery(1, 'pending', 300), delivery(2, 'sending', 10), delivery(3, 'failed', 900), delivery(4, 'delivered', 1_200)]);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = res.body;
  }, 120_000);
  afterAll(() => t.close());

  it('answers 401 without the token or with a wrong one, never the web app', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('answers 404 (JSON) when metrics are not configured', async () => {
    const off = await buildTestApp({ stores: 5 });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ succeeded: false });
      expect(off.app.metrics).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it('counts requests by route pattern and status, logins by outcome, refusals, report cache hits, outbox and webhook deliveries', () => {
    expect(series(text, 'portal_http_request_duration_seconds_count{method="POST",route="/User/ProcessLogin",status="200"}')).toBeGreaterThanOrEqual(3);
    expect(series(text, 'portal_http_request_duration_seconds_count{method="POST",route="/api/Report/GetEnrollments",status="200"}')).toBe(2);
    expect(series(text, 'portal_logins_total{kind="attendee",outcome="success"}')).toBe(2);
    expect(series(text, 'portal_logins_total{kind="attendee",outcome="failure"}')).toBe(1);
    expect(series(text, 'portal_logins_total{kind="attendee",outcome="refused"}')).toBe(1);
    expect(series(text, 'portal_logins_total{kind="attendee",outcome="invalid"}')).toBe(1);
    expect(series(text, 'portal_logins_total{kind="organizer",outcome="success"}')).toBe(1);
    expect(series(text, 'portal_rate_limit_refusals_total{route="/User/ProcessLogin"}')).toBe(1);
    expect(series(text, 'portal_report_cache_hits_total')).toBe(1);
    expect(series(text, 'portal_report_cache_misses_total')).toBe(1);
    expect(series(text, 'portal_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(series(text, 'portal_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(100);
    expect(series(text, 'portal_webhook_deliveries_pending')).toBe(2);
    expect(series(text, 'portal_webhook_deliveries_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(290);
    expect(series(text, 'portal_webhook_deliveries_oldest_pending_age_seconds')).toBeLessThan(900);
    expect(series(text, 'portal_webhook_deliveries_failed')).toBe(1);
    expect(series(text, 'portal_db_pool_size')).toBe(t.database.kind === 'postgres' ? 5 : 1);
    expect(series(text, 'portal_redis_fallback_active')).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    // Paths are never labels: a route pattern stands for every token.
    expect(text).not.toMatch(/route="\/api\/Registration\/[A-Za-z0-9_-]{20,}"/);
  });

  it('serves the job queue depth from pg-boss once the queue runs', async () => {
    await t.app.jobs.start();
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.body).toMatch(/^portal_job_queue_depth\{queue="report-data-versions-fold"\} \d+$/m);
    await t.app.jobs.stop();
  }, 60_000);

  it('serves /metrics alone on METRICS_PORT', async () => {
    let server: Server | undefined;
    try {
      server = await listenMetrics(t.app.metrics!, { port: 0, host: '127.0.0.1', token: undefined });
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^portal_logins_total/m);
      expect((await fetch(`${base}/healthz`)).status).toBe(404);
    } finally {
      server?.close();
    }
    // With METRICS_TOKEN as well, the port asks for it too.
    try {
      server = await listenMetrics(t.app.metrics!, { port: 0, host: '127.0.0.1', token: TOKEN });
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/metrics`, { headers: auth })).status).toBe(200);
    } finally {
      server?.close();
    }
  });

  it('serves every metric the Prometheus rules and the Grafana dashboard name', () => {
    const names = served(text);
    const rules = parse(readFileSync(new URL('prometheus-rules.yml', kit), 'utf8')) as { groups: Array<{ rules: Array<{ expr: string; alert?: string; record?: string }> }> };
    const dashboard = JSON.parse(readFileSync(new URL('grafana-dashboard.json', kit), 'utf8')) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
    const exprs = [...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)), ...dashboard.panels.flatMap((p) => p.targets.map((target) => target.expr))];
    expect(rules.groups.flatMap((g) => g.rules.filter((r) => r.alert).map((r) => r.alert))).toEqual(
      expect.arrayContaining(['PortalHigh5xxRate', 'PortalSlowRoute', 'PortalLoginFailureSpike', 'PortalOutboxStuck', 'PortalEventLoopLag', 'PortalRedisFallback']),
    );
    const named = new Set(exprs.flatMap(metricNames));
    expect(named.size).toBeGreaterThan(15);
    const missing = [...named].filter((n) => !names.has(n) && !PROMETHEUS_OWN.has(n));
    expect(missing).toEqual([]);
  });
});
