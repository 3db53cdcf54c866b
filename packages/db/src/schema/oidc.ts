/**
 * Company sign-in (docs/sign-in.md): organizer accounts linked to the provider's subject,
 * and the one-time codes the callback hands the browser (single use, 60 s).
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizers } from './admin.ts';
import { requiredIntRef } from './columns.ts';

/** An organizer account signed in through the provider: one per (issuer, subject). */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    organizerId: requiredIntRef('organizer_id', () => organizers.id, 'cascade'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('oidc_identities_organizer_idx').on(t.organizerId)],
);

/**
 * What a one-time code stands for; the portal token is signed only when the code is traded.
 * `browser`: the hash of the value of the HttpOnly cookie the callback gave the browser that started
 * the sign-in; the trade needs that cookie (a code opened elsewhere signs nobody in). Grants stored
 * before it was added have none and can no longer be traded.
 */
export type OidcGrantRecord = { browser?: string } & (
  | { target: 'admin'; organizerId: number }
  | { target: 'reports'; email: string; name: string | null; policies?: Array<'field' | 'corporate' | 'reporting'> }
  | { target: 'event'; event: 'nbc' | 'abc'; personId: number; accessCodeId: number }
);

/** One-time codes: stored as SHA-256, taken by one `delete ... returning` (so only one trade wins). */
export const oidcHandoverCodes = pgTable(
  'oidc_handover_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    grant: jsonb('grant').$type<OidcGrantRecord>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_handover_codes_expires_idx').on(t.expiresAt)],
);
