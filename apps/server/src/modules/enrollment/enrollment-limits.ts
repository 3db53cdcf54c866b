/**
 * The limits organizers set in the console (organizer-and-mail.md, section 4), checked before an
 * enrollment link is handed out and again when the hosted page submits it: the event's registration
 * window and capacity, and the seat allotment of the access code the caller logged in with. Rows are
 * locked so that two requests cannot both take the last seat.
 *
 * A place is held only by an `Enrolled` registration (docs/design/web-rules.md, "Places"): a link issued but
 * never submitted holds none, so throw-away logins that ask for links cannot fill the house
 * (issue 24, item 7). The submit takes the place, under the same locks, or is refused with 409.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { schema, type DbOrTx, type Tx } from '@portal/db';
import { AppError } from '../../lib/errors.ts';

const { accessCodes, events, registrations } = schema;

const longDate = (d: Date) => d.toISOString().slice(0, 10);

/** The answer to a submit or link of an event whose registration window has closed (409). */
export const registrationClosedMessage = (eventName: string, closesAt: Date) => `Registration for ${eventName} closed on ${longDate(closesAt)}.`;

/**
 * 409 when the event's registration window has closed at `at`: a link handed out earlier no longer
 * completes a registration (issue 24, item 6).
 */
export async function assertRegistrationWindowOpen(tx: DbOrTx, eventId: string, at: Date): Promise<void> {
  const [event] = await tx.select({ name: events.name, closesAt: events.registrationClosesAt }).from(events).where(eq(events.id, eventId)).limit(1);
  if (event?.closesAt && at >= event.closesAt) throw new AppError(409, registrationClosedMessage(event.name, event.closesAt));
}

export async function assertEnrollmentOpen(tx: Tx, input: { eventId: string; attendeeId: number; accessCodeId: number | null; at: Date }): Promise<void> {
  const [event] = await tx
    .select({ name: events.name, opensAt: events.registrationOpensAt, closesAt: events.registrationClosesAt, capacity: events.capacity })
    .from(events)
    .where(eq(events.id, input.eventId))
    .limit(1);
  if (!event) return;
  if (event.opensAt && input.at < event.opensAt) throw new AppError(409, `Registration for ${event.name} opens on ${longDate(event.opensAt)}.`);
  if (event.closesAt && input.at >= event.closesAt) throw new AppError(409, registrationClosedMessage(event.name, event.closesAt));

  // Places are held by the others' enrolled registrations; the attendee's own one holds its place already.
  const othersActive = (extra: ReturnType<typeof eq>) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(registrations)
      .where(and(extra, eq(registrations.status, 'Enrolled'), ne(registrations.attendeeId, input.attendeeId)));

  if (event.capacity !== null) {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, input.eventId)).for('update');
    const [row] = await othersActive(eq(registrations.eventId, input.eventId));
    if (Number(row?.n ?? 0) >= event.capacity) throw new AppError(409, `${event.name} is full: all ${event.capacity} places are taken.`);
  }

  if (input.accessCodeId !== null) {
    const [code] = await tx.select({ seats: accessCodes.seats, active: accessCodes.active }).from(accessCodes).where(eq(accessCodes.id, input.accessCodeId)).for('update').limit(1);
    if (code && !code.active) throw new AppError(409, 'Your access code has been disabled. Please contact the event team.');
    if (code?.seats != null) {
      const [row] = await othersActive(eq(registrations.accessCodeId, input.accessCodeId));
      if (Number(row?.n ?? 0) >= code.seats) {
        const seats = code.seats === 1 ? 'The 1 seat' : `All ${code.seats} seats`;
        throw new AppError(409, `${seats} of your access code are taken. Please contact the event team for more.`);
      }
    }
  }
}
