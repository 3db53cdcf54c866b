/**
 * Get{Provider}Link and GetRevisitURL (docs/api-contract.md, "Enrollment"). Who is enrolled:
 * - the manager flow (isManager / isGeneralManager): the executive or general manager of the
 *   caller's store (a manager enrolling themself corrects their roster name with the names typed);
 * - a dealer's "Other": the person of the caller's store with those names, or a new roster person;
 * - anyone else: the caller.
 * Only dealers enrol others, and only for their own store; a colleague already Enrolled answers 409
 * (a status, never a link into their registration), and only the caller's own name is ever changed.
 * The pending registration, its audit row
 * and the provider's link (a builtin token) are written in one transaction before the link is
 * returned, so nothing typed is lost if the provider is slow or down.
 */
import type { EnrollmentLinkRequest } from '@portal/contracts';
import type { AttendeeType, Db, Tx } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { LinkSubject, RegistrationProvider } from '../registration/provider.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import type { RegistrationService } from '../registration/registration.service.ts';
import { assertLinkAllowed } from '../registration/registration-limits.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { emitPersonEvent, emitRegistrationEvent } from '../webhooks/outbox.ts';
import * as q from './enrollment.queries.ts';

export type EnrollmentLinkInput = Required<Pick<EnrollmentLinkRequest, 'firstName' | 'lastName' | 'isManager' | 'isVirtual' | 'isGeneralManager'>> &
  Pick<EnrollmentLinkRequest, 'regType' | 'eventType'>;

type Flow = 'manager' | 'other' | 'self';

type Event = NonNullable<Awaited<ReturnType<RegistrationService['findEvent']>>>;
type Person = NonNullable<Awaited<ReturnType<typeof q.findPerson>>>;

function subjectOf(registration: q.RegistrationRow, event: Event, person: Person): LinkSubject {
  return {
    registrationId: registration.id,
    providerRef: registration.providerRef,
    eventId: event.id === 'abc' ? 'abc' : 'nbc',
    providerEventCode: event.providerEventCode,
    firstName: person.firstName,
    lastName: person.lastName,
    email: isPlaceholderEmail(person.email) ? null : person.email,
    isVirtual: registration.isVirtual,
  };
}

export interface EnrollmentServiceDeps {
  db: Db;
  provider: RegistrationProvider;
  /** The event and store rows, read and locked in this module's transactions. */
  registration: Pick<RegistrationService, 'findEvent' | 'lockStore'>;
  now?: () => Date;
}

export function createEnrollmentService(deps: EnrollmentServiceDeps) {
  const { db, provider } = deps;
  const { findEvent, lockStore } = deps.registration;
  const now = deps.now ?? (() => new Date());

  /** The attendee of a dealer's request, at the caller's store; the store row stays locked. */
  async function storeAttendee(tx: Tx, user: AuthUser, caller: Person, input: EnrollmentLinkInput, flow: Flow): Promise<{ attendee: Person; storeDlrnum: string }> {
    if (!user.isDealer) throw forbidden('Only dealer staff can enrol a store manager.');
    const storeDlrnum = user.storeCode;
    if (!storeDlrnum || caller.storeDlrnum !== storeDlrnum) throw forbidden('You can enrol attendees of your own store only.');
    const store = await lockStore(tx, storeDlrnum);
    if (!store) throw forbidden('You can enrol attendees of your own store only.');

    if (flow === 'manager') {
      const managerId = input.isGeneralManager ? store.generalManagerId : store.executiveManagerId;
      if (managerId === null) {
        const message = input.isGeneralManager ? 'Your store has no general manager.' : 'Your store has no executive manager.';
        throw badRequest(message, [{ field: input.isGeneralManager ? 'isGeneralManager' : 'isManager', message }]);
      }
      const manager = await q.findPerson(tx, managerId);
      if (!manager) throw badRequest('The manager of your store is not on its roster.');
      return { attendee: manager, storeDlrnum };
    }
    const found = await q.findRosterPersonByName(tx, storeDlrnum, input.firstName, input.lastName);
    return { attendee: found ?? (await q.insertRosterPerson(tx, storeDlrnum, input.firstName, input.lastName)), storeDlrnum };
  }

  return {
    /** The configured provider's name, which names its link route (`Get{Provider}Link`). */
    providerName: provider.name,

    async createLink(user: AuthUser, input: EnrollmentLinkInput, ip: string): Promise<string> {
      if (user.personId === null) throw forbidden('Report users cannot enrol attendees.');
      const personId = user.personId;
      if (input.eventType && input.eventType !== '1' && input.eventType !== user.eventType) {
        const message = `eventType must be the event of your login (${user.eventType}).`;
        throw badRequest(message, [{ field: 'eventType', message }]);
      }
      const flow: Flow = input.isManager || input.isGeneralManager ? 'manager' : user.isDealer ? 'other' : 'self';

      return db.transaction(async (tx) => {
        const at = now();
        const event = await findEvent(tx, user.eventType);
        if (!event) throw badRequest(`Unknown event ${user.eventType}.`);
        if (input.isVirtual && !event.isVirtual) {
          const message = 'This event offers no virtual attendance.';
          throw badRequest(message, [{ field: 'isVirtual', message }]);
        }
        const caller = await q.findPerson(tx, personId);
        if (!caller) throw forbidden('Your account no longer exists. Please log in again.');

        let attendee: Person;
        let storeDlrnum: string | null;
        let attendeeType: AttendeeType;
        if (flow === 'self') {
          attendee = caller;
          // A per-store code's login is bound to its store (the token's), even before a roster names them.
          storeDlrnum = caller.storeDlrnum ?? (user.accessCodeId !== null ? user.storeCode : null);
          attendeeType = await q.attendeeTypeFor(tx, event.id, user.regType, caller.category);
        } else {
          ({ attendee, storeDlrnum } = await storeAttendee(tx, user, caller, input, flow));
          attendeeType = 'dealer';
        }

        await assertLinkAllowed(tx, { eventId: event.id, accessCodeId: user.accessCodeId, at });
        const { row: registration, created, changed } = await q.upsertPending(
          tx,
          { eventId: event.id, attendeeId: attendee.id, storeDlrnum, registeredById: caller.id, attendeeType, isVirtual: input.isVirtual, provider: provider.id, accessCodeId: user.accessCodeId },
          at,
        );
        // Someone else's completed registration is theirs to change (by their own link or an
        // organizer): the caller learns its status, never gets a link into it.
        const ownRegistration = attendee.id === caller.id;
        if (!ownRegistration && registration.status === 'Enrolled') {
          throw conflict(`${attendee.firstName} ${attendee.lastName} is already registered for this event.`);
        }
        if (!ownRegistration && (registration.status === 'Waitlisted' || registration.status === 'Offered')) {
          throw conflict(`${attendee.firstName} ${attendee.lastName} is already on the waiting list for this event.`);
        }
        // The names typed are the caller's own (as on their photo ID); nobody else's roster name is overwritten.
        const renamed = ownRegistration && flow !== 'other' && (attendee.firstName !== input.firstName || attendee.lastName !== input.lastName);
        if (renamed) {
          await q.renamePerson(tx, attendee.id, input.firstName, input.lastName);
          attendee = { ...attendee, firstName: input.firstName, lastName: input.lastName };
        }
        // Reported to webhook endpoints in this transaction, after every change above.
        if (renamed) await emitPersonEvent(tx, attendee.id, at);
        if (changed) await emitRegistrationEvent(tx, created ? 'registration.created' : 'registration.updated', registration.id, at);

        const subject = subjectOf(registration, event, attendee);
        // Enrolled, or on the waiting list: the attendee's own page (position, offer), never a new submit.
        const alreadyEnrolled = registration.status === 'Enrolled' || registration.status === 'Waitlisted' || registration.status === 'Offered';
        const link = alreadyEnrolled ? await provider.revisitLink(tx, subject, at) : await provider.registrationLink(tx, subject, at);
        // A colleague with a known address gets the link by mail as well, so it need not be passed on by hand.
        if (!ownRegistration && subject.email && !alreadyEnrolled) {
          await enqueueMail(tx, { kind: 'registration-link', to: subject.email, event: event.id, data: { firstName: attendee.firstName, link, invitedBy: `${caller.firstName} ${caller.lastName}` } }, at);
        }
        await audit(tx, {
          action: 'enrollment-link',
          success: true,
          actorEmail: user.email,
          eventId: event.id,
          ip,
          detail: {
            registrationId: registration.id,
            attendeeId: attendee.id,
            storeDlrnum,
            flow,
            isGeneralManager: flow === 'manager' && input.isGeneralManager,
            isVirtual: registration.isVirtual,
            status: registration.status,
            created,
            renamed,
            provider: provider.id,
          },
        });
        return link;
      });
    },

    /** A link to the caller's own registration: to complete it while Pending, to change it once Enrolled. */
    async revisitLink(user: AuthUser, ip: string): Promise<string | null> {
      if (user.personId === null) return null;
      const personId = user.personId;
      const registration = await q.findOwnRegistration(db, user.eventType, personId);
      if (!registration || registration.status === 'Cancelled') return null;
      return db.transaction(async (tx) => {
        const at = now();
        const [event, person] = [await findEvent(tx, registration.eventId), await q.findPerson(tx, personId)];
        if (!event || !person) return null;
        const subject = subjectOf(registration, event, person);
        const own = registration.status === 'Enrolled' || registration.status === 'Waitlisted' || registration.status === 'Offered';
        const link = own ? await provider.revisitLink(tx, subject, at) : await provider.registrationLink(tx, subject, at);
        await audit(tx, {
          action: 'enrollment-revisit-link',
          success: true,
          actorEmail: user.email,
          eventId: event.id,
          ip,
          detail: { registrationId: registration.id, status: registration.status, provider: provider.id },
        });
        return link;
      });
    },
  };
}

export type EnrollmentService = ReturnType<typeof createEnrollmentService>;
