/**
 * The event's program (docs/sessions.md): organizers manage sessions; a person with an `Enrolled`
 * registration picks them (signed in to the event, or on their registration page); a full session
 * queues; freed seats are offered to the first in line; my agenda as a mail and a calendar feed.
 *
 * Seats: a session never holds more than `capacity` `Enrolled` + `Offered` picks, with any number of
 * parallel joins and instances. Every change that can take a seat (a join, an offer, a claim) runs
 * under the session's row lock and counts the held seats from the picks themselves; changes that
 * free one (a leave, a cancel, a lapse) only lower the count and nudge the offer run afterwards, as
 * the registrations' waiting list does (docs/decisions/012-waiting-list-offers.md): the offer run
 * recomputes the free seats under the same lock, so a retried or doubled run offers nothing twice.
 */
import { createHash, createHmac } from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type {
  AdminSession,
  AdminSessionPerson,
  CalendarFeedData,
  CreateSessionRequest,
  EventType,
  JoinSessionData,
  SessionHierarchyRow,
  SessionReportRow,
  SessionRow,
  SessionsData,
  UpdateSessionRequest,
  WebhookSessionData,
} from '@portal/contracts';
import type { AttendeeType, Db, SessionPickStatus, Tx } from '@portal/db';
import { audit, type Actor, type AuditEntry } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import { findLiveToken } from '../../lib/registration-tokens.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { ReportScope } from '../report-scope/report-scope.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import { queueEventBatch } from '../webhooks/outbox.ts';
import { instantOf, timeRange } from './session-times.ts';
import * as q from './sessions.queries.ts';

/** Who picks: the registration (when there is one) of a person for an event. */
export interface Picker {
  eventId: string;
  registration: q.RegistrationRef | null;
  /** Picking through the registration link: held to the event's `changesCloseAt` as well (docs/transfers.md). */
  viaLink?: boolean;
}

/** Why the picker cannot change picks now, or null: the picking window, and for the registration link the changes' close. */
function pickProblem(picker: Picker, event: q.EventRow, now: Date): string | null {
  if (picker.viaLink && event.changesCloseAt && now >= event.changesCloseAt) return 'Changes to your registration have closed: please contact the help desk.';
  return windowProblem(event, now);
}

const iso = (d: Date | string | null | undefined): string | null => (d === null || d === undefined ? null : new Date(d).toISOString());
const eventOf = (id: string): EventType => (id === 'abc' ? 'abc' : 'nbc');
const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** Whether two sessions' times overlap (one ending as the other starts does not). */
export function overlaps(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** Whether the session's audience holds the attendee type (null: everyone). */
export function inAudience(audience: readonly string[] | null, attendeeType: AttendeeType | null): boolean {
  return audience === null || (attendeeType !== null && audience.includes(attendeeType));
}

/** The picking window's refusal, or null when it is open. */
export function windowProblem(event: Pick<q.EventRow, 'sessionsOpenAt' | 'sessionsCloseAt'>, now: Date): string | null {
  if (event.sessionsOpenAt && now < event.sessionsOpenAt) return `Session picks open on ${event.sessionsOpenAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
  if (event.sessionsCloseAt && now >= event.sessionsCloseAt) return 'Session picks have closed for this event.';
  return null;
}

/** An offer's expiry: the event's `waitlistOfferMinutes`, never past the session's start nor the close of picks. */
export function seatOfferExpiry(event: Pick<q.EventRow, 'waitlistOfferMinutes' | 'sessionsCloseAt'>, session: Pick<q.SessionRowDb, 'startsAt'>, now: Date): Date {
  let at = now.getTime() + event.waitlistOfferMinutes * 60_000;
  at = Math.min(at, session.startsAt.getTime());
  if (event.sessionsCloseAt) at = Math.min(at, event.sessionsCloseAt.getTime());
  return new Date(at);
}

/** No more offers for a session that has started, is cancelled, or whose event closed its picks. */
function queueClosed(event: Pick<q.EventRow, 'sessionsCloseAt'>, session: q.SessionRowDb, now: Date): boolean {
  return session.cancelledAt !== null || now >= session.startsAt || (event.sessionsCloseAt !== null && now >= event.sessionsCloseAt);
}

async function emitSession(tx: Tx, type: 'session.joined' | 'session.left' | 'session.attended', session: Pick<q.SessionRowDb, 'id' | 'eventId' | 'title'>, registrationId: number, status: SessionPickStatus | null, at: Date) {
  const data: WebhookSessionData = { sessionId: session.id, event: session.eventId, title: session.title, registrationId, status, at: at.toISOString() };
  await queueEventBatch(tx, [{ type, orderingKey: `registration:${registrationId}`, data }], at);
}

export interface SessionsServiceDeps {
  db: Db;
  now?: () => Date;
  /** Base of links in mails and of feed addresses. */
  publicUrl?: string;
  /** Key the calendar feeds' secrets are derived with (the server's code key). */
  feedKey: Uint8Array | string;
  /** Called after a commit that may have freed seats: the job queue offers them. */
  onSeatFreed?: (sessionIds: readonly number[]) => void;
  /** Narrows the fill report's area to the reader's scope (403 outside it). */
  scopes: Pick<ReportScopeService, 'narrow'>;
}

export function createSessionsService(deps: SessionsServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const base = deps.publicUrl?.replace(/\/+$/, '');
  const freed = (ids: readonly number[]) => {
    if (ids.length) deps.onSeatFreed?.([...new Set(ids)]);
  };
  // Mails link to the event's sessions page (sign-in with the event's access code), not to a new
  // registration link: issuing one would retire the link the person may be using right now.
  const sessionsPage = (eventId: string) => (base ? `${base}/${eventId}/sessions` : null);

  async function eventOrThrow(eventId: string): Promise<q.EventRow> {
    const event = await q.findEvent(db, eventId);
    if (!event) throw notFound('No event with this id.');
    return event;
  }

  function adminView(row: Awaited<ReturnType<typeof q.listSessions>>[number]): AdminSession {
    return {
      id: row.id,
      event: eventOf(row.eventId),
      title: row.title,
      description: row.description,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      timeZone: row.timeZone,
      room: row.room,
      capacity: row.capacity,
      audience: row.audience,
      track: row.track,
      entry: row.entry,
      cancelledAt: iso(row.cancelledAt),
      enrolled: row.enrolled,
      waitlisted: row.waitlisted,
      offered: row.offered,
      attended: row.attended,
      seatsLeft: row.cancelledAt ? 0 : Math.max(0, row.capacity - row.enrolled - row.offered),
    };
  }

  async function adminOne(id: number): Promise<AdminSession> {
    const [row] = await q.listSessions(db, undefined, [id]);
    if (!row) throw notFound('No session with this id.');
    return adminView(row);
  }

  /** Mails everyone a cancelled session's live picks belonged to. */
  async function mailCancelled(tx: Tx, session: q.SessionRowDb, timeZone: string, registrationIds: readonly number[], at: Date): Promise<void> {
    const when = timeRange(session.startsAt, session.endsAt, timeZone);
    for (const registrationId of registrationIds) {
      const person = await q.attendeeOf(tx, registrationId);
      if (person && !isPlaceholderEmail(person.email)) {
        await enqueueMail(tx, { kind: 'session-cancelled', to: person.email, event: session.eventId, data: { firstName: person.firstName, title: session.title, when } }, at);
      }
      await emitSession(tx, 'session.left', session, registrationId, 'Cancelled', at);
    }
  }

  async function makeOffer(tx: Tx, event: q.EventRow, session: q.SessionRowDb, pick: { id: number; registrationId: number }, at: Date): Promise<void> {
    const expiresAt = seatOfferExpiry(event, session, at);
    await q.setPick(tx, pick.id, { status: 'Offered', offeredAt: at, offerExpiresAt: expiresAt, waitlistOrder: null, updatedAt: at });
    const person = await q.attendeeOf(tx, pick.registrationId);
    let mailId: number | null = null;
    if (person && !isPlaceholderEmail(person.email)) {
      const link = sessionsPage(session.eventId);
      mailId = (
        await enqueueMail(
          tx,
          {
            kind: 'session-offer',
            to: person.email,
            event: session.eventId,
            data: { firstName: person.firstName, title: session.title, when: timeRange(session.startsAt, session.endsAt, event.timeZone), link, expiresAt: expiresAt.toISOString() },
          },
          at,
        )
      ).id;
    }
    await audit(tx, { action: 'session-offer', success: true, eventId: session.eventId, detail: { registrationId: pick.registrationId, sessionId: session.id, offerExpiresAt: expiresAt.toISOString(), mailId } });
  }

  const service = {
    /** A report download, audited. */
    recordDownload: (entry: Omit<AuditEntry, 'action' | 'success'>) => audit(db, { action: 'report-download', success: true, ...entry }),
    // -------------------------------------------------------------------------------------------
    // Console

    async adminList(eventId?: string): Promise<AdminSession[]> {
      return (await q.listSessions(db, eventId)).map(adminView);
    },

    adminOne,

    async adminCreate(actor: Actor, input: CreateSessionRequest): Promise<AdminSession> {
      const event = await eventOrThrow(input.event);
      const startsAt = instantOf(input.startsAt, event.timeZone);
      const endsAt = instantOf(input.endsAt, event.timeZone);
      if (endsAt <= startsAt) throw fieldError('endsAt', 'A session must end after it starts.');
      const id = await db.transaction(async (tx) => {
        const id = await q.insertSession(tx, {
          eventId: event.id,
          title: input.title,
          description: input.description ?? null,
          startsAt,
          endsAt,
          room: input.room,
          capacity: input.capacity,
          audience: input.audience ?? null,
          track: input.track ?? null,
          entry: input.entry,
        });
        await audit(tx, { action: 'admin-session-create', success: true, actorEmail: actor.email, organizerId: actor.organizerId, ip: actor.ip, eventId: event.id, detail: { sessionId: id, title: input.title } });
        return id;
      });
      return adminOne(id);
    },

    async adminUpdate(actor: Actor, id: number, input: UpdateSessionRequest): Promise<AdminSession> {
      let seatsMayFree = false;
      await db.transaction(async (tx) => {
        const session = await q.lockSession(tx, id);
        if (!session) throw notFound('No session with this id.');
        if (session.cancelledAt) throw conflict('This session is cancelled and can no longer be changed.');
        const event = (await q.findEvent(tx, session.eventId))!;
        const startsAt = input.startsAt ? instantOf(input.startsAt, event.timeZone) : session.startsAt;
        const endsAt = input.endsAt ? instantOf(input.endsAt, event.timeZone) : session.endsAt;
        if (endsAt <= startsAt) throw fieldError('endsAt', 'A session must end after it starts.');
        const changes: q.SessionChanges = {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.room !== undefined ? { room: input.room } : {}),
          ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
          ...(input.audience !== undefined ? { audience: input.audience } : {}),
          ...(input.track !== undefined ? { track: input.track } : {}),
          ...(input.entry !== undefined ? { entry: input.entry } : {}),
          startsAt,
          endsAt,
          updatedAt: now(),
        };
        // A lower capacity keeps the seats already taken (nobody is removed); a higher one frees seats.
        seatsMayFree = input.capacity !== undefined && input.capacity > session.capacity;
        await q.updateSession(tx, id, changes);
        await audit(tx, {
          action: 'admin-session-update',
          success: true,
          actorEmail: actor.email,
          organizerId: actor.organizerId,
          ip: actor.ip,
          eventId: session.eventId,
          detail: { sessionId: id, changes: { ...input } },
        });
      });
      if (seatsMayFree) freed([id]);
      return adminOne(id);
    },

    /** Cancels a session: every live pick ends and its person gets a mail. */
    async adminCancel(actor: Actor, id: number): Promise<AdminSession> {
      await db.transaction(async (tx) => {
        const at = now();
        const session = await q.lockSession(tx, id);
        if (!session) throw notFound('No session with this id.');
        if (session.cancelledAt) throw conflict('This session is already cancelled.');
        const event = (await q.findEvent(tx, session.eventId))!;
        await q.updateSession(tx, id, { cancelledAt: at, updatedAt: at });
        const released = await q.endPicksOfSession(tx, id, at);
        await mailCancelled(tx, session, event.timeZone, released, at);
        await audit(tx, {
          action: 'admin-session-cancel',
          success: true,
          actorEmail: actor.email,
          organizerId: actor.organizerId,
          ip: actor.ip,
          eventId: session.eventId,
          detail: { sessionId: id, released: released.length },
        });
      });
      return adminOne(id);
    },

    async adminPeople(id: number): Promise<AdminSessionPerson[]> {
      if (!(await q.findSession(db, id))) throw notFound('No session with this id.');
      return (await q.sessionPeople(db, id)).map((r) => ({
        registrationId: Number(r.registration_id),
        status: r.status,
        waitlistPosition: r.status === 'Waitlisted' && r.position !== null ? Number(r.position) : null,
        firstName: r.first_name,
        lastName: r.last_name,
        email: isPlaceholderEmail(r.email) ? null : r.email,
        attendeeType: r.attendee_type,
        storeDlrnum: r.store_dlrnum,
        storeName: r.store_name,
        attendedAt: iso(r.attended_at),
      }));
    },

    // -------------------------------------------------------------------------------------------
    // Who picks

    /** The person signed in to an event: their registration for it, if any. */
    async pickerOfLogin(user: { personId: number | null; eventType: string }): Promise<Picker> {
      if (user.personId === null) throw forbidden('Only attendees pick sessions.');
      return { eventId: user.eventType, registration: (await q.registrationOfPerson(db, user.eventType, user.personId)) ?? null };
    },

    /** The registration behind a registration page's link (a live link; it is not used up). */
    async pickerOfToken(token: string): Promise<Picker> {
      const live = await findLiveToken(db, token, now());
      const registration = await q.registrationById(db, live.registrationId);
      if (!registration) throw notFound('This registration no longer exists.');
      return { eventId: registration.eventId, registration, viaLink: true };
    },

    // -------------------------------------------------------------------------------------------
    // The attendee

    async list(picker: Picker): Promise<SessionsData> {
      const at = now();
      const event = await eventOrThrow(picker.eventId);
      const registration = picker.registration;
      const attendeeType = registration?.attendeeType ?? null;
      const all = (await q.listSessions(db, event.id)).filter((s) => s.cancelledAt === null && inAudience(s.audience, attendeeType));
      const mine = registration ? await q.livePicksOf(db, registration.id) : [];
      const mineBySession = new Map(mine.map((p) => [p.sessionId, p]));
      const rows: SessionRow[] = [];
      for (const s of all) {
        const pick = mineBySession.get(s.id);
        const other = mine.find((p) => p.sessionId !== s.id && overlaps(p, s));
        const row: SessionRow = {
          id: s.id,
          title: s.title,
          description: s.description,
          startsAt: s.startsAt.toISOString(),
          endsAt: s.endsAt.toISOString(),
          room: s.room,
          track: s.track,
          entry: s.entry,
          capacity: s.capacity,
          seatsLeft: Math.max(0, s.capacity - s.enrolled - s.offered),
          mine: pick ? (pick.status as SessionRow['mine']) : null,
        };
        if (pick?.status === 'Waitlisted' && pick.waitlistOrder !== null) row.waitlistPosition = await q.positionOf(db, s.id, pick.waitlistOrder);
        if (pick?.status === 'Offered' && pick.offerExpiresAt) row.offerExpiresAt = pick.offerExpiresAt.toISOString();
        if (other) row.conflictsWith = other.sessionId;
        rows.push(row);
      }
      const reason =
        registration?.status !== 'Enrolled' ? 'Sessions are picked once your registration for the event is complete.' : pickProblem(picker, event, at);
      return { rows, event: eventOf(event.id), timeZone: event.timeZone, opensAt: iso(event.sessionsOpenAt), closesAt: iso(event.sessionsCloseAt), canPick: reason === null, reason };
    },

    /**
     * Takes a seat, or a place on the waiting list when the session is full; claims an offered seat.
     * Locks the registration (a person's joins run one at a time: overlaps) and then the session
     * (its seats), counts the seats held and writes the pick, all in one transaction.
     */
    async join(picker: Picker, sessionId: number): Promise<JoinSessionData> {
      if (!picker.registration) throw forbidden('Sessions are picked once your registration for the event is complete.');
      const registrationId = picker.registration.id;
      return db.transaction(async (tx) => {
        const at = now();
        const registration = await q.lockRegistration(tx, registrationId);
        if (registration?.status !== 'Enrolled') throw forbidden('Sessions are picked once your registration for the event is complete.');
        const found = await q.findSession(tx, sessionId);
        if (!found || found.eventId !== registration.eventId || found.cancelledAt) throw notFound('No such session at this event.');
        if (!inAudience(found.audience, registration.attendeeType)) throw forbidden('This session is not open to your attendee type.');
        const event = (await q.findEvent(tx, found.eventId))!;
        const closed = pickProblem(picker, event, at);
        if (closed) throw conflict(closed);
        if (at >= found.startsAt) throw conflict('This session has already started.');

        const mine = await q.livePicksOf(tx, registrationId);
        const current = mine.find((p) => p.sessionId === sessionId);
        if (current?.status === 'Enrolled') return { status: 'Enrolled' };
        if (current?.status === 'Waitlisted') return { status: 'Waitlisted', waitlistPosition: await q.positionOf(tx, sessionId, current.waitlistOrder!) };
        const other = mine.find((p) => p.sessionId !== sessionId && overlaps(p, found));
        if (other) throw conflict(`This session overlaps "${other.title}" (${timeRange(other.startsAt, other.endsAt, event.timeZone)}), which is already among your sessions. Leave it first to pick this one.`);

        // The seats: under the session's row lock from here to the commit (then the pick's, in the
        // order a session's cancel takes them).
        const session = (await q.lockSession(tx, sessionId))!;
        if (session.cancelledAt) throw notFound('No such session at this event.');
        const pick = await q.lockPick(tx, sessionId, registrationId);
        if (pick?.status === 'Offered') {
          // A claim of an offered seat: it is held already.
          if (!pick.offerExpiresAt || pick.offerExpiresAt <= at) throw conflict('The seat offered to you has lapsed.');
          await q.setPick(tx, pick.id, { status: 'Enrolled', enrolledAt: at, offerExpiresAt: null, updatedAt: at });
          await emitSession(tx, 'session.joined', session, registrationId, 'Enrolled', at);
          return { status: 'Enrolled' };
        }
        const held = await q.heldSeats(tx, sessionId);
        if (held < session.capacity) {
          await q.savePick(tx, { sessionId, registrationId, status: 'Enrolled', waitlistOrder: null, waitlistedAt: null, enrolledAt: at, at });
          await emitSession(tx, 'session.joined', session, registrationId, 'Enrolled', at);
          return { status: 'Enrolled' };
        }
        // The queue's order: the sequence's next value, taken by the write itself.
        const order = (await q.savePick(tx, { sessionId, registrationId, status: 'Waitlisted', waitlistOrder: q.NEXT_IN_QUEUE, waitlistedAt: at, enrolledAt: null, at }))!;
        await emitSession(tx, 'session.joined', session, registrationId, 'Waitlisted', at);
        return { status: 'Waitlisted', waitlistPosition: await q.positionOf(tx, sessionId, order) };
      });
    },

    /** Gives up a seat, a place on the waiting list or an offer; a freed seat is offered to the next in line. */
    async leave(picker: Picker, sessionId: number): Promise<{ status: 'Cancelled' }> {
      if (!picker.registration) throw forbidden('Sessions are picked once your registration for the event is complete.');
      const registrationId = picker.registration.id;
      const wasHolding = await db.transaction(async (tx) => {
        const at = now();
        const session = await q.findSession(tx, sessionId);
        if (!session || session.eventId !== picker.eventId) throw notFound('No such session at this event.');
        const event = (await q.findEvent(tx, session.eventId))!;
        const closed = pickProblem(picker, event, at);
        if (closed) throw conflict(closed);
        const pick = await q.lockPick(tx, sessionId, registrationId);
        if (!pick || !(q.LIVE_STATUSES as readonly string[]).includes(pick.status)) throw conflict('This session is not among your sessions.');
        await q.setPick(tx, pick.id, { status: 'Cancelled', waitlistOrder: null, offerExpiresAt: null, updatedAt: at });
        await emitSession(tx, 'session.left', session, registrationId, 'Cancelled', at);
        return pick.status === 'Enrolled' || pick.status === 'Offered';
      });
      if (wasHolding) freed([sessionId]);
      return { status: 'Cancelled' };
    },

    /**
     * The job queue's work for one session: lapses offers past their expiry, closes the queue once
     * the session started (or picks closed, or it was cancelled), and offers every free seat to the
     * first in line. Safe to run any number of times, on any number of instances at once.
     */
    async offerFreedSeats(sessionId: number): Promise<{ offered: number[]; expired: number[]; closed: number[] }> {
      const run = { offered: [] as number[], expired: [] as number[], closed: [] as number[] };
      await db.transaction(async (tx) => {
        const at = now();
        const session = await q.lockSession(tx, sessionId);
        if (!session) return;
        const event = (await q.findEvent(tx, session.eventId))!;
        const when = timeRange(session.startsAt, session.endsAt, event.timeZone);
        for (const lapsed of await q.lapsedOffers(tx, sessionId, at)) {
          await q.setPick(tx, lapsed.id, { status: 'Expired', offerExpiresAt: null, updatedAt: at });
          const person = await q.attendeeOf(tx, lapsed.registrationId);
          if (person && !isPlaceholderEmail(person.email)) {
            await enqueueMail(tx, { kind: 'session-offer-expired', to: person.email, event: session.eventId, data: { firstName: person.firstName, title: session.title, when } }, at);
          }
          await emitSession(tx, 'session.left', session, lapsed.registrationId, 'Expired', at);
          run.expired.push(lapsed.registrationId);
        }
        const waiting = await q.waitingInOrder(tx, sessionId);
        if (!waiting.length) return;
        if (queueClosed(event, session, at)) {
          // Nobody can use a seat any more: the queue ends quietly (the session is under way or over).
          run.closed.push(...(await q.expireWaiting(tx, sessionId, at)));
          return;
        }
        let free = session.capacity - (await q.heldSeats(tx, sessionId));
        for (const next of waiting) {
          if (free <= 0) break;
          if (!(await q.lockOfferable(tx, next))) continue;
          await makeOffer(tx, event, session, next, at);
          run.offered.push(next.registrationId);
          free -= 1;
        }
      });
      return run;
    },

    /** The periodic run: every session with someone waiting or offered (lapses, a lost nudge, a restart). */
    async sweep(eventId?: string): Promise<number> {
      let offered = 0;
      for (const id of await q.sessionsWithQueues(db, eventId)) offered += (await service.offerFreedSeats(id)).offered.length;
      return offered;
    },

    // -------------------------------------------------------------------------------------------
    // My agenda

    /** Mails the person their sessions, with an `.ics` of the ones they hold a seat in. */
    async mailAgenda(picker: Picker): Promise<{ queued: boolean }> {
      if (picker.registration?.status !== 'Enrolled') throw forbidden('Sessions are picked once your registration for the event is complete.');
      const registrationId = picker.registration.id;
      return db.transaction(async (tx) => {
        const at = now();
        const event = (await q.findEvent(tx, picker.eventId))!;
        const person = await q.attendeeOf(tx, registrationId);
        if (!person || isPlaceholderEmail(person.email)) throw conflict('There is no e-mail address on your registration to send your agenda to.');
        const picks = await q.livePicksOf(tx, registrationId);
        const calendar = agendaCalendar(event, registrationId, picks, 'REQUEST');
        const link = sessionsPage(event.id);
        const mail = await enqueueMail(
          tx,
          {
            kind: 'session-agenda',
            to: person.email,
            event: event.id,
            data: {
              firstName: person.firstName,
              sessions: picks.map((p) => ({ title: p.title, when: timeRange(p.startsAt, p.endsAt, event.timeZone), room: p.room, status: p.status as 'Enrolled' | 'Waitlisted' | 'Offered' })),
              link,
            },
            attachments: [{ filename: `${event.id}-sessions.ics`, contentType: 'text/calendar; charset=utf-8', method: 'PUBLISH', content: Buffer.from(calendar, 'utf8').toString('base64'), encoding: 'base64' }],
          },
          at,
        );
        return { queued: mail.queued };
      });
    },

    /** A new personal feed address; the previous one stops working. */
    async issueFeed(picker: Picker): Promise<CalendarFeedData> {
      if (picker.registration?.status !== 'Enrolled') throw forbidden('Sessions are picked once your registration for the event is complete.');
      const registrationId = picker.registration.id;
      const current = await q.findFeed(db, registrationId);
      const version = (current?.version ?? 0) + 1;
      const token = feedToken(deps.feedKey, registrationId, version);
      await q.saveFeed(db, registrationId, version, hashFeedToken(token));
      return { url: `${base ?? ''}/calendar/${token}.ics` };
    },

    /** Revokes the personal feed: its address answers 404 from now on. */
    async revokeFeed(picker: Picker): Promise<{ revoked: boolean }> {
      if (!picker.registration) throw forbidden('Sessions are picked once your registration for the event is complete.');
      return { revoked: await q.deleteFeed(db, picker.registration.id) };
    },

    // -------------------------------------------------------------------------------------------
    // Reports, inside the reader's scope

    async reportFill(eventId: string, scope: ReportScope): Promise<SessionReportRow[]> {
      return (await q.sessionFill(db, eventId, scope)).map((r) => ({
        id: Number(r.id),
        title: r.title,
        startsAt: new Date(r.starts_at).toISOString(),
        room: r.room,
        capacity: Number(r.capacity),
        enrolled: Number(r.enrolled),
        waitlisted: Number(r.waitlisted),
        attended: Number(r.attended),
      }));
    },

    /** The event's time zone (the report's `startsAt` are instants; readers see them in this zone). */
    async reportTimeZone(eventId: string): Promise<string> {
      return (await q.findEvent(db, eventId))?.timeZone ?? 'UTC';
    },

    async reportHierarchy(sessionId: number, query: { reportLevel: 'Region' | 'Zone' | 'District'; region?: string | undefined; zone?: string | undefined }, scope: ReportScope): Promise<SessionHierarchyRow[]> {
      const session = await q.findSession(db, sessionId);
      if (!session) throw notFound('No session with this id.');
      const area = await deps.scopes.narrow(scope, { region: query.region, zone: query.zone });
      return (await q.sessionByArea(db, sessionId, query.reportLevel, scope, area)).map((r) => ({ code: r.code, name: r.name, enrolled: Number(r.enrolled), attended: Number(r.attended) }));
    },

    /** The feed's calendar: the person's seats (a cancelled registration's feed is empty). */
    async feed(token: string): Promise<string> {
      if (!FEED_TOKEN.test(token)) throw notFound('No such calendar.');
      const found = await q.feedByHash(db, hashFeedToken(token));
      if (!found) throw notFound('No such calendar.');
      const registration = await q.registrationById(db, found.registrationId);
      if (!registration) throw notFound('No such calendar.');
      const event = (await q.findEvent(db, registration.eventId))!;
      const picks = registration.status === 'Enrolled' ? await q.livePicksOf(db, registration.id) : [];
      return agendaCalendar(event, registration.id, picks, 'PUBLISH');
    },
  };
  return service;
}

export type SessionsService = ReturnType<typeof createSessionsService>;

const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The feed's secret: derived from the key, the registration and the feed's version (so it can be shown again, and revoked by a new version). */
function feedToken(key: Uint8Array | string, registrationId: number, version: number): string {
  return createHmac('sha256', key).update(`calendar-feed:${registrationId}:${version}`).digest('base64url');
}

function hashFeedToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The person's sessions as a calendar: the seats they hold (a waiting place is not in the calendar). */
function agendaCalendar(event: q.EventRow, registrationId: number, picks: readonly q.LivePick[], method: 'REQUEST' | 'PUBLISH'): string {
  const calendar = ical({
    prodId: { company: 'event-portal', product: 'sessions', language: 'EN' },
    name: `${event.name}: my sessions`,
    method: method === 'REQUEST' ? ICalCalendarMethod.PUBLISH : ICalCalendarMethod.PUBLISH,
    timezone: event.timeZone,
  });
  for (const p of picks.filter((x) => x.status === 'Enrolled')) {
    calendar.createEvent({
      id: `session-${event.id}-${p.sessionId}-${registrationId}@event-portal`,
      start: p.startsAt,
      end: p.endsAt,
      summary: p.title,
      location: p.room,
      description: p.description ?? null,
    });
  }
  return calendar.toString();
}

/**
 * Ends every live pick of a registration that ceased to be `Enrolled` (a cancel by the attendee,
 * the console or Cvent), in that change's transaction: answers the sessions whose seats freed, for
 * the offer run after the commit. Picks hang on the registration id, so a transfer keeps them.
 */
export async function releaseRegistrationPicks(tx: Tx, registrationId: number, at: Date): Promise<number[]> {
  const ended = await q.endPicksOfRegistration(tx, registrationId, at);
  for (const e of ended) {
    const session = await q.findSession(tx, e.sessionId);
    if (session) await emitSession(tx, 'session.left', session, registrationId, 'Cancelled', at);
  }
  return ended.filter((e) => e.status === 'Enrolled' || e.status === 'Offered').map((e) => e.sessionId);
}

export { emitSession };
