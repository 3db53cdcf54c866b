/**
 * `npm run reports:verify -- [--repair]`: compares the enrollment counts the database triggers keep
 * with a full recount from the base tables, and every store-count report (All, Region, Zone, District
 * of each event) answered from them with the same report recounted. Exit 0 when all match, 1 on a
 * difference. `--repair` then rebuilds the counts (writers wait for the few seconds it takes) and
 * checks again. Safe on a live database: the check is read-only.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createReportScopeService } from '../modules/report-scope/report-scope.service.ts';
import { createReportsService, type CountCheck } from '../modules/reports/reports.service.ts';
import { openMigratedDatabase, runCommand, UsageError } from './run-cli.ts';

const USAGE = `Usage: npm run reports:verify -- [--repair]

  Recounts enrollment from registrations and stores and compares it with the counts the reports read.
  --repair   rebuild the counts when they differ, then check again`;

const SHOWN = 20;

function parseArguments(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { repair: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function describe(result: CountCheck): string {
  const lines: string[] = [];
  if (result.counts.length) {
    lines.push(`${result.counts.length}${result.counts.length >= 1000 ? '+' : ''} counts differ from the recount:`);
    for (const d of result.counts.slice(0, SHOWN)) {
      lines.push(`  ${d.table} ${d.eventId ? `${d.eventId} ` : ''}${d.key}: counted ${d.actual}, recount ${d.expected}`);
    }
    if (result.counts.length > SHOWN) lines.push(`  ... and ${result.counts.length - SHOWN} more`);
  }
  if (result.reports.length) {
    lines.push(`${result.reports.length} reports differ from their recount: ${result.reports.slice(0, SHOWN).map((r) => r.report).join(', ')}${result.reports.length > SHOWN ? ', ...' : ''}`);
  }
  return lines.join('\n');
}

async function main(args: ReturnType<typeof parseArguments>): Promise<number> {
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  const target = config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `PGlite (${join(config.dataDir, 'pglite')})`;
  // The reports service as app.ts builds it: the check and the rebuild are its calls.
  const reports = createReportsService({ db: database.db, scopes: createReportScopeService({ db: database.db }) });
  try {
    const started = performance.now();
    const first = await reports.checkCounts();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    if (!first.counts.length && !first.reports.length) {
      console.log(`Enrollment counts in ${target} match a full recount; every store-count report of ${first.events.join(', ') || 'no event'} matches (${seconds()} s).`);
      return 0;
    }
    console.error(describe(first));
    if (!args.repair) {
      console.error('\nRun again with --repair to rebuild the counts from the base tables.');
      return 1;
    }
    await reports.rebuildCounts();
    const second = await reports.checkCounts();
    if (second.counts.length || second.reports.length) {
      console.error(`\nAfter the rebuild some still differ (writers changed data meanwhile?):\n${describe(second)}`);
      return 1;
    }
    console.log(`\nRebuilt the counts; they now match a full recount (${seconds()} s).`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand({ usage: USAGE, failure: 'Verifying the report counts failed', parse: parseArguments, run: main });
