/**
 * The statements of the console's changes (admin.service.ts): events and their retention period,
 * access codes, registration links and people. Each takes the transaction the service opened; the
 * locks (`for update`) are taken here, the rules stay in the service. The lists are in
 * admin.queries.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { schema, type DbOrTx, type Tx } from '@portal/db';

const { accessCodes, eventRetention, events, people, registrationTokens, stores, zones } = schema;

export type EventChanges = Partial<typeof events.$inferInsert>;
export type NewAccessCode = typeof accessCodes.$inferInsert;
export type AccessCodeRow = typeof accessCodes.$inferSelect;
export type PersonRow = typeof people.$inferSelect;
export type PersonChanges = Partial<typeof people.$inferInsert>;

// ---------------------------------------------------------------------------------------------
// Events

export async function findRetention(db: DbOrTx, eventId: string): Promise<typeof eventRetention.$inferSelect | undefined> {
  const [row] = await db.select().from(eventRetention).where(eq(eventRetention.eventId, eventId)).limit(1);
  return row;
}

export async function deleteRetention(tx: Tx, eventId: string): Promise<void> {
  await tx.delete(eventRetention).where(eq(eventRetention.eventId, eventId));
}

export async function setRetention(tx: Tx, eventId: string, retentionDays: number): Promise<void> {
  await tx.insert(eventRetention).values({ eventId, retentionDays }).onConflictDoUpdate({ target: eventRetention.eventId, set: { retentionDays } });
}

export async function updateEvent(tx: Tx, eventId: string, changes: EventChanges): Promise<void> {
  await tx.update(events).set(changes).where(eq(events.id, eventId));
}

/** Every event's id, name and provider code: what a new access code must not look like. */
export async function listEventCodes(db: DbOrTx): Promise<{ id: string; name: string; providerEventCode: string }[]> {
  return db.select({ id: events.id, name: events.name, providerEventCode: events.providerEventCode }).from(events);
}

// ---------------------------------------------------------------------------------------------
// The network

export async function findStoreName(db: DbOrTx, dlrnum: string): Promise<{ name: string } | undefined> {
  const [row] = await db.select({ name: stores.name }).from(stores).where(eq(stores.dlrnum, dlrnum)).limit(1);
  return row;
}

export async function storeExists(db: DbOrTx, dlrnum: string): Promise<boolean> {
  const [row] = await db.select({ dlrnum: stores.dlrnum }).from(stores).where(eq(stores.dlrnum, dlrnum)).limit(1);
  return row !== undefined;
}

export async function zoneExists(db: DbOrTx, code: string): Promise<boolean> {
  return (await db.select({ c: zones.code }).from(zones).where(eq(zones.code, code)).limit(1)).length > 0;
}

// ---------------------------------------------------------------------------------------------
// Access codes

/** The new code's id; a duplicate throws the unique violation (the caller runs it in a savepoint). */
export async function insertAccessCode(tx: Tx, values: NewAccessCode): Promise<number> {
  const [row] = await tx.insert(accessCodes).values(values).returning({ id: accessCodes.id });
  return row!.id;
}

/** The access code, locked for the rest of the transaction. */
export async function lockAccessCode(tx: Tx, id: number): Promise<AccessCodeRow | undefined> {
  const [row] = await tx.select().from(accessCodes).where(eq(accessCodes.id, id)).for('update').limit(1);
  return row;
}

export async function disableAccessCode(tx: Tx, id: number): Promise<void> {
  await tx.update(accessCodes).set({ active: false }).where(eq(accessCodes.id, id));
}

export async function setAccessCodeSeats(tx: Tx, id: number, seats: number | null): Promise<void> {
  await tx.update(accessCodes).set({ seats }).where(eq(accessCodes.id, id));
}

// ---------------------------------------------------------------------------------------------
// Registration links

/** Marks the registration's unused links used: only a link issued after this works. */
export async function retireRegistrationLinks(tx: Tx, registrationId: number, at: Date): Promise<void> {
  await tx.update(registrationTokens).set({ usedAt: at }).where(and(eq(registrationTokens.registrationId, registrationId), isNull(registrationTokens.usedAt)));
}

// ---------------------------------------------------------------------------------------------
// People

/** The person, locked for the rest of the transaction. */
export async function lockPerson(tx: Tx, id: number): Promise<PersonRow | undefined> {
  const [row] = await tx.select().from(people).where(eq(people.id, id)).for('update').limit(1);
  return row;
}

/** A changed e-mail may belong to another person: the unique violation is thrown (the caller runs it in a savepoint). */
export async function updatePerson(tx: Tx, id: number, changes: PersonChanges): Promise<void> {
  await tx.update(people).set(changes).where(eq(people.id, id));
}
