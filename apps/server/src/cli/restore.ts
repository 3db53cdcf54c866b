/**
 * `npm run restore -- --in FILE [--force]`: restores a backup of `npm run backup` into the configured
 * database, after checking its checksum. Refuses a database that holds portal data unless --force.
 * Stop the portal's instances first.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, describeHeader, restore, targetOf } from '../lib/backup.ts';
import { parseOptions, runCommand, UsageError } from './run-cli.ts';

const USAGE = `Usage: npm run restore -- --in FILE [--force]

  Restores FILE (written by npm run backup) into the portal's database (DATABASE_URL, else PGlite in
  DATA_DIR), after checking its checksum. Stop the portal first.
  --in FILE   the backup to restore
  --force     replace a database that holds portal data (PGlite: the old data dir is kept beside it)`;

function parseArguments(argv: string[]) {
  const values = parseOptions(argv, { in: { type: 'string' }, force: { type: 'boolean', default: false } });
  if (!values.help && !values.in) throw new UsageError('--in FILE is required');
  return values;
}

runCommand({
  usage: USAGE,
  failure: 'The restore failed',
  expected: [BackupError],
  parse: parseArguments,
  run: async (args) => {
    const config = loadConfig();
    const started = performance.now();
    const header = await restore(targetOf(config), resolve(args.in!), { force: args.force });
    console.log(`Restored ${resolve(args.in!)} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${describeHeader(header)}`);
    return 0;
  },
});
