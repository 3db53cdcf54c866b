/** The privacy module's reads and writes (docs/decisions/013-module-shape.md); the rules are in personal-data.ts, bound in privacy.service.ts. */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx, type PersonalDataLinkPurpose, type Tx } from '@portal/db';

const { auditLog, emailVerifications, erasureRequests, outbox, people, personalDataLinks, personErasures, registrations, reportDigestSubscriptions } = schema;

export type AuditRow = typeof auditLog.$inferSelect;
export type ErasureRequestRow = typeof erasureRequests.$inferSelect;
export type ErasureRequestStatus = ErasureRequestRow['status'];


export async function registrationsOfAttendee(db: DbOrTx, personId: number) {
  return db.select().from(registrations).where(eq(registrations.attendeeId, personId)).orderBy(asc(registrations.id));
}

/** The audit rows naming one of these registrations, oldest first, at most `limit`. */
export async function auditOfRegistrations(db: DbOrTx, registrationIds: number[], limit: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(sql`(${auditLog.detail} ->> 'registrationId') = any(array(select jsonb_array_elements_text(${JSON.stringify(registrationIds.map((id) => String(id)))}::jsonb)))`)
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(limit);
}

export async function mailsTo(db: DbOrTx, email: string) {
  return db
    .select({ id: outbox.id, kind: outbox.kind, eventId: outbox.eventId, subject: outbox.subject, createdAt: outbox.createdAt, sentAt: outbox.sentAt, status: outbox.status })
    .from(outbox)
    .where(eq(outbox.toEmail, email))
    .orderBy(asc(outbox.id));
}

/** The audit rows this address acted in, newest first, at most `limit`. */
export async function auditByActor(db: DbOrTx, email: string, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(eq(auditLog.actorEmail, email)).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}

export async function emailConfirmationsOf(db: DbOrTx, personId: number) {
  return db.select().from(emailVerifications).where(eq(emailVerifications.personId, personId)).orderBy(asc(emailVerifications.createdAt));
}

export async function digestSubscriptionsOf(db: DbOrTx, personId: number) {
  return db.select().from(reportDigestSubscriptions).where(eq(reportDigestSubscriptions.personId, personId));
}

export async function erasureRequestsOf(db: DbOrTx, personId: number): Promise<ErasureRequestRow[]> {
  return db.select().from(erasureRequests).where(eq(erasureRequests.personId, personId)).orderBy(asc(erasureRequests.id));
}

export async function isErased(tx: Tx, personId: number): Promise<boolean> {
  const [erased] = await tx.select({ id: personErasures.personId }).from(personErasures).where(eq(personErasures.personId, personId)).limit(1);
  return erased !== undefined;
}

/** The new open request, or nothing when the person already has one open. */
export async function insertErasureRequest(tx: Tx, personId: number, requestedAt: Date): Promise<ErasureRequestRow[]> {
  return tx.insert(erasureRequests).values({ personId, requestedAt }).onConflictDoNothing().returning();
}

export async function findOpenErasureRequest(tx: Tx, personId: number): Promise<ErasureRequestRow | undefined> {
  const [row] = await tx.select().from(erasureRequests).where(and(eq(erasureRequests.personId, personId), eq(erasureRequests.status, 'open'))).limit(1);
  return row;
}

/** One page of the requests, newest first, with the person's name and address. */
export async function erasureRequestPage(db: DbOrTx, status: ErasureRequestStatus | undefined, page: number, pageSize: number) {
  const where = status ? eq(erasureRequests.status, status) : undefined;
  return db
    .select({ r: erasureRequests, firstName: people.firstName, lastName: people.lastName, email: people.email })
    .from(erasureRequests)
    .innerJoin(people, eq(people.id, erasureRequests.personId))
    .where(where)
    .orderBy(desc(erasureRequests.requestedAt), desc(erasureRequests.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function countErasureRequests(db: DbOrTx, status: ErasureRequestStatus | undefined): Promise<number> {
  const where = status ? eq(erasureRequests.status, status) : undefined;
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(erasureRequests).where(where);
  return Number(total?.n ?? 0);
}

export async function personExists(tx: Tx, personId: number): Promise<boolean> {
  const [exists] = await tx.select({ id: people.id }).from(people).where(eq(people.id, personId)).limit(1);
  return exists !== undefined;
}

// Mailed links (mailed-links.ts): the links keep only the token's SHA-256.

export type PersonalDataLinkRow = typeof personalDataLinks.$inferSelect;

/** The address and first name a link is mailed to. */
export async function personContact(db: DbOrTx, personId: number) {
  const [person] = await db.select({ email: people.email, firstName: people.firstName }).from(people).where(eq(people.id, personId)).limit(1);
  return person;
}

export async function insertPersonalDataLink(tx: Tx, link: { tokenHash: string; personId: number; purpose: PersonalDataLinkPurpose; eventId: string | null; expiresAt: Date; createdAt: Date }): Promise<void> {
  await tx.insert(personalDataLinks).values(link);
}

/** Marks the link used at `at` and answers it, if it is unused and unexpired; otherwise nothing. */
export async function takeLiveLink(tx: Tx, tokenHash: string, purpose: PersonalDataLinkPurpose, at: Date): Promise<PersonalDataLinkRow | undefined> {
  const [row] = await tx
    .update(personalDataLinks)
    .set({ usedAt: at })
    .where(and(eq(personalDataLinks.tokenHash, tokenHash), eq(personalDataLinks.purpose, purpose), isNull(personalDataLinks.usedAt), gt(personalDataLinks.expiresAt, at)))
    .returning();
  return row;
}

export async function findLink(db: DbOrTx, tokenHash: string, purpose: PersonalDataLinkPurpose): Promise<PersonalDataLinkRow | undefined> {
  const [row] = await db.select().from(personalDataLinks).where(and(eq(personalDataLinks.tokenHash, tokenHash), eq(personalDataLinks.purpose, purpose))).limit(1);
  return row;
}

// Retention (retention.ts).

const day = (now: Date) => now.toISOString().slice(0, 10);

export interface RetentionEventRow {
  id: string;
  ends_on: string;
  retention_days: number | null;
  due_on: string | null;
  due: boolean;
}

/** Every event with its retention and whether a run is due on `now`'s day. */
export async function eventsWithRetention(db: DbOrTx, now: Date): Promise<RetentionEventRow[]> {
  return rowsOf<RetentionEventRow>(
    await db.execute(sql`
      select e.id, e.ends_on::text as ends_on, k.retention_days, (e.ends_on + k.retention_days)::text as due_on,
        coalesce((e.ends_on + k.retention_days) <= ${day(now)}::date, false) as due
      from events e left join event_retention k on k.event_id = e.id
      order by e.starts_on, e.id`),
  );
}

/**
 * The people a run erases for an event: its attendees not erased yet, with no registration for an
 * event that is still kept (a dealer at both conferences stays until the later one is due too).
 */
function erasablePeople(eventId: string, now: Date) {
  return sql`
    select p.id from people p
    where exists (select 1 from registrations r where r.attendee_id = p.id and r.event_id = ${eventId})
      and not exists (
        select 1 from registrations r
        where r.attendee_id = p.id and r.event_id not in (
          select e.id from events e join event_retention k on k.event_id = e.id where (e.ends_on + k.retention_days) <= ${day(now)}::date))
      and not exists (select 1 from person_erasures x where x.person_id = p.id)`;
}

/** Delivered mails of the event still holding a body, attachments or template data. */
function unpurgedMails(eventId: string) {
  return sql`
    select m.id from mail_outbox m
    where m.event_id = ${eventId} and m.status = 'sent'
      and (m.text_body is not null or m.html_body is not null or m.attachments <> '[]'::jsonb or (m.data - 'registrationId') <> '{}'::jsonb)`;
}

async function countOf(db: DbOrTx, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from (${query}) q`))[0]?.n ?? 0);
}

export async function countErasablePeople(db: DbOrTx, eventId: string, now: Date): Promise<number> {
  return countOf(db, erasablePeople(eventId, now));
}

export async function countUnpurgedMails(db: DbOrTx, eventId: string): Promise<number> {
  return countOf(db, unpurgedMails(eventId));
}

/** The next `limit` erasable people of the event after id `after`, by id. */
export async function nextErasablePeople(tx: Tx, eventId: string, now: Date, after: number, limit: number): Promise<number[]> {
  return rowsOf<{ id: number }>(await tx.execute(sql`${erasablePeople(eventId, now)} and p.id > ${after} order by p.id limit ${limit}`)).map((r) => Number(r.id));
}

/** Purges the bodies of up to `limit` delivered mails of the event; answers how many. */
export async function purgeMailBodies(db: DbOrTx, eventId: string, limit: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update mail_outbox m set text_body = null, html_body = null, attachments = '[]'::jsonb,
        data = case when m.data ? 'registrationId' then jsonb_build_object('registrationId', m.data -> 'registrationId') else '{}'::jsonb end
      where m.id in (${unpurgedMails(eventId)} order by m.id limit ${limit})
      returning m.id`),
  );
  return rows.length;
}

/** The event's door scan log (every scan, matched to a registration or not). */
export async function countScanLogs(db: DbOrTx, eventId: string): Promise<number> {
  return countOf(db, sql`select 1 from checkin_scans c where c.event_id = ${eventId}`);
}

/** Deletes up to `limit` scans of the event's door scan log; answers how many. */
export async function deleteScanLogs(db: DbOrTx, eventId: string, limit: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`delete from checkin_scans where id in (select c.id from checkin_scans c where c.event_id = ${eventId} order by c.id limit ${limit}) returning id`),
  );
  return rows.length;
}

/** Revokes the event's door devices not revoked yet (their tokens already ended with the event); answers how many. */
export async function revokeEventDevices(db: DbOrTx, eventId: string, now: Date): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update checkin_devices set revoked_at = ${now.toISOString()}::timestamptz, pairing_code_hash = null, pairing_expires_at = null
      where event_id = ${eventId} and revoked_at is null returning id`),
  );
  return rows.length;
}

export async function markRetentionRun(db: DbOrTx, eventId: string, now: Date): Promise<void> {
  await db.execute(sql`update event_retention set last_run_at = ${now.toISOString()}::timestamptz where event_id = ${eventId}`);
}
