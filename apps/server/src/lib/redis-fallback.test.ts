/**
 * Redis away, service on: against a real redis-server started on a spare port,
 * killed, frozen and restarted while two instances keep answering logins.
 */
import type { ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase } from '@portal/db/testing';
import type { Database } from '@portal/db';
import { DEMO, demoSeed, login, testConfig } from '../testing/build-test-app.ts';
import { sparePort, startRedis, stopRedis } from '../testing/redis-server.ts';
import type { FastifyInstance } from 'fastify';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(50);
  }
}

const METRICS_TOKEN = 'metrics-token-0123456789';

async function metricValue(app: FastifyInstance, name: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} not in /metrics`);
  return Number(line.split(' ')[1]);
}

describe('Redis going away and coming back', () => {
  let redisPort: number;
  let redis: ChildProcess;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const logLines: string[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    redisPort = await sparePort();
    redis = await startRedis(redisPort);
    const env = { REDIS_URL: `redis://127.0.0.1:${redisPort}`, LOGIN_FAILURES_PER_EMAIL_HOUR: '2', METRICS_TOKEN };
    const config = testConfig(env);
    for (let i = 0; i < 2; i++) {
      const database = await createTestDatabase(demoSeed(5, config));
      databases.push(database);
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          if (i === 0) logLines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const app = await buildApp({ config, database, logger: { level: 'info', stream } });
      await app.ready();
      apps.push(app);
    }
    [a, b] = apps as [FastifyInstance, FastifyInstance];
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    if (redis) await stopRedis(redis);
  });

  /**
   * A login that must answer (not 5xx) without waiting for Redis; its status. The bound is loose (the
   * argon2 check alone can take a second on the shared 2-core machine); the Redis part's own bound is
   * checked on the connection below.
   */
  async function timedLogin(app: FastifyInstance, userName: string, password: string): Promise<number> {
    const started = performance.now();
    const res = await login(app, { userName, password });
    const took = performance.now() - started;
    expect(took, `login took ${took.toFixed(0)} ms`).toBeLessThan(3_000);
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res.statusCode;
  }

  it('shares failure budgets while Redis answers, keeps every login answering per instance while it is away, and shares again when it is back', async () => {
    const stamp = Date.now().toString(36);
    // Shared: two failures on two instances spend the budget of 2 on both.
    const shared = `shared-${stamp}@example.com`;
    await timedLogin(a, shared, 'WRONG');
    await timedLogin(b, shared, 'WRONG');
    expect(await timedLogin(b, shared, 'EXPO27')).toBe(429);
    expect(await metricValue(a, 'portal_redis_fallback_active')).toBe(0);

    // Killed: logins go on at once (none fails, none waits), limits per instance.
    await stopRedis(redis);
    expect(await timedLogin(a, DEMO.field, 'FIELD27')).toBe(200);
    const alone = `alone-${stamp}@example.com`;
    await timedLogin(a, alone, 'WRONG');
    await timedLogin(a, alone, 'WRONG');
    expect(await timedLogin(a, alone, 'EXPO27')).toBe(429);
    // ... and b counts on its own meanwhile.
    const res = await login(b, { userName: alone, password: 'EXPO27' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { succeeded: boolean }).succeeded).toBe(true);
    for (let i = 0; i < 20; i++) await timedLogin(a, DEMO.field, 'FIELD27');
    expect(await metricValue(a, 'portal_redis_fallback_active')).toBe(1);
    expect(await metricValue(a, 'portal_redis_fallbacks_total')).toBe(1);
    expect(await metricValue(a, 'portal_redis_fallback_operations_total')).toBeGreaterThanOrEqual(24);
    // Logged once, not once per request.
    expect(logLines.filter((l) => l.includes('Redis is unavailable')).length).toBe(1);

    // Back on the same port: shared state again without a restart of the portal.
    redis = await startRedis(redisPort);
    await waitFor(async () => (await metricValue(a, 'portal_redis_fallback_active')) === 0 && (await metricValue(b, 'portal_redis_fallback_active')) === 0, 5_000);
    expect(logLines.filter((l) => l.includes('Redis answers again')).length).toBe(1);
    const again = `again-${stamp}@example.com`;
    await timedLogin(a, again, 'WRONG');
    await timedLogin(b, again, 'WRONG');
    expect(await timedLogin(a, again, 'EXPO27')).toBe(429);
  }, 60_000);

  it('bounds every request by the command timeout when Redis hangs instead of dying (SIGSTOP)', async () => {
    redis.kill('SIGSTOP');
    try {
      // The first operation against the frozen Redis waits for one command timeout (250 ms), the later ones not at all.
      for (let i = 0; i < 3; i++) {
        const before = performance.now();
        expect(await a.redis!.run((client) => client.incr('portal:test:frozen'), async () => -1)).toBe(-1);
        expect(performance.now() - before).toBeLessThan(i === 0 ? 1_000 : 100);
      }
      const stamp = Date.now().toString(36);
      const started = performance.now();
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(a, { userName: `expo-${i}-${stamp}@example.com`, password: 'EXPO27' }).then((r) => r.statusCode)));
      expect(statuses).toEqual(statuses.map(() => 200));
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(await timedLogin(a, `frozen-${stamp}@example.com`, 'WRONG')).toBe(200);
      expect(await metricValue(a, 'portal_redis_fallback_active')).toBe(1);
    } finally {
      redis.kill('SIGCONT');
    }
    await waitFor(async () => (await metricValue(a, 'portal_redis_fallback_active')) === 0, 5_000);
  }, 30_000);
});
