/**
 * The badges table's SQL (docs/event-days.md, "Badge codes"): a registration's badge row, kept by the
 * database (migration 0023's trigger) on every path that enrols, and its door state.
 */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx } from '@portal/db';

const { badges } = schema;

/** The registration's event and status, with its badge's version (null: no badges row yet). */
export async function badgeOfRegistration(db: DbOrTx, registrationId: number): Promise<{ eventId: string; status: string; version: number | null } | undefined> {
  const [row] = rowsOf<{ eventId: string; status: string; version: number | null }>(
    await db.execute(sql`select r.event_id as "eventId", r.status, b.version from registrations r left join badges b on b.registration_id = r.id where r.id = ${registrationId}`),
  );
  return row;
}

/** Makes sure the registration has its badges row; answers the row's version. */
export async function ensureBadgeRow(db: DbOrTx, registrationId: number, eventId: string): Promise<number> {
  await db.insert(badges).values({ registrationId, eventId }).onConflictDoNothing();
  const [created] = await db.select({ version: badges.version }).from(badges).where(eq(badges.registrationId, registrationId));
  return created!.version;
}

/** The door state of one registration (null: it never had a badge). */
export async function checkInState(db: DbOrTx, registrationId: number): Promise<{ checkedInAt: string | null; door: string | null; badgeVersion: number } | null> {
  const [row] = await db
    .select({ checkedInAt: badges.checkedInAt, door: badges.checkedInDoor, version: badges.version })
    .from(badges)
    .where(eq(badges.registrationId, registrationId));
  return row ? { checkedInAt: row.checkedInAt?.toISOString() ?? null, door: row.door, badgeVersion: row.version } : null;
}
