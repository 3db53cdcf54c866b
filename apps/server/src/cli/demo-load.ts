/**
 * `npm run demo:load -- [--stores N] [--seed N] [--reset]`: loads the deterministic demo data into the
 * configured database (PGlite in DATA_DIR, or DATABASE_URL). Stop the server first when it uses PGlite:
 * an embedded database has one user at a time.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx } from '@portal/db';
import { loadConfig } from '../config.ts';
import { openMigratedDatabase, runCommand, UsageError } from './run-cli.ts';
import { formatDemoAccounts } from '../demo/demo-accounts.ts';
import { DEMO_DEFAULT_SEED, DEMO_MAX_STORES } from '../demo/generate-demo-data.ts';
import { loadDemoWaitlist } from '../demo/demo-waitlist.ts';
import { loadDemoSessions } from '../demo/demo-sessions.ts';
import { loadDemoQuestions } from '../demo/demo-questions.ts';
import { DEMO_META_KEY, DemoDataError, loadDemoData, type DemoSummary } from '../demo/load-demo-data.ts';

const USAGE = `Usage: npm run demo:load -- [--stores N] [--seed N] [--reset]

  --stores N   number of stores, 1 to ${DEMO_MAX_STORES} (default: DEMO_STORES, 5000)
  --seed N     random seed, 0 to 4294967295 (default ${DEMO_DEFAULT_SEED}); one seed always gives the same data
  --reset      first delete the network, people, access codes, report users, registrations and the audit
               log (content is kept); without it, a database that holds data is left alone`;


function integerOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be from ${min} to ${max}, got ${value}`);
  return n;
}

function parseArguments(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        stores: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  return {
    help: values.help,
    reset: values.reset,
    stores: integerOption('stores', values.stores, 1, DEMO_MAX_STORES),
    seed: integerOption('seed', values.seed, 0, 0xffffffff),
  };
}

/** Tables the demo data owns, children first. Content tables and revoked tokens are kept. */
const RESET_TABLES = [
  schema.registrationAnswers,
  schema.questions,
  schema.sessionAttendance,
  schema.sessionPicks,
  schema.calendarFeeds,
  schema.sessions,
  schema.checkinScans,
  schema.checkinDevices,
  schema.badges,
  schema.registrationTokens,
  schema.registrations,
  schema.providerCallbacks,
  schema.accessCodes,
  schema.reportUsers,
  schema.stores,
  schema.people,
  schema.districts,
  schema.zones,
  schema.regions,
  schema.events,
  schema.auditLog,
];

async function existingData(db: DbOrTx) {
  const [row] = rowsOf<{ events: number; stores: number; people: number; registrations: number }>(
    await db.execute(sql`select
      (select count(*) from ${schema.events})::int as events,
      (select count(*) from ${schema.stores})::int as stores,
      (select count(*) from ${schema.people})::int as people,
      (select count(*) from ${schema.registrations})::int as registrations`),
  );
  return row!;
}

function formatSummary(s: DemoSummary, ms: number, target: string): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const line = (label: string, value: string | number) => `  ${label.padEnd(22)} ${typeof value === 'number' ? n(value) : value}`;
  const event = (id: 'nbc' | 'abc') => {
    const e = s.byEvent[id];
    return `${n(e.total)} (${n(e.enrolled)} enrolled, ${n(e.pending)} pending, ${n(e.cancelled)} cancelled, ${n(e.virtual)} virtual, ${n(e.free)} free; ${n(e.enrolledStores)} stores enrolled)`;
  };
  return [
    `Demo data loaded into ${target} in ${(ms / 1000).toFixed(1)} s (seed ${s.seed}):`,
    line('regions', s.regions),
    line('zones', s.zones),
    line('districts', s.districts),
    line('stores', s.stores),
    line('people', s.people),
    line('access codes', s.accessCodes),
    line('registrations nbc', event('nbc')),
    line('registrations abc', event('abc')),
  ].join('\n');
}

async function main(args: ReturnType<typeof parseArguments>): Promise<number> {
  const config = loadConfig();
  const stores = args.stores ?? config.demoStores;
  if (stores > DEMO_MAX_STORES) throw new UsageError(`DEMO_STORES must be at most ${DEMO_MAX_STORES} for demo data, got ${stores}`);

  const database = await openMigratedDatabase(config);
  const target = config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `PGlite (${join(config.dataDir, 'pglite')})`;
  try {
    const found = await existingData(database.db);
    const hasData = found.events + found.stores + found.people + found.registrations > 0;
    if (hasData && !args.reset) {
      console.error(
        `The database already holds data (${found.events} events, ${found.stores} stores, ${found.people} people, ` +
          `${found.registrations} registrations), so nothing was changed.\n` +
          'Run again with --reset to replace it with demo data; that deletes the network, people, access codes, ' +
          'report users, registrations and the audit log (content is kept).',
      );
      return 1;
    }
    const started = performance.now();
    const summary = await database.db.transaction(async (tx) => {
      if (args.reset) {
        await tx.execute(sql`truncate table ${sql.join(RESET_TABLES, sql`, `)} restart identity cascade`);
        await tx.delete(schema.meta).where(sql`${schema.meta.key} = ${DEMO_META_KEY}`);
      }
      if (args.reset) await tx.delete(schema.meta).where(sql`${schema.meta.key} in ('demo_waitlist', 'demo_sessions', 'demo_questions')`);
      const loaded = await loadDemoData(tx, { stores, seed: args.seed ?? DEMO_DEFAULT_SEED, codeHashKey: config.codeHashKey });
      await loadDemoWaitlist(tx, { codeHashKey: config.codeHashKey });
      await loadDemoSessions(tx);
      await loadDemoQuestions(tx);
      return loaded;
    });
    console.log(formatSummary(summary, performance.now() - started, target));
    if (args.reset && hasData) console.log('\nEarlier logins refer to the replaced data: log in again.');
    console.log(`\n${formatDemoAccounts()}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand({ usage: USAGE, failure: 'Loading demo data failed', expected: [DemoDataError], parse: parseArguments, run: main });
