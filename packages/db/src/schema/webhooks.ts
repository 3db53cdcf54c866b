/**
 * Webhooks out (docs/webhooks.md): the endpoints organizers configure, and the
 * deliveries written in the transaction of the change they report (an outbox, as mail_outbox).
 * The delivery worker claims due rows with `FOR UPDATE SKIP LOCKED` and a lease, so two instances
 * never send one delivery at the same time; a later delivery of the same registration (same
 * `ordering_key`) to the same endpoint waits while an earlier one is pending or being sent.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, requiredIntRef, serialId, updatedAt } from './columns.ts';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serialId(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  /** The event types sent to it (`registration.created`, ...). */
  events: jsonb('events').$type<string[]>().notNull(),
  /** `whsec_...`, encrypted at rest (lib/secret-box.ts, context `webhook:<id>`). */
  secret: text('secret').notNull(),
  /** After a rotation the old secret signs as well (a second signature) until this time. */
  previousSecret: text('previous_secret'),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  enabled: boolean('enabled').notNull().default(true),
  /** Whether registration bodies carry sensitive answers to the event's questions (docs/questions.md). */
  includeSensitive: boolean('include_sensitive').notNull().default(false),
  /** Why it was disabled: `organizer`, or `gone` (the receiver answered 410). */
  disabledReason: text('disabled_reason'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdByOrganizerId: integer('created_by_organizer_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: requiredIntRef('endpoint_id', () => webhookEndpoints.id),
    /** The `webhook-id` header: the same on every attempt and manual retry. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** `registration:<id>` or `person:<id>`: deliveries with one key go out in id order. */
    orderingKey: text('ordering_key'),
    /** The exact body sent (JSON text, fixed when the change commits). */
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim by a worker; a claim past this time (the worker died) is taken over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Retries stop at this time (3 days after the change); then `failed`. A manual retry moves it. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_message_uq').on(t.endpointId, t.messageId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_order_idx').on(t.endpointId, t.orderingKey, t.id).where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/** One row per attempt, for the console's delivery history. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
