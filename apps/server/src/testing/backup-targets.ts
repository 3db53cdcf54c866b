import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { migrationsFolder } from '@portal/db';
import { createEmptyPostgresDatabase, testDatabaseUrl } from '@portal/db/testing';
import type { Target } from '../lib/backup.ts';

/**
 * Backup targets of the engine of the run in a scratch folder `dir` (removed, with the PostgreSQL
 * databases made, after the file's tests): `newTarget(name)` is an empty PGlite data dir under
 * `dir/name`, or a new PostgreSQL database `portal_<dbPrefix>_<name>`; `extra` adds fields from
 * the target's folder.
 */
export function useBackupTargets(dbPrefix: string, extra: (folder: string) => Partial<Target> = () => ({})) {
  const dir = mkdtempSync(join(tmpdir(), `portal-${dbPrefix}-`));
  const created: Array<() => Promise<void>> = [];
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    for (const drop of created) await drop();
  });
  async function newTarget(name: string): Promise<Target> {
    const local: Target = { pgliteDir: join(dir, name, 'pglite'), migrationsFolder, ...extra(join(dir, name)) };
    if (!testDatabaseUrl) return local;
    const database = await createEmptyPostgresDatabase(testDatabaseUrl, `portal_${dbPrefix}_${name}`);
    created.push(database.drop);
    return { databaseUrl: database.url, ...local };
  }
  return { dir, newTarget };
}
