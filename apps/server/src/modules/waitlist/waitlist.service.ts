/**
 * The waiting list (docs/waiting-lists.md): joining it at a full house, offering freed places to the
 * first in line, lapsing offers, closing the queues when registration closes, and the organizer's
 * hand offer and move.
 *
 * Every offer is made by `offerFreedPlaces`, which recomputes the free places of an event from the
 * registrations themselves while holding the event's row lock (then the per-store codes' rows, in id
 * order), so running it twice, on two instances, or again after a crash offers nothing twice: one
 * freed place gives exactly one live offer (docs/decisions/012-waiting-list-offers.md).
 */
import type { AdminWaitlist } from '@portal/contracts';
import type { Db, Tx } from '@portal/db';
import { audit, type AuditEntry } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { enqueueMail, outboxPart } from '../mail/outbox.ts';
import type { StatementPart } from '../../lib/statements-together.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import { issueToken } from '../../lib/registration-tokens.ts';
import { emitRegistrationEvent, type KnownSubscribers } from '../webhooks/outbox.ts';
import { positionOf, queuePositions } from '../registration-views/registration-views.queries.ts';
import * as q from './waitlist.queries.ts';

type EventRow = q.EventRow;

/** Whether the event takes no more offers: registration has closed, or the event has started. */
export function queueClosed(event: Pick<EventRow, 'registrationClosesAt' | 'startsOn'>, now: Date): boolean {
  if (event.registrationClosesAt && now >= event.registrationClosesAt) return true;
  return now.getTime() >= Date.parse(`${event.startsOn}T00:00:00Z`);
}

/** An offer's expiry: `waitlistOfferMinutes` from now, but never past the close of registration or the event's start (an offer must be usable). */
export function offerExpiry(event: Pick<EventRow, 'registrationClosesAt' | 'startsOn' | 'waitlistOfferMinutes'>, now: Date): Date {
  let at = now.getTime() + event.waitlistOfferMinutes * 60_000;
  if (event.registrationClosesAt) at = Math.min(at, event.registrationClosesAt.getTime());
  at = Math.min(at, Date.parse(`${event.startsOn}T00:00:00Z`));
  return new Date(at);
}

const registrationPage = (base: string | undefined, token: string) => (base ? `${base.replace(/\/+$/, '')}/register/${token}` : null);

/** The attendee's address and their link to the page of a waiting registration: what the mail of joinWaitlist needs. */
export interface WaitingMailTo {
  person: { email: string; first_name: string } | undefined;
  link: string | null;
}

/**
 * The attendee and a new link to their page (a mailed revisit link that lasts WAITING_LINK_TTL_MS),
 * for a submit that expects to join the waiting list: made before the queue's lock, so that the
 * lock is held for the queue's own statements only. A link made for nothing (a place was free after
 * all) is retired by the enrolment's own link.
 */
export async function prepareWaitlistJoin(
  tx: Tx,
  input: { registrationId: number; at: Date; publicUrl?: string | undefined },
  /** The attendee's address and first name as the caller knows them in this transaction (then not read). */
  known?: { email: string; first_name: string },
): Promise<WaitingMailTo> {
  const person = known ?? (await q.attendeeOf(tx, input.registrationId));
  if (!person || isPlaceholderEmail(person.email)) return { person: undefined, link: null };
  const link = registrationPage(input.publicUrl, await issueToken(tx, input.registrationId, 'revisit', input.at, WAITING_LINK_TTL_MS, { mailed: true }));
  return { person, link };
}

/**
 * Puts a registration whose submit found no place on the waiting list (in the submit's
 * transaction, with the queue's lock held by takePlace), and mails the attendee their position and
 * a link to their page (`mailTo`: made before the lock by prepareWaitlistJoin). Answers the position.
 */
export async function joinWaitlist(
  tx: Tx,
  input: { registrationId: number; eventId: string; queueCodeId: number | null; attendance: { isVirtual: boolean; arrivalDate: string | null; departureDate: string | null }; at: Date; publicUrl?: string | undefined },
  mailTo?: WaitingMailTo,
  /** The webhook endpoints subscribed, as the submit's first read found them (then not read here). */
  webhookSubscribers?: KnownSubscribers,
  /** When given, the mail is added to these writes (the caller sends them with its own: writeTogether) instead of written here. */
  writes?: StatementPart[],
): Promise<number> {
  const joined = await q.joinQueue(tx, input.registrationId, { attendance: input.attendance, at: input.at, queueCodeId: input.queueCodeId });
  await emitRegistrationEvent(tx, 'registration.waitlisted', input.registrationId, input.at, undefined, webhookSubscribers);
  const position = joined?.position ?? (await positionOf(tx, input.registrationId)) ?? 1;
  const { person, link } = mailTo ?? (await prepareWaitlistJoin(tx, input));
  if (person) {
    const mail = { kind: 'waitlist-joined', to: person.email, event: input.eventId, data: { firstName: person.first_name, position, link } } as const;
    if (writes) writes.push(outboxPart(mail, input.at));
    else await enqueueMail(tx, mail, input.at);
  }
  return position;
}

/** A waiting person's link to their page stays valid this long (they can get a new one from the portal's Enrollment tab). */
export const WAITING_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface OfferRun {
  offered: number[];
  expired: number[];
  closed: number[];
}

async function makeOffer(tx: Tx, event: EventRow, registrationId: number, now: Date, publicUrl: string | undefined, by: Pick<AuditEntry, 'actorEmail' | 'organizerId' | 'ip'> | null): Promise<void> {
  const expiresAt = offerExpiry(event, now);
  await q.markOffered(tx, registrationId, now, expiresAt);
  await emitRegistrationEvent(tx, 'registration.offered', registrationId, now);
  const person = await q.attendeeOf(tx, registrationId);
  let mailId: number | null = null;
  if (person && !isPlaceholderEmail(person.email)) {
    // The claim link is the attendee's own registration page, valid as long as the offer.
    const token = await issueToken(tx, registrationId, 'revisit', now, Math.max(60_000, expiresAt.getTime() - now.getTime()), { mailed: true });
    mailId = (
      await enqueueMail(
        tx,
        { kind: 'waitlist-offer', to: person.email, event: event.id, data: { firstName: person.first_name, link: registrationPage(publicUrl, token), expiresAt: expiresAt.toISOString() } },
        now,
      )
    ).id;
  }
  await audit(tx, {
    action: 'waitlist-offer',
    success: true,
    actorEmail: by?.actorEmail ?? null,
    organizerId: by?.organizerId ?? null,
    ip: by?.ip ?? null,
    eventId: event.id,
    detail: { registrationId, offerExpiresAt: expiresAt.toISOString(), byHand: by !== null, mailId },
  });
}

async function endWaiting(tx: Tx, eventId: string, registrationId: number, kind: 'waitlist-offer-expired' | 'waitlist-closed', now: Date): Promise<void> {
  await q.markExpired(tx, registrationId, now);
  await emitRegistrationEvent(tx, 'registration.updated', registrationId, now);
  const person = await q.attendeeOf(tx, registrationId);
  if (person && !isPlaceholderEmail(person.email)) {
    await enqueueMail(tx, { kind, to: person.email, event: eventId, data: { firstName: person.first_name } }, now);
  }
  await audit(tx, { action: kind, success: true, eventId, detail: { registrationId } });
}

/**
 * The job queue's work for one event: lapses expired offers, closes the queues once registration
 * has closed or the event has started, and offers every free place to the first in line. Safe to
 * run any number of times and on any number of instances at once (see the file's comment).
 */
export async function offerFreedPlaces(db: Db, eventId: string, now: Date, publicUrl?: string): Promise<OfferRun> {
  return db.transaction(async (tx) => {
    const run: OfferRun = { offered: [], expired: [], closed: [] };
    const event = await q.lockEventRow(tx, eventId);
    if (!event) return run;

    for (const { id } of await q.lapsedOffers(tx, eventId, now)) {
      await endWaiting(tx, eventId, id, 'waitlist-offer-expired', now);
      run.expired.push(id);
    }

    const waiting = await q.waitingLocked(tx, eventId);
    if (!waiting.length) return run;
    if (queueClosed(event, now)) {
      for (const { id } of waiting) {
        await endWaiting(tx, eventId, id, 'waitlist-closed', now);
        run.closed.push(id);
      }
      return run;
    }

    const codeIds = [...new Set(waiting.map((w) => w.accessCodeId).filter((c): c is number => c !== null))];
    const seats = await q.lockCodeSeats(tx, codeIds);
    const held = await q.heldPlaces(tx, eventId);
    let eventFree = event.capacity === null ? Number.POSITIVE_INFINITY : event.capacity - held.event;
    const codeFree = new Map<number, number>();
    for (const [id, n] of seats) codeFree.set(id, n === null ? Number.POSITIVE_INFINITY : n - (held.byCode.get(id) ?? 0));
    const stores = event.waitlistStoreFirst ? await q.storesHoldingPlaces(tx, eventId) : new Set<string>();

    const left = [...waiting];
    while (eventFree > 0 && left.length) {
      const eligible = (w: (typeof left)[number]) => w.accessCodeId === null || (codeFree.get(w.accessCodeId) ?? Number.POSITIVE_INFINITY) > 0;
      // Store first: someone of a store without a place, in queue order; else the first in line.
      const index = event.waitlistStoreFirst
        ? (() => {
            const fresh = left.findIndex((w) => eligible(w) && (w.storeDlrnum === null || !stores.has(w.storeDlrnum)));
            return fresh >= 0 ? fresh : left.findIndex(eligible);
          })()
        : left.findIndex(eligible);
      if (index < 0) break;
      const [next] = left.splice(index, 1);
      await makeOffer(tx, event, next!.id, now, publicUrl, null);
      run.offered.push(next!.id);
      eventFree -= 1;
      if (next!.accessCodeId !== null && codeFree.has(next!.accessCodeId)) codeFree.set(next!.accessCodeId, codeFree.get(next!.accessCodeId)! - 1);
      if (next!.storeDlrnum) stores.add(next!.storeDlrnum);
    }
    return run;
  });
}

/** The periodic run: every event with someone waiting or offered (a lapsed offer, a missed nudge, a restart). */
export async function sweepWaitlists(db: Db, now: Date, publicUrl?: string): Promise<OfferRun> {
  const total: OfferRun = { offered: [], expired: [], closed: [] };
  for (const eventId of await q.eventsWithQueues(db)) {
    const run = await offerFreedPlaces(db, eventId, now, publicUrl);
    total.offered.push(...run.offered);
    total.expired.push(...run.expired);
    total.closed.push(...run.closed);
  }
  return total;
}

export interface WaitlistActor {
  organizerId: number;
  email: string;
  ip: string;
}

/** The organizer offers a place to a waiting person now, whatever their position (over the limits if none is free). */
export async function handOffer(db: Db, actor: WaitlistActor, registrationId: number, now: Date, publicUrl?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const eventId = await q.eventIdOfRegistration(tx, registrationId);
    if (eventId === undefined) throw notFound('No registration with this id.');
    const event = await q.lockEventRow(tx, eventId);
    if (!event) throw notFound('The event of this registration no longer exists.');
    const row = await q.lockRegistration(tx, registrationId);
    if (row?.status !== 'Waitlisted') throw conflict('Only a registration on the waiting list can be offered a place.');
    if (queueClosed(event, now)) throw conflict('Registration has closed or the event has started: no more offers can be made.');
    await makeOffer(tx, event, registrationId, now, publicUrl, { actorEmail: actor.email, organizerId: actor.organizerId, ip: actor.ip });
  });
}

/** Moves a waiting person to `position` of their queue (1 = next); the others keep their order. */
export async function moveInQueue(db: Db, actor: WaitlistActor, registrationId: number, position: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const eventId = await q.eventIdOfRegistration(tx, registrationId);
    if (eventId === undefined) throw notFound('No registration with this id.');
    await q.lockEventRow(tx, eventId);
    const row = await q.lockRegistration(tx, registrationId);
    if (row?.status !== 'Waitlisted') throw conflict('Only a registration on the waiting list can be moved.');
    const before = await positionOf(tx, registrationId);
    const orders = await q.otherQueueOrders(tx, row);
    const at = Math.min(position, orders.length + 1);
    const place: q.QueuePlace =
      orders.length === 0
        ? { own: row.waitlistOrder }
        : at === 1
          ? { before: orders[0]! }
          : at > orders.length
            ? { after: orders[orders.length - 1]! }
            : { between: [orders[at - 2]!, orders[at - 1]!] };
    await q.setQueueOrder(tx, registrationId, place, now);
    await audit(tx, {
      action: 'waitlist-move',
      success: true,
      actorEmail: actor.email,
      organizerId: actor.organizerId,
      ip: actor.ip,
      eventId: row.eventId,
      detail: { registrationId, from: before ?? null, to: at },
    });
  });
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** Every queue with someone waiting or offered, with positions, offers and expiries (the console's queues page). */
export async function listQueues(db: Db, eventId?: string): Promise<AdminWaitlist[]> {
  const entries = await q.queueEntries(db, eventId);
  const eventIds = [...new Set(entries.map((e) => e.event_id))];
  const queues = new Map<string, AdminWaitlist>();
  for (const id of eventIds) {
    const event = await q.findEvent(db, id);
    if (!event) continue;
    const positions = await queuePositions(db, id);
    const held = await q.heldPlaces(db, id);
    const codes = [...new Set(entries.filter((e) => e.event_id === id).map((e) => (e.status === 'Waitlisted' ? e.waitlist_code_id : e.waitlist_code_id)).filter((c): c is number => c !== null))];
    const codeRows = codes.length ? await q.queueCodes(db, codes) : [];
    for (const e of entries.filter((x) => x.event_id === id)) {
      const codeId = e.waitlist_code_id === null ? null : Number(e.waitlist_code_id);
      const key = `${id}:${codeId ?? 'event'}`;
      let queue = queues.get(key);
      if (!queue) {
        const code = codeRows.find((c) => c.id === codeId);
        queue = {
          event: id === 'abc' ? 'abc' : 'nbc',
          kind: codeId === null ? 'event' : 'code',
          accessCodeId: codeId,
          label: codeId === null ? event.name : `${code?.label ?? 'Access code'}${code?.store ? ` (store ${code.store})` : ''}`,
          places: codeId === null ? event.capacity : (code?.seats ?? null),
          held: codeId === null ? held.event : (held.byCode.get(codeId) ?? 0),
          waiting: 0,
          offered: 0,
          entries: [],
        };
        queues.set(key, queue);
      }
      const waiting = e.status === 'Waitlisted';
      if (waiting) queue.waiting += 1;
      else queue.offered += 1;
      queue.entries.push({
        registrationId: Number(e.id),
        status: e.status,
        position: waiting ? (positions.get(Number(e.id)) ?? null) : null,
        firstName: e.first_name,
        lastName: e.last_name,
        email: isPlaceholderEmail(e.email) ? null : e.email,
        storeDlrnum: e.store_dlrnum,
        storeName: e.store_name,
        waitlistedAt: iso(e.waitlisted_at),
        offerExpiresAt: iso(e.offer_expires_at),
      });
    }
  }
  for (const queue of queues.values()) {
    queue.entries.sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || (a.offerExpiresAt ?? '').localeCompare(b.offerExpiresAt ?? ''));
  }
  return [...queues.values()];
}

export interface WaitlistServiceDeps {
  db: Db;
  /** The portal's address, for the links in offer mails. */
  publicUrl?: string;
  now?: () => Date;
}

/** The waiting list bound to its database, address and clock: what its jobs and console routes call. */
export function createWaitlistService(deps: WaitlistServiceDeps) {
  const { db, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    offerFreedPlaces: (eventId: string) => offerFreedPlaces(db, eventId, now(), publicUrl),
    sweep: () => sweepWaitlists(db, now(), publicUrl),
    listQueues: (eventId?: string) => listQueues(db, eventId),
    handOffer: (actor: WaitlistActor, registrationId: number) => handOffer(db, actor, registrationId, now(), publicUrl),
    moveInQueue: (actor: WaitlistActor, registrationId: number, position: number) => moveInQueue(db, actor, registrationId, position, now()),
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
