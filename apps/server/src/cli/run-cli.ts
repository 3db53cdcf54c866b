/**
 * How every command-line entry point ends: 0 on success, 2 for bad arguments (with the usage),
 * 1 for an expected failure (its message alone) or anything else (with what was being done).
 */
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Database } from '@portal/db';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;
import { ConfigError, type Config } from '../config.ts';
import { openConfiguredDatabase } from '../database.ts';

export class UsageError extends Error {}

type ErrorClass = abstract new (...args: never[]) => Error;

export function runCli(main: () => Promise<number>, options: { usage?: string; failure: string; expected?: readonly ErrorClass[] }): void {
  const expected: readonly ErrorClass[] = [ConfigError, ...(options.expected ?? [])];
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(options.usage ? `${error.message}\n\n${options.usage}` : error.message);
        process.exit(2);
      }
      if (expected.some((type) => error instanceof type)) {
        console.error((error as Error).message);
        process.exit(1);
      }
      console.error(`${options.failure}:`, error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/** A command's options by node's parseArgs (strict, no positionals, `--help`/`-h`); a parse error is a usage error. */
export function parseOptions<const O extends ParseArgsOptionsConfig>(argv: string[], options: O) {
  type Config = { args: string[]; options: O & typeof HELP; strict: true; allowPositionals: false };
  const config: Config = { args: argv, options: { ...options, ...HELP }, strict: true, allowPositionals: false };
  try {
    return parseArgs<Config>(config).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

/**
 * The start every command shares: paths mean what they mean where the user typed the command (npm
 * runs workspace scripts in the workspace folder), `--help` prints the usage, then `run`.
 */
export function runCommand<A extends { help?: boolean | undefined }>(spec: {
  usage: string;
  failure: string;
  expected?: readonly ErrorClass[];
  parse: (argv: string[]) => A;
  run: (args: A) => Promise<number>;
}): void {
  runCli(
    async () => {
      if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
      const args = spec.parse(process.argv.slice(2));
      if (args.help) {
        console.log(spec.usage);
        return 0;
      }
      return spec.run(args);
    },
    { usage: spec.usage, failure: spec.failure, ...(spec.expected ? { expected: spec.expected } : {}) },
  );
}

/**
 * The configured database of a command, migrated to the current schema (the migrations folder is
 * found from this file, which the bundle places beside each command). Closed again if the
 * migration fails.
 */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openConfiguredDatabase(config, fileURLToPath(new URL('../../../../packages/db/drizzle', import.meta.url)));
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
