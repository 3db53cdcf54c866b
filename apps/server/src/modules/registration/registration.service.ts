/**
 * What happens to a registration once its link is out: the builtin hosted page completes, changes
 * or cancels it, and so do the Cvent callbacks. Every change runs in one transaction with its audit
 * row; the reports read the registrations table directly, so a commit is visible to them at once.
 */
import {
  attendanceErrors,
  type Answers,
  type AnswerValue,
  type RegistrationPage,
  type RegistrationStatus,
  type RegistrationSummary,
  type RegistrationTokenPurpose,
} from '@portal/contracts';
import type { Db, Tx } from '@portal/db';
import { audit, auditPart } from '../../lib/audit.ts';
import { writeTogether, type StatementPart } from '../../lib/statements-together.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import type { CventCallback } from './cvent-provider.ts';
import * as q from './registration.queries.ts';
import { releaseRegistrationPicks } from '../sessions/sessions.service.ts';
import { emailConfirmationParts, queueRegistrationMail, registrationMailPart, type RegistrationMailKind } from '../mail/mail.service.ts';
import { consumeToken, findLiveToken, hashToken, isTokenShaped, issueTokenPart, tokenRefusal } from '../../lib/registration-tokens.ts';
import { assertRegistrationWindowOpen, eventsWithKnownFullness, outlookFrom, placeOutlook, takePlace } from './registration-limits.ts';
import { joinWaitlist, prepareWaitlistJoin } from '../waitlist/waitlist.service.ts';
import { emitPersonEvent, emitRegistrationEvent, type KnownSubscribers } from '../webhooks/outbox.ts';
import type { QuestionsService } from '../questions/questions.service.ts';
import type { BadgesService } from '../badges/badges.service.ts';
import { acceptTransfer, assertChangesOpen, changesClosed, explainEndedLink, helpDeskOf, lapseTransfers, offerOfToken, offerPage, offerTransfer, pendingTransferOf, withdrawTransfer } from './transfers.ts';
import { runReminders, type ReminderOptions, type ReminderRun } from './reminders.ts';
import { mailedLinkRequired, mailRegistrationLink, requireMailedLink, type MailedLinkStep } from './mailed-link.ts';

export { requireMailedLink, type MailedLinkStep };

export interface Attendance {
  isVirtual: boolean;
  arrivalDate: string | null;
  departureDate: string | null;
}

export type Locked = NonNullable<Awaited<ReturnType<typeof q.lockForChange>>>;

/** Physical attendance keeps its dates; virtual attendance has none. */
export function normalized(a: { isVirtual: boolean; arrivalDate?: string | null | undefined; departureDate?: string | null | undefined }): Attendance {
  return a.isVirtual
    ? { isVirtual: true, arrivalDate: null, departureDate: null }
    : { isVirtual: false, arrivalDate: a.arrivalDate ?? null, departureDate: a.departureDate ?? null };
}

/**
 * Enrolled with its enroll date. A store's first `complimentarySeats` enrolled attendees are free:
 * the store row is locked (lockForChange), so two enrollments cannot take the last seat together.
 */
async function enroll(tx: Tx, { registration, store }: Locked, attendance: Attendance, now: Date, webhookSubscribers?: KnownSubscribers): Promise<RegistrationSummary | undefined> {
  const free = store ? { eventId: registration.eventId, dlrnum: store.dlrnum, seats: store.complimentarySeats } : null;
  // The update answers the summary after it (the submit's answer and mail need no read of their own).
  const summary = await q.enrollRegistration(tx, registration.id, { enrolledAt: now, ...attendance, updatedAt: now }, free);
  await emitRegistrationEvent(tx, 'registration.updated', registration.id, now, undefined, webhookSubscribers);
  return summary;
  // The badge needs nothing here: a trigger raises its version on the status change (0023_event_days),
  // and the confirmation mail signs the code when it is sent (docs/event-days.md).
}

export async function changeAttendance(tx: Tx, { registration }: Locked, attendance: Attendance, now: Date, webhookSubscribers?: KnownSubscribers): Promise<void> {
  await q.updateRegistration(tx, registration.id, { ...attendance, updatedAt: now });
  await emitRegistrationEvent(tx, 'registration.updated', registration.id, now, undefined, webhookSubscribers);
}

/**
 * Cancelled; a free seat it held passes to the store's earliest enrolled attendee who pays. Each
 * change is reported to webhook endpoints in this transaction (registration.cancelled, and
 * registration.updated for the one who got the seat).
 */
export async function cancel(tx: Tx, { registration, store }: Locked, now: Date): Promise<void> {
  await q.updateRegistration(tx, registration.id, { status: 'Cancelled', isFree: false, waitlistOrder: null, offerExpiresAt: null, updatedAt: now });
  await emitRegistrationEvent(tx, 'registration.cancelled', registration.id, now);
  // Its session picks end with it; onPlaceFreed's nudge has the freed seats offered (docs/sessions.md).
  await releaseRegistrationPicks(tx, registration.id, now);
  if (registration.isFree && store) {
    const next = await q.firstPayingEnrolled(tx, registration.eventId, store.dlrnum);
    if (next) {
      await q.updateRegistration(tx, next.id, { isFree: true, updatedAt: now });
      await emitRegistrationEvent(tx, 'registration.updated', next.id, now);
    }
  }
}

/**
 * A register link serves a pending registration; a revisit link a completed one, or one on the
 * waiting list (its position, an offer to claim, leaving the list: docs/waiting-lists.md).
 */
function assertUsable(purpose: RegistrationTokenPurpose, status: RegistrationStatus): void {
  if (purpose === 'register' && status === 'Enrolled') {
    throw conflict('This registration has already been completed. To review or change it, log in to the portal and open the Enrollment tab.');
  }
  if (purpose === 'register' && (status === 'Waitlisted' || status === 'Offered')) {
    throw conflict('This registration is on the waiting list. To see your place, log in to the portal and open the Enrollment tab.');
  }
  if (status === 'Cancelled') throw conflict('This registration has been cancelled. To enrol again, log in to the portal and open the Enrollment tab.');
  if (status === 'Expired') throw conflict('This place on the waiting list has lapsed. To enrol again, log in to the portal and open the Enrollment tab.');
  if (purpose === 'revisit' && status !== 'Enrolled' && status !== 'Waitlisted' && status !== 'Offered') {
    throw conflict('This registration has not been completed yet. Please use your registration link.');
  }
}

/** Cancel, claim, decline or transfer on a registration's own page: a place given up, taken or handed over (mailed link only). */
function givesUpPlace(purpose: RegistrationTokenPurpose, status: RegistrationStatus, input: RegistrationSubmitInput): MailedLinkStep | null {
  if (purpose !== 'revisit') return null;
  if (status !== 'Enrolled' && status !== 'Waitlisted' && status !== 'Offered') return null;
  if (input.action === 'claim') return status === 'Offered' ? 'claim' : null;
  if (input.action === 'transfer') return status === 'Enrolled' ? 'transfer' : null;
  if (input.action === 'cancel') return status === 'Offered' ? 'decline' : 'cancel';
  return null;
}

/** Thrown inside the savepoint of a submit whose place went to others meanwhile: the savepoint is undone. */
class PlaceTaken extends Error {}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const EMAIL_TAKEN = 'This e-mail address belongs to another attendee.';

/**
 * The attendee confirms their name, and gives an e-mail when none is on record; `typedEmail` says
 * the address is new here (it stays unverified until its owner confirms it: mail module).
 */
async function confirmPerson(
  tx: Tx,
  personId: number,
  given: { firstName: string; lastName: string; email: string },
  at: Date,
  /** The person as the submit's first read found them, when that read is still this registration's. */
  known?: { id: number; email: string; firstName: string; lastName: string },
  /** The webhook endpoints the submit's first read found subscribed. */
  webhookSubscribers?: KnownSubscribers,
  /** Where a new address's confirmation link points, and the event its mail carries: the address then stays unverified until its owner confirms it (mail module). */
  confirmation?: { publicUrl: string; eventId: string },
): Promise<{ email: string; typedEmail: boolean }> {
  const person = known?.id === personId ? known : await q.findPerson(tx, personId);
  if (!person) throw notFound('The attendee of this registration no longer exists.');
  const email = given.email.toLowerCase();
  const changes: q.PersonChanges = {};
  if (person.firstName !== given.firstName) changes.firstName = given.firstName;
  if (person.lastName !== given.lastName) changes.lastName = given.lastName;
  if (isPlaceholderEmail(person.email)) {
    changes.email = email;
  } else if (person.email !== email) {
    const message = 'The e-mail address on record cannot be changed here.';
    throw badRequest(message, [{ field: 'email', message }]);
  }
  if (Object.keys(changes).length) {
    try {
      if (changes.email !== undefined && confirmation) {
        // The new address, marked unverified, its confirmation link and the link's mail: one statement.
        const email = changes.email;
        await writeTogether(tx, [
          q.updatePersonUnverifiedPart(personId, changes),
          ...emailConfirmationParts({ personId, email, firstName: given.firstName, eventId: confirmation.eventId, publicUrl: confirmation.publicUrl, now: at }, { unverify: false }),
        ]);
      } else {
        await q.updatePerson(tx, personId, changes);
      }
    } catch (error) {
      // Another person has the address (people.email is unique). The failed statement ends the
      // transaction, which the 409 rolls back whole: no savepoint, and no read before to ask.
      if (isUniqueViolation(error)) throw new AppError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
      throw error;
    }
    await emitPersonEvent(tx, personId, at, webhookSubscribers);
  }
  return { email: changes.email ?? person.email, typedEmail: changes.email !== undefined };
}

export type RegistrationSubmitInput =
  | {
      action: 'submit';
      firstName: string;
      lastName: string;
      email: string;
      isVirtual: boolean;
      arrivalDate?: string | null | undefined;
      departureDate?: string | null | undefined;
      answers?: Record<string, AnswerValue | null> | undefined;
    }
  | { action: 'cancel' }
  | { action: 'claim' }
  | { action: 'transfer'; firstName: string; lastName: string; email: string }
  | { action: 'acceptTransfer' }
  | { action: 'withdrawTransfer' };

export function createRegistrationService(deps: {
  db: Db;
  now?: () => Date;
  /** Base of links in mails; without it none are mailed. */
  publicUrl?: string;
  /** Signs the badge the answers carry once Enrolled (docs/event-days.md). */
  badges?: BadgesService;
  /** Called after a commit that may have freed a place: the job queue offers it (docs/waiting-lists.md). */
  onPlaceFreed?: (eventId: string) => void;
  /** The event's questions: asked on the page, answers checked and stored with a submit (docs/questions.md). */
  questions?: QuestionsService;
}) {
  const { db } = deps;
  const badgeOf = async (tx: Db | Tx, registrationId: number, status: RegistrationStatus) =>
    status === 'Enrolled' && deps.badges ? await deps.badges.issue(tx, registrationId) : null;
  const base = deps.publicUrl?.replace(/\/+$/, '');
  const now = deps.now ?? (() => new Date());

  /** The step of `input` that only a mailed link may take, when the token was not mailed. */
  async function stepNeedingMailbox(token: string, input: RegistrationSubmitInput): Promise<MailedLinkStep | null> {
    if (input.action === 'submit') return null;
    const live = await findLiveToken(db, token, now()).catch((error: unknown) => explainEndedLink(db, token, error));
    if (live.mailed) return null;
    const summary = await q.summaryOf(db, live.registrationId);
    return summary ? givesUpPlace(live.purpose, summary.status, input) : null;
  }

  const service = {
    /**
     * Mails the attendee a link to their own page, which shows the badge (the page was opened from
     * the portal, whose link does not). Answers the masked address it went to.
     */
    async mailLink(token: string, ip: string): Promise<{ sentTo: string }> {
      const live = await findLiveToken(db, token, now());
      const summary = await q.summaryOf(db, live.registrationId);
      if (!summary) throw notFound('This registration no longer exists.');
      if (summary.status !== 'Enrolled' && summary.status !== 'Waitlisted' && summary.status !== 'Offered') {
        throw conflict('This registration has no page to mail yet. Please complete it first.');
      }
      const sentTo = await mailRegistrationLink(db, live.registrationId, { step: 'badge', publicUrl: base, now: now(), ip });
      if (!sentTo) throw conflict('There is no e-mail address on record to send the link to. Please ask the event team.');
      return { sentTo };
    },

    /** What the hosted page shows for a live token. */
    async view(token: string): Promise<RegistrationPage> {
      const at = now();
      // A colleague's link to a place handed to them (docs/transfers.md).
      const offer = await offerOfToken(db, token);
      if (offer) {
        const event = await q.findEvent(db, offer.eventId);
        if (!event) throw notFound('The event of this registration no longer exists.');
        return offerPage(db, offer, event, at);
      }
      const live = await findLiveToken(db, token, at).catch((error: unknown) => explainEndedLink(db, token, error));
      const summary = await q.summaryOf(db, live.registrationId);
      if (!summary) throw notFound('This registration no longer exists.');
      assertUsable(live.purpose, summary.status);
      // A registration link handed out before the window closed completes nothing after it.
      if (live.purpose === 'register') await assertRegistrationWindowOpen(db, summary.event.eventType, at);
      // Sensitive questions (health, accessibility) only on a page opened from the attendee's mailbox.
      const asked = deps.questions ? await deps.questions.forRegistrationId(db, live.registrationId, { includeSensitive: live.mailed }) : undefined;
      const event = await q.findEvent(db, summary.event.eventType);
      if (!event) throw notFound('The event of this registration no longer exists.');
      return {
        ...summary,
        ...asked,
        // The badge lets its holder walk in: only a page opened from the attendee's mailbox shows it.
        badge: live.mailed ? await badgeOf(db, live.registrationId, summary.status) : null,
        linkMailed: live.mailed,
        purpose: live.purpose,
        expiresAt: live.expiresAt.toISOString(),
        emailEditable: summary.attendee.email === null,
        changesCloseAt: event.changesCloseAt?.toISOString() ?? null,
        changesClosed: live.purpose === 'revisit' && changesClosed(event, at),
        helpDesk: helpDeskOf(event),
        transfer: summary.status === 'Enrolled' ? await pendingTransferOf(db, live.registrationId, at) : null,
      };
    },

    /** Completes, changes or cancels the registration behind a token, using the token up. */
    async submit(token: string, input: RegistrationSubmitInput, ip: string): Promise<RegistrationSummary> {
      if (input.action === 'acceptTransfer') return service.acceptTransfer(token, ip);
      const step = await stepNeedingMailbox(token, input);
      if (step) await requireMailedLink(db, token, { step, publicUrl: base, now: now(), ip });
      const result = await service.submitInTransaction(token, input, ip);
      if (result.freed) deps.onPlaceFreed?.(result.freed);
      return result.summary;
    },

    /** The colleague takes the place offered through their link (docs/transfers.md); the link is used up. */
    async acceptTransfer(token: string, ip: string): Promise<RegistrationSummary> {
      return db.transaction(async (tx) => {
        const at = now();
        const offer = await offerOfToken(tx, token);
        if (!offer) throw conflict('This link does not offer a place to accept.');
        const { registrationId } = await acceptTransfer(tx, offer, at, base, ip);
        const summary = await q.summaryOf(tx, registrationId);
        if (!summary) throw notFound('This registration no longer exists.');
        return { ...summary, badge: await badgeOf(tx, registrationId, summary.status) };
      });
    },

    async submitInTransaction(token: string, input: RegistrationSubmitInput, ip: string): Promise<{ summary: RegistrationSummary; freed: string | null }> {
      return db.transaction(async (tx) => {
        const at = now();
        // Locks in the order of every change of a registration: its store, the registration, then its
        // links. A hand-over accepted at this moment retires the holder's links under the registration's
        // lock; taking the token's row first would deadlock with it (docs/transfers.md).
        const peek = isTokenShaped(token) ? await q.submitPeek(tx, hashToken(token), at, input.action === 'submit', eventsWithKnownFullness()) : undefined;
        if (!peek) return explainEndedLink(tx, token, await tokenRefusal(tx, token, at));
        const locked = await q.lockForChange(tx, { id: peek.registrationId }, peek);
        const live = await consumeToken(tx, token, at).catch((error: unknown) => explainEndedLink(tx, token, error));
        if (!locked) throw notFound('This registration no longer exists.');
        const { registration } = locked;
        // What the first read said of the attendee, the event and the place holds while the locked
        // row still names the same ones (a hand-over accepted meanwhile would have ended this link).
        const seen = peek.seen.attendeeId === registration.attendeeId && peek.seen.eventId === registration.eventId && peek.seen.accessCodeId === registration.accessCodeId ? peek : null;
        // The webhook endpoints subscribed to what a submit sends, as the first read found them: the
        // emits below then read none (and send no statement when none is subscribed).
        const hooks = peek.webhookSubscribers;
        assertUsable(live.purpose, registration.status);
        const step = givesUpPlace(live.purpose, registration.status, input);
        if (step && !live.mailed) throw mailedLinkRequired(step, null);

        let actorEmail: string | null = null;
        let action: string;
        let mailKind: RegistrationMailKind | null;
        let freed: string | null = null;
        let waitlistPosition: number | undefined;
        let answers: Answers | undefined;
        let transferId: number | null = null;
        /** Writes of the change made below left to conclude's statement (the waiting list's mail). */
        const deferred: StatementPart[] = [];
        /** The summary an enrolment's statement answered (conclude then reads none). */
        let enrolledSummary: RegistrationSummary | undefined;
        /** The mail, the summary, the audit row and the answer of the change made above. */
        /** `known`: the summary after the change, as the change's own statement answered it (an enrolment). */
        const conclude = async (t: Tx, known?: RegistrationSummary): Promise<{ summary: RegistrationSummary; freed: string | null }> => {
          const summary = known ?? (await q.summaryOf(t, registration.id, waitlistPosition === undefined ? {} : { waitlistPosition }));
          if (!summary) throw notFound('This registration no longer exists.');
          // The link, the mails and the audit row are written by one statement (writeTogether).
          const writes: StatementPart[] = [...deferred];
          if (mailKind) {
            // The attendee's own link to change or cancel, in the mail that confirms the change.
            let revisitUrl: string | null = null;
            if (mailKind !== 'registration-cancelled' && base) {
              const issued = issueTokenPart(registration.id, 'revisit', at, undefined, { mailed: true });
              writes.push(issued.part);
              revisitUrl = `${base}/register/${issued.token}`;
            }
            // The summary just read says what the mail says of the registration (no read of its own).
            const known = {
              eventId: registration.eventId,
              email: summary.attendee.email ?? '',
              firstName: summary.attendee.firstName,
              lastName: summary.attendee.lastName,
              isVirtual: summary.isVirtual,
              arrivalDate: summary.arrivalDate,
              departureDate: summary.departureDate,
              storeName: summary.store?.name ?? null,
            };
            const mail = summary.attendee.email !== null ? registrationMailPart({ kind: mailKind, registrationId: registration.id, revisitUrl, now: at, known }) : null;
            if (mail) writes.push(mail);
          }
          writes.push(
            auditPart({
              action,
              success: true,
              actorEmail,
              eventId: registration.eventId,
              ip,
              detail: {
                registrationId: registration.id,
                provider: 'builtin',
                purpose: live.purpose,
                status: summary.status,
                isVirtual: summary.isVirtual,
                isFree: summary.isFree,
                ...(transferId !== null ? { transferId } : {}),
                ...(summary.waitlistPosition !== undefined ? { waitlistPosition: summary.waitlistPosition } : {}),
              },
            }),
          );
          await writeTogether(t, writes);
          const transfer = input.action === 'transfer' ? await pendingTransferOf(t, registration.id, at) : undefined;
          const badge = live.mailed ? await badgeOf(t, registration.id, summary.status) : null;
          return { summary: { ...summary, ...(answers ? { answers } : {}), badge, ...(transfer !== undefined ? { transfer } : {}) }, freed };
        };
        if (input.action === 'acceptTransfer') {
          throw conflict('This link does not offer a place to accept.');
        } else if (input.action === 'transfer' || input.action === 'withdrawTransfer') {
          if (live.purpose !== 'revisit') throw conflict('Only a completed registration can be handed to a colleague.');
          const event = await q.findEvent(tx, registration.eventId);
          if (!event) throw notFound('The event of this registration no longer exists.');
          if (input.action === 'transfer') {
            const offered = await offerTransfer(tx, locked, event, input, at, base);
            actorEmail = offered.actorEmail;
            transferId = offered.transferId;
            action = 'registration-transfer-offered';
          } else {
            transferId = await withdrawTransfer(tx, locked, at, base);
            actorEmail = (await q.findPerson(tx, registration.attendeeId))?.email ?? null;
            action = 'registration-transfer-withdrawn';
          }
          // The mails of an offer are the transfer's own (transfers.ts), with the holder's new link.
          mailKind = null;
        } else if (input.action === 'cancel') {
          if (live.purpose !== 'revisit') throw conflict('Only a completed registration can be cancelled.');
          if (registration.status === 'Enrolled') {
            const event = await q.findEvent(tx, registration.eventId);
            if (event) assertChangesOpen(event, at);
            // An offer of the place to a colleague ends with it.
            await withdrawTransfer(tx, locked, at, base, { quiet: true });
          }
          actorEmail = (await q.findPerson(tx, registration.attendeeId))?.email ?? null;
          await cancel(tx, locked, at);
          const waiting = registration.status === 'Waitlisted' || registration.status === 'Offered';
          action = waiting ? 'waitlist-leave' : 'registration-cancelled';
          // Leaving the list sends no calendar cancellation: nothing was in the calendar.
          mailKind = waiting ? null : 'registration-cancelled';
          if (registration.status !== 'Waitlisted') freed = registration.eventId;
        } else if (input.action === 'claim') {
          if (registration.status !== 'Offered') {
            throw conflict(registration.status === 'Enrolled' ? 'This place has already been claimed.' : 'There is no offer of a place to claim on this registration.');
          }
          if (!registration.offerExpiresAt || registration.offerExpiresAt <= at) throw conflict('This offer has lapsed: the place has gone to the next person on the waiting list.');
          await assertRegistrationWindowOpen(tx, registration.eventId, at);
          actorEmail = (await q.findPerson(tx, registration.attendeeId))?.email ?? null;
          // The offer holds the place: the same enrolment (and confirmation mail) as a submit.
          enrolledSummary = await enroll(tx, locked, normalized(registration), at);
          action = 'waitlist-claim';
          mailKind = 'registration-confirmed';
        } else {
          const event = seen?.event ?? (await q.findEvent(tx, registration.eventId));
          if (!event) throw notFound('The event of this registration no longer exists.');
          // After the event's changesCloseAt the attendee's own page is read-only (docs/transfers.md).
          if (live.purpose === 'revisit' && registration.status === 'Enrolled') assertChangesOpen(event, at);
          const errors = attendanceErrors(event, input);
          if (errors.length) throw badRequest(errors.map((e) => e.message).join(' '), errors);
          if (deps.questions) {
            answers = await deps.questions.saveAnswers(tx, { id: registration.id, eventId: registration.eventId, attendeeType: registration.attendeeType, isVirtual: input.isVirtual }, input.answers, at, { includeSensitive: live.mailed, noQuestions: seen?.hasQuestions === false });
          }
          // A new address stays unverified until its owner opens the link mailed to it (confirmPerson writes both).
          const confirmed = await confirmPerson(tx, registration.attendeeId, input, at, seen?.person, hooks, base ? { publicUrl: base, eventId: registration.eventId } : undefined);
          actorEmail = confirmed.email;
          const attendance = normalized(input);
          if (live.purpose === 'register') {
            // The window, the event's capacity and the code's seats, checked now: only a submitted
            // registration holds a place, so the place is taken here, or the attendee joins the
            // waiting list of the queue that is full (docs/waiting-lists.md).
            const place = { eventId: registration.eventId, attendeeId: registration.attendeeId, accessCodeId: registration.accessCodeId, at };
            const outlook = seen?.outlook ? outlookFrom(seen.outlook, place) : await placeOutlook(tx, place);
            if (outlook.limited && outlook.likelyFree) {
              // A place looked free: the enrolment and everything that follows it (mail, link, audit,
              // answer) are written first, in a savepoint, and the place is taken by its last
              // statements, so the event's lock is held from there to the commit only. When the
              // place has gone meanwhile the savepoint is undone and the submit joins the queue below.
              action = 'registration-enrolled';
              mailKind = 'registration-confirmed';
              // Not released when kept: the commit ends it (a round trip less under the event's lock).
              await q.savepoint(tx, 'submit_enrolment');
              const enrolled = await (async () => {
                const result = await conclude(tx, await enroll(tx, locked, attendance, at, hooks));
                const full = await takePlace(tx, place, outlook);
                if (full) throw new PlaceTaken();
                return result;
              })().catch(async (error: unknown) => {
                if (!(error instanceof PlaceTaken)) throw error;
                await q.rollbackToSavepoint(tx, 'submit_enrolment');
                return null;
              });
              if (enrolled) return enrolled;
            }
            // Expected to wait: the waiting list's mail's address and link are made before the lock.
            // The attendee's address and first name are the ones confirmPerson just left on record.
            const mailTo = outlook.limited && !outlook.likelyFree ? await prepareWaitlistJoin(tx, { registrationId: registration.id, at, publicUrl: base }, { email: confirmed.email, first_name: input.firstName }) : undefined;
            const full = await takePlace(tx, place, outlook);
            if (full) {
              waitlistPosition = await joinWaitlist(tx, { registrationId: registration.id, eventId: registration.eventId, queueCodeId: full.queueCodeId, attendance, at, publicUrl: base }, mailTo, hooks, deferred);
              action = 'waitlist-join';
              mailKind = null;
            } else {
              enrolledSummary = await enroll(tx, locked, attendance, at, hooks);
              action = 'registration-enrolled';
              mailKind = 'registration-confirmed';
            }
          } else if (registration.status !== 'Enrolled') {
            throw conflict('You are on the waiting list: your details can be changed once you have a place.');
          } else {
            await changeAttendance(tx, locked, attendance, at, hooks);
            action = 'registration-updated';
            mailKind = 'registration-changed';
          }
        }
        return conclude(tx, enrolledSummary);
      });
    },

    /**
     * Applies one signed Cvent callback. Its id is recorded in the same transaction, so a replay
     * (or the provider's retry of a delivered callback) changes nothing.
     */
    async applyCventCallback(callback: CventCallback, ip: string): Promise<'applied' | 'duplicate'> {
      let freedByCallback: string | null = null;
      const outcome = await db.transaction(async (tx): Promise<'applied' | 'duplicate'> => {
        const at = now();
        if (!(await q.recordProviderCallback(tx, { id: `cvent:${callback.id}`, provider: 'cvent', receivedAt: at }))) return 'duplicate';

        const locked = await q.lockForChange(tx, { providerRef: callback.referenceId });
        if (!locked) throw notFound(`Unknown registration reference ${callback.referenceId}`);
        const { registration } = locked;
        if (callback.type === 'registration.cancelled') {
          if (registration.status !== 'Cancelled') {
            if (registration.status === 'Enrolled' || registration.status === 'Offered') freedByCallback = registration.eventId;
            await cancel(tx, locked, at);
            await queueRegistrationMail(tx, { kind: 'registration-cancelled', registrationId: registration.id, now: at });
          }
        } else {
          const event = await q.findEvent(tx, registration.eventId);
          if (!event) throw notFound('The event of this registration no longer exists.');
          const attendance = normalized({ ...callback, isVirtual: callback.attendance === 'virtual' });
          const errors = attendanceErrors(event, attendance);
          if (errors.length) throw badRequest(errors.map((e) => e.message).join(' '), errors);
          const changing = registration.status === 'Enrolled';
          if (changing) await changeAttendance(tx, locked, attendance, at);
          else await enroll(tx, locked, attendance, at);
          await queueRegistrationMail(tx, { kind: changing ? 'registration-changed' : 'registration-confirmed', registrationId: registration.id, now: at });
        }
        await audit(tx, {
          action: 'provider-callback',
          success: true,
          eventId: registration.eventId,
          ip,
          detail: { provider: 'cvent', callbackId: callback.id, type: callback.type, registrationId: registration.id },
        });
        return 'applied';
      });
      if (freedByCallback) deps.onPlaceFreed?.(freedByCallback);
      return outcome;
    },

    // The background jobs' runs (registration.jobs.ts, transfers.jobs.ts), at the job's own clock.
    /** The `mail-reminders` run: the store reminders and the fresh links of pending registrations, mailed. */
    runReminders(at: Date, options: ReminderOptions): Promise<ReminderRun> {
      if (base === undefined) throw new Error('runReminders: the service was built without publicUrl');
      return runReminders(db, at, base, options);
    },
    /** The transfer offers not accepted in time lapse; their offerers are told. Answers how many lapsed. */
    lapseTransfers: (at: Date) => lapseTransfers(db, at, base),

    // The registration rows the modules above read or lock inside their own transaction
    // (enrollment, the console, the event days): they call these instead of this module's queries.
    findEvent: q.findEvent,
    findPerson: q.findPerson,
    lockStore: q.lockStore,
    lockForChange: q.lockForChange,
    eventLimits: q.eventLimits,
    lockEventForPlaces: q.lockEventForPlaces,
    othersHoldingPlaces: q.othersHoldingPlaces,
  };
  return service;
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
