/**
 * Demo mode and production mode (docs/security.md, "Production mode"). Demo mode is the embedded
 * default only: PGlite with an empty data dir (or one holding the demo data it loaded), or
 * DEMO_DATA=true. Anywhere else no demo default may reach a real deployment: the start refuses
 * while a secret still has its demo value or none, or while demo access codes (or the demo organizer's
 * published password) are active.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';
import { DEMO_REPORT_CODE, type Config } from './config.ts';
import { DEMO_ACCESS_CODES } from './demo/demo-access-codes.ts';
import { DEMO_ORGANIZER } from './demo/demo-accounts.ts';
import { accessCodeProblem, hashAccessCode } from './lib/access-code.ts';
import { verifyPassword } from './lib/password.ts';
import { oidcProductionProblems } from './lib/oidc-config.ts';

export type RunMode = 'demo' | 'production';

/**
 * `emptyIsDemo: false` for tools that write real data (the CSV import): an empty database they
 * fill is a real deployment, not a demo.
 */
export async function runModeOf(config: Config, database: Database, { emptyIsDemo = true } = {}): Promise<RunMode> {
  if (config.demoData !== undefined) return config.demoData ? 'demo' : 'production';
  if (database.kind !== 'pglite') return 'production';
  const db = database.db;
  const [marker] = await db.select({ key: schema.meta.key }).from(schema.meta).where(eq(schema.meta.key, 'demo_data')).limit(1);
  if (marker) return 'demo';
  if (!emptyIsDemo) return 'production';
  const [events] = await db.select({ n: count() }).from(schema.events);
  return (events?.n ?? 0) === 0 ? 'demo' : 'production';
}

/**
 * What stops a production start, one line per problem, each naming the variable (or the codes)
 * and how to fix it. Empty: ready.
 */
export async function productionProblems(config: Config, database: Database): Promise<string[]> {
  const problems: string[] = [];
  if (config.reportCodeIsDemoDefault) {
    problems.push(`REPORT_CODE is not set: set it to the report login's secret code (at least 8 characters, not a demo code such as ${DEMO_REPORT_CODE}).`);
  } else {
    const weak = accessCodeProblem(config.reportCode);
    if (weak) problems.push(`REPORT_CODE ${weak}: set it to the report login's secret code.`);
  }
  problems.push(...oidcProductionProblems(config.oidc));
  if (database.kind === 'postgres') {
    for (const name of config.generatedSecrets) {
      problems.push(`${name} is not set: on PostgreSQL every instance needs the same key; set ${name} to a random value of 32+ characters (e.g. \`openssl rand -base64 48\`).`);
    }
  }
  const hashes = new Map(DEMO_ACCESS_CODES.map((c) => [`${c.eventId}|${hashAccessCode(c.code, config.codeHashKey)}`, c.code]));
  const active = await database.db
    .select({ eventId: schema.accessCodes.eventId, codeHash: schema.accessCodes.codeHash })
    .from(schema.accessCodes)
    .where(and(eq(schema.accessCodes.active, true), inArray(schema.accessCodes.codeHash, [...hashes.keys()].map((k) => k.split('|')[1]!))));
  const demoCodes = active.flatMap((row) => hashes.get(`${row.eventId}|${row.codeHash}`) ?? []);
  if (demoCodes.length) {
    problems.push(
      `demo access codes are active (${[...new Set(demoCodes)].join(', ')}): import them with active=false and your own codes (npm run import:csv -- --access-codes FILE, docs/csv-import.md).`,
    );
  }
  const [demoOrganizer] = await database.db
    .select({ active: schema.organizers.active, passwordHash: schema.organizers.passwordHash })
    .from(schema.organizers)
    .where(eq(schema.organizers.email, DEMO_ORGANIZER.email))
    .limit(1);
  if (demoOrganizer?.active && (await verifyPassword(demoOrganizer.passwordHash, DEMO_ORGANIZER.password))) {
    problems.push(
      `the demo organizer ${DEMO_ORGANIZER.email} still has its published password: sign in at /admin and change it, or disable the account (docs/organizer-console.md).`,
    );
  }
  return problems;
}

/** The refusal printed when a production start has problems. */
export function formatProductionRefusal(problems: readonly string[]): string {
  return [
    'The portal refuses to start in production mode:',
    ...problems.map((p) => `  - ${p}`),
    'For a demo, use an empty embedded data dir or DEMO_DATA=true. For a staging copy of demo data, start with --allow-demo (logged).',
  ].join('\n');
}

/** The start banner's last line: the mode is always named, "demo" in demo mode. */
export function startBanner(publicUrl: string, databaseKind: string, mode: RunMode, demoAllowed: boolean): string {
  const what = mode === 'demo' ? 'demo mode: demo accounts and codes' : demoAllowed ? 'DEMO VALUES ALLOWED (--allow-demo)' : 'production mode';
  return `Event portal ready at ${publicUrl} (database: ${databaseKind}, ${what})`;
}
