/**
 * `npm run backup -- --out FILE [--format logical]`: writes the configured database (DATABASE_URL,
 * else PGlite in DATA_DIR) into FILE with a checksum (lib/backup.ts). On PostgreSQL it uses pg_dump
 * when installed, else (or with `--format logical`) the portal's own logical format. On PGlite, stop
 * the server first.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { backup, BackupError, describeHeader, targetOf } from '../lib/backup.ts';
import { parseOptions, runCommand, UsageError } from './run-cli.ts';

const USAGE = `Usage: npm run backup -- --out FILE [--format logical]

  Writes the portal's database (DATABASE_URL, else PGlite in DATA_DIR) into FILE, with a checksum.
  --out FILE          where to write the backup (replaced when it exists)
  --format logical    on PostgreSQL: the portal's own format even when pg_dump is installed`;

function parseArguments(argv: string[]) {
  const values = parseOptions(argv, { out: { type: 'string' }, format: { type: 'string' } });
  if (values.help) return values;
  if (!values.out) throw new UsageError('--out FILE is required');
  if (values.format !== undefined && values.format !== 'logical') throw new UsageError('--format: only "logical" can be asked for');
  return values;
}

runCommand({
  usage: USAGE,
  failure: 'The backup failed',
  expected: [BackupError],
  parse: parseArguments,
  run: async (args) => {
    const config = loadConfig();
    const started = performance.now();
    const header = await backup(targetOf(config), resolve(args.out!), { format: args.format === 'logical' ? 'logical' : 'auto' });
    console.log(`Backup written to ${resolve(args.out!)} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${describeHeader(header)}`);
    return 0;
  },
});
