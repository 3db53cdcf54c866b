/**
 * The days of the event (docs/event-days.md): badges, door devices and the scan log.
 *
 * - `badges`: one row per registration that was ever `Enrolled`, kept by a trigger on
 *   `registrations` (migration 0023): a registration becoming or ceasing to be `Enrolled`, or
 *   changing its attendee (same-store substitution), raises `version`, so an old badge no longer
 *   admits. The row also holds the door state (the first recorded check-in) and `changed_at`, the
 *   roster's delta cursor (set with `clock_timestamp()` on every change the door must see).
 * - `checkin_devices`: door devices paired with a one-time code (stored as an HMAC only).
 * - `checkin_scans`: every scan a device sent, with the result it got, unique per device and
 *   `scan_id`, so a retried batch answers the same results.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { eventRowKeys, registrations } from './domain.ts';
import { createdAt } from './columns.ts';

export const SCAN_RESULTS = ['checked_in', 'already', 'invalid', 'cancelled', 'wrong_event', 'undone', 'refused', 'replaced', 'not_picked'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

export const checkinDevices = pgTable(
  'checkin_devices',
  {
    ...eventRowKeys(),
    name: text('name').notNull(),
    /** HMAC of the pairing code under the code key; null once paired. */
    pairingCodeHash: text('pairing_code_hash'),
    pairingExpiresAt: timestamp('pairing_expires_at', { withTimezone: true }),
    /** The demo device's published code pairs again and again, in demo mode only. */
    demoPairing: boolean('demo_pairing').notNull().default(false),
    canWalkIn: boolean('can_walk_in').notNull().default(false),
    canSubstitute: boolean('can_substitute').notNull().default(false),
    /** A session door: its scans record attendance at this session (`session_attendance`), not the event check-in. */
    sessionId: integer('session_id'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** When the device last fetched the roster (what it holds: docs/event-days.md). */
    lastRosterAt: timestamp('last_roster_at', { withTimezone: true }),
    /** Badges this device printed (each print audited as `badge-printed`). */
    badgePrints: integer('badge_prints').notNull().default(0),
    createdByOrganizerId: integer('created_by_organizer_id'),
    createdAt: createdAt(),
  },
  (t) => [index('checkin_devices_event_idx').on(t.eventId), uniqueIndex('checkin_devices_pairing_uq').on(t.pairingCodeHash)],
);

export const badges = pgTable(
  'badges',
  {
    registrationId: integer('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    version: integer('version').notNull().default(1),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInDoor: text('checked_in_door'),
    checkedInDeviceId: integer('checked_in_device_id'),
    /** When the server recorded the check-in (an offline door's scannedAt can be earlier). */
    checkedInRecordedAt: timestamp('checked_in_recorded_at', { withTimezone: true }),
    /** Times this badge was printed one by one (a door's Print badge, the console's reprint); each audited as `badge-printed`. */
    prints: integer('prints').notNull().default(0),
    /** Versions below this one were the badges of an earlier holder who handed the place over: the door answers `replaced`. */
    replacedBelow: integer('replaced_below'),
    changedAt: timestamp('changed_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('badges_event_changed_idx').on(t.eventId, t.changedAt, t.registrationId), index('badges_event_checked_in_idx').on(t.eventId, t.checkedInAt)],
);

export const checkinScans = pgTable(
  'checkin_scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').notNull(),
    eventId: text('event_id').notNull(),
    scanId: uuid('scan_id').notNull(),
    /** The badge code as scanned (null for a look-up by name); at most 200 characters are kept. */
    code: text('code'),
    registrationId: integer('registration_id'),
    undo: boolean('undo').notNull().default(false),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    door: text('door').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    result: text('result').$type<ScanResult>().notNull(),
    /** For `already`: the first check-in's time and door, as answered. */
    firstAt: timestamp('first_at', { withTimezone: true }),
    firstDoor: text('first_door'),
    firstDeviceId: integer('first_device_id'),
    /** An `already` from another device scanned before the first check-in reached the server: both doors admitted. */
    conflict: boolean('conflict').notNull().default(false),
    /** `admitted` or `refused`: the doorkeeper's choice for a signed badge not on the door's list, made offline. */
    decision: text('decision'),
  },
  (t) => [
    uniqueIndex('checkin_scans_device_scan_uq').on(t.deviceId, t.scanId),
    index('checkin_scans_event_conflict_idx').on(t.eventId).where(sql`${t.conflict}`),
    index('checkin_scans_registration_idx').on(t.registrationId),
  ],
);
