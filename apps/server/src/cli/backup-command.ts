/**
 * What `npm run backup` and `npm run restore` share: the file option they require, the configured
 * database as a backup target (lib/backup.ts), and the line that names the file, the time taken and
 * the backup's header.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, describeHeader, targetOf, type BackupHeader, type Target } from '../lib/backup.ts';
import { runCommand, UsageError } from './run-cli.ts';

/** Refuses arguments without the file option `name` (unless `--help` was asked for). */
export function requireFile<A extends { help?: boolean | undefined }>(values: A, name: keyof A & string): A {
  if (!values.help && !values[name]) throw new UsageError(`--${name} FILE is required`);
  return values;
}

/** Runs `act` on the configured database and the backup file, then prints what was done and how long it took. */
export function runBackupCommand<A extends { help?: boolean | undefined }>(
  spec: {
    usage: string;
    failure: string;
    parse: (argv: string[]) => A;
    /** The backup file, as typed (resolved against the folder the command was typed in). */
    file: (args: A) => string;
    /** The start of the line printed on success, before the file's path. */
    done: string;
  },
  act: (target: Target, file: string, args: A) => Promise<BackupHeader>,
): void {
  runCommand({
    usage: spec.usage,
    failure: spec.failure,
    expected: [BackupError],
    parse: spec.parse,
    run: async (args) => {
      const config = loadConfig();
      const file = resolve(spec.file(args));
      const started = performance.now();
      const header = await act(targetOf(config), file, args);
      console.log(`${spec.done} ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${describeHeader(header)}`);
      return 0;
    },
  });
}
