/**
 * The portal's domain model (docs: ../../../../docs/architecture.md, "Domain model").
 * One schema for PGlite and PostgreSQL; migrations in ../../drizzle are generated from it.
 * Content-service tables live in @portal/content-service and share the same migrations.
 */
import { sql } from 'drizzle-orm';
import type { PERSON_CATEGORIES } from '@portal/contracts/rules';
import type { Language } from '@portal/contracts/languages';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredIntRef, requiredTextRef, serialId, updatedAt } from './columns.ts';

export const ATTENDEE_TYPES = [
  'dealer',
  'candidate',
  'field',
  'corporate',
  'distributor',
  'vendor',
  'sbr',
  'partner',
  'expo',
] as const;
export type AttendeeType = (typeof ATTENDEE_TYPES)[number];

/** The list is owned by @portal/contracts (the wire vocabulary); the column is typed from it. */
export type PersonCategory = (typeof PERSON_CATEGORIES)[number];

/** The attendee type a person's registration gets by default, from their category. */
export const ATTENDEE_TYPE_BY_CATEGORY: Readonly<Record<PersonCategory, AttendeeType>> = {
  dealer_staff: 'dealer',
  corporate: 'corporate',
  field: 'field',
  sbr: 'sbr',
  distributor: 'distributor',
  independent_distributor: 'distributor',
  vendor: 'vendor',
  partner: 'partner',
  expo: 'expo',
  attendee: 'dealer',
};

/**
 * `Waitlisted`, `Offered` and `Expired` are the waiting list's (docs/waiting-lists.md): a place is
 * held by `Enrolled` and `Offered` only.
 */
export const REGISTRATION_STATUSES = ['Pending', 'Enrolled', 'Cancelled', 'Waitlisted', 'Offered', 'Expired'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const POLICIES = ['general', 'expo', 'field', 'corporate', 'reporting', 'admin'] as const;
export type Policy = (typeof POLICIES)[number];

/** How far a report reader sees (docs/reports.md, "Report scopes"); `network` needs no code, the others one. */
export const REPORT_SCOPE_LEVELS = ['network', 'region', 'zone', 'district'] as const;
export type ReportScopeLevel = (typeof REPORT_SCOPE_LEVELS)[number];

/** A scope is unset (the network), `network` without a code, or a narrower level with its code. */
const reportScopeCheck = (level: AnyPgColumn, code: AnyPgColumn) =>
  sql`(${level} is null and ${code} is null) or (${level} = 'network' and ${code} is null) or (${level} in ('region', 'zone', 'district') and ${code} is not null)`;

export const events = pgTable('events', {
  id: text('id').primaryKey(), // 'nbc' | 'abc'
  name: text('name').notNull(),
  providerEventCode: text('provider_event_code').notNull().unique(),
  isVirtual: boolean('is_virtual').notNull().default(false),
  contentEnvironmentId: uuid('content_environment_id').notNull(),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  /** Set in the organizer console: enrollment links are refused outside this window (null: no limit). */
  registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
  registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
  /** Most non-cancelled registrations; null: unlimited. */
  capacity: integer('capacity'),
  defaultComplimentarySeats: smallint('default_complimentary_seats').notNull().default(2),
  /** Days before registration closes when reminder mails go out; null: none. */
  reminderDaysBeforeClose: smallint('reminder_days_before_close'),
  /** How long an offer from the waiting list stays open (docs/waiting-lists.md). */
  waitlistOfferMinutes: integer('waitlist_offer_minutes').notNull().default(2880),
  /** Offers go first to people of stores with no place yet. */
  waitlistStoreFirst: boolean('waitlist_store_first').notNull().default(false),
  /** The IANA time zone the event's program is given in (sessions' times, docs/sessions.md). */
  timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
  /** Attendees pick sessions from / until these instants (docs/sessions.md); null: no limit. */
  sessionsOpenAt: timestamp('sessions_open_at', { withTimezone: true }),
  sessionsCloseAt: timestamp('sessions_close_at', { withTimezone: true }),
  /** Attendees change or hand over their own registration until this instant (docs/transfers.md); null: no limit. */
  changesCloseAt: timestamp('changes_close_at', { withTimezone: true }),
  /** The help desk the registration page names once changes have closed. */
  helpDeskEmail: text('help_desk_email'),
  helpDeskPhone: text('help_desk_phone'),
});

/** The serial key and the owning event of a table whose rows each belong to one event. */
export const eventRowKeys = () => ({ id: serialId(), eventId: requiredTextRef('event_id', () => events.id) });

/** An event as the demo data and the import's events file define it. */
export type EventDefinition = Pick<typeof events.$inferSelect, 'name' | 'providerEventCode' | 'isVirtual' | 'contentEnvironmentId' | 'startsOn' | 'endsOn'>;

export const regions = pgTable('regions', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  objectivePct: smallint('objective_pct').notNull(),
});

export const zones = pgTable(
  'zones',
  {
    code: text('code').primaryKey(),
    regionCode: requiredTextRef('region_code', () => regions.code),
    name: text('name').notNull(),
  },
  (t) => [index('zones_region_idx').on(t.regionCode)],
);

export const districts = pgTable(
  'districts',
  {
    code: text('code').primaryKey(),
    zoneCode: requiredTextRef('zone_code', () => zones.code),
    name: text('name').notNull(),
  },
  (t) => [index('districts_zone_idx').on(t.zoneCode)],
);

export const people = pgTable(
  'people',
  {
    id: serialId(),
    /** Always stored lower-case; unique. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    storeDlrnum: text('store_dlrnum'),
    category: text('category').$type<PersonCategory>().notNull(),
    /** The zone a field or corporate traveller covers (field report), if any. */
    zoneCode: text('zone_code'),
    /** Company of distributors, vendors and partners. */
    company: text('company'),
    /** False for an address typed on the hosted page for a new attendee until its owner confirms it (mail module). */
    emailVerified: boolean('email_verified').notNull().default(true),
    /** Report scope (docs/reports.md, "Report scopes"); both null: the whole network. See apps/server/src/modules/report-scope/report-scope.ts. */
    reportScopeLevel: text('report_scope_level').$type<ReportScopeLevel>(),
    reportScopeCode: text('report_scope_code'),
    /** The language the person reads in (`en`, `fr-CA`): their mails, badges and exports; null until they choose (then `en`). */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('people_email_uq').on(t.email),
    /** A store's roster, and a dealer's colleague found by name (case-insensitive) without reading the whole roster. */
    index('people_store_idx').on(t.storeDlrnum, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    /** The console's registration list sorted by name walks this (and people_email_uq by e-mail) instead of sorting all rows. */
    index('people_name_idx').on(t.lastName, t.firstName),
    check('people_report_scope_ck', reportScopeCheck(t.reportScopeLevel, t.reportScopeCode)),
    check('people_language_ck', sql`${t.language} in ('en', 'fr-CA')`),
  ],
);

export const stores = pgTable(
  'stores',
  {
    dlrnum: text('dlrnum').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    districtCode: requiredTextRef('district_code', () => districts.code),
    complimentarySeats: smallint('complimentary_seats').notNull().default(2),
    executiveManagerId: integer('executive_manager_id').references(() => people.id),
    generalManagerId: integer('general_manager_id').references(() => people.id),
  },
  (t) => [index('stores_district_idx').on(t.districtCode)],
);

/**
 * An access code of one event. The code itself is never stored: `codeHash` is an HMAC-SHA256 of the
 * upper-cased code under the server's code key, so a login is one indexed lookup.
 * The code-to-content rules (docs/design/web-rules.md, section 6) are the group columns of these rows.
 */
export const accessCodes = pgTable(
  'access_codes',
  {
    ...eventRowKeys(),
    codeHash: text('code_hash').notNull(),
    /** A non-secret name for operators ("Dealer", "Field"...). */
    label: text('label').notNull(),
    policies: text('policies').array().$type<Policy[]>().notNull(),
    regType: text('reg_type').notNull(),
    attendeeType: text('attendee_type').$type<AttendeeType>().notNull(),
    personCategory: text('person_category').$type<PersonCategory>().notNull(),
    /** Dealer codes admit only e-mails on a store roster. */
    requiresRoster: boolean('requires_roster').notNull().default(false),
    agendaGroup: text('agenda_group').notNull().default('general'),
    conferenceGroup: text('conference_group').notNull().default('general'),
    faqGroup: text('faq_group').notNull().default('general'),
    active: boolean('active').notNull().default(true),
    /** A per-store code: a login with it is bound to this store (any e-mail), `seats` registrations at most. */
    storeDlrnum: text('store_dlrnum').references(() => stores.dlrnum),
    seats: integer('seats'),
    /** Refused at login from this instant on; null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Session version of the tokens logged in with this code; raised by a trigger when the code is disabled. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('access_codes_event_hash_uq').on(t.eventId, t.codeHash)],
);

/** What an access code admits, as its row holds it: the rules the demo codes and the import's codes file give. */
export type AccessCodeRule = Pick<
  typeof accessCodes.$inferSelect,
  'label' | 'policies' | 'regType' | 'attendeeType' | 'personCategory' | 'requiresRoster' | 'agendaGroup' | 'conferenceGroup' | 'faqGroup'
>;

/** Report users: every report login is recorded here; an operator can disable one. */
export const reportUsers = pgTable(
  'report_users',
  {
    email: text('email').primaryKey(),
    name: text('name'),
    active: boolean('active').notNull().default(true),
    loginCount: integer('login_count').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Report scope, as on `people`. */
    reportScopeLevel: text('report_scope_level').$type<ReportScopeLevel>(),
    reportScopeCode: text('report_scope_code'),
    /** Session version of this report user's tokens; raised by a trigger when the user is disabled. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** The report user's language, as on `people`. */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('report_users_report_scope_ck', reportScopeCheck(t.reportScopeLevel, t.reportScopeCode)),
    check('report_users_language_ck', sql`${t.language} in ('en', 'fr-CA')`),
  ],
);

export const registrations = pgTable(
  'registrations',
  {
    ...eventRowKeys(),
    attendeeId: requiredIntRef('attendee_id', () => people.id),
    storeDlrnum: text('store_dlrnum').references(() => stores.dlrnum),
    registeredById: requiredIntRef('registered_by_id', () => people.id),
    attendeeType: text('attendee_type').$type<AttendeeType>().notNull(),
    status: text('status').$type<RegistrationStatus>().notNull().default('Pending'),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    arrivalDate: date('arrival_date', { mode: 'string' }),
    departureDate: date('departure_date', { mode: 'string' }),
    isVirtual: boolean('is_virtual').notNull().default(false),
    isFree: boolean('is_free').notNull().default(false),
    provider: text('provider').notNull().default('builtin'),
    providerRef: text('provider_ref').notNull(),
    /** The access code of the login that created it (seat allotments, counts per code). */
    accessCodeId: integer('access_code_id'),
    /**
     * Waiting list (docs/waiting-lists.md): when the submit was accepted onto the list, the order
     * key of the queue (from the sequence registration_waitlist_seq, taken under the queue's lock;
     * an organizer's move sets a value between two others), and the queue: a per-store code's id,
     * or null for the event's own queue.
     */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    waitlistOrder: numeric('waitlist_order'),
    waitlistCodeId: integer('waitlist_code_id'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** One queue place per waiting registration; the queues are read in this order. */
    uniqueIndex('registrations_waitlist_order_uq').on(t.eventId, sql`coalesce(${t.waitlistCodeId}, 0)`, t.waitlistOrder).where(sql`${t.status} = 'Waitlisted'`),
    /** Places held per event and per code (docs/waiting-lists.md): the count a submit at a capacity makes under the event's lock. */
    index('registrations_held_idx').on(t.eventId, t.accessCodeId).where(sql`${t.status} in ('Enrolled', 'Offered')`),
    index('registrations_offer_expiry_idx').on(t.offerExpiresAt).where(sql`${t.status} = 'Offered'`),
    check('registrations_waitlisted_ck', sql`${t.status} <> 'Waitlisted' or (${t.waitlistOrder} is not null and ${t.waitlistedAt} is not null)`),
    check('registrations_offered_ck', sql`${t.status} <> 'Offered' or ${t.offerExpiresAt} is not null`),
    uniqueIndex('registrations_event_attendee_uq').on(t.eventId, t.attendeeId),
    uniqueIndex('registrations_provider_ref_uq').on(t.providerRef),
    index('registrations_event_store_status_idx').on(t.eventId, t.storeDlrnum, t.status),
    index('registrations_event_type_status_idx').on(t.eventId, t.attendeeType, t.status),
    index('registrations_access_code_idx').on(t.accessCodeId, t.status),
    index('registrations_event_updated_idx').on(t.eventId, t.updatedAt),
    /** The console's registration list in its default order (`-updatedAt`, then id) without an event filter. */
    index('registrations_updated_idx').on(t.updatedAt, t.id),
  ],
);

/** Single-use, expiring links to the builtin hosted registration page; only a hash is stored. */
export const registrationTokens = pgTable(
  'registration_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    registrationId: requiredIntRef('registration_id', () => registrations.id),
    purpose: text('purpose').$type<'register' | 'revisit'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Sent only to the attendee's own address: the page behind it shows the badge and may give up the place. */
    mailed: boolean('mailed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('registration_tokens_registration_idx').on(t.registrationId)],
);

/** Provider callbacks already applied (replay protection). */
export const providerCallbacks = pgTable('provider_callbacks', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Logged-out tokens, by JWT id, kept until they would have expired anyway. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    success: boolean('success').notNull(),
    actorEmail: text('actor_email'),
    eventId: text('event_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** The organizer who did it, for console actions. */
    organizerId: integer('organizer_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action),
    index('audit_log_actor_idx').on(t.actorEmail, t.at),
    // A registration's history in the console; logins per access code. Only the rows naming a
    // registration are in the registration index (a login names none, and an entry per login row
    // would cost every login's insert); a lookup by the key implies it is not null, so it still
    // uses the index. audit_log_person_idx (by `personId`, made by hand in migrations 0019 and
    // 0036) is partial the same way; 0036 also keeps statistics on both keys (CREATE STATISTICS),
    // which the planner does not take from a partial index.
    index('audit_log_registration_idx')
      .on(sql`((${t.detail} ->> 'registrationId'))`)
      .where(sql`(${t.detail} ->> 'registrationId') is not null`),
    index('audit_log_login_code_idx').on(sql`((${t.detail} ->> 'accessCodeId'))`).where(sql`${t.action} = 'login' and ${t.success}`),
  ],
);

/** Key/value facts about this database (e.g. when demo data was loaded). */
export const meta = pgTable(
  'meta',
  {
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);
