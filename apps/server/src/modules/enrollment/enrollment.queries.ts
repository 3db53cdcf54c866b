import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type AttendeeType, type DbOrTx, type PersonCategory, type Tx } from '@portal/db';
import { PLACEHOLDER_EMAIL_DOMAIN } from '../../lib/placeholder-email.ts';

const { accessCodes, people, registrations } = schema;

export type RegistrationRow = typeof registrations.$inferSelect;

export async function findPerson(db: DbOrTx, personId: number) {
  const [row] = await db.select().from(people).where(eq(people.id, personId)).limit(1);
  return row;
}

/** A person of the store's roster by name, matched case-insensitively; the oldest when several match. */
export async function findRosterPersonByName(tx: Tx, storeDlrnum: string, firstName: string, lastName: string) {
  const [row] = await tx
    .select()
    .from(people)
    .where(
      and(
        eq(people.storeDlrnum, storeDlrnum),
        sql`lower(${people.firstName}) = lower(${firstName})`,
        sql`lower(${people.lastName}) = lower(${lastName})`,
      ),
    )
    .orderBy(asc(people.id))
    .limit(1);
  return row;
}

/**
 * A new roster person known by name only. `people.email` is required and unique, so they get an
 * undeliverable placeholder until they give their own address on the registration page.
 */
export async function insertRosterPerson(tx: Tx, storeDlrnum: string, firstName: string, lastName: string) {
  const email = `pending-${randomBytes(12).toString('hex')}@${PLACEHOLDER_EMAIL_DOMAIN}`;
  const [row] = await tx.insert(people).values({ email, firstName, lastName, storeDlrnum, category: 'dealer_staff' }).returning();
  return row!;
}

export async function renamePerson(tx: Tx, personId: number, firstName: string, lastName: string) {
  await tx.update(people).set({ firstName, lastName }).where(eq(people.id, personId));
}


/** The attendee type of a self-enrolling traveller: their access code's, else their category's. */
export async function attendeeTypeFor(tx: Tx, eventId: string, regType: string, category: PersonCategory): Promise<AttendeeType> {
  const [row] = await tx
    .select({ attendeeType: accessCodes.attendeeType })
    .from(accessCodes)
    .where(and(eq(accessCodes.eventId, eventId), eq(accessCodes.regType, regType)))
    .orderBy(asc(accessCodes.id))
    .limit(1);
  return row?.attendeeType ?? schema.ATTENDEE_TYPE_BY_CATEGORY[category];
}

export interface PendingValues {
  eventId: string;
  attendeeId: number;
  storeDlrnum: string | null;
  registeredById: number;
  attendeeType: AttendeeType;
  isVirtual: boolean;
  provider: string;
  /** The access code of the caller's login (seat allotments). */
  accessCodeId?: number | null;
}

/**
 * The attendee's registration for the event, made Pending with these values, unless it is already
 * Enrolled (then it is returned as it is). One row per (event, attendee): a concurrent request for
 * the same attendee waits on the unique index and then finds the row.
 */
export async function upsertPending(tx: Tx, values: PendingValues, now: Date): Promise<{ row: RegistrationRow; created: boolean; changed: boolean }> {
  const [inserted] = await tx
    .insert(registrations)
    .values({ ...values, status: 'Pending', providerRef: `pr_${randomBytes(16).toString('hex')}` })
    .onConflictDoNothing({ target: [registrations.eventId, registrations.attendeeId] })
    .returning();
  if (inserted) return { row: inserted, created: true, changed: true };

  const [existing] = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, values.eventId), eq(registrations.attendeeId, values.attendeeId)))
    .for('update')
    .limit(1);
  if (!existing) throw new Error('registration vanished between insert and select');
  // Enrolled or in the waiting list's hands: kept as it is (an Expired one may try again).
  if (existing.status === 'Enrolled' || existing.status === 'Waitlisted' || existing.status === 'Offered') return { row: existing, created: false, changed: false };
  const same =
    existing.status === 'Pending' &&
    existing.storeDlrnum === values.storeDlrnum &&
    existing.registeredById === values.registeredById &&
    existing.attendeeType === values.attendeeType &&
    existing.isVirtual === values.isVirtual &&
    existing.provider === values.provider &&
    existing.accessCodeId === (values.accessCodeId ?? null);
  const [updated] = await tx
    .update(registrations)
    .set({ ...values, status: 'Pending', enrolledAt: null, arrivalDate: null, departureDate: null, isFree: false, waitlistedAt: null, waitlistOrder: null, waitlistCodeId: null, offeredAt: null, offerExpiresAt: null, updatedAt: now })
    .where(eq(registrations.id, existing.id))
    .returning();
  return { row: updated!, created: false, changed: !same };
}

export async function findOwnRegistration(db: DbOrTx, eventId: string, personId: number) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.attendeeId, personId)))
    .limit(1);
  return row;
}
