/**
 * The mail outbox (docs/operations.md, "Mail") and e-mail verification (docs/security.md).
 * A mail is a row here, written in the transaction of the change that causes it; the delivery worker
 * claims rows with `FOR UPDATE SKIP LOCKED`, so several instances never send one row twice.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * An attachment stored with the mail (`content`, base64 or utf-8 text) or built when the mail is sent
 * (`builder` names a function registered with the mail module, `params` is its input).
 */
export type OutboxAttachment =
  | { filename: string; contentType: string; content: string; encoding: 'base64' | 'utf8'; method?: string }
  | { filename: string; contentType: string; builder: string; params: Record<string, unknown> };

export const outbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    toEmail: text('to_email').notNull(),
    eventId: text('event_id'),
    /** What went out, filled when the mail is rendered for sending (templates render at send time). */
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /** The template input, kept for the console and for resends. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Unique when set: a second mail with the same key is not queued (reminders, "remind" actions). */
    dedupeKey: text('dedupe_key'),
    /** Stable per row, so a receiver can drop a copy re-sent after a crash mid-delivery. */
    messageId: text('message_id').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim by a worker; a claim past this time (the worker died) is taken over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    resendOf: bigint('resend_of', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_uq').on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('mail_outbox_status_idx').on(t.status, t.id),
  ],
);

/** E-mail confirmation links (an address typed at a login is confirmed before mail goes to it): only a hash of the token is stored. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    personId: integer('person_id').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_person_idx').on(t.personId)],
);
