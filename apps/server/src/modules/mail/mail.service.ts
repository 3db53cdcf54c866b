/**
 * Mails that follow from domain changes, each queued in the caller's transaction: registration
 * confirmed / changed / cancelled, and the e-mail confirmation of an unverified address (design
 * docs/security.md, "Identity bound to the code": an address typed on the hosted page for a new attendee cannot log
 * in with a dealer code until its owner opened the link mailed to it).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OutboxMail } from '@portal/contracts';
import type { Db, DbOrTx, Tx } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import * as q from './mail.queries.ts';
import { writeTogether, type StatementPart } from '../../lib/statements-together.ts';
import { enqueuedOf, enqueueMail, outboxPart, type EnqueuedMail, type EnqueueMailInput } from './outbox.ts';
import { linksRemoved } from './redact-links.ts';
import { brandingOf, MAIL_KINDS, renderMail, type MailDataByKind, type MailKind } from './templates/index.ts';

/** How long an e-mail confirmation link stays usable. */
export const EMAIL_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function confirmEmailPath(token: string): string {
  return `/confirm-email/${token}`;
}

/**
 * Marks the person's address unverified and mails a confirmation link to it. Call it in the
 * transaction that stored the typed address.
 */
export async function requireEmailConfirmation(
  tx: Tx,
  input: { personId: number; email: string; firstName: string; eventId: string | null; publicUrl: string; now: Date },
): Promise<EnqueuedMail> {
  // The address unverified, the link's row and its mail: one statement, one round trip.
  return enqueuedOf(await writeTogether(tx, emailConfirmationParts(input)));
}

/**
 * requireEmailConfirmation's writes as parts of a statement of several writes (writeTogether; the
 * mail's part last, its rows answer the mail's id). `unverify` false: another part of the statement
 * marks the address unverified (the update of the person that stores it: one row is updated once a
 * statement).
 */
export function emailConfirmationParts(
  input: { personId: number; email: string; firstName: string; eventId: string | null; publicUrl: string; now: Date },
  { unverify = true }: { unverify?: boolean } = {},
): StatementPart[] {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + EMAIL_CONFIRMATION_TTL_MS);
  return [
    q.startEmailVerificationPart({ tokenHash: hash(token), personId: input.personId, email: input.email.toLowerCase(), expiresAt, createdAt: input.now }, { unverify }),
    outboxPart(
      {
        kind: 'confirm-email',
        to: input.email,
        event: input.eventId,
        data: { firstName: input.firstName, link: `${input.publicUrl.replace(/\/+$/, '')}${confirmEmailPath(token)}`, expiresAt: expiresAt.toISOString() },
      },
      input.now,
    ),
  ];
}

export type ConfirmOutcome = 'confirmed' | 'invalid' | 'expired';

/**
 * Confirms the address behind a token: the person's address becomes verified if it is still the
 * one the link was mailed to. A used link answers `confirmed` again (opening it twice is harmless).
 */
export async function confirmEmail(db: DbOrTx, token: string, now: Date): Promise<ConfirmOutcome> {
  if (!TOKEN_SHAPE.test(token)) return 'invalid';
  return db.transaction(async (tx) => {
    const row = await q.lockEmailVerification(tx, hash(token));
    if (!row) return 'invalid';
    if (row.usedAt) return 'confirmed';
    if (row.expiresAt <= now) return 'expired';
    return (await q.useEmailVerification(tx, row, now)) ? 'confirmed' : 'invalid';
  });
}

/** Whether the person has an unused, unexpired confirmation link (tests and the console). */
export async function hasLiveConfirmation(db: DbOrTx, personId: number, now: Date): Promise<boolean> {
  return q.hasLiveEmailVerification(db, personId, now);
}

export type RegistrationMailKind = 'registration-confirmed' | 'registration-changed' | 'registration-cancelled';

/** What a registration's mail says of it (mail.queries.ts registrationForMail). */
export type RegistrationForMail = NonNullable<Awaited<ReturnType<typeof q.registrationForMail>>>;

/**
 * Queues the confirmation, change or cancellation mail of a registration to its attendee, with the
 * calendar file built at send time. Nothing is queued while the attendee has no real address.
 * `known`: the registration as the caller read it in this transaction after its change (the
 * submit's summary), so it is not read again.
 */
export async function queueRegistrationMail(
  tx: DbOrTx,
  input: { kind: RegistrationMailKind; registrationId: number; revisitUrl?: string | null; now: Date; known?: RegistrationForMail },
): Promise<EnqueuedMail> {
  const row = input.known ?? (await q.registrationForMail(tx, input.registrationId));
  if (!row || isPlaceholderEmail(row.email)) return { id: null, queued: false };
  return enqueueMail(tx, registrationMail(row, input), input.now);
}

/**
 * queueRegistrationMail's row as a part of a statement of several writes (writeTogether), from the
 * registration as the caller read it in this transaction; null when the attendee has no real address.
 */
export function registrationMailPart(input: { kind: RegistrationMailKind; registrationId: number; revisitUrl?: string | null; now: Date; known: RegistrationForMail }): StatementPart | null {
  return isPlaceholderEmail(input.known.email) ? null : outboxPart(registrationMail(input.known, input), input.now);
}

function registrationMail(row: RegistrationForMail, input: { kind: RegistrationMailKind; registrationId: number; revisitUrl?: string | null | undefined }): EnqueueMailInput {
  return {
    kind: input.kind,
    to: row.email,
    event: row.eventId,
    data: {
      registrationId: input.registrationId,
      firstName: row.firstName,
      lastName: row.lastName,
      isVirtual: row.isVirtual,
      arrivalDate: row.arrivalDate,
      departureDate: row.departureDate,
      storeName: row.storeName,
      revisitUrl: input.kind === 'registration-cancelled' ? null : (input.revisitUrl ?? null),
    },
  };
}

/** The subject a mail not sent yet will carry (templates render at send time). */
function previewSubject(row: q.OutboxRow, events: Map<string, Parameters<typeof brandingOf>[0]>, publicUrl: string): string | null {
  if (row.subject !== null || !(MAIL_KINDS as string[]).includes(row.kind)) return row.subject;
  try {
    const kind = row.kind as MailKind;
    return renderMail(kind, brandingOf(row.eventId ? events.get(row.eventId) : undefined, publicUrl), row.data as unknown as MailDataByKind[typeof kind]).subject;
  } catch {
    return null;
  }
}

function toWire(row: q.OutboxRow, subject: string | null = row.subject): OutboxMail {
  const registrationId = row.data.registrationId;
  return {
    id: row.id,
    kind: row.kind,
    to: row.toEmail,
    eventId: row.eventId,
    subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    nextAttemptAt: row.status === 'pending' || row.status === 'sending' ? row.nextAttemptAt.toISOString() : null,
    registrationId: typeof registrationId === 'number' ? registrationId : null,
    resendOf: row.resendOf,
    linksRemoved: linksRemoved(row.data),
  };
}

/**
 * The console's view of the outbox and the e-mail confirmation link's answer. Queueing a mail is
 * not here: the flows queue theirs in their own transaction (`enqueueMail`, `queueRegistrationMail`,
 * `requireEmailConfirmation`), and the delivery worker (`delivery.ts`) sends them.
 */
export function createMailService(deps: { db: Db; publicUrl: string; now?: () => Date }) {
  const { db, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const eventsByIdOf = async () => new Map((await q.listEventsForMail(db)).map((e) => [e.id, e]));

  return {
    /** A page of the outbox, newest first, each mail with the subject it has or will have. */
    async outbox(filter: Parameters<typeof q.listOutbox>[1]): Promise<{ rows: OutboxMail[]; total: number }> {
      const { rows, total } = await q.listOutbox(db, filter);
      const events = await eventsByIdOf();
      return { rows: rows.map((row) => toWire(row, previewSubject(row, events, publicUrl))), total };
    },

    /** Queues a copy of a mail (a new row, rendered afresh, a new Message-ID) with its audit row. */
    async resend(id: number, actor: { email: string | null; organizerId: number | null; ip: string }): Promise<OutboxMail> {
      const copy = await db.transaction(async (tx) => {
        const original = await q.findOutbox(tx, id);
        if (!original) throw notFound('There is no mail with this id.');
        // A delivered mail's personal link was removed from the outbox (redact-links.ts); a copy would carry a dead one.
        if (linksRemoved(original.data)) {
          throw conflict('This mail carried a personal link, which is not kept after delivery. Use "Resend link" on the registration to send a new one.');
        }
        // The same kind and data as a new row: rendered afresh, a new Message-ID, no dedupe key.
        const queued = await enqueueMail(
          tx,
          { kind: original.kind, to: original.toEmail, event: original.eventId, data: original.data, attachments: original.attachments, resendOf: original.id } as unknown as EnqueueMailInput,
          now(),
        );
        const row = await q.findOutbox(tx, queued.id!);
        await audit(tx, {
          action: 'admin-outbox-resend',
          success: true,
          actorEmail: actor.email,
          organizerId: actor.organizerId,
          eventId: original.eventId,
          ip: actor.ip,
          detail: { outboxId: original.id, newOutboxId: queued.id },
        });
        return row!;
      });
      return toWire(copy, previewSubject(copy, await eventsByIdOf(), publicUrl));
    },

    /** Confirms the address behind a mailed token, with its audit row. */
    async confirm(token: string, ip: string): Promise<ConfirmOutcome> {
      const outcome = await confirmEmail(db, token, now());
      await audit(db, { action: 'email-confirmation', success: outcome === 'confirmed', ip, detail: { outcome } });
      return outcome;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
