/**
 * `npm run import:csv -- --network stores.csv --rosters people.csv --access-codes codes.csv
 *  --report-users users.csv [--events events.csv] [--dry-run]`: imports any subset of the files
 * described in docs/csv-import.md. Every problem is printed as `file:line: column: reason`; when there is
 * one, nothing is written. Stop the server first when it uses PGlite (one user at a time).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openMigratedDatabase, runCli, UsageError } from './run-cli.ts';
import { formatProblem, type CsvSource } from '../import/csv-file.ts';
import type { FileKind } from '../import/formats.ts';
import { ENTITIES, importCsv, type CsvImportFiles, type Entity } from '../import/import-csv.ts';
import { runModeOf } from '../production-mode.ts';
import { emitPersonEvents } from '../modules/webhooks/outbox.ts';

const OPTIONS: Record<string, FileKind> = {
  events: 'events',
  network: 'network',
  rosters: 'rosters',
  'access-codes': 'accessCodes',
  'report-users': 'reportUsers',
  sessions: 'sessions',
};

const USAGE = `Usage: npm run import:csv -- [--events FILE] [--network FILE] [--rosters FILE] [--access-codes FILE] [--report-users FILE] [--sessions FILE] [--dry-run]

  --events FILE        the events (nbc, abc): names, provider codes, dates
  --network FILE       regions, zones, districts and stores, one row per store
  --rosters FILE       store staff and managers; each listed store's roster is replaced by the file's
  --access-codes FILE  access codes per event (stored hashed)
  --report-users FILE  report users (enable or disable report logins)
  --sessions FILE      the events' sessions (times in the event's time zone)
  --dry-run            check everything and show what would change, write nothing

Give at least one file. Formats: docs/csv-import.md.`;


const LABELS: Record<Entity, string> = {
  events: 'events',
  regions: 'regions',
  zones: 'zones',
  districts: 'districts',
  stores: 'stores',
  people: 'people',
  storeManagers: 'store managers',
  accessCodes: 'access codes',
  reportUsers: 'report users',
  sessions: 'sessions',
};

async function readSources(argv: string[]): Promise<{ files: CsvImportFiles; dryRun: boolean; help: boolean }> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, { type: 'string' as const }])),
        'dry-run': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { files: {}, dryRun: false, help: true };
  const files: CsvImportFiles = {};
  for (const [option, kind] of Object.entries(OPTIONS)) {
    const path = values[option];
    if (typeof path !== 'string') continue;
    if (path.trim() === '') throw new UsageError(`--${option} needs a file name`);
    let content: Buffer;
    try {
      content = await readFile(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : String(code ?? error);
      throw new UsageError(`--${option}: cannot read ${path} (${why})`);
    }
    files[kind] = { name: path, content } satisfies CsvSource;
  }
  if (Object.keys(files).length === 0) throw new UsageError('give at least one file to import');
  return { files, dryRun: values['dry-run'] === true, help: false };
}

async function main(): Promise<number> {
  // npm runs workspace scripts in the workspace folder; file names are meant from where the user typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { files, dryRun, help } = await readSources(process.argv.slice(2));
  if (help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  try {
    const started = performance.now();
    // Outside demo mode (DEMO_DATA=true or the demo data loaded), active codes must be 8+ characters and not on the deny list.
    const allowWeakCodes = (await runModeOf(config, database, { emptyIsDemo: false })) === 'demo';
    // People it changes are queued for webhook endpoints; the server's worker sends them.
    const events = { peopleUpdated: emitPersonEvents };
    const result = await importCsv(database.db, files, { codeHashKey: config.codeHashKey, reportEmailDomain: config.reportEmailDomain, dryRun, allowWeakCodes, events });
    if (!result.ok) {
      for (const p of result.problems) console.error(formatProblem(p));
      const n = result.problems.length;
      console.error(`\n${n} problem${n === 1 ? '' : 's'}; nothing was imported.`);
      return 1;
    }
    const header = `  ${'what'.padEnd(16)}${'inserted'.padStart(10)}${'updated'.padStart(10)}${'unchanged'.padStart(11)}${'detached'.padStart(10)}`;
    const lines = ENTITIES.flatMap((entity) => {
      const c = result.counts[entity];
      if (!c) return [];
      return [`  ${LABELS[entity].padEnd(16)}${String(c.inserted).padStart(10)}${String(c.updated).padStart(10)}${String(c.unchanged).padStart(11)}${(c.detached === undefined ? '' : String(c.detached)).padStart(10)}`];
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log([dryRun ? `Dry run (nothing was written), ${seconds} s:` : `Imported in ${seconds} s:`, header, ...lines].join('\n'));
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, { usage: USAGE, failure: 'The import failed' });
