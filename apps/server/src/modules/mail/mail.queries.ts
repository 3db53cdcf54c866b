/** The outbox's SQL: claiming due mails across instances, recording outcomes, the console's list. */
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx, type OutboxStatus, type Tx } from '@portal/db';
import { DEFAULT_LANGUAGE, type Language } from '@portal/contracts';
import { asLanguage } from '../../lib/i18n/i18n.ts';
import { attendanceColumns, firstRow, pageOffset, pageWithTotal } from '../../lib/rows.ts';
import type { StatementPart } from '../../lib/statements-together.ts';

const { outbox, events, emailVerifications, people, registrations, stores } = schema;

export type OutboxRow = typeof outbox.$inferSelect;

interface ClaimedRaw {
  id: string | number;
  kind: string;
  to_email: string;
  event_id: string | null;
  attachments: OutboxRow['attachments'];
  data: OutboxRow['data'];
  message_id: string;
  attempts: number;
  language: string | null;
}

export interface ClaimedMail {
  id: number;
  kind: string;
  toEmail: string;
  eventId: string | null;
  attachments: OutboxRow['attachments'];
  data: OutboxRow['data'];
  messageId: string;
  /** The attempt this claim is; outcomes are written only while it still holds (a fence). */
  attempts: number;
  /** The recipient's language: the person's (or report user's) stored choice, else English. */
  language: Language;
}

/**
 * Takes up to `limit` due mails for this worker until `leaseMs` from now. Rows another worker holds
 * are skipped (SKIP LOCKED), and a `sending` row whose lease ran out (its worker died) is taken over.
 */
export async function claimDue(db: DbOrTx, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
  const result = await db.execute(sql`
    update mail_outbox set status = 'sending', attempts = attempts + 1,
      locked_until = now() + ${leaseMs} * interval '1 millisecond'
    where id in (
      select id from mail_outbox
      where status in ('pending', 'sending') and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked)
    returning id, kind, to_email, event_id, attachments, data, message_id, attempts,
      coalesce((select p.language from people p where p.email = mail_outbox.to_email),
               (select r.language from report_users r where r.email = mail_outbox.to_email)) as language`);
  return rowsOf<ClaimedRaw>(result)
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      toEmail: r.to_email,
      eventId: r.event_id,
      attachments: r.attachments,
      data: r.data,
      messageId: r.message_id,
      attempts: r.attempts,
      language: asLanguage(r.language) ?? DEFAULT_LANGUAGE,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Gives back claims not sent (a stopping worker): due again at once, the attempt not counted. */
export async function releaseClaims(db: DbOrTx, mails: readonly ClaimedMail[]): Promise<void> {
  for (const mail of mails) {
    await db.update(outbox).set({ status: 'pending', attempts: sql`${outbox.attempts} - 1`, lockedUntil: null }).where(held(mail));
  }
}

const held = (mail: ClaimedMail) => and(eq(outbox.id, mail.id), eq(outbox.attempts, mail.attempts), eq(outbox.status, 'sending'));

/** Records a delivery: what went out (without live links) and, when given, the redacted data. */
export async function markSent(db: DbOrTx, mail: ClaimedMail, rendered: { subject: string; text: string; html: string }, data?: Record<string, unknown>): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html, ...(data ? { data } : {}) })
    .where(held(mail))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** A failed attempt: retried after `retryInMs`, or given up (`failed`) when `retryInMs` is null. */
export async function markAttemptFailed(db: DbOrTx, mail: ClaimedMail, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(outbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lockedUntil: null, lastError: error }
        : { status: 'pending', lockedUntil: null, lastError: error, nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'` },
    )
    .where(held(mail));
}

/** What a mail's branding reads of its event. */
const mailEventColumns = { id: events.id, name: events.name, startsOn: events.startsOn, endsOn: events.endsOn };

export async function findEventForMail(db: DbOrTx, eventId: string) {
  return firstRow(db.select(mailEventColumns).from(events).where(eq(events.id, eventId)));
}

export async function listEventsForMail(db: DbOrTx) {
  return db.select(mailEventColumns).from(events);
}

export async function listOutbox(db: DbOrTx, filter: { status?: OutboxStatus | undefined; page: number; pageSize: number }) {
  const where: SQL | undefined = filter.status ? eq(outbox.status, filter.status) : undefined;
  return pageWithTotal(
    db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(filter.pageSize).offset(pageOffset(filter)),
    db.select({ n: count() }).from(outbox).where(where),
  );
}

export async function findOutbox(db: DbOrTx, id: number): Promise<OutboxRow | undefined> {
  return firstRow(db.select().from(outbox).where(eq(outbox.id, id)));
}

/** What a registration's confirmation, change or cancellation mail says. */
export async function registrationForMail(db: DbOrTx, registrationId: number) {
  return firstRow(
    db
      .select({
        eventId: registrations.eventId,
        email: people.email,
        firstName: people.firstName,
        lastName: people.lastName,
        ...attendanceColumns,
        storeName: stores.name,
      })
      .from(registrations)
      .innerJoin(people, eq(people.id, registrations.attendeeId))
      .leftJoin(stores, eq(stores.dlrnum, registrations.storeDlrnum))
      .where(eq(registrations.id, registrationId)),
  );
}

/** The person's address becomes unverified, and the hash of its confirmation link is stored, in one statement. */
/**
 * The person's address marked unverified and the confirmation link's row written, as a part of a
 * statement of several writes (writeTogether: the mail of the link with them).
 */
export function startEmailVerificationPart(
  row: { tokenHash: string; personId: number; email: string; expiresAt: Date; createdAt: Date },
  /** false when another part of the statement marks the address unverified (the update of the person that stores it). */
  { unverify = true }: { unverify?: boolean } = {},
): StatementPart {
  const insert = `insert into email_verifications (token_hash, person_id, email, expires_at, created_at) values ($1, $2, $3, $4::timestamptz, $5::timestamptz)`;
  return {
    name: unverify ? 'verify' : 'verifylink',
    texts: unverify ? [`update people set email_verified = false where id = $2`, insert] : [insert],
    params: [row.tokenHash, row.personId, row.email, row.expiresAt, row.createdAt],
  };
}

export async function lockEmailVerification(tx: Tx, tokenHash: string) {
  return firstRow(tx.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash)).for('update'));
}

/** Marks the link used and verifies the person's address if it is still the one mailed to: false when it is not. */
export async function useEmailVerification(tx: Tx, row: { tokenHash: string; personId: number; email: string }, now: Date): Promise<boolean> {
  await tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.tokenHash, row.tokenHash));
  const updated = await tx
    .update(people)
    .set({ emailVerified: true })
    .where(and(eq(people.id, row.personId), eq(people.email, row.email)))
    .returning({ id: people.id });
  return updated.length > 0;
}

export async function hasLiveEmailVerification(db: DbOrTx, personId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ tokenHash: emailVerifications.tokenHash })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.personId, personId), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}
