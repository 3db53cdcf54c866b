/**
 * What a start does before listening: apply migrations, load demo data into an empty embedded
 * database (or when DEMO_DATA=true), and import the content bundles when none are stored yet.
 */
import { count, sql } from 'drizzle-orm';
import { importContentBundle } from '@portal/content-service';
import { schema, type Database } from '@portal/db';
import type { Config } from './config.ts';
import { DEMO_WAITLIST_CODE, loadDemoWaitlist } from './demo/demo-waitlist.ts';
import { loadDemoData } from './demo/load-demo-data.ts';
import { loadDemoSessions } from './demo/demo-sessions.ts';
import { loadDemoQuestions } from './demo/demo-questions.ts';
import { encryptPlainTotpSecrets } from './modules/admin/admin-auth.service.ts';
import { runModeOf, type RunMode } from './production-mode.ts';

export interface StartupSummary {
  mode: RunMode;
  demoLoaded: boolean;
  hasDemoData: boolean;
  contentImported: boolean;
}

export async function prepareDatabase(options: {
  config: Config;
  database: Database;
  contentRoot: string;
  log: (message: string) => void;
}): Promise<StartupSummary> {
  const { config, database, log } = options;
  const db = database.db;
  await database.migrate();

  const [events] = await db.select({ n: count() }).from(schema.events);
  const empty = (events?.n ?? 0) === 0;
  // Demo data is loaded only in demo mode (an empty embedded database, or DEMO_DATA=true).
  const wantDemo = (await runModeOf(config, database)) === 'demo';
  let demoLoaded = false;
  if (wantDemo && empty) {
    const started = Date.now();
    await loadDemoData(db, { stores: config.demoStores, codeHashKey: config.codeHashKey });
    log(`demo data loaded (${config.demoStores} stores) in ${Date.now() - started} ms`);
    demoLoaded = true;
  }
  // The demo's waiting list (docs/waiting-lists.md), once, also into demo data loaded by an older version.
  if (wantDemo && (await loadDemoWaitlist(db, { codeHashKey: config.codeHashKey }))) log(`demo waiting list loaded (access code ${DEMO_WAITLIST_CODE})`);
  // The demo's program (docs/sessions.md), once, also into demo data loaded by an older version.
  if (wantDemo && (await loadDemoSessions(db))) log('demo sessions loaded');
  // The demo's registration questions and answers (docs/questions.md), once, likewise.
  if (wantDemo && (await loadDemoQuestions(db))) log('demo registration questions loaded');
  // TOTP secrets stored in plain text by an older version are encrypted now (a migration has no key).
  const encrypted = await encryptPlainTotpSecrets(db, config.totpEncryptionKey);
  if (encrypted) log(`${encrypted} organizer TOTP secret(s) stored in plain text encrypted with TOTP_ENCRYPTION_KEY`);
  const marker = await db.execute(sql`select 1 from ${schema.meta} where ${schema.meta.key} = 'demo_data'`);
  const hasDemoData = (marker as unknown as { rows: unknown[] }).rows.length > 0;

  const [items] = await db.select({ n: count() }).from(schema.contentItems);
  let contentImported = false;
  if ((items?.n ?? 0) === 0 && config.contentSource === 'embedded') {
    const report = await importContentBundle(db, options.contentRoot);
    log(`content imported: ${JSON.stringify(report)}`);
    contentImported = true;
  }
  return { mode: await runModeOf(config, database), demoLoaded, hasDemoData, contentImported };
}
