/**
 * How every command-line entry point ends: 0 on success, 2 for bad arguments (with the usage),
 * 1 for an expected failure (its message alone) or anything else (with what was being done).
 */
import { ConfigError } from '../config.ts';

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
