/**
 * The console's side of the event days (docs/event-days.md): door devices, conflicts, badges of a
 * registration, walk-ins and same-store substitution (also reached by a door device with the right).
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  DEVICE_HELD_FIELDS,
  type CheckInConflict,
  type CheckInDevice,
  type CreateCheckInDeviceRequest,
  type CreatedCheckInDevice,
  type BadgeLayout,
  type CheckInActivity,
  DEVICE_STALE_AFTER_MS,
  type SubstituteData,
  type SubstituteRequest,
  type WalkInData,
  type WalkInRequest,
  type WebhookCheckInData,
  type WebhookCheckInUndoneData,
} from '@portal/contracts';
import { schema, type Db, type PersonCategory, type Tx } from '@portal/db';
import { hashAccessCode } from '../../lib/access-code.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { emitRegistrationEvent, queueEventBatch } from '../webhooks/outbox.ts';
import { requireEmailConfirmation } from '../mail/mail.service.ts';
import type { RegistrationService } from '../registration/registration.service.ts';
import type { BadgesService } from '../badges/badges.service.ts';
import { streamBadgesPdf, type BadgesFilter } from './badge-pdf.ts';
import {
  badgeCheckInOf,
  checkInAtConsole,
  checkInWalkIn,
  clearCheckIn,
  conflictRows,
  doorActivity,
  deviceListRows,
  eventExists,
  findPersonByEmail,
  findPersonById,
  insertDevice,
  sessionForDoor,
  insertPersonInSavepoint,
  insertRegistration,
  lockBadge,
  lockBadgeCheckedInAt,
  lockBadgeCheckIn,
  lockDevice,
  lockRegistrationById,
  lockRegistrationOf,
  countBadgePrint,
  markDeviceRevoked,
  markEnrolled,
  registrationIdOf,
  registrationStatusOf,
  setAttendee,
  storeExists,
} from './event-days.queries.ts';

/** Who does it: an organizer in the console, or a door device with the right. */
export type DaysActor =
  | { kind: 'organizer'; organizerId: number; email: string; ip: string }
  | { kind: 'device'; deviceId: number; name: string; ip: string };

/** A pairing code: 10 characters of an alphabet without look-alikes, as `XXXXX-XXXXX` (about 50 bits). */
const PAIRING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PAIRING_TTL_MS = 24 * 60 * 60 * 1000;

export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function auditActor(actor: DaysActor) {
  return actor.kind === 'organizer'
    ? { organizerId: actor.organizerId, actorEmail: actor.email, ip: actor.ip }
    : { actorEmail: `device:${actor.deviceId}`, ip: actor.ip };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface EventDaysServiceOptions {
  db: Db;
  badges: BadgesService;
  codeHashKey: Uint8Array;
  /** The portal's address, for the confirmation link mailed to a person a door created. */
  publicUrl: string;
  /** The event's capacity and the places others hold, read under the event's lock at the door. */
  registration: Pick<RegistrationService, 'eventLimits' | 'lockEventForPlaces' | 'othersHoldingPlaces'>;
  now?: () => Date;
}

/** A door names someone it may not register: no name, nothing about them (docs/security.md). */
const OFF_ROSTER_MESSAGE = 'No person with this id on the event’s roster.';
const EMAIL_ON_FILE_MESSAGE = 'This e-mail is on file for someone this door cannot register with these details. An organizer can do it in the console.';

/** Names compared as a doorkeeper types them: case, accents and spacing aside. */
function sameName(a: string, b: string | undefined): boolean {
  const fold = (v: string) => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return b !== undefined && fold(a) === fold(b);
}

export type EventDaysService = ReturnType<typeof createEventDaysService>;

export function createEventDaysService(options: EventDaysServiceOptions) {
  const { db, badges } = options;
  const { eventLimits, lockEventForPlaces, othersHoldingPlaces } = options.registration;
  const now = options.now ?? (() => new Date());

  async function createDevice(actor: DaysActor & { kind: 'organizer' }, body: CreateCheckInDeviceRequest): Promise<CreatedCheckInDevice> {
    const at = now();
    const pairingCode = newPairingCode();
    const expiresAt = new Date(at.getTime() + PAIRING_TTL_MS);
    const sessionId = body.sessionId ?? null;
    return db.transaction(async (tx) => {
      if (sessionId !== null) {
        const session = await sessionForDoor(tx, sessionId);
        if (!session || session.eventId !== body.event) throw badRequest(`No session ${sessionId} in ${body.event}.`, [{ field: 'sessionId', message: `is not a session of ${body.event}` }]);
        if (session.cancelledAt) throw badRequest('This session is cancelled: a door cannot count it.', [{ field: 'sessionId', message: 'is cancelled' }]);
      }
      const device = await insertDevice(tx, {
        eventId: body.event,
        name: body.name.trim(),
        pairingCodeHash: hashAccessCode(pairingCode, options.codeHashKey),
        pairingExpiresAt: expiresAt,
        canWalkIn: body.canWalkIn ?? false,
        canSubstitute: body.canSubstitute ?? false,
        sessionId,
        createdByOrganizerId: actor.organizerId,
        createdAt: at,
      });
      await audit(tx, { action: 'checkin-device-created', success: true, eventId: body.event, ...auditActor(actor), detail: { deviceId: device.id, name: body.name, canWalkIn: body.canWalkIn ?? false, canSubstitute: body.canSubstitute ?? false, sessionId } });
      return { id: device.id, pairingCode, pairingExpiresAt: expiresAt.toISOString() };
    });
  }

  async function revokeDevice(actor: DaysActor & { kind: 'organizer' }, id: number): Promise<CheckInDevice> {
    await db.transaction(async (tx) => {
      const device = await lockDevice(tx, id);
      if (!device) throw notFound('No door device with this id.');
      if (device.revokedAt) throw conflict('This door device is already revoked.');
      await markDeviceRevoked(tx, id, now());
      await audit(tx, { action: 'checkin-device-revoked', success: true, eventId: device.eventId, ...auditActor(actor), detail: { deviceId: id, name: device.name } });
    });
    const [view] = await listDevices({ id });
    return view!;
  }

  async function listDevices(filter: { event?: string | undefined; id?: number }): Promise<CheckInDevice[]> {
    const rows = await deviceListRows(db, filter);
    const at = now();
    const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
    return rows.map((d) => {
      const state: CheckInDevice['state'] = d.revokedAt
        ? 'revoked'
        : d.pairedAt
          ? 'paired'
          : d.demoPairing || (d.hasCode && d.pairingExpiresAt && new Date(d.pairingExpiresAt) > at)
            ? 'pairing'
            : 'expired';
      const holds = state === 'revoked' || !d.lastRosterAt ? { fields: [], rows: 0, asOf: null } : { fields: [...DEVICE_HELD_FIELDS], rows: d.heldRows, asOf: iso(d.lastRosterAt) };
      return {
        id: d.id,
        event: d.event,
        name: d.name,
        state,
        canWalkIn: d.canWalkIn,
        canSubstitute: d.canSubstitute,
        session: d.sessionId === null ? null : { id: d.sessionId, title: d.sessionTitle ?? '' },
        pairingExpiresAt: state === 'pairing' ? iso(d.pairingExpiresAt) : null,
        pairedAt: iso(d.pairedAt),
        revokedAt: iso(d.revokedAt),
        lastSyncAt: iso(d.lastSyncAt),
        lastRosterAt: iso(d.lastRosterAt),
        scans: d.scans,
        checkIns: d.checkIns,
        conflicts: d.conflicts,
        prints: d.prints,
        holds,
      };
    });
  }

  /** Each door's count, live (the console's event days page polls it). */
  async function activity(event: string): Promise<CheckInActivity> {
    const at = now();
    const [{ timeZone, doors, hours }, devices] = await Promise.all([doorActivity(db, event, at), listDevices({ event })]);
    const stateOf = new Map(devices.map((d) => [d.id, d.state]));
    return {
      asOf: at.toISOString(),
      timeZone,
      doors: doors.map((d) => {
        const state = stateOf.get(d.deviceId) ?? 'expired';
        const lastSyncAt = d.lastSyncAt === null ? null : new Date(d.lastSyncAt);
        return {
          deviceId: d.deviceId,
          name: d.name,
          state,
          lastSyncAt: lastSyncAt?.toISOString() ?? null,
          stale: state === 'paired' && (lastSyncAt === null || at.getTime() - lastSyncAt.getTime() > DEVICE_STALE_AFTER_MS),
          scansLast15Min: d.scansLast15Min,
          scansToday: d.scansToday,
          prints: d.prints,
        };
      }),
      arrivalsByHour: hours,
    };
  }

  async function conflicts(event: string): Promise<CheckInConflict[]> {
    return (await conflictRows(db, event)).map((r) => ({
      registrationId: r.registrationId,
      attendeeName: r.attendeeName,
      storeName: r.storeName,
      first: { at: new Date(r.firstAt).toISOString(), door: r.firstDoor, device: r.firstDevice },
      second: { at: new Date(r.secondAt).toISOString(), door: r.secondDoor, device: r.secondDevice, scanId: r.scanId },
    }));
  }

  /** A person given by id, or by e-mail (created when new, with the store given). */
  async function personFor(tx: Tx, given: { personId?: number | undefined; email?: string | undefined; firstName?: string | undefined; lastName?: string | undefined }, store: string | null, category: PersonCategory) {
    if (given.personId !== undefined) {
      const person = await findPersonById(tx, given.personId);
      if (!person) throw notFound('No person with this id.');
      return person;
    }
    const email = given.email!.toLowerCase();
    const existing = await findPersonByEmail(tx, email);
    if (existing) return existing;
    try {
      return await insertPersonInSavepoint(tx, { email, firstName: given.firstName!, lastName: given.lastName!, storeDlrnum: store, category });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A person with this e-mail was added at the same moment; try again.');
      throw error;
    }
  }

  /**
   * The person a door device names, within what a door may do (docs/security.md, door devices): an
   * id must be of someone on a store roster (of `store` when given) or registered for the event,
   * else 404 with no name; an e-mail already on file is used only for such a person whose names
   * match what was typed, else 409 saying nothing of them; a new address makes a new person whose
   * address is unconfirmed (mailed a link), so it opens no store login until its owner confirms it.
   */
  async function doorPersonFor(
    tx: Tx,
    eventId: string,
    given: { personId?: number | undefined; email?: string | undefined; firstName?: string | undefined; lastName?: string | undefined },
    store: string | null,
    category: PersonCategory,
  ) {
    const onRoster = async (person: { id: number; storeDlrnum: string | null }) =>
      store !== null ? person.storeDlrnum === store : person.storeDlrnum !== null || (await registrationIdOf(tx, eventId, person.id)) !== undefined;
    if (given.personId !== undefined) {
      const person = await findPersonById(tx, given.personId);
      if (!person || !(await onRoster(person))) throw notFound(OFF_ROSTER_MESSAGE);
      return { person, created: false };
    }
    const email = given.email!.toLowerCase();
    const existing = await findPersonByEmail(tx, email);
    if (existing) {
      if (!sameName(existing.firstName, given.firstName) || !sameName(existing.lastName, given.lastName) || !(await onRoster(existing))) {
        throw new AppError(409, EMAIL_ON_FILE_MESSAGE, [{ field: 'email', message: 'is on file for someone else' }]);
      }
      return { person: existing, created: false };
    }
    let person;
    try {
      person = await insertPersonInSavepoint(tx, { email, firstName: given.firstName!, lastName: given.lastName!, storeDlrnum: store, category, emailVerified: false });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A person with this e-mail was added at the same moment; try again.');
      throw error;
    }
    await requireEmailConfirmation(tx, { personId: person.id, email, firstName: person.firstName, eventId, publicUrl: options.publicUrl, now: now() });
    return { person, created: true };
  }

  /** A door's refusal (404/409), audited with the device after its transaction rolled back. */
  async function auditDoorRefusal(actor: DaysActor, action: 'walk-in' | 'registration-substituted', eventId: string, error: unknown, detail: Record<string, unknown>): Promise<void> {
    if (actor.kind !== 'device' || !(error instanceof AppError) || error.statusCode >= 500) return;
    await audit(db, { action, success: false, eventId, ...auditActor(actor), detail: { ...detail, deviceId: actor.deviceId, deviceName: actor.name, status: error.statusCode, reason: error.message } });
  }

  async function walkIn(actor: DaysActor, body: WalkInRequest & { event?: string | undefined }): Promise<WalkInData> {
    if (!body.event) throw badRequest('Invalid body: event is required', [{ field: 'event', message: 'event is required' }]);
    const eventId = body.event;
    try {
      return await walkInTx(actor, body, eventId);
    } catch (error) {
      await auditDoorRefusal(actor, 'walk-in', eventId, error, { personId: body.personId ?? null, storeDlrnum: body.storeDlrnum ?? null });
      throw error;
    }
  }

  async function walkInTx(actor: DaysActor, body: WalkInRequest, eventId: string): Promise<WalkInData> {
    const door = body.door ?? (actor.kind === 'device' ? actor.name : 'Console');
    return db.transaction(async (tx) => {
      const at = now();
      if (!(await eventExists(tx, eventId))) throw notFound('No such event.');
      let store: string | null = body.storeDlrnum ?? null;
      if (store) {
        if (!(await storeExists(tx, store))) throw badRequest(`No store ${store}.`, [{ field: 'storeDlrnum', message: 'is not a known store' }]);
      }
      const category: PersonCategory = store ? 'dealer_staff' : 'attendee';
      const { person, created } = actor.kind === 'device' ? await doorPersonFor(tx, eventId, body, store, category) : { person: await personFor(tx, body, store, category), created: false };
      store = store ?? person.storeDlrnum;
      // A door does not fill the house beyond its capacity: an organizer can, in the console.
      if (actor.kind === 'device') await assertPlaceForDoor(tx, eventId, person.id);
      const existing = await lockRegistrationOf(tx, eventId, person.id);
      let registrationId: number;
      if (existing) {
        registrationId = existing.id;
        if (existing.status !== 'Enrolled') {
          await markEnrolled(tx, existing.id, at);
          await emitRegistrationEvent(tx, 'registration.updated', existing.id, at);
        }
      } else {
        registrationId = await insertRegistration(tx, {
          eventId,
          attendeeId: person.id,
          storeDlrnum: store,
          registeredById: person.id,
          attendeeType: schema.ATTENDEE_TYPE_BY_CATEGORY[person.category],
          status: 'Enrolled',
          enrolledAt: at,
          provider: 'builtin',
          providerRef: `walkin_${randomBytes(12).toString('hex')}`,
          createdAt: at,
          updatedAt: at,
        });
        await emitRegistrationEvent(tx, 'registration.created', registrationId, at);
      }
      const badge = (await badges.issue(tx, registrationId))!;
      let checkedInAt: Date | null = null;
      if (body.checkIn !== false) {
        const before = await lockBadgeCheckedInAt(tx, registrationId);
        // The door device is recorded only when it created the registration; otherwise the stored one stays.
        checkedInAt = await checkInWalkIn(tx, registrationId, { at, door, deviceId: actor.kind === 'device' && !existing ? actor.deviceId : null });
        if (checkedInAt && !before?.at) {
          const data: WebhookCheckInData = {
            registrationId,
            event: eventId,
            door,
            device: actor.kind === 'device' ? { id: actor.deviceId, name: actor.name } : null,
            scanId: null,
            source: 'walk-in',
            checkedInAt: new Date(checkedInAt).toISOString(),
          };
          await queueEventBatch(tx, [{ type: 'checkin.created', orderingKey: `registration:${registrationId}`, data }], at);
        }
      }
      await audit(tx, {
        action: 'walk-in',
        success: true,
        eventId,
        ...auditActor(actor),
        detail: {
          registrationId,
          personId: person.id,
          door,
          checkedIn: checkedInAt !== null,
          ...(actor.kind === 'device' ? { deviceId: actor.deviceId, deviceName: actor.name, newPerson: created, emailConfirmed: person.emailVerified } : {}),
        },
      });
      return { registrationId, personId: person.id, name: `${person.firstName} ${person.lastName}`, badge, checkedInAt: checkedInAt ? new Date(checkedInAt).toISOString() : null };
    });
  }

  /** 409 when the event has a capacity and the others' places fill it (the attendee's own registration holds its place already). */
  async function assertPlaceForDoor(tx: Tx, eventId: string, attendeeId: number): Promise<void> {
    const event = await eventLimits(tx, eventId);
    if (!event || event.capacity === null) return;
    await lockEventForPlaces(tx, eventId);
    if ((await othersHoldingPlaces(tx, { eventId }, attendeeId)) >= event.capacity) {
      throw new AppError(409, `${event.name} is full: all ${event.capacity} places are taken. A walk-in beyond the capacity needs an organizer in the console.`);
    }
  }

  async function substitute(actor: DaysActor, registrationId: number, body: SubstituteRequest, deviceEvent?: string): Promise<SubstituteData> {
    try {
      return await substituteTx(actor, registrationId, body, deviceEvent);
    } catch (error) {
      if (deviceEvent !== undefined) await auditDoorRefusal(actor, 'registration-substituted', deviceEvent, error, { registrationId, personId: body.personId ?? null });
      throw error;
    }
  }

  async function substituteTx(actor: DaysActor, registrationId: number, body: SubstituteRequest, deviceEvent?: string): Promise<SubstituteData> {
    return db.transaction(async (tx) => {
      const at = now();
      const registration = await lockRegistrationById(tx, registrationId);
      if (!registration || (deviceEvent !== undefined && registration.eventId !== deviceEvent)) throw notFound('No registration with this id.');
      if (registration.status !== 'Enrolled') throw conflict('Only an enrolled registration can pass to a colleague.');
      if (!registration.storeDlrnum) throw conflict('Only a store’s registration can pass to a colleague of the same store.');
      const person =
        actor.kind === 'device'
          ? (await doorPersonFor(tx, registration.eventId, body, registration.storeDlrnum, 'dealer_staff')).person
          : await personFor(tx, body, registration.storeDlrnum, 'dealer_staff');
      if (person.id === registration.attendeeId) throw conflict('This person already holds the registration.');
      if (person.storeDlrnum !== registration.storeDlrnum) {
        const message = `The colleague must be of the same store (${registration.storeDlrnum}).`;
        throw new AppError(409, message, [{ field: 'personId', message }]);
      }
      const other = await registrationIdOf(tx, registration.eventId, person.id);
      if (other !== undefined) throw conflict('This colleague already has a registration for the event.');
      // The trigger raises the badge version: the old badge no longer admits. The new person has not arrived.
      const held = await lockBadgeCheckIn(tx, registrationId);
      await setAttendee(tx, registrationId, person.id, at);
      await clearCheckIn(tx, registrationId);
      await emitRegistrationEvent(tx, 'registration.updated', registrationId, at);
      // The old holder's arrival goes with them: receivers hear it taken back, after the change.
      if (held?.at) {
        const data: WebhookCheckInUndoneData = {
          registrationId,
          event: registration.eventId,
          door: actor.kind === 'device' ? actor.name : 'Console',
          device: actor.kind === 'device' ? { id: actor.deviceId, name: actor.name } : null,
          scanId: null,
          source: 'substitution',
          undoneAt: at.toISOString(),
          checkIn: { at: held.at.toISOString(), door: held.door ?? '' },
        };
        await queueEventBatch(tx, [{ type: 'checkin.undone', orderingKey: `registration:${registrationId}`, data }], at);
      }
      await audit(tx, {
        action: 'registration-substituted',
        success: true,
        eventId: registration.eventId,
        ...auditActor(actor),
        detail: {
          registrationId,
          previousPersonId: registration.attendeeId,
          personId: person.id,
          reason: body.reason ?? null,
          ...(actor.kind === 'device' ? { deviceId: actor.deviceId, deviceName: actor.name, emailConfirmed: person.emailVerified } : {}),
        },
      });
      const badge = (await badges.issue(tx, registrationId))!;
      return { registrationId, previousPersonId: registration.attendeeId, personId: person.id, name: `${person.firstName} ${person.lastName}`, badge };
    });
  }

  /**
   * A badge printed one by one (a door's Print badge or print on scan, the console's reprint):
   * counted on the badge and the device, audited (`badge-printed`). 404 outside the caller's event.
   */
  async function recordBadgePrint(actor: DaysActor, registrationId: number, layout: BadgeLayout, withinEvent: string): Promise<{ eventId: string; prints: number }> {
    return db.transaction(async (tx) => {
      const registration = await registrationStatusOf(tx, registrationId);
      if (!registration || registration.eventId !== withinEvent) throw notFound('No registration with this id.');
      if (registration.status !== 'Enrolled') throw conflict('Only an enrolled registration has a badge to print.');
      const prints = await countBadgePrint(tx, registrationId, actor.kind === 'device' ? actor.deviceId : null);
      await audit(tx, {
        action: 'badge-printed',
        success: true,
        eventId: registration.eventId,
        ...auditActor(actor),
        detail: { registrationId, layout, print: prints, ...(actor.kind === 'device' ? { deviceId: actor.deviceId, deviceName: actor.name } : {}) },
      });
      return { eventId: registration.eventId, prints };
    });
  }

  /** Console: check a registration in (or undo) by hand, e.g. at the help desk. */
  async function consoleCheckIn(actor: DaysActor & { kind: 'organizer' }, registrationId: number, undo: boolean) {
    return db.transaction(async (tx) => {
      const row = await lockBadge(tx, registrationId);
      const registration = await registrationStatusOf(tx, registrationId);
      if (!registration) throw notFound('No registration with this id.');
      if (!row) throw conflict('This registration has no badge (it was never enrolled).');
      if (!undo && registration.status !== 'Enrolled') throw conflict('Only an enrolled registration can be checked in.');
      const at = now();
      const hook = { registrationId, event: registration.eventId, door: 'Console', device: null, scanId: null, source: 'console' as const };
      const orderingKey = `registration:${registrationId}`;
      if (!undo && !row.checkedInAt) {
        await checkInAtConsole(tx, registrationId, at);
        await queueEventBatch(tx, [{ type: 'checkin.created', orderingKey, data: { ...hook, checkedInAt: at.toISOString() } satisfies WebhookCheckInData }], at);
      } else if (undo && row.checkedInAt) {
        await clearCheckIn(tx, registrationId);
        const data: WebhookCheckInUndoneData = { ...hook, undoneAt: at.toISOString(), checkIn: { at: row.checkedInAt.toISOString(), door: row.checkedInDoor ?? '' } };
        await queueEventBatch(tx, [{ type: 'checkin.undone', orderingKey, data }], at);
      }
      await audit(tx, { action: undo ? 'check-in-undone' : 'checked-in', success: true, eventId: registration.eventId, ...auditActor(actor), detail: { registrationId } });
      const after = await badgeCheckInOf(tx, registrationId);
      return { registrationId, checkedInAt: after?.checkedInAt ? after.checkedInAt.toISOString() : null, door: after?.door ?? null };
    });
  }

  return { createDevice, revokeDevice, listDevices, activity, conflicts, walkIn, substitute, consoleCheckIn, recordBadgePrint, checkInOf: (id: number) => badges.checkInState(db, id), badgeOf: (id: number) => badges.issue(db, id),
    /** The badges of the filter as one PDF, streamed page by page. */
    badgesPdf: (filter: BadgesFilter, log: { error: (o: object, m: string) => void }) => streamBadgesPdf(db, badges.keys, filter, log) };
}
