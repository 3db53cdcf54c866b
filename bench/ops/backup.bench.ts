/**
 * Backup and restore on PostgreSQL: time and file size of `backup` and `restore`
 * (lib/backup.ts, the code behind npm run backup / restore) of a demo network, with pg_dump and with
 * the portal's logical format.
 *   npx tsx bench/ops/backup.bench.ts [--stores 50000] [--formats auto,logical]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '@portal/db';
import { loadConfig } from '../../apps/server/src/config.ts';
import { loadDemoData } from '../../apps/server/src/demo/load-demo-data.ts';
import { backup, restore } from '../../apps/server/src/lib/backup.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const stores = Number(args.get('--stores') ?? 50_000);
const formats = (args.get('--formats') ?? 'auto,logical').split(',') as Array<'auto' | 'logical'>;
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dir = mkdtempSync(join(tmpdir(), 'portal-backup-bench-'));
const made: string[] = [];

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}
async function newDatabase(name: string): Promise<string> {
  const db = `portal_bkb_${name}_${Date.now().toString(36)}`;
  await admin(`create database ${db}`);
  made.push(db);
  const url = new URL(base);
  url.pathname = `/${db}`;
  return url.toString();
}

try {
  const source = await newDatabase('src');
  const database = await openDatabase({ url: source, poolSize: 4 });
  await database.migrate();
  let t = performance.now();
  await loadDemoData(database.db, { stores, codeHashKey: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }).codeHashKey });
  const loadSeconds = (performance.now() - t) / 1000;
  await database.close();
  const results: Record<string, unknown> = {};
  for (const format of formats) {
    const file = join(dir, `${format}.backup`);
    t = performance.now();
    const header = await backup({ databaseUrl: source, pgliteDir: '', migrationsFolder }, file, { format });
    const backupSeconds = (performance.now() - t) / 1000;
    const target = await newDatabase(format);
    t = performance.now();
    await restore({ databaseUrl: target, pgliteDir: '', migrationsFolder }, file);
    const restoreSeconds = (performance.now() - t) / 1000;
    results[header.format] = { backupSeconds: +backupSeconds.toFixed(1), restoreSeconds: +restoreSeconds.toFixed(1), fileMiB: +(statSync(file).size / 1024 / 1024).toFixed(1) };
  }
  console.log(JSON.stringify({ stores, demoLoadSeconds: +loadSeconds.toFixed(1), results }));
} finally {
  rmSync(dir, { recursive: true, force: true });
  for (const db of made) await admin(`drop database if exists ${db} with (force)`);
}
