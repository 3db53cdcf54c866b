/**
 * The SQL of registrations handed over to a colleague (docs/transfers.md): the offers, the person
 * they go to, and the badge and link changes an accepted offer makes.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { schema, type DbOrTx, type Tx } from '@portal/db';
import type { TransferStatus } from '@portal/db/schema';

const { registrationTransfers, registrations, people, badges, registrationTokens, calendarFeeds, registrationAnswers } = schema;

export type TransferRow = typeof registrationTransfers.$inferSelect;

export async function insertTransfer(tx: Tx, row: typeof registrationTransfers.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(registrationTransfers).values(row).returning({ id: registrationTransfers.id });
  return inserted!.id;
}

/** The registration's offer still waiting for an answer, if any; `lock` takes its row lock. */
export async function liveTransferOf(db: DbOrTx, registrationId: number, { lock = false }: { lock?: boolean } = {}): Promise<TransferRow | undefined> {
  const query = db
    .select()
    .from(registrationTransfers)
    .where(and(eq(registrationTransfers.registrationId, registrationId), eq(registrationTransfers.status, 'Offered')));
  const [row] = await (lock ? query.for('update').limit(1) : query.limit(1));
  return row;
}

/** The offer behind a colleague's link (by the token's hash); `lock` takes its row lock. */
export async function transferByTokenHash(db: DbOrTx, tokenHash: string, { lock = false }: { lock?: boolean } = {}): Promise<TransferRow | undefined> {
  const query = db.select().from(registrationTransfers).where(eq(registrationTransfers.tokenHash, tokenHash));
  const [row] = await (lock ? query.for('update').limit(1) : query.limit(1));
  return row;
}

export async function decideTransfer(tx: Tx, id: number, status: TransferStatus, at: Date, toPersonId: number | null = null): Promise<void> {
  await tx
    .update(registrationTransfers)
    .set({ status, decidedAt: at, ...(toPersonId !== null ? { toPersonId } : {}) })
    .where(and(eq(registrationTransfers.id, id), eq(registrationTransfers.status, 'Offered')));
}

/** Offers past their expiry, oldest first (the lapse job takes them a batch at a time). */
export async function dueTransfers(db: DbOrTx, now: Date, limit: number): Promise<{ id: number; registrationId: number }[]> {
  return db
    .select({ id: registrationTransfers.id, registrationId: registrationTransfers.registrationId })
    .from(registrationTransfers)
    .where(and(eq(registrationTransfers.status, 'Offered'), lte(registrationTransfers.expiresAt, now)))
    .orderBy(asc(registrationTransfers.expiresAt), asc(registrationTransfers.id))
    .limit(limit);
}

export async function transferById(tx: Tx, id: number): Promise<TransferRow | undefined> {
  const [row] = await tx.select().from(registrationTransfers).where(eq(registrationTransfers.id, id)).for('update').limit(1);
  return row;
}

/**
 * The colleague who took the registration when the link `tokenHash` was retired by that hand-over
 * (the acceptance expires the holder's links at its own instant), if that is why the link ended.
 */
export async function handedOverBy(db: DbOrTx, tokenHash: string): Promise<{ firstName: string; lastName: string } | undefined> {
  const [row] = await db
    .select({ firstName: registrationTransfers.firstName, lastName: registrationTransfers.lastName })
    .from(registrationTokens)
    .innerJoin(registrationTransfers, and(eq(registrationTransfers.registrationId, registrationTokens.registrationId), eq(registrationTransfers.status, 'Accepted')))
    .where(and(eq(registrationTokens.tokenHash, tokenHash), isNull(registrationTokens.usedAt), eq(registrationTokens.expiresAt, registrationTransfers.decidedAt)))
    .limit(1);
  return row;
}

export async function personById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(people).where(eq(people.id, id)).limit(1);
  return row;
}

export async function personByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(people).where(eq(people.email, email.toLowerCase())).limit(1);
  return row;
}

export async function insertPerson(tx: Tx, row: typeof people.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(people).values(row).returning({ id: people.id });
  return inserted!.id;
}

/** The person's registration for the event, whatever its status. */
export async function registrationOfPerson(db: DbOrTx, eventId: string, personId: number): Promise<{ id: number; status: string } | undefined> {
  const [row] = await db
    .select({ id: registrations.id, status: registrations.status })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.attendeeId, personId)))
    .limit(1);
  return row;
}

/** The badge's door state, locked: an arrival already recorded cannot pass to someone else. */
export async function lockBadgeState(tx: Tx, registrationId: number): Promise<{ checkedInAt: Date | null } | undefined> {
  const [row] = await tx.select({ checkedInAt: badges.checkedInAt }).from(badges).where(eq(badges.registrationId, registrationId)).for('update').limit(1);
  return row;
}

/**
 * The registration passes to `attendeeId`. The badge trigger raises the version (the old badge no
 * longer admits); every version below the new one is then marked an earlier holder's, so the door
 * answers `replaced` for it rather than `invalid`.
 */
export async function moveRegistration(tx: Tx, registrationId: number, attendeeId: number, at: Date): Promise<void> {
  await tx.update(registrations).set({ attendeeId, updatedAt: at }).where(eq(registrations.id, registrationId));
  await tx
    .update(badges)
    .set({ replacedBelow: sql`${badges.version}`, changedAt: sql`clock_timestamp()` })
    .where(eq(badges.registrationId, registrationId));
}

/**
 * What was the earlier holder's own stays with them: their links and calendar feed stop working (they
 * would open someone else's registration now), and their answers (diet, emergency contact, needs) are
 * removed; the new holder gives their own on their page.
 */
export async function retireHolderAccess(tx: Tx, registrationId: number, at: Date): Promise<void> {
  await tx.delete(registrationAnswers).where(eq(registrationAnswers.registrationId, registrationId));
  await tx
    .update(registrationTokens)
    .set({ expiresAt: at })
    .where(and(eq(registrationTokens.registrationId, registrationId), isNull(registrationTokens.usedAt), sql`${registrationTokens.expiresAt} > ${at.toISOString()}::timestamptz`));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.registrationId, registrationId));
}
