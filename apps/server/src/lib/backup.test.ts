/**
 * Backup and restore on the engine of the run: PGlite (data dir dump) or
 * PostgreSQL (pg_dump, and the portal's logical format). A restored database answers the same
 * reports, logins and registration links; a damaged file and a non-empty target are refused.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@portal/db';
import { testDatabaseUrl, unpackPgliteSnapshot } from '@portal/db/testing';
import { loadDemoData } from '../demo/load-demo-data.ts';
import { bearer, buildTestApp, DEMO, demoSeed, loginAs, testConfig } from '../testing/build-test-app.ts';
import { backup, BackupError, restore, type Target } from './backup.ts';
import { useBackupTargets } from '../testing/backup-targets.ts';

const { dir, newTarget } = useBackupTargets('bk');

const openTarget = (target: Target): Promise<Database> =>
  openDatabase(target.databaseUrl ? { url: target.databaseUrl, poolSize: 3 } : { dataDir: target.pgliteDir });

interface Observed {
  report: unknown;
  page: unknown;
  login: boolean;
}

/** What a user sees on a database: a report answer, a registration link's page, a login. */
async function observe(target: Target, linkToken: string): Promise<Observed> {
  const database = await openTarget(target);
  const t = await buildTestApp({ database });
  try {
    const corp = await loginAs(t.app, DEMO.corporate, 'CORP27');
    const report = await t.app.inject({ method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Region', headers: bearer(corp.accessToken), payload: { region: '', zone: '', district: '', select: '' } });
    expect(report.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/api/Registration/${linkToken}` });
    expect(page.statusCode, page.body).toBe(200);
    const pat = await loginAs(t.app, DEMO.em, 'DEALER27');
    return { report: report.json(), page: page.json(), login: Boolean(pat.accessToken) };
  } finally {
    await t.close();
    await database.close();
  }
}

describe(`backup and restore (${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let source: Target;
  let linkToken: string;
  let before: Observed;

  beforeAll(async () => {
    source = await newTarget('source');
    const config = testConfig();
    // On PGlite the source's data dir starts as a copy of the demo test snapshot (20 stores) instead
    // of an initdb, every migration and the demo load (about 15 s of CPU); on PostgreSQL a new
    // database is migrated and loaded.
    if (!testDatabaseUrl) await unpackPgliteSnapshot(source.pgliteDir, demoSeed(20, config));
    const database = await openTarget(source);
    await database.migrate();
    if (testDatabaseUrl) await loadDemoData(database.db, { stores: 20, codeHashKey: config.codeHashKey });
    const t = await buildTestApp({ database });
    try {
      // Some state beyond the demo data: an enrollment done, and a link not used yet.
      const jordan = await loginAs(t.app, DEMO.gm, 'DEALER27');
      const link = async (firstName: string) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(jordan.accessToken), payload: { firstName, lastName: 'Backup' } });
        expect(res.statusCode, res.body).toBe(200);
        return /\/register\/([A-Za-z0-9_-]{43})$/.exec((res.json() as { data: string }).data)![1]!;
      };
      const done = await link('Done');
      const submitted = await t.app.inject({ method: 'POST', url: `/api/Registration/${done}`, payload: { action: 'submit', firstName: 'Done', lastName: 'Backup', email: 'done.backup@morgan-motors.example.com', isVirtual: true } });
      expect(submitted.statusCode, submitted.body).toBe(200);
      linkToken = await link('Open');
    } finally {
      await t.close();
      await database.close();
    }
    before = await observe(source, linkToken);
  }, 180_000);

  it('restores into an empty database: the same reports, logins and registration links', async () => {
    const file = join(dir, 'portal.backup');
    const header = await backup(source, file);
    expect(header.format).toBe(testDatabaseUrl ? 'pg_dump-custom' : 'pglite-datadir');
    expect(header.sha256).toMatch(/^[0-9a-f]{64}$/);
    const target = await newTarget('target');
    await restore(target, file);
    expect(await observe(target, linkToken)).toEqual(before);

    // A second restore over it is refused without --force, and replaces it with --force.
    await expect(restore(target, file)).rejects.toThrow(/holds portal data.*--force/);
    await restore(target, file, { force: true });
    expect(await observe(target, linkToken)).toEqual(before);
  }, 180_000);

  it('refuses a damaged or truncated file before touching the database', async () => {
    const file = join(dir, 'damaged.backup');
    await backup(source, file);
    const bytes = readFileSync(file);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 100] = flipped[flipped.length - 100]! ^ 0xff;
    writeFileSync(file, flipped);
    const target = await newTarget('damaged');
    await expect(restore(target, file)).rejects.toThrow(BackupError);
    await expect(restore(target, file)).rejects.toThrow(/checksum does not match/);
    writeFileSync(file, bytes.subarray(0, bytes.length - 10));
    await expect(restore(target, file)).rejects.toThrow(/truncated or damaged/);
    writeFileSync(file, 'not a backup');
    await expect(restore(target, file)).rejects.toThrow(/not a portal backup/);
  }, 120_000);

  it.runIf(Boolean(testDatabaseUrl))('restores the portal\'s own logical format (no PostgreSQL client tools) as well', async () => {
    const file = join(dir, 'logical.backup');
    const header = await backup(source, file, { format: 'logical' });
    expect(header.format).toBe('portal-logical');
    const target = await newTarget('logical');
    await restore(target, file);
    expect(await observe(target, linkToken)).toEqual(before);
    // New rows after the restore get new ids (sequences moved on).
    const database = await openTarget(target);
    const t = await buildTestApp({ database });
    try {
      const jordan = await loginAs(t.app, DEMO.gm, 'DEALER27');
      const res = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(jordan.accessToken), payload: { firstName: 'After', lastName: 'Restore' } });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.close();
      await database.close();
    }
  }, 180_000);
});
