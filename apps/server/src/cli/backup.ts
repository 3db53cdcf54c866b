/**
 * `npm run backup -- --out FILE [--format logical]`: writes the configured database (DATABASE_URL,
 * else PGlite in DATA_DIR) into FILE with a checksum (lib/backup.ts). On PostgreSQL it uses pg_dump
 * when installed, else (or with `--format logical`) the portal's own logical format. On PGlite, stop
 * the server first.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backup, BackupError, describeHeader, targetOf } from '../lib/backup.ts';
import { runCli, UsageError } from './run-cli.ts';

const USAGE = `Usage: npm run backup -- --out FILE [--format logical]

  Writes the portal's database (DATABASE_URL, else PGlite in DATA_DIR) into FILE, with a checksum.
  --out FILE          where to write the backup (replaced when it exists)
  --format logical    on PostgreSQL: the portal's own format even when pg_dump is installed`;

function parseArguments(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) return values;
    if (!values.out) throw new UsageError('--out FILE is required');
    if (values.format !== undefined && values.format !== 'logical') throw new UsageError('--format: only "logical" can be asked for');
    return values;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<number> {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const args = parseArguments(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const started = performance.now();
  const header = await backup(
    targetOf(config),
    resolve(args.out!),
    { format: args.format === 'logical' ? 'logical' : 'auto' },
  );
  console.log(`Backup written to ${resolve(args.out!)} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${describeHeader(header)}`);
  return 0;
}

runCli(main, { usage: USAGE, failure: 'The backup failed', expected: [BackupError] });
