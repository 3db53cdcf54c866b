/**
 * Personal data (docs/privacy.md): erasures done,
 * erasure requests made by attendees, and each event's retention period. None of these rows holds a
 * name or an e-mail: they point at people by id only, so they survive the erasure they record.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './domain.ts';
import { createdAt, serialId } from './columns.ts';

export const ERASURE_VIA = ['console', 'retention'] as const;
export type ErasureVia = (typeof ERASURE_VIA)[number];

/** One row per erased person: their id stays (counts stay), everything naming them is gone. */
export const personErasures = pgTable('person_erasures', {
  personId: integer('person_id').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  /** The organizer who erased them; null for the retention job. */
  organizerId: integer('organizer_id'),
  via: text('via').$type<ErasureVia>().notNull(),
});

export const ERASURE_REQUEST_STATUSES = ['open', 'done', 'dismissed'] as const;
export type ErasureRequestStatus = (typeof ERASURE_REQUEST_STATUSES)[number];

/** "Erase my data", asked by a signed-in attendee; the console lists the open ones. */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: serialId(),
    personId: integer('person_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<ErasureRequestStatus>().notNull().default('open'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by'),
  },
  (t) => [
    index('erasure_requests_status_idx').on(t.status, t.requestedAt),
    // One open request per person: asking twice changes nothing.
    uniqueIndex('erasure_requests_open_uq').on(t.personId).where(sql`${t.status} = 'open'`),
  ],
);

/** Per event: its attendees are erased this many days after the event's end (set in the console). */
export const eventRetention = pgTable('event_retention', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => events.id),
  retentionDays: integer('retention_days').notNull(),
  /** The end of the last retention run that erased this event's attendees. */
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

export const PERSONAL_DATA_LINK_PURPOSES = ['data-export', 'erasure-request'] as const;
export type PersonalDataLinkPurpose = (typeof PERSONAL_DATA_LINK_PURPOSES)[number];

/**
 * One-time links mailed to a person's own address: the download of their data, the confirmation
 * of their erasure request. A signed-in session proves only an access code and an address, so
 * both go through the mailbox. Only the token's SHA-256 is kept.
 */
export const personalDataLinks = pgTable(
  'personal_data_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    personId: integer('person_id').notNull(),
    purpose: text('purpose').$type<PersonalDataLinkPurpose>().notNull(),
    /** The event of the session that asked (the export's file name, the request's audit row). */
    eventId: text('event_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('personal_data_links_person_idx').on(t.personId)],
);
