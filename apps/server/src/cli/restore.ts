/**
 * `npm run restore -- --in FILE [--force]`: restores a backup of `npm run backup` into the configured
 * database, after checking its checksum. Refuses a database that holds portal data unless --force.
 * Stop the portal's instances first.
 */
import { restore } from '../lib/backup.ts';
import { requireFile, runBackupCommand } from './backup-command.ts';
import { parseOptions } from './run-cli.ts';

const USAGE = `Usage: npm run restore -- --in FILE [--force]

  Restores FILE (written by npm run backup) into the portal's database (DATABASE_URL, else PGlite in
  DATA_DIR), after checking its checksum. Stop the portal first.
  --in FILE   the backup to restore
  --force     replace a database that holds portal data (PGlite: the old data dir is kept beside it)`;

function parseArguments(argv: string[]) {
  return requireFile(parseOptions(argv, { in: { type: 'string' }, force: { type: 'boolean', default: false } }), 'in');
}

runBackupCommand({ usage: USAGE, failure: 'The restore failed', parse: parseArguments, file: (args) => args.in!, done: 'Restored' }, (target, file, args) =>
  restore(target, file, { force: args.force }),
);
