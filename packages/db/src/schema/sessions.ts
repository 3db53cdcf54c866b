/**
 * The event's program (docs/sessions.md): sessions with a room and a capacity, the attendees'
 * picks (a seat, a place on the session's waiting list, an offer), attendance recorded by session
 * doors, and the personal calendar feeds.
 *
 * - `sessions`: one row per session; its row lock serialises every change of its held seats (a
 *   join, an offer), so a session never holds more than `capacity` `Enrolled` + `Offered` picks.
 * - `session_picks`: one row per registration and session; statuses as the waiting list's
 *   (`Enrolled`, `Waitlisted`, `Offered`, `Expired`, `Cancelled`). Picks hang on the registration,
 *   so a transferred registration keeps them.
 * - `session_attendance`: who came, one row per session and registration (a door scan).
 * - `calendar_feeds`: the secret of a registration's calendar feed, as a hash; `version` is raised
 *   to revoke it.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { eventRowKeys, registrations, type AttendeeType } from './domain.ts';
import { createdAt, requiredIntRef, serialId, updatedAt } from './columns.ts';

export const SESSION_ENTRIES = ['picked', 'open'] as const;
export type SessionEntry = (typeof SESSION_ENTRIES)[number];

export const SESSION_PICK_STATUSES = ['Enrolled', 'Waitlisted', 'Offered', 'Expired', 'Cancelled'] as const;
export type SessionPickStatus = (typeof SESSION_PICK_STATUSES)[number];

export const sessions = pgTable(
  'sessions',
  {
    ...eventRowKeys(),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    room: text('room').notNull(),
    capacity: integer('capacity').notNull(),
    /** Attendee types the session is for; null: everyone. */
    audience: text('audience').array().$type<AttendeeType[]>(),
    track: text('track'),
    entry: text('entry').$type<SessionEntry>().notNull().default('picked'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sessions_event_starts_idx').on(t.eventId, t.startsAt),
    check('sessions_times_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('sessions_capacity_ck', sql`${t.capacity} >= 0`),
  ],
);

export const sessionPicks = pgTable(
  'session_picks',
  {
    id: serialId(),
    sessionId: requiredIntRef('session_id', () => sessions.id),
    registrationId: requiredIntRef('registration_id', () => registrations.id, 'cascade'),
    status: text('status').$type<SessionPickStatus>().notNull(),
    /** Queue order (registration_waitlist_seq, taken under the session's row lock). */
    waitlistOrder: numeric('waitlist_order'),
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('session_picks_session_registration_uq').on(t.sessionId, t.registrationId),
    index('session_picks_registration_idx').on(t.registrationId, t.status),
    index('session_picks_session_status_idx').on(t.sessionId, t.status),
    uniqueIndex('session_picks_waitlist_order_uq').on(t.sessionId, t.waitlistOrder).where(sql`${t.status} = 'Waitlisted'`),
    check('session_picks_waitlisted_ck', sql`${t.status} <> 'Waitlisted' or (${t.waitlistOrder} is not null and ${t.waitlistedAt} is not null)`),
    check('session_picks_offered_ck', sql`${t.status} <> 'Offered' or ${t.offerExpiresAt} is not null`),
  ],
);

export const sessionAttendance = pgTable(
  'session_attendance',
  {
    sessionId: requiredIntRef('session_id', () => sessions.id),
    registrationId: requiredIntRef('registration_id', () => registrations.id, 'cascade'),
    attendedAt: timestamp('attended_at', { withTimezone: true }).notNull(),
    deviceId: integer('device_id'),
    /** Whether the person had picked the session (a `picked` session admits the others anyway, as `not_picked`). */
    picked: boolean('picked').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.registrationId] }), index('session_attendance_registration_idx').on(t.registrationId)],
);

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    registrationId: integer('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** SHA-256 of the feed's secret; the secret is derived again from the key and `version` when shown. */
    tokenHash: text('token_hash').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash)],
);
