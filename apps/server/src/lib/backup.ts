/**
 * Backup and restore of the portal's database (docs/operations.md, "Backup and restore"), on both
 * engines, into one file:
 *
 *     PORTAL-BACKUP 1\n<header JSON>\n<payload>
 *
 * The header names the format, the engine, the payload's size and SHA-256 and the migrations it was
 * written at; restore checks the checksum (and the migrations) before it touches anything.
 *
 * - `pglite-datadir`: PGlite's own dump of its data directory (a gzipped tar). Stop the server first:
 *   PGlite is one process's database.
 * - `pg_dump-custom`: on PostgreSQL, `pg_dump --format=custom` when the client tools are installed,
 *   restored with `pg_restore --clean --if-exists --single-transaction`. Safe on a live database.
 * - `portal-logical`: on PostgreSQL without the client tools (or `--format logical`), the rows of
 *   every table of the portal's schema as JSON lines, gzipped, written in one REPEATABLE READ
 *   snapshot; restored into a migrated database with the triggers held, then the sequences moved on.
 *   pg-boss's queue (schema `pgboss`) is not in it: schedules are made again at start.
 *
 * Restore refuses a database that holds portal data unless `force` is given.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '@portal/db';

const MAGIC = 'PORTAL-BACKUP 1\n';
export type BackupFormat = 'pglite-datadir' | 'pg_dump-custom' | 'portal-logical';

export interface BackupHeader {
  format: BackupFormat;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  bytes: number;
  sha256: string;
  /** The migration files the database was at (their names, in order). */
  migrations: string[];
  /**
   * Fingerprints of the keys the data was written under (KEY_NAMES): a restore under other keys
   * refuses, naming the variable, instead of starting with every code, login and badge invalid.
   */
  keyFingerprints?: Partial<Record<KeyName, string>>;
  /**
   * Embedded default: the key files of DATA_DIR (`secrets.json`, `badge-signing-key`), base64, so a
   * restore into an empty DATA_DIR elsewhere starts with the same logins, codes, TOTP and badges.
   */
  keyFiles?: Record<string, string>;
}

/** The keys the stored data depends on (hashed codes, encrypted TOTP secrets, signed badges, tokens). */
export const KEY_NAMES = ['JWT_SECRET', 'CODE_HASH_KEY', 'TOTP_ENCRYPTION_KEY', 'BADGE_SIGNING_KEY'] as const;
export type KeyName = (typeof KEY_NAMES)[number];

/** The key files of the embedded default in DATA_DIR (config.ts writes them when the variables are unset). */
export const KEY_FILES = ['secrets.json', 'badge-signing-key'] as const;

/** A short, one-way fingerprint of a key (never the key): 16 hex characters of SHA-256. */
export function keyFingerprint(name: KeyName, value: string | Uint8Array): string {
  return createHash('sha256').update(`portal-key-fingerprint v1|${name}|`).update(value).digest('hex').slice(0, 16);
}

/**
 * The connection for pg_dump and pg_restore: the URL without its password on the command line
 * (where `ps` shows it to every user of the machine), the password in PGPASSWORD.
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface Target {
  /** PostgreSQL connection string; absent means PGlite in `pgliteDir`. */
  databaseUrl?: string | undefined;
  pgliteDir: string;
  migrationsFolder: string;
  /** DATA_DIR, where the embedded default keeps its key files (KEY_FILES). */
  dataDir?: string | undefined;
  /** The fingerprints of the keys this portal runs with (written into a backup, compared at restore). */
  keyFingerprints?: Partial<Record<KeyName, string>> | undefined;
}

/** The tables that say a database holds portal data (restore refuses it without `force`). */
const DATA_TABLES = ['events', 'stores', 'people', 'registrations', 'access_codes', 'organizers'];

function migrationNames(folder: string): string[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  return pipeline(createReadStream(path), hash).then(() => hash.digest('hex'));
}

/** Runs a client tool; resolves with its stderr, rejects with it. `null` when the tool is not installed. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
    child.on('exit', (code) => (code === 0 ? resolve(stderr) : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Writes `payloadPath` behind the header into `out` (through a temporary name, then renamed). */
async function writeBackupFile(out: string, header: Omit<BackupHeader, 'bytes' | 'sha256'>, payloadPath: string): Promise<BackupHeader> {
  const full: BackupHeader = { ...header, bytes: statSync(payloadPath).size, sha256: await sha256File(payloadPath) };
  const partial = `${out}.partial`;
  // The backup holds every person's data (and, embedded, the keys): readable by its owner only.
  if (existsSync(partial)) unlinkSync(partial);
  const file = createWriteStream(partial, { mode: 0o600 });
  file.write(MAGIC + JSON.stringify(full) + '\n');
  await pipeline(createReadStream(payloadPath), file);
  chmodSync(partial, 0o600);
  renameSync(partial, out);
  return full;
}

/** Reads and checks a backup file: its header, and the payload's offset after a verified checksum. */
/** The configured database as the backup and restore commands see it (DATABASE_URL, or PGlite in DATA_DIR). */
export function targetOf(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: Uint8Array;
  codeHashKey: Uint8Array;
  totpEncryptionKey: Uint8Array;
  badgeSigningKey: string;
}): Target {
  return {
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pglite'),
    migrationsFolder: fileURLToPath(new URL('../../../../packages/db/drizzle', import.meta.url)),
    dataDir: config.dataDir,
    keyFingerprints: {
      JWT_SECRET: keyFingerprint('JWT_SECRET', config.jwtSecret),
      CODE_HASH_KEY: keyFingerprint('CODE_HASH_KEY', config.codeHashKey),
      TOTP_ENCRYPTION_KEY: keyFingerprint('TOTP_ENCRYPTION_KEY', config.totpEncryptionKey),
      BADGE_SIGNING_KEY: keyFingerprint('BADGE_SIGNING_KEY', config.badgeSigningKey),
    },
  };
}

export async function readBackupHeader(path: string): Promise<{ header: BackupHeader; offset: number }> {
  if (!existsSync(path)) throw new BackupError(`${path} does not exist`);
  const handle = await open(path, 'r');
  try {
    const start = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    const text = start.subarray(0, bytesRead).toString('latin1');
    if (!text.startsWith(MAGIC)) throw new BackupError(`${path} is not a portal backup (written by npm run backup)`);
    const end = text.indexOf('\n', MAGIC.length);
    if (end < 0) throw new BackupError(`${path}: the backup header is damaged`);
    let header: BackupHeader;
    try {
      header = JSON.parse(text.slice(MAGIC.length, end)) as BackupHeader;
    } catch {
      throw new BackupError(`${path}: the backup header is damaged`);
    }
    const offset = end + 1;
    const size = (await handle.stat()).size;
    if (size - offset !== header.bytes) throw new BackupError(`${path} is ${size - offset} bytes of data, the header says ${header.bytes}: the file is truncated or damaged`);
    const hash = createHash('sha256');
    await pipeline(createReadStream(path, { start: offset }), hash);
    if (hash.digest('hex') !== header.sha256) throw new BackupError(`${path}: the checksum does not match, the file is damaged; nothing was restored`);
    return { header, offset };
  } finally {
    await handle.close();
  }
}

async function payloadOf(path: string, offset: number): Promise<Buffer> {
  return (await readFile(path)).subarray(offset);
}

// ---------------------------------------------------------------------------------------------
// Backup

export async function backup(target: Target, out: string, options: { format?: 'auto' | 'logical' } = {}): Promise<BackupHeader> {
  const migrations = migrationNames(target.migrationsFolder);
  const createdAt = new Date().toISOString();
  const payload = `${out}.payload`;
  const keys = target.keyFingerprints ? { keyFingerprints: target.keyFingerprints } : {};
  // pg_dump writes into the file as it finds it: made first, readable by its owner only.
  writeFileSync(payload, '', { mode: 0o600 });
  chmodSync(payload, 0o600);
  try {
    if (!target.databaseUrl) {
      if (!existsSync(join(target.pgliteDir, 'PG_VERSION'))) throw new BackupError(`there is no database in ${target.pgliteDir}`);
      const client = await PGlite.create(target.pgliteDir);
      try {
        const dump = await client.dumpDataDir('gzip');
        await writeFile(payload, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      } finally {
        await client.close();
      }
      return await writeBackupFile(out, { format: 'pglite-datadir', engine: 'pglite', createdAt, migrations, ...keys, ...keyFilesOf(target) }, payload);
    }
    if (options.format !== 'logical') {
      const connection = toolConnection(target.databaseUrl);
      const ran = await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', payload, '--dbname', connection.dbname], connection.env);
      if (ran !== null) return await writeBackupFile(out, { format: 'pg_dump-custom', engine: 'postgres', createdAt, migrations, ...keys }, payload);
    }
    await writeFile(payload, gzipSync(await logicalDump(target.databaseUrl)), { mode: 0o600 });
    return await writeBackupFile(out, { format: 'portal-logical', engine: 'postgres', createdAt, migrations, ...keys }, payload);
  } finally {
    if (existsSync(payload)) unlinkSync(payload);
  }
}

/** The embedded default's key files in DATA_DIR, for the backup's header. */
function keyFilesOf(target: Target): { keyFiles?: Record<string, string> } {
  if (!target.dataDir) return {};
  const files: Record<string, string> = {};
  for (const name of KEY_FILES) {
    const path = join(target.dataDir, name);
    if (existsSync(path)) files[name] = readFileSync(path).toString('base64');
  }
  return Object.keys(files).length ? { keyFiles: files } : {};
}

/** Puts the backup's key files into DATA_DIR (mode 0600); files there before are kept beside them. */
function restoreKeyFiles(target: Target, header: BackupHeader): void {
  if (!target.dataDir || !header.keyFiles) return;
  mkdirSync(target.dataDir, { recursive: true });
  for (const [name, content] of Object.entries(header.keyFiles)) {
    if (!(KEY_FILES as readonly string[]).includes(name)) continue;
    const path = join(target.dataDir, name);
    const bytes = Buffer.from(content, 'base64');
    if (existsSync(path)) {
      if (readFileSync(path).equals(bytes)) continue;
      renameSync(path, `${path}.before-restore-${Date.now()}`);
    }
    writeFileSync(path, bytes, { mode: 0o600 });
  }
}

/**
 * On PostgreSQL the keys come from the environment: a restore under keys other than the backup's
 * would start with every access code, login, TOTP secret and badge invalid. Refuses, naming them.
 */
function assertSameKeys(file: string, header: BackupHeader, target: Target): void {
  if (!header.keyFingerprints || !target.keyFingerprints) return;
  const differ = KEY_NAMES.filter((name) => header.keyFingerprints![name] && target.keyFingerprints![name] && header.keyFingerprints![name] !== target.keyFingerprints![name]);
  if (differ.length) {
    throw new BackupError(
      `${file} was written under other keys: ${differ.join(', ')} ${differ.length === 1 ? 'differs' : 'differ'} from the backed-up deployment's. Set ${differ.join(', ')} to the values it ran with (the access codes, logins, TOTP secrets and badges depend on them); nothing was restored`,
    );
  }
}

interface TableInfo {
  name: string;
  columns: string[];
}

/** The portal's tables, parents before children (foreign keys). */
async function tablesInOrder(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = (await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name, array_agg(a.attname order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    group by c.relname order by c.relname`)).rows;
  const edges = (await client.query<{ child: string; parent: string }>(`
    select cl.relname as child, pa.relname as parent from pg_constraint k
    join pg_class cl on cl.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and cl.oid <> pa.oid`)).rows;
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  const visit = (table: TableInfo, path: Set<string>) => {
    if (done.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const edge of edges.filter((e) => e.child === table.name)) {
      const parent = tables.find((t) => t.name === edge.parent);
      if (parent) visit(parent, path);
    }
    done.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every row of every portal table as JSON lines (`{"table":...}` then one row per line), in one snapshot. */
async function logicalDump(url: string): Promise<Buffer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const lines: string[] = [];
    for (const table of await tablesInOrder(client)) {
      lines.push(JSON.stringify({ table: table.name, columns: table.columns }));
      const rows = await client.query<{ r: string }>(`select row_to_json(t)::text as r from ${quoteIdent(table.name)} t`);
      for (const row of rows.rows) lines.push(row.r);
    }
    await client.query('commit');
    return Buffer.from(lines.join('\n') + '\n', 'utf8');
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

/** Whether the target holds portal data (any row in the portal's main tables). */
export async function holdsData(target: Target): Promise<boolean> {
  const query = `select ${DATA_TABLES.map((t) => `(select count(*) from (select 1 from ${t} limit 1) x)`).join(' + ')} as n`;
  const tablesQuery = `select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = any($1::text[])`;
  /** The same questions to either engine's client. */
  const holds = async (client: { query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }> }) => {
    const tables = (await client.query<{ n: number }>(tablesQuery, [DATA_TABLES])).rows[0]!.n;
    if (tables < DATA_TABLES.length) return tables > 0;
    // node-postgres answers the sum as a string, PGlite as a number.
    return Number((await client.query<{ n: number | string }>(query)).rows[0]!.n) > 0;
  };
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await holds(client);
    } finally {
      await client.end();
    }
  }
  if (!existsSync(join(target.pgliteDir, 'PG_VERSION'))) return existsSync(target.pgliteDir) && readdirSync(target.pgliteDir).length > 0;
  const client = await PGlite.create(target.pgliteDir);
  try {
    return await holds(client);
  } finally {
    await client.close();
  }
}

export async function restore(target: Target, file: string, options: { force?: boolean } = {}): Promise<BackupHeader> {
  const { header, offset } = await readBackupHeader(file);
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  if (header.engine !== engine) {
    throw new BackupError(`${file} is a ${header.engine} backup; this portal is configured for ${engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (DATA_DIR)'}`);
  }
  const ours = migrationNames(target.migrationsFolder);
  const unknown = header.migrations.filter((m) => !ours.includes(m));
  if (unknown.length) throw new BackupError(`${file} was written by a newer portal (migrations ${unknown.join(', ')} are unknown here): restore it with that version`);
  if (header.format === 'portal-logical' && header.migrations.length !== ours.length) {
    throw new BackupError(`${file} is a logical backup at ${header.migrations.length} migrations, this portal has ${ours.length}: restore it with the version that wrote it, then upgrade`);
  }
  if (engine === 'postgres') assertSameKeys(file, header, target);
  if (!options.force && (await holdsData(target))) {
    throw new BackupError(`the target database holds portal data: restoring would replace it. Give --force to replace it (take a backup of it first).`);
  }

  if (header.format === 'pglite-datadir') {
    const dir = target.pgliteDir;
    const aside = `${dir}.before-restore-${Date.now()}`;
    if (existsSync(dir)) renameSync(dir, aside);
    mkdirSync(dirname(dir), { recursive: true });
    try {
      const client = await PGlite.create(dir, { loadDataDir: new Blob([new Uint8Array(await payloadOf(file, offset))], { type: 'application/x-gzip' }) });
      await client.query('select 1');
      await client.close();
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (existsSync(aside)) renameSync(aside, dir);
      throw error;
    }
    // What was there before stays beside it only when it held something worth keeping.
    if (existsSync(aside) && !options.force) await rm(aside, { recursive: true, force: true });
    restoreKeyFiles(target, header);
    return header;
  }

  const url = target.databaseUrl!;
  if (header.format === 'pg_dump-custom') {
    const payload = `${file}.restore-${process.pid}`;
    await pipeline(createReadStream(file, { start: offset }), createWriteStream(payload, { mode: 0o600 }));
    try {
      const connection = toolConnection(url);
      const ran = await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--dbname', connection.dbname, payload], connection.env);
      if (ran === null) throw new BackupError(`${file} was written by pg_dump; restoring it needs pg_restore (PostgreSQL client tools) on this machine`);
    } finally {
      unlinkSync(payload);
    }
    return header;
  }

  // portal-logical: into a migrated database, emptied first.
  const database = await openDatabase({ url, poolSize: 1, migrationsFolder: target.migrationsFolder });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const lines = gunzipSync(await payloadOf(file, offset)).toString('utf8').split('\n');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const tables = await tablesInOrder(client);
    await client.query(`truncate ${tables.map((t) => quoteIdent(t.name)).join(', ')} restart identity cascade`);
    for (const table of tables) await client.query(`alter table ${quoteIdent(table.name)} disable trigger user`);
    let current: string | undefined;
    let batch: string[] = [];
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const t = quoteIdent(current);
      await client.query(`insert into ${t} select * from json_populate_recordset(null::${t}, $1::json)`, [`[${batch.join(',')}]`]);
      batch = [];
    };
    for (const line of lines) {
      if (!line) continue;
      if (line.startsWith('{"table":')) {
        await flush();
        current = (JSON.parse(line) as { table: string }).table;
        if (!tables.some((t) => t.name === current)) throw new BackupError(`${file}: table ${current} does not exist in this portal`);
        continue;
      }
      batch.push(line);
      if (batch.length >= 2_000) await flush();
    }
    await flush();
    for (const table of tables) await client.query(`alter table ${quoteIdent(table.name)} enable trigger user`);
    // Sequences continue after the restored ids.
    const serials = await client.query<{ seq: string; tbl: string; col: string }>(`
      select s.oid::regclass::text as seq, t.relname as tbl, a.attname as col
      from pg_depend d join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      join pg_namespace n on n.oid = t.relnamespace where n.nspname = 'public'`);
    for (const s of serials.rows) {
      await client.query(`select setval($1::regclass, coalesce((select max(${quoteIdent(s.col)}) from ${quoteIdent(s.tbl)}), 0) + 1, false)`, [s.seq]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return header;
}

/** For the CLI's summary. */
export function describeHeader(header: BackupHeader): string {
  return `${header.format} of a ${header.engine} database, ${(header.bytes / 1024 / 1024).toFixed(1)} MiB, sha256 ${header.sha256.slice(0, 16)}…, written ${header.createdAt}`;
}
