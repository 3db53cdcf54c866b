/**
 * A person's own data, erasure requests, erasure by an organizer (docs/privacy.md). Retention is
 * in retention.ts; the erasure passes themselves in erasure.ts.
 */
import type { AdminErasureRequest, ErasureRequest, ErasureResult, PersonalData } from '@portal/contracts';
import type { Db, DbOrTx, Tx } from '@portal/db';
import { audit, type Actor } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import { ERASED_MARKER } from './erasure-markers.ts';
import { lockTargets } from './erasure.queries.ts';
import { eraseTargeted, relatedPattern, sweepCatalogue } from './erasure.ts';
import {
  auditByActor,
  auditOfRegistrations,
  countErasureRequests,
  digestSubscriptionsOf,
  emailConfirmationsOf,
  erasureRequestPage,
  erasureRequestsOf,
  findOpenErasureRequest,
  insertErasureRequest,
  isErased,
  mailsTo,
  personExists,
  registrationsOfAttendee,
  type AuditRow,
  type ErasureRequestStatus,
} from './privacy.queries.ts';
import { findPersonWithStore } from '../registration-views/registration-views.queries.ts';
import { answersOfRegistrations } from '../questions/questions.service.ts';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
const HISTORY_LIMIT = 500;

function byWhom(row: AuditRow, email: string): PersonalData['activity'][number]['by'] {
  if (row.organizerId !== null) return 'organizer';
  if (row.actorEmail === null) return 'system';
  return row.actorEmail === email ? 'you' : 'someone-else';
}

/** Everything the portal holds about one person, as the JSON of `GET /api/Me/Data`. */
export async function personalData(db: DbOrTx, personId: number, now: Date): Promise<PersonalData | undefined> {
  const row = await findPersonWithStore(db, personId);
  if (!row) return undefined;
  const p = row.person;
  const email = p.email;
  const regs = await registrationsOfAttendee(db, personId);
  const history = regs.length
    ? await auditOfRegistrations(
        db,
        regs.map((r) => r.id),
        HISTORY_LIMIT * 4,
      )
    : [];
  const answers = await answersOfRegistrations(
    db,
    regs.map((r) => r.id),
  );
  const mails = await mailsTo(db, email);
  const activity = await auditByActor(db, email, HISTORY_LIMIT);
  const confirmations = await emailConfirmationsOf(db, personId);
  const digests = await digestSubscriptionsOf(db, personId);
  const requests = await erasureRequestsOf(db, personId);
  const view = (a: AuditRow) => ({ at: a.at.toISOString(), action: a.action, success: a.success, by: byWhom(a, email), detail: a.detail ?? null });
  return {
    exportedAt: now.toISOString(),
    person: {
      id: p.id,
      email: isPlaceholderEmail(email) ? null : email,
      firstName: p.firstName,
      lastName: p.lastName,
      category: p.category,
      company: p.company,
      storeDlrnum: p.storeDlrnum,
      storeName: row.storeName,
      zoneCode: p.zoneCode,
      reportScope: p.reportScopeLevel ? { level: p.reportScopeLevel, code: p.reportScopeCode } : null,
      createdAt: p.createdAt.toISOString(),
      erasedAt: iso(row.erasedAt),
    },
    registrations: regs.map((r) => ({
      id: r.id,
      event: r.eventId,
      status: r.status,
      attendeeType: r.attendeeType,
      storeDlrnum: r.storeDlrnum,
      isVirtual: r.isVirtual,
      arrivalDate: r.arrivalDate,
      departureDate: r.departureDate,
      enrolledAt: iso(r.enrolledAt),
      isFree: r.isFree,
      provider: r.provider,
      registeredBySelf: r.registeredById === personId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      history: history.filter((a) => a.detail?.registrationId === r.id).slice(0, HISTORY_LIMIT).map(view),
      answers: answers.filter((a) => a.registrationId === r.id).map(({ registrationId: _r, ...a }) => a),
    })),
    mails: mails.map((m) => ({ id: m.id, kind: m.kind, event: m.eventId, subject: m.subject, createdAt: m.createdAt.toISOString(), sentAt: iso(m.sentAt), status: m.status })),
    checkIns: [],
    consents: [
      ...confirmations.map((c) => ({
        kind: 'email-confirmation',
        at: iso(c.usedAt ?? c.createdAt),
        state: c.usedAt ? 'confirmed' : c.expiresAt <= now ? 'expired' : 'asked',
        event: null,
      })),
      ...digests.map((d) => ({ kind: 'weekly-digest', at: d.updatedAt.toISOString(), state: d.active ? 'subscribed' : 'unsubscribed', event: d.eventId })),
    ],
    activity: activity.map((a) => ({ ...view(a), ip: a.ip })),
    erasureRequests: requests.map((r) => ({ id: r.id, requestedAt: r.requestedAt.toISOString(), status: r.status })),
  };
}

/** A signed-in attendee asks for erasure: one open request per person (asking again answers it). */
export async function requestErasure(db: Db, input: { personId: number; email: string; eventId: string | null; ip: string; now: Date }): Promise<{ request: ErasureRequest; created: boolean }> {
  return db.transaction(async (tx) => fileErasureRequest(tx, input));
}

/** Files the request in the caller's transaction (the mailed confirmation link uses it with its token). */
export async function fileErasureRequest(tx: Tx, input: { personId: number; email: string; eventId: string | null; ip: string; now: Date }): Promise<{ request: ErasureRequest; created: boolean }> {
  if (await isErased(tx, input.personId)) throw conflict('Your data has already been erased.');
  const inserted = await insertErasureRequest(tx, input.personId, input.now);
  const created = inserted.length > 0;
  const row = created ? inserted[0] : await findOpenErasureRequest(tx, input.personId);
  if (!row) throw conflict('The request could not be recorded; please try again.');
  if (created) await audit(tx, { action: 'erasure-request', success: true, actorEmail: input.email, eventId: input.eventId, ip: input.ip, detail: { personId: input.personId, requestId: row.id } });
  return { request: { id: row.id, requestedAt: row.requestedAt.toISOString(), status: row.status }, created };
}

export async function listErasureRequests(db: DbOrTx, filter: { status?: string | undefined; page: number; pageSize: number }): Promise<{ rows: AdminErasureRequest[]; total: number }> {
  const status = filter.status ? (filter.status as ErasureRequestStatus) : undefined;
  const [rows, total] = await Promise.all([erasureRequestPage(db, status, filter.page, filter.pageSize), countErasureRequests(db, status)]);
  return {
    rows: rows.map(({ r, firstName, lastName, email }) => ({
      id: r.id,
      personId: r.personId,
      firstName,
      lastName,
      email: isPlaceholderEmail(email) ? null : email,
      requestedAt: r.requestedAt.toISOString(),
      status: r.status,
      handledAt: iso(r.handledAt),
    })),
    total,
  };
}

/** The reason as stored: the person's name or address typed into it is replaced as well. */
function reasonWithoutThem(reason: string, pattern: string | null): string {
  if (!pattern) return reason;
  // The same alternatives as the SQL pattern; PostgreSQL's \m and \M are word starts and ends.
  const js = pattern.replace(/\\m/g, '\\b').replace(/\\M/g, '\\b');
  return reason.replace(new RegExp(js, 'giu'), ERASED_MARKER);
}

/** `POST /api/Admin/People/{id}/Erase`: both passes and the audit row, in one transaction. */
export async function erasePerson(db: Db, actor: Actor, personId: number, reason: string, now: Date): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    if (!(await personExists(tx, personId))) throw notFound('No person with this id.');
    const [target] = await lockTargets(tx, [personId]);
    if (!target) throw conflict('This person has already been erased.');
    const counts = await eraseTargeted(tx, [target], { now, via: 'console', organizerId: actor.organizerId });
    const swept = await sweepCatalogue(tx, [target]);
    const sweptRows = Object.values(swept).reduce((a, b) => a + b, 0);
    await audit(tx, {
      action: 'admin-person-erase',
      success: true,
      actorEmail: actor.email,
      organizerId: actor.organizerId,
      ip: actor.ip,
      detail: { personId, reason: reasonWithoutThem(reason, relatedPattern([target])), counts: { ...counts, sweptRows }, sweptTables: Object.keys(swept) },
    });
    return { personId, erasedAt: now.toISOString(), counts: { ...counts, sweptRows } };
  });
}

/** `GET /api/Admin/People/{id}/Data`, audited. */
export async function personalDataForOrganizer(db: Db, actor: Actor, personId: number, now: Date): Promise<PersonalData> {
  const data = await personalData(db, personId, now);
  if (!data) throw notFound('No person with this id.');
  await audit(db, { action: 'admin-person-data-export', success: true, actorEmail: actor.email, organizerId: actor.organizerId, ip: actor.ip, detail: { personId } });
  return data;
}
