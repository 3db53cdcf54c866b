/**
 * What the demo's extra loaders (questions, sessions, waiting list) share: each runs once, in one
 * transaction, recorded under its own meta key, so a restart or a test seed never adds it twice.
 */
import { eq, sql } from 'drizzle-orm';
import { schema, type DbOrTx, type Tx } from '@portal/db';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

/**
 * Runs `load` unless the meta row `key` exists; stores the summary `load` answers under `key`.
 * Resolves true when it loaded, false when it had run before or `load` answered null (nothing to load on).
 */
export async function loadOnce(db: DbOrTx, key: string, load: (tx: Tx) => Promise<Record<string, unknown> | null>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(schema.meta).where(eq(schema.meta.key, key)).limit(1);
    if (done) return false;
    const summary = await load(tx);
    if (!summary) return false;
    await tx.insert(schema.meta).values({ key, value: summary });
    return true;
  });
}

/** The event `id`, or undefined when the data holds no such event. */
export async function demoEvent(tx: Tx, id: string) {
  const [event] = await tx.select().from(schema.events).where(eq(schema.events.id, id)).limit(1);
  return event;
}

/** The demo accounts' addresses as an SQL list for `not in (…)`: the people the README logs in as keep a clean slate. */
export function demoAccountEmailList() {
  const emails = DEMO_ACCOUNTS.map((a) => a.userName).filter((u) => u.includes('@'));
  return sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  );
}
