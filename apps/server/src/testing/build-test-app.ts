/**
 * A test app on a fresh database (PGlite in memory, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set) with demo data, built with `buildApp` for `inject`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ADMIN_PATHS, type AdminLoginData, type LoginData, type LoginRequest } from '@portal/contracts';
import type { Database } from '@portal/db';
import { createTestDatabase, type TestSeed } from '@portal/db/testing';
import { buildApp, type AppDependencies } from '../app.ts';
import { DEMO_ORGANIZER } from '../demo/demo-accounts.ts';
import { loadConfig, type Config } from '../config.ts';
import { utcDayStart } from '../demo/generate-demo-data.ts';
import { loadDemoData } from '../demo/load-demo-data.ts';

export const TEST_SECRETS = {
  JWT_SECRET: 'test-jwt-secret-0123456789abcdefghijklmnop',
  CODE_HASH_KEY: 'test-code-key-0123456789abcdefghijklmnopqr',
  TOTP_ENCRYPTION_KEY: 'test-totp-key-0123456789abcdefghijklmnopqr',
  BADGE_SIGNING_KEY: 'test-badge-key-0123456789abcdefghijklmnopq',
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ ...TEST_SECRETS, DATA_DIR: '/tmp/portal-test-unused', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://portal.test', ...overrides });
}

const DEMO_SOURCES = new URL('../demo/', import.meta.url);

/**
 * Demo data as a test seed, keyed by its size, the code key, the generator's source and the day (the
 * demo's enroll dates end at the start of the day they are generated on).
 */
export function demoSeed(stores: number, config: Config): TestSeed {
  const today = new Date(utcDayStart(new Date()));
  const hash = createHash('sha256').update(String(stores)).update(config.codeHashKey).update(today.toISOString());
  for (const file of readdirSync(DEMO_SOURCES).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort()) {
    hash.update(readFileSync(new URL(file, DEMO_SOURCES)));
  }
  return { key: `demo:${hash.digest('hex')}`, run: (db) => loadDemoData(db, { stores, codeHashKey: config.codeHashKey, today }).then(() => undefined) };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function buildTestApp(
  options: { stores?: number; env?: Record<string, string>; demo?: boolean; database?: Database } & Partial<Pick<AppDependencies, 'now' | 'mailDelivery' | 'webhooks' | 'retention'>> = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase(options.demo === false ? undefined : demoSeed(options.stores ?? 120, config)));
  const app = await buildApp({
    config,
    database,
    ...(options.now ? { now: options.now } : {}),
    ...(options.mailDelivery ? { mailDelivery: options.mailDelivery } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.retention ? { retention: options.retention } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** Runs `use` with a test app of its own, closed afterwards whatever happens. */
export async function withTestApp<T>(options: Parameters<typeof buildTestApp>[0], use: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await buildTestApp(options);
  try {
    return await use(t);
  } finally {
    await t.close();
  }
}

/**
 * A test app for the calling file or describe block, built in `beforeAll` and closed in `afterAll`
 * (as `useTestDatabase` does for a database); read its fields inside hooks and tests.
 */
export function useTestApp(options: Parameters<typeof buildTestApp>[0] = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(options);
  });
  afterAll(async () => {
    await built?.close();
  });
  const current = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
  };
}

export function login(app: FastifyInstance, body: Partial<LoginRequest>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/User/ProcessLogin', payload: { eventType: 'nbc', IsReporting: false, ...body }, headers });
}

/** Logs in and returns the token and login data; fails the test when the login does not succeed. */
export async function loginAs(app: FastifyInstance, userName: string, password: string, extra: Partial<LoginRequest> = {}): Promise<LoginData> {
  const res = await login(app, { userName, password, ...extra });
  const body = res.json() as { succeeded: boolean; message: string | null; data: LoginData | null };
  if (res.statusCode !== 200 || !body.succeeded || !body.data) {
    throw new Error(`login ${userName} failed: ${res.statusCode} ${res.body}`);
  }
  return body.data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An answer's envelope as a test reads it, `data` typed by the caller. */
export type Body<T = unknown> = { succeeded: boolean; message: string | null; data: T; errors?: Array<{ field: string; message: string }> };
export const body = <T>(res: LightMyRequestResponse) => res.json() as Body<T>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request with `token` as bearer; the payload is sent only when there is one. */
export function injectAs(
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  payload?: object | string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload !== undefined ? { payload } : {}) });
}

/** Signs in as the demo organizer; fails the test when the sign-in does not succeed. */
export async function loginOrganizer(app: FastifyInstance): Promise<AdminLoginData> {
  const res = await app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
  const answer = body<AdminLoginData | null>(res);
  if (res.statusCode !== 200 || !answer.succeeded || !answer.data) {
    throw new Error(`organizer sign-in failed: ${res.statusCode} ${res.body}`);
  }
  return answer.data;
}

export const DEMO = {
  em: 'pat.morgan@morgan-motors.example.com',
  gm: 'jordan.lee@morgan-motors.example.com',
  field: 'field.user@corp.example.com',
  corporate: 'corp.user@corp.example.com',
  reports: 'reports@corp.example.com',
} as const;
