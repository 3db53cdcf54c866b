/**
 * `npm run backup -- --out FILE [--format logical]`: writes the configured database (DATABASE_URL,
 * else PGlite in DATA_DIR) into FILE with a checksum (lib/backup.ts). On PostgreSQL it uses pg_dump
 * when installed, else (or with `--format logical`) the portal's own logical format. On PGlite, stop
 * the server first.
 */
import { backup } from '../lib/backup.ts';
import { requireFile, runBackupCommand } from './backup-command.ts';
import { parseOptions, UsageError } from './run-cli.ts';

const USAGE = `Usage: npm run backup -- --out FILE [--format logical]

  Writes the portal's database (DATABASE_URL, else PGlite in DATA_DIR) into FILE, with a checksum.
  --out FILE          where to write the backup (replaced when it exists)
  --format logical    on PostgreSQL: the portal's own format even when pg_dump is installed`;

function parseArguments(argv: string[]) {
  const values = requireFile(parseOptions(argv, { out: { type: 'string' }, format: { type: 'string' } }), 'out');
  if (!values.help && values.format !== undefined && values.format !== 'logical') throw new UsageError('--format: only "logical" can be asked for');
  return values;
}

runBackupCommand({ usage: USAGE, failure: 'The backup failed', parse: parseArguments, file: (args) => args.out!, done: 'Backup written to' }, (target, file, args) =>
  backup(target, file, { format: args.format === 'logical' ? 'logical' : 'auto' }),
);
