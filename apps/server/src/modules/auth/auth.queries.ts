import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx, type PersonCategory } from '@portal/db';

const { accessCodes, events, people, stores, reportUsers } = schema;

export async function findActiveAccessCode(db: DbOrTx, eventId: string, codeHash: string) {
  const [row] = await db
    .select({ code: accessCodes, isVirtual: events.isVirtual })
    .from(accessCodes)
    .innerJoin(events, eq(events.id, accessCodes.eventId))
    .where(and(eq(accessCodes.eventId, eventId), eq(accessCodes.codeHash, codeHash), eq(accessCodes.active, true)))
    .limit(1);
  return row;
}

const em = alias(people, 'em');
const gm = alias(people, 'gm');

/** A person with their store and its managers' names, in one query. */
export async function findPersonWithStore(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: people.id,
      email: people.email,
      firstName: people.firstName,
      lastName: people.lastName,
      category: people.category,
      storeCode: stores.dlrnum,
      storeName: stores.name,
      executiveManager: sql<string | null>`nullif(trim(${em.firstName} || ' ' || ${em.lastName}), '')`,
      generalManager: sql<string | null>`nullif(trim(${gm.firstName} || ' ' || ${gm.lastName}), '')`,
    })
    .from(people)
    .leftJoin(stores, eq(stores.dlrnum, people.storeDlrnum))
    .leftJoin(em, eq(em.id, stores.executiveManagerId))
    .leftJoin(gm, eq(gm.id, stores.generalManagerId))
    .where(eq(people.email, email))
    .limit(1);
  return row;
}

export async function insertPerson(
  db: DbOrTx,
  person: { email: string; firstName: string; lastName: string; category: PersonCategory },
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
