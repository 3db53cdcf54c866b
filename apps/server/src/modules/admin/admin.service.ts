/**
 * What organizers change in the console (docs/organizer-console.md). Every change
 * runs in one transaction with its audit row, which carries the organizer's id; registration
 * changes go through the registration module's own state changes (seat hand-over, counts kept by
 * triggers stay right), and the attendee's mail is queued in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  attendanceErrors,
  type AccessCodeCategory,
  type AdminEvent,
  type AdminPerson,
  type AdminRegistrationDetail,
  type CreatedAccessCode,
  type ImportKind,
  type ImportResult,
  type ResendLinkData,
  type UpdateEventRequest,
  type UpdatePersonRequest,
  IMPORT_MAX_ROWS,
  IMPORT_PROBLEMS_MAX,
} from '@portal/contracts';
import { type AttendeeType, type Db, type PersonCategory, type Policy, type Tx } from '@portal/db';
import { accessCodeProblem, hashAccessCode } from '../../lib/access-code.ts';
import { audit, type Actor, type AuditEntry } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { RowLimitError } from '../../import/csv-file.ts';
import { importCsv, type CsvImportFiles } from '../../import/import-csv.ts';
import { queueRegistrationMail, type RegistrationMailKind } from '../mail/mail.service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { emitPersonEvent, emitPersonEvents } from '../webhooks/outbox.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import type { RegistrationProvider } from '../registration/provider.ts';
import { cancel, changeAttendance, normalized } from '../registration/registration.service.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import type { RegistrationService } from '../registration/registration.service.ts';
import { findPersonView, findRegistrationView } from '../registration-views/registration-views.queries.ts';
import { isTimeZone } from '../../lib/time-zone.ts';
import * as q from './admin.queries.ts';
import * as edits from './admin-changes.queries.ts';
import type { BadgesService } from '../badges/badges.service.ts';

function auditAs(actor: Actor, entry: Omit<AuditEntry, 'actorEmail' | 'ip' | 'organizerId' | 'success'> & { success?: boolean }): AuditEntry {
  return { success: true, ...entry, actorEmail: actor.email, ip: actor.ip, organizerId: actor.organizerId };
}

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

interface CodePreset {
  policies: Policy[];
  regType: string;
  attendeeType: AttendeeType;
  agendaGroup: string;
  conferenceGroup: string;
  faqGroup: string;
  label: string;
}

/** What a code of each category admits: the same rules as the demo and imported codes. */
const CODE_PRESETS: Record<AccessCodeCategory, CodePreset> = {
  dealer_staff: { policies: [], regType: 'DLR', attendeeType: 'dealer', agendaGroup: 'dealer', conferenceGroup: 'general', faqGroup: 'general', label: 'Dealer' },
  corporate: { policies: ['corporate'], regType: 'CORP', attendeeType: 'corporate', agendaGroup: 'general', conferenceGroup: 'corporatesub', faqGroup: 'corporate', label: 'Corporate' },
  field: { policies: ['field'], regType: 'FLD', attendeeType: 'field', agendaGroup: 'general', conferenceGroup: 'corporatesub', faqGroup: 'corporate', label: 'Field' },
  sbr: { policies: ['general'], regType: 'SBR', attendeeType: 'sbr', agendaGroup: 'general', conferenceGroup: 'corporatesub', faqGroup: 'corporate', label: 'SBR' },
  distributor: { policies: ['general'], regType: 'DIST', attendeeType: 'distributor', agendaGroup: 'general', conferenceGroup: 'vendordistributor', faqGroup: 'corporate', label: 'Distributor' },
  independent_distributor: { policies: ['general'], regType: 'IDST', attendeeType: 'distributor', agendaGroup: 'general', conferenceGroup: 'inddist', faqGroup: 'corporate', label: 'Independent distributor' },
  vendor: { policies: ['general'], regType: 'VND', attendeeType: 'vendor', agendaGroup: 'general', conferenceGroup: 'vendordistributor', faqGroup: 'corporate', label: 'Vendor' },
  partner: { policies: ['general'], regType: 'PTR', attendeeType: 'partner', agendaGroup: 'general', conferenceGroup: 'corporatesub', faqGroup: 'corporate', label: 'Partner' },
  expo: { policies: ['expo'], regType: 'EXP', attendeeType: 'expo', agendaGroup: 'general', conferenceGroup: 'general', faqGroup: 'general', label: 'Expo' },
  attendee: { policies: ['general'], regType: 'DLR', attendeeType: 'dealer', agendaGroup: 'general', conferenceGroup: 'general', faqGroup: 'general', label: 'Attendee' },
};

/** 32 letters and digits without look-alikes: a byte's low 5 bits pick one without bias. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code of 3 groups of 4 (60 bits), e.g. `K7QM-3XTA-PW9C`. */
export function generateAccessCode(): string {
  const chars = [...randomBytes(12)].map((b) => CODE_ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const IMPORT_FILE_KIND = { network: 'network', rosters: 'rosters', 'access-codes': 'accessCodes', 'report-users': 'reportUsers', sessions: 'sessions' } as const;

export interface AdminServiceDeps {
  db: Db;
  provider: RegistrationProvider;
  /** The event, person and registration rows, read and locked in the console's transactions. */
  registration: Pick<RegistrationService, 'findEvent' | 'findPerson' | 'lockForChange'>;
  codeHashKey: Uint8Array;
  reportEmailDomain: string;
  /** Whether imported codes may be short or on the deny list: only in demo mode, as for the CLI. */
  weakCodesAllowed?: () => Promise<boolean>;
  now?: () => Date;
  /** Checks the report scope an organizer sets on a person (400 for a level or code not in the network). */
  scopes: Pick<ReportScopeService, 'validateStored'>;
  /** Signs the badge the registration detail shows for a reprint (docs/event-days.md). */
  badges?: BadgesService;
  /** Called after a commit that may have freed a place (a cancel, a capacity raise): the waiting list offers it. */
  onPlaceFreed?: (eventId: string) => void;
  /** The registration's answers to the event's questions, for the detail (docs/questions.md). */
  answersOf?: (db: Db | Tx, registrationId: number) => Promise<NonNullable<AdminRegistrationDetail['answers']>>;
}

export function createAdminService(deps: AdminServiceDeps) {
  const { db, provider } = deps;
  const { findEvent, findPerson, lockForChange } = deps.registration;
  const now = deps.now ?? (() => new Date());

  async function registrationDetail(dbOrTx: Db | Tx, id: number): Promise<AdminRegistrationDetail> {
    const row = await findRegistrationView(dbOrTx, id);
    if (!row) throw notFound('No registration with this id.');
    const by = await findPerson(dbOrTx, row.registeredById);
    const { registeredById: _by, ...view } = row;
    const detail: AdminRegistrationDetail = {
      ...view,
      registeredBy: by ? { id: by.id, firstName: by.firstName, lastName: by.lastName, email: isPlaceholderEmail(by.email) ? null : by.email } : null,
      history: await q.registrationHistory(dbOrTx, id),
      ...(deps.badges ? { badge: view.status === 'Enrolled' ? await deps.badges.issue(dbOrTx, id) : null, checkIn: await deps.badges.checkInState(dbOrTx, id) } : {}),
    };
    const answers = deps.answersOf ? await deps.answersOf(dbOrTx, id) : [];
    return answers.length ? { ...detail, answers } : detail;
  }

  /** The attendee's mail about their registration (the mail module's), queued when they have a real address. */
  async function mailAttendee(tx: Tx, registrationId: number, kind: RegistrationMailKind, revisitUrl: string | null): Promise<number | null> {
    return (await queueRegistrationMail(tx, { kind, registrationId, revisitUrl, now: now() })).id;
  }

  return {
    // The console's lists and pages: reads only.
    listEvents: () => q.listEvents(db),
    listAccessCodes: (filter: Parameters<typeof q.listAccessCodes>[1]) => q.listAccessCodes(db, filter, new Date()),
    listRegistrations: (filter: Parameters<typeof q.listRegistrations>[1]) => q.listRegistrations(db, filter),
    listPeople: (filter: Parameters<typeof q.listPeople>[1]) => q.listPeople(db, filter),
    listAudit: (filter: Parameters<typeof q.listAudit>[1]) => q.listAudit(db, filter),
    async person(id: number) {
      const person = await findPersonView(db, id);
      if (!person) throw notFound('No person with this id.');
      return person;
    },
    registrationDetail: (id: number) => registrationDetail(db, id),

    async updateEvent(actor: Actor, eventId: string, input: UpdateEventRequest): Promise<AdminEvent> {
      await db.transaction(async (tx) => {
        const event = await q.lockEvent(tx, eventId);
        if (!event) throw notFound('No event with this id.');
        const next = {
          name: input.name ?? event.name,
          startsOn: input.startsOn ?? event.startsOn,
          endsOn: input.endsOn ?? event.endsOn,
          registrationOpensAt: input.registrationOpensAt === undefined ? event.registrationOpensAt : input.registrationOpensAt ? new Date(input.registrationOpensAt) : null,
          registrationClosesAt: input.registrationClosesAt === undefined ? event.registrationClosesAt : input.registrationClosesAt ? new Date(input.registrationClosesAt) : null,
          isVirtual: input.isVirtual ?? event.isVirtual,
          capacity: input.capacity === undefined ? event.capacity : input.capacity,
          defaultComplimentarySeats: input.defaultComplimentarySeats ?? event.defaultComplimentarySeats,
          reminderDaysBeforeClose: input.reminderDaysBeforeClose === undefined ? event.reminderDaysBeforeClose : input.reminderDaysBeforeClose,
          waitlistOfferMinutes: input.waitlistOfferMinutes ?? event.waitlistOfferMinutes,
          waitlistStoreFirst: input.waitlistStoreFirst ?? event.waitlistStoreFirst,
          timeZone: input.timeZone ?? event.timeZone,
          sessionsOpenAt: input.sessionsOpenAt === undefined ? event.sessionsOpenAt : input.sessionsOpenAt ? new Date(input.sessionsOpenAt) : null,
          sessionsCloseAt: input.sessionsCloseAt === undefined ? event.sessionsCloseAt : input.sessionsCloseAt ? new Date(input.sessionsCloseAt) : null,
          changesCloseAt: input.changesCloseAt === undefined ? event.changesCloseAt : input.changesCloseAt ? new Date(input.changesCloseAt) : null,
          helpDeskEmail: input.helpDeskEmail === undefined ? event.helpDeskEmail : input.helpDeskEmail ? input.helpDeskEmail.toLowerCase() : null,
          helpDeskPhone: input.helpDeskPhone === undefined ? event.helpDeskPhone : input.helpDeskPhone,
        };
        if (!isTimeZone(next.timeZone)) throw fieldError('timeZone', 'Not a known time zone (an IANA name such as America/Los_Angeles).');
        if (next.sessionsOpenAt && next.sessionsCloseAt && next.sessionsCloseAt <= next.sessionsOpenAt) {
          throw fieldError('sessionsCloseAt', 'Session picks must close after they open.');
        }
        if (next.endsOn < next.startsOn) throw fieldError('endsOn', 'The event cannot end before it starts.');
        if (next.registrationOpensAt && next.registrationClosesAt && next.registrationClosesAt <= next.registrationOpensAt) {
          throw fieldError('registrationClosesAt', 'Registration must close after it opens.');
        }
        if (next.reminderDaysBeforeClose !== null && !next.registrationClosesAt) {
          throw fieldError('reminderDaysBeforeClose', 'Reminders before the close need a registration close date.');
        }
        const changed = Object.fromEntries(
          Object.entries(next).filter(([key, value]) => {
            const old = event[key as keyof typeof event];
            return (old instanceof Date ? old.getTime() : old) !== (value instanceof Date ? value.getTime() : value);
          }),
        );
        // The retention period (docs/privacy.md) lives in its own table.
        if (input.retentionDays !== undefined) {
          const kept = await edits.findRetention(tx, event.id);
          if ((kept?.retentionDays ?? null) !== input.retentionDays) {
            if (input.retentionDays === null) await edits.deleteRetention(tx, event.id);
            else await edits.setRetention(tx, event.id, input.retentionDays);
            changed.retentionDays = input.retentionDays;
          }
        }
        if (!Object.keys(changed).length) return;
        const { retentionDays: _retention, ...eventChanges } = changed;
        if (Object.keys(eventChanges).length) await edits.updateEvent(tx, event.id, eventChanges);
        await audit(tx, auditAs(actor, { action: 'admin-event-update', eventId: event.id, detail: { changes: changed } }));
      });
      // A raised capacity (or a longer window) may free places for the waiting list.
      deps.onPlaceFreed?.(eventId);
      const updated = (await q.listEvents(db)).find((e) => e.id === eventId);
      if (!updated) throw notFound('No event with this id.');
      return updated;
    },

    async createAccessCode(
      actor: Actor,
      input: { event: string; code?: string | undefined; category: AccessCodeCategory; label?: string | undefined; storeDlrnum?: string | undefined; seats?: number | undefined; expiresAt?: string | undefined },
    ): Promise<CreatedAccessCode> {
      const at = now();
      if (input.expiresAt && new Date(input.expiresAt) <= at) throw fieldError('expiresAt', 'The expiry must be in the future.');
      return db.transaction(async (tx) => {
        const event = await findEvent(tx, input.event);
        if (!event) throw fieldError('event', 'No event with this id.');
        let storeName: string | null = null;
        if (input.storeDlrnum) {
          const store = await edits.findStoreName(tx, input.storeDlrnum);
          if (!store) throw fieldError('storeDlrnum', `No store ${input.storeDlrnum} in the network.`);
          storeName = store.name;
        }
        let code = input.code;
        if (code) {
          const allEvents = await edits.listEventCodes(tx);
          const problem = accessCodeProblem(code, allEvents);
          if (problem) throw fieldError('code', `The code ${problem}.`);
        } else {
          code = generateAccessCode();
        }
        const preset = CODE_PRESETS[input.category];
        const label = input.label ?? (input.storeDlrnum ? `${preset.label} ${input.storeDlrnum}${storeName ? ` (${storeName})` : ''}` : preset.label);
        let id: number;
        try {
          // A savepoint: a duplicate must not abort the transaction on PostgreSQL before the 409.
          id = await tx.transaction(async (sp) =>
            edits.insertAccessCode(sp, {
              eventId: event.id,
              codeHash: hashAccessCode(code, deps.codeHashKey),
              label: label.slice(0, 120),
              policies: preset.policies,
              regType: preset.regType,
              attendeeType: preset.attendeeType,
              personCategory: input.category as PersonCategory,
              // A per-store code admits any e-mail and binds it to its store; a general dealer code needs the roster.
              requiresRoster: input.category === 'dealer_staff' && !input.storeDlrnum,
              agendaGroup: preset.agendaGroup,
              conferenceGroup: preset.conferenceGroup,
              faqGroup: preset.faqGroup,
              storeDlrnum: input.storeDlrnum ?? null,
              seats: input.seats ?? null,
              expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
            }),
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError(409, 'This code already exists for the event.', [{ field: 'code', message: 'This code already exists for the event.' }]);
          throw error;
        }
        // The code itself is a secret: never in the audit log.
        await audit(tx, auditAs(actor, { action: 'admin-access-code-create', eventId: event.id, detail: { accessCodeId: id, label, category: input.category, storeDlrnum: input.storeDlrnum ?? null, seats: input.seats ?? null, expiresAt: input.expiresAt ?? null, generated: !input.code } }));
        return { id, code };
      });
    },

    async disableAccessCode(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const row = await edits.lockAccessCode(tx, id);
        if (!row) throw notFound('No access code with this id.');
        if (!row.active) return;
        await edits.disableAccessCode(tx, id);
        await audit(tx, auditAs(actor, { action: 'admin-access-code-disable', eventId: row.eventId, detail: { accessCodeId: id, label: row.label } }));
      });
      const view = await q.findAccessCodeView(db, id, now());
      if (!view) throw notFound('No access code with this id.');
      return view;
    },

    async setAccessCodeSeats(actor: Actor, id: number, seats: number | null) {
      const eventId = await db.transaction(async (tx) => {
        const row = await edits.lockAccessCode(tx, id);
        if (!row) throw notFound('No access code with this id.');
        if (!row.storeDlrnum) throw fieldError('seats', 'Only a per-store code has seats of its own.');
        if (row.seats === seats) return null;
        await edits.setAccessCodeSeats(tx, id, seats);
        await audit(tx, auditAs(actor, { action: 'admin-access-code-seats', eventId: row.eventId, detail: { accessCodeId: id, label: row.label, from: row.seats, to: seats } }));
        return row.eventId;
      });
      // More seats (or none of its own any more): the code's waiting list is offered what freed.
      if (eventId) deps.onPlaceFreed?.(eventId);
      const view = await q.findAccessCodeView(db, id, now());
      if (!view) throw notFound('No access code with this id.');
      return view;
    },

    async cancelRegistration(actor: Actor, id: number, reason: string | undefined): Promise<AdminRegistrationDetail> {
      const detail = await db.transaction(async (tx) => {
        const at = now();
        const locked = await lockForChange(tx, { id });
        if (!locked) throw notFound('No registration with this id.');
        const before = locked.registration;
        if (before.status === 'Cancelled') throw conflict('This registration is already cancelled.');
        await cancel(tx, locked, at);
        // Links out for it are of no use any more.
        await edits.retireRegistrationLinks(tx, id, at);
        const mailId = before.status === 'Enrolled' ? await mailAttendee(tx, id, 'registration-cancelled', null) : null;
        await audit(tx, auditAs(actor, { action: 'admin-registration-cancel', eventId: before.eventId, detail: { registrationId: id, previousStatus: before.status, reason: reason ?? null, mailId } }));
        return registrationDetail(tx, id);
      });
      deps.onPlaceFreed?.(detail.event);
      return detail;
    },

    async changeDates(actor: Actor, id: number, input: { isVirtual: boolean; arrivalDate: string | null; departureDate: string | null }): Promise<AdminRegistrationDetail> {
      return db.transaction(async (tx) => {
        const at = now();
        const locked = await lockForChange(tx, { id });
        if (!locked) throw notFound('No registration with this id.');
        const before = locked.registration;
        if (before.status !== 'Enrolled') throw conflict('Only an enrolled registration has dates to change.');
        const event = await findEvent(tx, before.eventId);
        if (!event) throw notFound('The event of this registration no longer exists.');
        const errors = attendanceErrors(event, input);
        if (errors.length) throw badRequest(errors.map((e) => e.message).join(' '), errors);
        const attendance = normalized(input);
        await changeAttendance(tx, locked, attendance, at);
        const mailId = await mailAttendee(tx, id, 'registration-changed', null);
        await audit(
          tx,
          auditAs(actor, {
            action: 'admin-registration-dates',
            eventId: before.eventId,
            detail: {
              registrationId: id,
              before: { isVirtual: before.isVirtual, arrivalDate: before.arrivalDate, departureDate: before.departureDate },
              after: attendance,
              mailId,
            },
          }),
        );
        return registrationDetail(tx, id);
      });
    },

    /**
     * A new link for the attendee: to complete a pending registration, or to review an enrolled one.
     * Older unused links of the registration are retired first, so only the newest one works.
     */
    async resendLink(actor: Actor, id: number): Promise<ResendLinkData> {
      return db.transaction(async (tx) => {
        const at = now();
        const locked = await lockForChange(tx, { id });
        if (!locked) throw notFound('No registration with this id.');
        const registration = locked.registration;
        if (registration.status === 'Cancelled') throw conflict('This registration is cancelled; there is no link to send.');
        const [event, person] = [await findEvent(tx, registration.eventId), await findPerson(tx, registration.attendeeId)];
        if (!event || !person) throw notFound('This registration no longer exists.');
        await edits.retireRegistrationLinks(tx, id, at);
        const email = isPlaceholderEmail(person.email) ? null : person.email;
        const subject = {
          registrationId: id,
          providerRef: registration.providerRef,
          eventId: event.id === 'abc' ? ('abc' as const) : ('nbc' as const),
          providerEventCode: event.providerEventCode,
          firstName: person.firstName,
          lastName: person.lastName,
          email,
          isVirtual: registration.isVirtual,
        };
        const enrolled = registration.status === 'Enrolled';
        // On the waiting list: their own page (position, offer), as for an enrolled attendee.
        const ownPage = enrolled || registration.status === 'Waitlisted' || registration.status === 'Offered';
        // The organizer resends to the attendee's own address: that page shows the badge (the console does too).
        const link = ownPage ? await provider.revisitLink(tx, subject, at, { mailed: email !== null }) : await provider.registrationLink(tx, subject, at);
        let outboxId: number | null = null;
        if (email) {
          outboxId = enrolled
            ? await mailAttendee(tx, id, 'registration-confirmed', link)
            : (await enqueueMail(tx, { kind: 'registration-link', to: email, event: event.id, data: { firstName: person.firstName, link } }, at)).id;
        }
        await audit(tx, auditAs(actor, { action: 'admin-registration-resend-link', eventId: event.id, detail: { registrationId: id, status: registration.status, mailId: outboxId, provider: provider.id } }));
        return { link, queued: outboxId !== null, outboxId };
      });
    },

    async updatePerson(actor: Actor, id: number, input: UpdatePersonRequest): Promise<AdminPerson> {
      await db.transaction(async (tx) => {
        const person = await edits.lockPerson(tx, id);
        if (!person) throw notFound('No person with this id.');
        const changes: edits.PersonChanges = {};
        if (input.firstName !== undefined && input.firstName !== person.firstName) changes.firstName = input.firstName;
        if (input.lastName !== undefined && input.lastName !== person.lastName) changes.lastName = input.lastName;
        if (input.category !== undefined && input.category !== person.category) changes.category = input.category as PersonCategory;
        if (input.company !== undefined && (input.company || null) !== person.company) changes.company = input.company || null;
        if (input.email !== undefined && input.email.toLowerCase() !== person.email) changes.email = input.email.toLowerCase();
        if (input.storeDlrnum !== undefined && input.storeDlrnum !== person.storeDlrnum) {
          if (input.storeDlrnum) {
            if (!(await edits.storeExists(tx, input.storeDlrnum))) throw fieldError('storeDlrnum', `No store ${input.storeDlrnum} in the network.`);
          }
          changes.storeDlrnum = input.storeDlrnum;
        }
        if (input.zoneCode !== undefined && input.zoneCode !== person.zoneCode) {
          if (input.zoneCode && !(await edits.zoneExists(tx, input.zoneCode))) {
            throw fieldError('zoneCode', `No zone ${input.zoneCode} in the network.`);
          }
          changes.zoneCode = input.zoneCode;
        }
        if (input.scope !== undefined) {
          const scope = input.scope ? await deps.scopes.validateStored(tx, { level: input.scope.level, code: input.scope.code ?? null }) : null;
          const level = scope?.level ?? null;
          const code = scope?.code ?? null;
          if (level !== person.reportScopeLevel || code !== person.reportScopeCode) {
            changes.reportScopeLevel = level;
            changes.reportScopeCode = code;
          }
        }
        if (!Object.keys(changes).length) return;
        try {
          await tx.transaction(async (sp) => edits.updatePerson(sp, id, changes));
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError(409, 'This e-mail address belongs to another person.', [{ field: 'email', message: 'This e-mail address belongs to another person.' }]);
          throw error;
        }
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, person[k as keyof typeof person]]));
        await audit(tx, auditAs(actor, { action: 'admin-person-update', detail: { personId: id, before, after: changes } }));
        await emitPersonEvent(tx, id, now());
      });
      const view = await findPersonView(db, id);
      if (!view) throw notFound('No person with this id.');
      return view;
    },

    /** The CLI's import (same parser, same checks), on one uploaded file; all or nothing. */
    async importFile(actor: Actor, kind: ImportKind, text: string, dryRun: boolean): Promise<ImportResult> {
      const fileKind = IMPORT_FILE_KIND[kind];
      const files: CsvImportFiles = { [fileKind]: { name: `${kind}.csv`, content: text } };
      // Asked before the transaction: PGlite has one connection, so a read outside it would wait forever.
      const allowWeakCodes = (await deps.weakCodesAllowed?.()) ?? false;
      return db.transaction(async (tx) => {
        let result;
        try {
          const events = { peopleUpdated: emitPersonEvents };
          result = await importCsv(tx, files, { codeHashKey: deps.codeHashKey, reportEmailDomain: deps.reportEmailDomain, dryRun, allowWeakCodes, maxRows: IMPORT_MAX_ROWS, events });
        } catch (error) {
          if (error instanceof RowLimitError) throw new AppError(413, `The file has more than ${error.limit.toLocaleString('en-US')} rows: an import file has at most ${error.limit.toLocaleString('en-US')} rows. Split it into smaller files.`);
          throw error;
        }
        if (!result.ok) {
          if (!dryRun) await audit(tx, auditAs(actor, { action: 'admin-import', success: false, detail: { kind, problems: result.problems.length } }));
          // The first problems and a count: 60,000 problems are no use to read and megabytes to send.
          return { ok: false, dryRun, committed: false, counts: null, problems: result.problems.slice(0, IMPORT_PROBLEMS_MAX), problemsTotal: result.problems.length };
        }
        if (!dryRun) await audit(tx, auditAs(actor, { action: 'admin-import', detail: { kind, counts: result.counts } }));
        return { ok: true, dryRun, committed: !dryRun, counts: result.counts as ImportResult['counts'], problems: [], problemsTotal: 0 };
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
