/**
 * Mails that follow from domain changes, each queued in the caller's transaction: registration
 * confirmed / changed / cancelled, and the e-mail confirmation of an unverified address (design
 * docs/security.md, "Identity bound to the code": an address typed on the hosted page for a new attendee cannot log
 * in with a dealer code until its owner opened the link mailed to it).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx, Tx } from '@portal/db';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import * as q from './mail.queries.ts';
import { enqueueMail, type EnqueuedMail } from './outbox.ts';

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
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + EMAIL_CONFIRMATION_TTL_MS);
  await q.startEmailVerification(tx, { tokenHash: hash(token), personId: input.personId, email: input.email.toLowerCase(), expiresAt, createdAt: input.now });
  return enqueueMail(
    tx,
    {
      kind: 'confirm-email',
      to: input.email,
      event: input.eventId,
      data: { firstName: input.firstName, link: `${input.publicUrl.replace(/\/+$/, '')}${confirmEmailPath(token)}`, expiresAt: expiresAt.toISOString() },
    },
    input.now,
  );
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

/**
 * Queues the confirmation, change or cancellation mail of a registration to its attendee, with the
 * calendar file built at send time. Nothing is queued while the attendee has no real address.
 */
export async function queueRegistrationMail(
  tx: DbOrTx,
  input: { kind: RegistrationMailKind; registrationId: number; revisitUrl?: string | null; now: Date },
): Promise<EnqueuedMail> {
  const row = await q.registrationForMail(tx, input.registrationId);
  if (!row || isPlaceholderEmail(row.email)) return { id: null, queued: false };
  return enqueueMail(
    tx,
    {
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
    },
    input.now,
  );
}
