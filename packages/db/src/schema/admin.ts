/**
 * Organizer accounts (docs/organizer-console.md): the people who run the events in the
 * console. Separate from attendees and report users; their tokens carry the `admin` policy only.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId } from './columns.ts';

export const organizers = pgTable(
  'organizers',
  {
    id: serialId(),
    /** Always stored lower-case; unique. */
    email: text('email').notNull(),
    name: text('name'),
    /** argon2id PHC string (parameters included, so they can be raised later). */
    passwordHash: text('password_hash').notNull(),
    /** Set for a one-time password (admin:create): the console asks for a new one before anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * TOTP secret, AES-256-GCM encrypted under TOTP_ENCRYPTION_KEY (`v1:` + iv, ciphertext and tag,
     * apps/server/src/lib/secret-box.ts); enabled only once a code from it was confirmed. A value
     * without the prefix is a plain base32 secret of an older version, encrypted at the next start or use.
     */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last accepted TOTP time step: a code is accepted once (no replay within its window). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    active: boolean('active').notNull().default(true),
    /** Tokens issued before this instant are refused (set when the account is disabled, so re-enabling it revives none). */
    tokensValidFrom: timestamp('tokens_valid_from', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * Session version: tokens carry the version they were signed under and are refused once it moved
     * on. Raised by a trigger when the password changes or the account is disabled (migration
     * session_versions), so every path that does either ends the sessions.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** SHA-256 of the one-time sign-in code last mailed (the second proof of accounts without TOTP). */
    signInCodeHash: text('sign_in_code_hash'),
    signInCodeExpiresAt: timestamp('sign_in_code_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('organizers_email_uq').on(t.email)],
);
