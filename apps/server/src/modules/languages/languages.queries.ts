import { eq } from 'drizzle-orm';
import type { Language } from '@portal/contracts';
import { schema, type DbOrTx } from '@portal/db';

const { people, reportUsers } = schema;

/** Keeps an attendee's language; answers whether the person exists. */
export async function setPersonLanguage(db: DbOrTx, personId: number, language: Language): Promise<boolean> {
  const rows = await db.update(people).set({ language }).where(eq(people.id, personId)).returning({ id: people.id });
  return rows.length > 0;
}

/** Keeps a report user's language (report users are not people); answers whether the user is on the list. */
export async function setReportUserLanguage(db: DbOrTx, email: string, language: Language): Promise<boolean> {
  const rows = await db.update(reportUsers).set({ language }).where(eq(reportUsers.email, email)).returning({ email: reportUsers.email });
  return rows.length > 0;
}

/** The stored language of a token's principal: the person's, else the report user's with that e-mail. */
export async function storedLanguage(db: DbOrTx, principal: { personId: number | null; email: string }): Promise<Language | null> {
  if (principal.personId !== null) {
    const [row] = await db.select({ language: people.language }).from(people).where(eq(people.id, principal.personId)).limit(1);
    return row?.language ?? null;
  }
  const [row] = await db.select({ language: reportUsers.language }).from(reportUsers).where(eq(reportUsers.email, principal.email)).limit(1);
  return row?.language ?? null;
}
