import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Db, type DbOrTx, type PersonCategory } from '@portal/db';

const { accessCodes, events, people, stores, reportUsers } = schema;

const em = alias(people, 'em');
const gm = alias(people, 'gm');

/**
 * Everything a login needs in one round trip: the event's active code with that hash, and the
 * person with that e-mail (if any) with their store and its managers' names. No row: unknown code.
 * Prepared once per database: building this select is most of a login's query cost otherwise.
 */
export function prepareLoginContext(db: Db) {
  const query = db
    .select({
      code: accessCodes,
      isVirtual: events.isVirtual,
      personId: people.id,
      firstName: people.firstName,
      lastName: people.lastName,
      personCategory: people.category,
      emailVerified: people.emailVerified,
      storeCode: stores.dlrnum,
      storeName: stores.name,
      executiveManager: sql<string | null>`nullif(trim(${em.firstName} || ' ' || ${em.lastName}), '')`,
      generalManager: sql<string | null>`nullif(trim(${gm.firstName} || ' ' || ${gm.lastName}), '')`,
    })
    .from(accessCodes)
    .innerJoin(events, eq(events.id, accessCodes.eventId))
    .leftJoin(people, eq(people.email, sql.placeholder('email')))
    .leftJoin(stores, eq(stores.dlrnum, people.storeDlrnum))
    .leftJoin(em, eq(em.id, stores.executiveManagerId))
    .leftJoin(gm, eq(gm.id, stores.generalManagerId))
    .where(and(eq(accessCodes.eventId, sql.placeholder('eventId')), eq(accessCodes.codeHash, sql.placeholder('codeHash')), eq(accessCodes.active, true)))
    .limit(1)
    .prepare('login_context');
  return async (eventId: string, codeHash: string, email: string) => (await query.execute({ eventId, codeHash, email }))[0];
}

/** The store of a per-store access code, with its managers' names, for the login answer. */
export async function findStoreContext(db: DbOrTx, dlrnum: string) {
  const [row] = await db
    .select({
      storeCode: stores.dlrnum,
      storeName: stores.name,
      executiveManager: sql<string | null>`nullif(trim(${em.firstName} || ' ' || ${em.lastName}), '')`,
      generalManager: sql<string | null>`nullif(trim(${gm.firstName} || ' ' || ${gm.lastName}), '')`,
    })
    .from(stores)
    .leftJoin(em, eq(em.id, stores.executiveManagerId))
    .leftJoin(gm, eq(gm.id, stores.generalManagerId))
    .where(eq(stores.dlrnum, dlrnum))
    .limit(1);
  return row;
}

export async function insertPerson(
  db: DbOrTx,
  person: { email: string; firstName: string; lastName: string; category: PersonCategory; storeDlrnum?: string | null },
) {
  // Two first logins of one new e-mail at once: the second one reuses the first one's row.
  const [row] = await db
    .insert(people)
    .values(person)
    .onConflictDoUpdate({ target: people.email, set: { email: sql`excluded.email` } })
    .returning({ id: people.id, firstName: people.firstName, lastName: people.lastName });
  return row!;
}

export async function findReportUser(db: DbOrTx, email: string) {
  const [row] = await db.select().from(reportUsers).where(eq(reportUsers.email, email)).limit(1);
  return row;
}

export async function recordReportLogin(db: DbOrTx, email: string) {
  await db
    .insert(reportUsers)
    .values({ email, loginCount: 1, lastLoginAt: new Date() })
    .onConflictDoUpdate({
      target: reportUsers.email,
      set: { loginCount: sql`${reportUsers.loginCount} + 1`, lastLoginAt: new Date() },
    });
}
