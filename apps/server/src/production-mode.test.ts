/**
 * Production mode. No demo default reaches a real deployment: the start refuses
 * while a secret has its demo value or none, or demo codes are active; the message names the variable.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { loadConfig } from './config.ts';
import { DEMO_EVENTS } from './demo/demo-access-codes.ts';
import { productionProblems, runModeOf, startBanner } from './production-mode.ts';
import { demoSeed, TEST_SECRETS, testConfig } from './testing/build-test-app.ts';
import { startServer } from './testing/start-server.ts';

const STRONG_REPORT_CODE = 'Quarterly-Harbor-Lantern-42';

describe('run mode', () => {
  let empty: Database;
  let demo: Database;
  beforeAll(async () => {
    empty = await createTestDatabase();
    demo = await createTestDatabase(demoSeed(5, testConfig()));
  });
  afterAll(async () => {
    await empty?.close();
    await demo?.close();
  });

  it('is demo only for an empty or demo-loaded embedded database, or DEMO_DATA=true', async () => {
    const embedded = empty.kind === 'pglite';
    expect(await runModeOf(testConfig(), empty)).toBe(embedded ? 'demo' : 'production');
    expect(await runModeOf(testConfig(), empty, { emptyIsDemo: false })).toBe('production');
    expect(await runModeOf(testConfig(), demo)).toBe(embedded ? 'demo' : 'production');
    expect(await runModeOf(testConfig({ DEMO_DATA: 'true' }), empty)).toBe('demo');
    expect(await runModeOf(testConfig({ DEMO_DATA: 'false' }), demo)).toBe('production');
  });

  it('is production for an embedded database holding imported data', async () => {
    const imported = await createTestDatabase();
    try {
      await imported.db.insert(schema.events).values(DEMO_EVENTS.map((e) => ({ ...e })));
      expect(await runModeOf(testConfig(), imported)).toBe('production');
    } finally {
      await imported.close();
    }
  });

  it('names REPORT_CODE while it is unset, a demo code or too short', async () => {
    const unset = await productionProblems(testConfig(), empty);
    expect(unset).toEqual([expect.stringMatching(/^REPORT_CODE is not set/)]);
    for (const code of ['REPORTS27', 'DEALER27', 'reports27', 'abc123']) {
      const problems = await productionProblems(testConfig({ REPORT_CODE: code }), empty);
      expect(problems, code).toEqual([expect.stringMatching(/^REPORT_CODE /)]);
    }
    expect(await productionProblems(testConfig({ REPORT_CODE: STRONG_REPORT_CODE }), empty)).toEqual([]);
  });

  it('names JWT_SECRET, CODE_HASH_KEY, TOTP_ENCRYPTION_KEY and BADGE_SIGNING_KEY while they are unset on PostgreSQL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-prod-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, REPORT_CODE: STRONG_REPORT_CODE });
      const asPostgres = { ...empty, kind: 'postgres' } as Database;
      const problems = await productionProblems(config, asPostgres);
      expect(problems).toEqual([
        expect.stringMatching(/^JWT_SECRET is not set/),
        expect.stringMatching(/^CODE_HASH_KEY is not set/),
        expect.stringMatching(/^TOTP_ENCRYPTION_KEY is not set: .*set TOTP_ENCRYPTION_KEY to a random value of 32\+ characters/),
        expect.stringMatching(/^BADGE_SIGNING_KEY is not set: .*set BADGE_SIGNING_KEY to a random value of 32\+ characters/),
      ]);
      // Only the missing one is named.
      const { TOTP_ENCRYPTION_KEY: _unset, ...withoutTotpKey } = TEST_SECRETS;
      expect(await productionProblems(loadConfig({ ...withoutTotpKey, DATA_DIR: dataDir, REPORT_CODE: STRONG_REPORT_CODE }), asPostgres)).toEqual([
        expect.stringMatching(/^TOTP_ENCRYPTION_KEY is not set/),
      ]);
      // Embedded: one process, the generated keys in the data dir are fine.
      expect(await productionProblems(config, { ...empty, kind: 'pglite' } as Database)).toEqual([]);
      expect(await productionProblems(loadConfig({ ...TEST_SECRETS, DATA_DIR: dataDir, REPORT_CODE: STRONG_REPORT_CODE }), asPostgres)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a generated TOTP key in the data dir, adding it to a secrets file of an older version', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-keys-'));
    try {
      const file = join(dataDir, 'secrets.json');
      const older = { jwtSecret: 'j'.repeat(40), codeHashKey: 'c'.repeat(40) };
      writeFileSync(file, JSON.stringify(older));
      const first = loadConfig({ DATA_DIR: dataDir });
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      expect(stored).toMatchObject(older);
      expect(stored.totpEncryptionKey).toMatch(/^[\w-]{64}$/);
      expect(first.totpEncryptionKey).toHaveLength(32);
      expect(first.generatedSecrets).toEqual(['JWT_SECRET', 'CODE_HASH_KEY', 'TOTP_ENCRYPTION_KEY', 'BADGE_SIGNING_KEY']);
      // The same key at the next start; another key from the environment.
      expect(loadConfig({ DATA_DIR: dataDir }).totpEncryptionKey).toEqual(first.totpEncryptionKey);
      expect(loadConfig({ ...TEST_SECRETS, DATA_DIR: dataDir }).totpEncryptionKey).not.toEqual(first.totpEncryptionKey);
      expect(() => loadConfig({ ...TEST_SECRETS, DATA_DIR: dataDir, TOTP_ENCRYPTION_KEY: 'too-short' })).toThrow(/TOTP_ENCRYPTION_KEY: must be at least 32 characters/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names the demo access codes while they are active', async () => {
    const config = testConfig({ REPORT_CODE: STRONG_REPORT_CODE });
    const [problem] = await productionProblems(config, demo);
    expect(problem).toMatch(/^demo access codes are active \(DEALER27, RETAIL27, EXPO27, .*ABC27\)/);
    await demo.db.update(schema.accessCodes).set({ active: false }).where(eq(schema.accessCodes.active, true));
    // The demo organizer's password is published too.
    expect(await productionProblems(config, demo)).toEqual([expect.stringMatching(/^the demo organizer admin@corp\.example\.com still has its published password/)]);
    await demo.db.update(schema.organizers).set({ active: false }).where(eq(schema.organizers.email, 'admin@corp.example.com'));
    expect(await productionProblems(config, demo)).toEqual([]);
  });
});

// Each start below runs the real server under tsx on a fresh PGlite (its migrations and demo data):
// minutes on a slow, shared machine, so the time-outs are generous.
describe('the server start', () => {
  it('refuses to start outside demo mode with demo values, naming the variable', async () => {
    const { code, output } = await startServer({ DEMO_DATA: 'false' });
    expect(code).toBe(1);
    expect(output).toMatch(/refuses to start in production mode/);
    expect(output).toMatch(/REPORT_CODE is not set/);
    expect(output).not.toMatch(/Event portal ready/);
  }, 300_000);

  it('starts a staging copy with --allow-demo, loudly', async () => {
    const staging = await startServer({ DEMO_DATA: 'false' }, ['--allow-demo']);
    expect(staging.output).toMatch(/!!! --allow-demo/);
    expect(staging.output).toMatch(/Event portal ready at .*DEMO VALUES ALLOWED/);
  }, 300_000);

  it('says "demo" in the banner in demo mode, and the mode otherwise', () => {
    expect(startBanner('http://127.0.0.1:3000', 'pglite', 'demo', false)).toMatch(/demo mode/);
    expect(startBanner('https://portal.example.com', 'postgres', 'production', false)).toMatch(/production mode/);
  });
});
