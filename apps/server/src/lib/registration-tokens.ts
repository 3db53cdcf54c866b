/**
 * Links to the builtin hosted registration page carry a random token; the database keeps only its
 * SHA-256 hash, so a leaked table opens no registration. A token is single-use and expires.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { RegistrationTokenPurpose } from '@portal/contracts';
import { dateOf, schema, statementIn, type DbOrTx, type Tx } from '@portal/db';
import { AppError, notFound } from './errors.ts';
import type { StatementPart } from './statements-together.ts';

const { registrationTokens } = schema;

/**
 * How long a link stays usable by default: a registration link may be forwarded to the attendee
 * first. The portal issues registration links for `LINK_TTL_HOURS` (config; the builtin provider
 * and the reminder job pass it), whose default is this one.
 */
export const TOKEN_TTL_MS: Record<RegistrationTokenPurpose, number> = {
  register: 72 * 60 * 60 * 1000,
  revisit: 24 * 60 * 60 * 1000,
};

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const INVALID_LINK_MESSAGE = 'This registration link is not valid. Please check that you copied all of it.';
export const USED_LINK_MESSAGE = 'This registration link has already been used. To review or change your registration, log in to the portal and open the Enrollment tab.';
export const EXPIRED_LINK_MESSAGE = 'This registration link has expired. Please log in to the portal and start the enrollment again.';

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A new link retires the registration's older unused ones: only the latest link a person got works.
 * A link handed to a session (`mailed` false) retires only other such links, so asking the portal
 * for a link never breaks the one in the attendee's mailbox.
 */
export async function issueToken(
  tx: Tx,
  registrationId: number,
  purpose: RegistrationTokenPurpose,
  now: Date,
  ttlMs: number = TOKEN_TTL_MS[purpose],
  options: { mailed?: boolean } = {},
): Promise<string> {
  const { token, part } = issueTokenPart(registrationId, purpose, now, ttlMs, options);
  await issueStatement(tx, part.params);
  return token;
}

/**
 * issueToken's writes as a part of a statement of several writes (writeTogether): the new token and
 * the statement's part that retires the older links and writes the new one.
 */
export function issueTokenPart(
  registrationId: number,
  purpose: RegistrationTokenPurpose,
  now: Date,
  ttlMs: number = TOKEN_TTL_MS[purpose],
  options: { mailed?: boolean } = {},
): { token: string; part: StatementPart } {
  const mailed = options.mailed ?? false;
  const token = randomBytes(32).toString('base64url');
  return { token, part: { name: 'token', texts: ISSUE_TEXTS, params: [registrationId, now, mailed, hashToken(token), purpose, new Date(now.getTime() + ttlMs)] } };
}

/**
 * The older links retired and the new one written in one statement (a round trip less on every
 * link handed out, the submit's confirmation among them): the insert's row is not visible to the
 * update of the same statement, so the new link is never retired by it.
 */
const ISSUE_TEXTS = [
  `update registration_tokens set expires_at = $2
   where registration_id = $1 and used_at is null and expires_at > $2 and ($3::boolean or mailed = false)`,
  `insert into registration_tokens (token_hash, registration_id, purpose, mailed, expires_at)
   values ($4, $1, $5, $3, $6)`,
] as const;

const issueStatement = statementIn('registration_token_issue', `with retired as (${ISSUE_TEXTS[0]})\n   ${ISSUE_TEXTS[1]}`);

export interface LiveToken {
  registrationId: number;
  purpose: RegistrationTokenPurpose;
  expiresAt: Date;
  /** Sent only to the attendee's mailbox (never answered to a session). */
  mailed: boolean;
}

/** Why a token cannot be used: 404 unknown, 409 used, 410 expired. */
async function refusal(db: DbOrTx, tokenHash: string, now: Date): Promise<AppError> {
  const [row] = await db.select().from(registrationTokens).where(eq(registrationTokens.tokenHash, tokenHash)).limit(1);
  if (!row) return notFound(INVALID_LINK_MESSAGE);
  if (row.usedAt) return new AppError(409, USED_LINK_MESSAGE);
  if (row.expiresAt <= now) return new AppError(410, EXPIRED_LINK_MESSAGE);
  return new AppError(409, USED_LINK_MESSAGE);
}

/**
 * Why `token` is not live (404 malformed or unknown, 409 used, 410 expired): for a caller that
 * looked it up live in a statement of its own (the submit's first read) and found nothing.
 */
export async function tokenRefusal(db: DbOrTx, token: string, now: Date): Promise<AppError> {
  if (!TOKEN_SHAPE.test(token)) return notFound(INVALID_LINK_MESSAGE);
  return refusal(db, hashToken(token), now);
}

/** Whether `token` has the shape of a link's token (43 base64url characters). */
export function isTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** A token that is known, unused and unexpired; throws the matching AppError otherwise. */
export async function findLiveToken(db: DbOrTx, token: string, now: Date): Promise<LiveToken> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(INVALID_LINK_MESSAGE);
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ registrationId: registrationTokens.registrationId, purpose: registrationTokens.purpose, expiresAt: registrationTokens.expiresAt, mailed: registrationTokens.mailed })
    .from(registrationTokens)
    .where(and(eq(registrationTokens.tokenHash, tokenHash), isNull(registrationTokens.usedAt), gt(registrationTokens.expiresAt, now)))
    .limit(1);
  if (!row) throw await refusal(db, tokenHash, now);
  return row;
}

/**
 * Marks the token used, in the caller's transaction, if and only if it is still live. The
 * conditional update is the lock: of several concurrent submits of one token exactly one gets the
 * row back; on PostgreSQL the others wait for it and then find `used_at` set. A transaction that
 * fails afterwards rolls the use back, so a rejected submit can be corrected and sent again.
 */
export async function consumeToken(tx: Tx, token: string, now: Date): Promise<LiveToken> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(INVALID_LINK_MESSAGE);
  const tokenHash = hashToken(token);
  const [row] = await consumeStatement(tx, [now, tokenHash]);
  if (!row) throw await refusal(tx, tokenHash, now);
  return { registrationId: row.registrationId, purpose: row.purpose, expiresAt: dateOf(row.expiresAt), mailed: row.mailed };
}

/** consumeToken's update, a named statement: every submit of the hosted page sends it. */
const consumeStatement = statementIn<{ registrationId: number; purpose: RegistrationTokenPurpose; expiresAt: Date | string; mailed: boolean }>(
  'registration_token_consume',
  `update registration_tokens set used_at = $1
   where token_hash = $2 and used_at is null and expires_at > $1
   returning registration_id as "registrationId", purpose, expires_at as "expiresAt", mailed`,
);
