/**
 * `npm run admin:create -- --email E [--name N]`: creates an organizer account for the console
 * (/admin) in the configured database and prints a one-time password, which must be changed at the
 * first sign-in. Stop the server first when it uses PGlite: an embedded database has one user at a time.
 */
import { parseArgs } from 'node:util';
import { EMAIL_PATTERN } from '@portal/contracts';
import { loadConfig } from '../config.ts';
import { audit } from '../lib/audit.ts';
import { generateOneTimePassword } from '../lib/password.ts';
import { createOrganizer, OrganizerExistsError } from '../modules/admin/organizers.service.ts';
import { openMigratedDatabase, runCli, UsageError } from './run-cli.ts';

const USAGE = `Usage: npm run admin:create -- --email E [--name "First Last"]

  --email E    the organizer's e-mail address (their sign-in name)
  --name N     shown in the console (optional)

Prints a one-time password; the organizer chooses their own at the first sign-in.`;

function parseArguments(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true as const };
  const email = values.email?.trim().toLowerCase();
  if (!email) throw new UsageError('--email is required');
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new UsageError(`--email must be an e-mail address, got "${values.email}"`);
  const name = values.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 100)) throw new UsageError('--name must be 1 to 100 characters');
  return { help: false as const, email, name: name ?? null };
}

async function main(): Promise<number> {
  const args = parseArguments(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  try {
    const password = generateOneTimePassword();
    const organizer = await database.db.transaction(async (tx) => {
      const created = await createOrganizer(tx, { email: args.email, name: args.name, password, mustChangePassword: true });
      await audit(tx, { action: 'admin-create', success: true, actorEmail: null, detail: { organizerId: created.id, email: created.email, via: 'cli' } });
      return created;
    });
    console.log(`Organizer ${organizer.email} created (id ${organizer.id}).`);
    console.log(`One-time password: ${password}`);
    console.log('Sign in at /admin with it; the console then asks for a new password (at least 12 characters).');
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, { usage: USAGE, failure: 'Could not create the organizer', expected: [OrganizerExistsError] });
