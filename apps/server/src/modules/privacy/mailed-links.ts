/**
 * A person's own data and erasure request go through their mailbox (docs/privacy.md). A signed-in
 * session proves only an access code and an e-mail address a colleague may know, so
 * `GET /api/Me/Data` mails a one-time download link to the person's address and
 * `POST /api/Me/ErasureRequest` mails a link that files the request once opened. Each answer names
 * the address masked (`j***@m***.com`). The links are single-use, expire, and keep only the token's
 * SHA-256 (`personal_data_links`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { TransactionRollbackError } from 'drizzle-orm';
import type { PersonalData } from '@portal/contracts';
import type { Db, PersonalDataLinkPurpose, Tx } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { maskEmail } from '../../lib/mask-email.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { fileErasureRequest, personalData } from './personal-data.ts';
import * as q from './privacy.queries.ts';

/** How long a mailed download or confirmation link stays usable. */
export const PERSONAL_DATA_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** One such mail per person and purpose in this many minutes: a session cannot flood the mailbox. */
export const PERSONAL_DATA_MAIL_EVERY_MINUTES = 10;

/** Where the links open (pages of the server, outside the web app: opened from a mail client). */
export const PERSONAL_DATA_PAGES: Record<PersonalDataLinkPurpose, string> = {
  'data-export': '/my-data',
  'erasure-request': '/confirm-erasure',
};

/** 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const LINK_INVALID = 'This link is not valid. Please check that you copied all of it from the mail.';
export const LINK_USED = 'This link has been used already. To get a new one, log in to the portal and ask again.';
export const LINK_EXPIRED = 'This link has expired. To get a new one, log in to the portal and ask again.';

/**
 * Mails the person a link for `purpose` and answers where it went, masked. A second ask within a few
 * minutes mails nothing more (the first link stays the one to use) and answers the same.
 */
export async function mailPersonalDataLink(
  db: Db,
  input: { personId: number; purpose: PersonalDataLinkPurpose; eventId: string | null; publicUrl: string; ip: string; now: Date },
): Promise<{ sentTo: string }> {
  const person = await q.personContact(db, input.personId);
  if (!person) throw unauthorized('This session has ended. Please log in again.');
  if (isPlaceholderEmail(person.email)) throw conflict('There is no e-mail address on record to send the link to. Please ask the event team.');
  const sentTo = maskEmail(person.email);
  const at = input.now;
  const bucket = Math.floor(at.getTime() / (PERSONAL_DATA_MAIL_EVERY_MINUTES * 60_000));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(at.getTime() + PERSONAL_DATA_LINK_TTL_MS);
  try {
    await db.transaction(async (tx) => {
      await q.insertPersonalDataLink(tx, { tokenHash: hash(token), personId: input.personId, purpose: input.purpose, eventId: input.eventId, expiresAt, createdAt: at });
      const mail = await enqueueMail(
        tx,
        {
          kind: 'confirm-action',
          to: person.email,
          event: input.eventId,
          data: { firstName: person.firstName, step: input.purpose, link: `${input.publicUrl.replace(/\/+$/, '')}${PERSONAL_DATA_PAGES[input.purpose]}/${token}`, expiresAt: expiresAt.toISOString() },
          dedupeKey: `confirm-action|person:${input.personId}|${input.purpose}|${bucket}`,
        },
        at,
      );
      if (!mail.queued) tx.rollback();
      await audit(tx, {
        action: input.purpose === 'data-export' ? 'self-data-export-mailed' : 'erasure-request-mailed',
        success: true,
        actorEmail: person.email,
        eventId: input.eventId,
        ip: input.ip,
        detail: { personId: input.personId, mailId: mail.id },
      });
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return { sentTo };
}

/** Takes the link in the caller's transaction (once); throws 404 unknown, 409 used, 410 expired. */
async function takeLink(tx: Tx, token: string, purpose: PersonalDataLinkPurpose, at: Date) {
  if (!TOKEN_SHAPE.test(token)) throw notFound(LINK_INVALID);
  const row = await q.takeLiveLink(tx, hash(token), purpose, at);
  if (row) return row;
  const known = await q.findLink(tx, hash(token), purpose);
  if (!known) throw notFound(LINK_INVALID);
  if (known.usedAt) throw new AppError(409, LINK_USED);
  throw new AppError(410, LINK_EXPIRED);
}

/** Whether a link is live, without taking it (the page before the button). */
export async function linkState(db: Db, token: string, purpose: PersonalDataLinkPurpose, at: Date): Promise<'live' | 'invalid' | 'used' | 'expired'> {
  if (!TOKEN_SHAPE.test(token)) return 'invalid';
  const row = await q.findLink(db, hash(token), purpose);
  if (!row) return 'invalid';
  if (row.usedAt) return 'used';
  return row.expiresAt <= at ? 'expired' : 'live';
}

/** The download behind a mailed link: the person's data, once; audited as a self-export. */
export async function exportThroughLink(db: Db, token: string, input: { ip: string; now: Date }): Promise<{ data: PersonalData; eventId: string | null }> {
  return db.transaction(async (tx) => {
    const link = await takeLink(tx, token, 'data-export', input.now);
    const data = await personalData(tx, link.personId, input.now);
    if (!data) throw notFound('There is no data on record for this link.');
    await audit(tx, { action: 'self-data-export', success: true, actorEmail: data.person.email, eventId: link.eventId, ip: input.ip, detail: { personId: link.personId } });
    return { data, eventId: link.eventId };
  });
}

/** The erasure request behind a mailed link: filed now, once. */
export async function confirmErasureThroughLink(db: Db, token: string, input: { ip: string; now: Date }): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const link = await takeLink(tx, token, 'erasure-request', input.now);
    const person = await q.personContact(tx, link.personId);
    const { created } = await fileErasureRequest(tx, { personId: link.personId, email: person?.email ?? '', eventId: link.eventId, ip: input.ip, now: input.now });
    return { created };
  });
}
