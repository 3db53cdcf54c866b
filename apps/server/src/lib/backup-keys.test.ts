/**
 * Backups are secret and complete (docs/operations.md, "Backup and restore"), on the engine of the
 * run: the file is its owner's only (0600); pg_dump and pg_restore never see the password on their
 * command line; the embedded default's backup carries DATA_DIR's key files and a restore into an
 * empty DATA_DIR elsewhere puts them back; on PostgreSQL the header holds the keys' fingerprints and
 * a restore under other keys refuses, naming the variable.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@portal/db';
import { testDatabaseUrl, unpackPgliteSnapshot } from '@portal/db/testing';
import { backup, BackupError, keyFingerprint, readBackupHeader, restore, toolConnection, type Target } from './backup.ts';
import { useBackupTargets } from '../testing/backup-targets.ts';

const FINGERPRINTS = {
  JWT_SECRET: keyFingerprint('JWT_SECRET', 'jwt-secret-of-the-source-0123456789'),
  CODE_HASH_KEY: keyFingerprint('CODE_HASH_KEY', 'code-hash-key-of-the-source-012345'),
  TOTP_ENCRYPTION_KEY: keyFingerprint('TOTP_ENCRYPTION_KEY', 'totp-key-of-the-source-0123456789ab'),
  BADGE_SIGNING_KEY: keyFingerprint('BADGE_SIGNING_KEY', 'badge-key-of-the-source-0123456789ab'),
};

const { dir, newTarget } = useBackupTargets('bkk', (dataDir) => ({ dataDir, keyFingerprints: FINGERPRINTS }));

describe(`backups are secret and complete (${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let source: Target;
  const secrets = JSON.stringify({ jwtSecret: 'j'.repeat(43), codeHashKey: 'c'.repeat(43), totpEncryptionKey: 't'.repeat(43) });
  const badgeKey = `${'b'.repeat(64)}\n`;

  beforeAll(async () => {
    source = await newTarget('source');
    // On PGlite the source's data dir starts as a copy of the migrated test snapshot (no initdb and
    // migrations from scratch); on PostgreSQL the new database is migrated.
    if (!source.databaseUrl) await unpackPgliteSnapshot(source.pgliteDir);
    const database = await openDatabase(source.databaseUrl ? { url: source.databaseUrl, poolSize: 2 } : { dataDir: source.pgliteDir });
    await database.migrate();
    await database.close();
    // The embedded default's key files, as config.ts writes them.
    mkdirSync(source.dataDir!, { recursive: true });
    writeFileSync(join(source.dataDir!, 'secrets.json'), secrets, { mode: 0o600 });
    writeFileSync(join(source.dataDir!, 'badge-signing-key'), badgeKey, { mode: 0o600 });
  }, 120_000);

  it('writes the backup readable by its owner only (0600), also over an older, wider file', async () => {
    const file = join(dir, 'secret.backup');
    writeFileSync(file, 'an older backup', { mode: 0o644 });
    await backup(source, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  }, 120_000);

  it('hands pg_dump and pg_restore the password in PGPASSWORD, never on the command line', () => {
    const connection = toolConnection('postgres://portal:s3cr%40t@db.internal:5432/portal?sslmode=require');
    expect(connection.dbname).not.toContain('s3cr');
    expect(connection.dbname).toBe('postgres://portal@db.internal:5432/portal?sslmode=require');
    expect(connection.env).toEqual({ PGPASSWORD: 's3cr@t' });
    expect(toolConnection('postgres://postgres@127.0.0.1:5432/test').env).toEqual({});
  });

  it.runIf(!testDatabaseUrl)('embedded: carries DATA_DIR/secrets.json and the badge key; a restore into an empty DATA_DIR elsewhere puts them back', async () => {
    const file = join(dir, 'embedded.backup');
    const header = await backup(source, file);
    expect(Object.keys(header.keyFiles ?? {}).sort()).toEqual(['badge-signing-key', 'secrets.json']);
    const target = await newTarget('elsewhere');
    await restore(target, file);
    expect(readFileSync(join(target.dataDir!, 'secrets.json'), 'utf8')).toBe(secrets);
    expect(readFileSync(join(target.dataDir!, 'badge-signing-key'), 'utf8')).toBe(badgeKey);
    expect(statSync(join(target.dataDir!, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(target.pgliteDir, 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it.runIf(Boolean(testDatabaseUrl))('PostgreSQL: the header holds the keys’ fingerprints, never the keys; a restore under other keys refuses naming the variable', async () => {
    for (const format of ['auto', 'logical'] as const) {
      const file = join(dir, `pg-${format}.backup`);
      await backup(source, file, { format });
      const { header } = await readBackupHeader(file);
      expect(header.keyFingerprints).toEqual(FINGERPRINTS);
      expect(header.keyFiles).toBeUndefined();
      const other = { ...(await newTarget(`other_${format}`)), keyFingerprints: { ...FINGERPRINTS, CODE_HASH_KEY: keyFingerprint('CODE_HASH_KEY', 'another-code-hash-key-0123456789ab') } };
      await expect(restore(other, file)).rejects.toThrow(BackupError);
      await expect(restore(other, file)).rejects.toThrow(/CODE_HASH_KEY differs/);
      // Under the same keys it restores.
      const same = await newTarget(`same_${format}`);
      await restore(same, file);
    }
  }, 180_000);
});
