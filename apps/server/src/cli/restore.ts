/**
 * `npm run restore -- --in FILE [--force]`: restores a backup of `npm run backup` into the configured
 * database, after checking its checksum. Refuses a database that holds portal data unless --force.
 * Stop the portal's instances first.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, describeHeader, restore, targetOf } from '../lib/backup.ts';
import { runCli, UsageError } from './run-cli.ts';

const USAGE = `Usage: npm run restore -- --in FILE [--force]

  Restores FILE (written by npm run backup) into the portal's database (DATABASE_URL, else PGlite in
  DATA_DIR), after checking its checksum. Stop the portal first.
  --in FILE   the backup to restore
  --force     replace a database that holds portal data (PGlite: the old data dir is kept beside it)`;

function parseArguments(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { in: { type: 'string' }, force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: false,
    });
    if (!values.help && !values.in) throw new UsageError('--in FILE is required');
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
  const header = await restore(
    targetOf(config),
    resolve(args.in!),
    { force: args.force },
  );
  console.log(`Restored ${resolve(args.in!)} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${describeHeader(header)}`);
  return 0;
}

runCli(main, { usage: USAGE, failure: 'The restore failed', expected: [BackupError] });
