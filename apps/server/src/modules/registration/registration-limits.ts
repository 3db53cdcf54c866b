/**
 * The limits organizers set in the console (docs/organizer-console.md), checked before an
 * enrollment link is handed out and again when the hosted page submits it: the event's registration
 * window and capacity, and the seat allotment of the access code the caller logged in with. Rows are
 * locked so that two requests cannot both take the last seat.
 *
 * A place is held only by an `Enrolled` or `Offered` registration (docs/design/web-rules.md, "Places";
 * docs/waiting-lists.md): a link issued but never submitted holds none, so throw-away logins that ask
 * for links cannot fill the house. The submit takes the place, under the same
 * locks, or joins the waiting list.
 */
import type { DbOrTx, Tx } from '@portal/db';
import { AppError } from '../../lib/errors.ts';
import { accessCodeState, eventLimits, heldPlaces, lockEventForPlaces, placeOutlook as outlookOf } from './registration.queries.ts';

const longDate = (d: Date) => d.toISOString().slice(0, 10);

/** The answer to a submit or link of an event whose registration window has closed (409). */
export const registrationClosedMessage = (eventName: string, closesAt: Date) => `Registration for ${eventName} closed on ${longDate(closesAt)}.`;

const CODE_DISABLED_MESSAGE = 'Your access code has been disabled. Please contact the event team.';

/** 409 before the window opens or after it closes. */
function assertWindow(event: { name: string; opensAt: Date | null; closesAt: Date | null }, at: Date): void {
  if (event.opensAt && at < event.opensAt) throw new AppError(409, `Registration for ${event.name} opens on ${longDate(event.opensAt)}.`);
  if (event.closesAt && at >= event.closesAt) throw new AppError(409, registrationClosedMessage(event.name, event.closesAt));
}

/**
 * 409 when the event's registration window has closed at `at`: a link handed out earlier no longer
 * completes a registration.
 */
export async function assertRegistrationWindowOpen(tx: DbOrTx, eventId: string, at: Date): Promise<void> {
  const event = await eventLimits(tx, eventId);
  if (event?.closesAt && at >= event.closesAt) throw new AppError(409, registrationClosedMessage(event.name, event.closesAt));
}

/** Where a submit that finds no place waits: the event's own queue (null) or a per-store code's. */
export interface NoPlace {
  queueCodeId: number | null;
  message: string;
}

type PlaceInput = { eventId: string; attendeeId: number; accessCodeId: number | null; at: Date };

/** The window, capacity, code and places held, as placeOutlook reads them. */
export type OutlookRow = NonNullable<Awaited<ReturnType<typeof outlookOf>>>;

/** What a submit expects before it takes its place: the limits that apply, and whether a place looked free. */
export interface Outlook {
  event: { name: string; capacity: number | null } | null;
  seats: number | null;
  /** The event has a capacity or the code has seats: the place is taken under their locks. */
  limited: boolean;
  /** A place was free in what had committed when it was read (no locks: takePlace decides). */
  likelyFree: boolean;
}

/**
 * The window and the code's state, checked with one read and no locks, and the places others held
 * then: a submit that expects a place writes its enrolment first and takes the place last
 * (takePlace), so the event's lock is held for the last statements of its transaction only.
 */
export async function placeOutlook(tx: DbOrTx, input: PlaceInput): Promise<Outlook> {
  return outlookFrom(await outlookOf(tx, input), input);
}

/**
 * Whether the event was full when this process last counted its places under its lock (takePlace),
 * by event id. Only a guess of the path a submit takes (likelyFree), never a decision: takePlace
 * counts again under the lock. The submit's first read skips its count of the places others hold
 * for the events named here (a count of every held place, the costliest part of that read), and a
 * wrong guess costs one submit the other path (a savepoint undone, or a waiting-list mail's link
 * made for nothing), after which the guess is right again.
 */
const fullAtLastCount = new Map<string, boolean>();

/** The events whose fullness this process knows from its last count (see fullAtLastCount). */
export function eventsWithKnownFullness(): string[] {
  return [...fullAtLastCount.keys()];
}

/**
 * What the event's and the code's row say (read by placeOutlook, or with the submit's first read), checked at `input.at`.
 * `row.held` null: not counted; whether a place is likely free is then what the last count in this process found.
 */
export function outlookFrom(row: Omit<OutlookRow, 'held'> & { held: number | null } | undefined, input: Pick<PlaceInput, 'accessCodeId' | 'at'> & { eventId?: string }): Outlook {
  if (!row) return { event: null, seats: null, limited: false, likelyFree: true };
  assertWindow(row, input.at);
  if (row.codeActive === false) throw new AppError(409, CODE_DISABLED_MESSAGE);
  const seats = input.accessCodeId !== null ? row.codeSeats : null;
  const eventFree = row.capacity === null || (row.held !== null ? row.held < row.capacity : input.eventId === undefined || fullAtLastCount.get(input.eventId) !== true);
  return {
    event: { name: row.name, capacity: row.capacity },
    seats,
    limited: row.capacity !== null || seats !== null,
    likelyFree: eventFree && (seats === null || row.codeHeld < seats),
  };
}

/**
 * The place (docs/waiting-lists.md): an `Enrolled` or `Offered` registration of someone else holds
 * one. Answers null when a place is free, or the queue to wait in. Locks the event row (when it has a
 * capacity) and the code row, in that order, then counts in a statement of its own (which sees every
 * commit made under those locks): the waiting list's offers take the same locks in the same order,
 * so a submit and an offer never both take the last place. The locks last to the commit.
 */
export async function takePlace(tx: Tx, input: PlaceInput, outlook: Outlook): Promise<NoPlace | null> {
  const { event } = outlook;
  if (!event) return null;
  if (event.capacity !== null) await lockEventForPlaces(tx, input.eventId);
  let seats: number | null = null;
  // The code's row is locked when its seats are counted; a code without seats was checked (active)
  // by placeOutlook.
  if (input.accessCodeId !== null && outlook.seats !== null) {
    const code = await accessCodeState(tx, input.accessCodeId, { lock: true });
    if (code && !code.active) throw new AppError(409, CODE_DISABLED_MESSAGE);
    seats = code?.seats ?? null;
  }
  if (event.capacity === null && seats === null) return null;
  // Places are held by the others' enrolled or offered registrations; the attendee's own one holds its place already.
  const held = await heldPlaces(tx, { eventId: event.capacity === null ? null : input.eventId, accessCodeId: seats === null ? null : input.accessCodeId, attendeeId: input.attendeeId });
  if (event.capacity !== null) {
    // Bounded by the events with a capacity: a handful.
    if (!fullAtLastCount.has(input.eventId) && fullAtLastCount.size >= 1_000) fullAtLastCount.clear();
    fullAtLastCount.set(input.eventId, held.event >= event.capacity);
  }
  if (event.capacity !== null && held.event >= event.capacity) {
    return { queueCodeId: null, message: `${event.name} is full: all ${event.capacity} places are taken.` };
  }
  if (seats !== null && held.code >= seats) {
    const taken = seats === 1 ? 'The 1 seat' : `All ${seats} seats`;
    return { queueCodeId: input.accessCodeId, message: `${taken} of your access code are taken. Please contact the event team for more.` };
  }
  return null;
}

/** The window, the code's state and the place, in that order (placeOutlook, then takePlace). */
export async function placeFor(tx: Tx, input: PlaceInput): Promise<NoPlace | null> {
  return takePlace(tx, input, await placeOutlook(tx, input));
}

/** The window and the code's state only: a link is handed out even when the house is full (the submit then joins the waiting list). */
export async function assertLinkAllowed(tx: Tx, input: { eventId: string; accessCodeId: number | null; at: Date }): Promise<void> {
  const event = await eventLimits(tx, input.eventId);
  if (!event) return;
  assertWindow(event, input.at);
  if (input.accessCodeId !== null) {
    const code = await accessCodeState(tx, input.accessCodeId, { lock: false });
    if (code && !code.active) throw new AppError(409, CODE_DISABLED_MESSAGE);
  }
}

/** As placeFor, refusing (409) when no place is free: for paths that cannot wait (a Cvent enrolment). */
export async function assertEnrollmentOpen(tx: Tx, input: { eventId: string; attendeeId: number; accessCodeId: number | null; at: Date }): Promise<void> {
  const full = await placeFor(tx, input);
  if (full) throw new AppError(409, full.message);
}
