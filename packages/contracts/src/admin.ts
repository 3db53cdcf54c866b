/**
 * Organizer console API (docs/organizer-console.md): the wire shapes of every
 * `/Admin/*` and `/api/Admin/*` route. Envelope, statuses and conventions as in docs/api-contract.md.
 *
 * - Sign-in is `POST /Admin/Login`; every other route is under `/api/Admin/` and needs an organizer
 *   token (policy `admin`): 401 without a valid one, 403 for any other portal token. An organizer
 *   token reaches nothing outside `/api/Admin/` (403).
 * - Lists take `page` (from 1) and `pageSize` (1..200, default 50) and answer `{ rows, total }`;
 *   `total` counts every row matching the filters, not only the page.
 * - Times are ISO 8601 strings with zone (`2027-03-01T18:00:00.000Z`), days `YYYY-MM-DD`.
 *
 * Kept backward compatible once published: fields are only ever added, never renamed or removed.
 */
import { z } from 'zod';
import { eventTypeSchema } from './auth.ts';
import { answerValueSchema, attendanceFields, countsByStatus, isoDateTime, isoDay, nameAndEmailFields, optionalQueryText, pageQuerySchema, queryBoolean, storeFields } from './common.ts';
import { EMAIL_PATTERN, FIRST_NAME_MAX, LAST_NAME_MAX, PERSON_CATEGORIES } from './rules.ts';

/** Route paths, so the web app and tests never spell them twice. `{id}` / `{eventType}` are path params. */
export const ADMIN_PATHS = {
  login: '/Admin/Login',
  logout: '/Admin/Logout',
  me: '/api/Admin/Me',
  password: '/api/Admin/Me/Password',
  totpSetup: '/api/Admin/Me/Totp',
  totpConfirm: '/api/Admin/Me/Totp/Confirm',
  totpDisable: '/api/Admin/Me/Totp/Disable',
  organizers: '/api/Admin/Organizers',
  organizerDisable: '/api/Admin/Organizers/{id}/Disable',
  organizerEnable: '/api/Admin/Organizers/{id}/Enable',
  events: '/api/Admin/Events',
  event: '/api/Admin/Events/{eventType}',
  accessCodes: '/api/Admin/AccessCodes',
  accessCodeDisable: '/api/Admin/AccessCodes/{id}/Disable',
  accessCodeSeats: '/api/Admin/AccessCodes/{id}/Seats',
  registrations: '/api/Admin/Registrations',
  registration: '/api/Admin/Registrations/{id}',
  registrationCancel: '/api/Admin/Registrations/{id}/Cancel',
  registrationResendLink: '/api/Admin/Registrations/{id}/ResendLink',
  registrationDates: '/api/Admin/Registrations/{id}/Dates',
  waitlists: '/api/Admin/Waitlists',
  waitlistOffer: '/api/Admin/Registrations/{id}/Offer',
  waitlistMove: '/api/Admin/Registrations/{id}/WaitlistPosition',
  people: '/api/Admin/People',
  person: '/api/Admin/People/{id}',
  import: '/api/Admin/Import',
  audit: '/api/Admin/Audit',
  outbox: '/api/Admin/Outbox',
  outboxResend: '/api/Admin/Outbox/{id}/Resend',
} as const;

/** The token policy of organizers; no other policy reaches `/api/Admin/*`. */
export const ADMIN_POLICY = 'admin';
export const ORGANIZER_PASSWORD_MIN = 12;
export const ORGANIZER_PASSWORD_MAX = 200;
/** Search text of the list routes. */
export const ADMIN_QUERY_MAX = 100;

const emailSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(254).regex(EMAIL_PATTERN, 'must be an e-mail address');
export const eventParamsSchema = z.object({ eventType: eventTypeSchema });

// ---------------------------------------------------------------------------------------------
// Sign-in, sign-out, own account
// ---------------------------------------------------------------------------------------------

/**
 * `POST /Admin/Login`. A failed sign-in answers 200 with `succeeded: false` and a generic message
 * (as `/User/ProcessLogin`); when the account has TOTP and `totp` is missing, the failure also has
 * `errors: [{ field: 'totp', ... }]` so the console asks for the code. Too many failures: 429.
 *
 * Second proof: past the account's failure budget, a sign-in may answer
 * `errors: [{ field: 'emailCode', ... }]` (accounts without TOTP: a 6-digit code was mailed to the
 * organizer if the password was right) or `field: 'totp'`, whatever the password; the console then
 * sends e-mail, password and `emailCode` (or `totp`) again. Additive: a client that never sends
 * `emailCode` signs in as before wherever no second proof is asked.
 */
export const adminLoginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'is required' }).min(1, 'is required').max(ORGANIZER_PASSWORD_MAX),
  totp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code of your authenticator app')
    .nullish()
    .transform((v) => v ?? undefined),
  emailCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code from the e-mail')
    .nullish()
    .transform((v) => v ?? undefined),
});
export type AdminLoginRequest = z.input<typeof adminLoginRequestSchema>;

export const organizerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  totpEnabled: z.boolean(),
  /** Set for an account created with a one-time password: change it (`POST /api/Admin/Me/Password`) before anything else (403 until then). */
  mustChangePassword: z.boolean(),
});
export type Organizer = z.infer<typeof organizerSchema>;

export const adminLoginDataSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  authorizationPolicy: z.array(z.literal(ADMIN_POLICY)),
  organizer: organizerSchema,
});
export type AdminLoginData = z.infer<typeof adminLoginDataSchema>;

/**
 * `POST /api/Admin/Me/Password` -> `data: { accessToken, expiresAt }`: the password change ends
 * every session of the account, and answers a fresh token for the session that made it, so that
 * no old token keeps working. Wrong current passwords are
 * limited like sign-in failures (429).
 */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(ORGANIZER_PASSWORD_MAX),
  newPassword: z
    .string({ error: 'is required' })
    .min(ORGANIZER_PASSWORD_MIN, `must be at least ${ORGANIZER_PASSWORD_MIN} characters`)
    .max(ORGANIZER_PASSWORD_MAX, `must be at most ${ORGANIZER_PASSWORD_MAX} characters`),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
export const changePasswordDataSchema = z.object({ accessToken: z.string(), expiresAt: z.string() });
export type ChangePasswordData = z.infer<typeof changePasswordDataSchema>;

/**
 * `POST /api/Admin/Me/Totp` `{ password }`: a new secret, enabled only once confirmed with a code.
 * The current password is required (wrong ones: 400 on `password`, limited like sign-in failures).
 */
export const totpSetupRequestSchema = z.object({ password: z.string({ error: 'is required' }).min(1, 'is required').max(ORGANIZER_PASSWORD_MAX) });
export type TotpSetupRequest = z.input<typeof totpSetupRequestSchema>;
export const totpSetupDataSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupData = z.infer<typeof totpSetupDataSchema>;
/** `POST /api/Admin/Me/Totp/Confirm` -> `data: Organizer`. */
export const totpConfirmRequestSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'must be a 6-digit code') });
export type TotpConfirmRequest = z.input<typeof totpConfirmRequestSchema>;
/**
 * `POST /api/Admin/Me/Totp/Disable` -> `data: Organizer`: turning TOTP off needs the account's
 * password or a current code of it (a left-open console alone is not enough).
 */
export const totpDisableRequestSchema = z
  .object({
    password: z.string().min(1, 'is required').max(ORGANIZER_PASSWORD_MAX).optional(),
    code: z.string().trim().regex(/^\d{6}$/, 'must be a 6-digit code').optional(),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined, { message: 'give your password or a current code', path: ['password'] });
export type TotpDisableRequest = z.input<typeof totpDisableRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Organizer accounts: GET /api/Admin/Organizers?q=&active= -> { rows: AdminOrganizer[], total };
// POST /api/Admin/Organizers/{id}/Disable | Enable (no body) -> AdminOrganizer (idempotent).
// Nobody disables their own account (409). New accounts: `npm run admin:create`.
// ---------------------------------------------------------------------------------------------

export const organizersQuerySchema = pageQuerySchema.extend({
  /** Part of the e-mail or name, any letter case. */
  q: optionalQueryText(ADMIN_QUERY_MAX),
  active: queryBoolean.optional(),
});
export type OrganizersQuery = z.input<typeof organizersQuerySchema>;

export const adminOrganizerSchema = organizerSchema.extend({
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminOrganizer = z.infer<typeof adminOrganizerSchema>;

/** A registration's statuses as the console lists, filters and counts them. */
export const ADMIN_REGISTRATION_STATUSES = ['Pending', 'Enrolled', 'Cancelled', 'Waitlisted', 'Offered', 'Expired'] as const;

// ---------------------------------------------------------------------------------------------
// Events: GET /api/Admin/Events -> { rows, total }; PUT /api/Admin/Events/{eventType} -> AdminEvent
// ---------------------------------------------------------------------------------------------

export const adminEventSchema = z.object({
  id: eventTypeSchema,
  name: z.string(),
  providerEventCode: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** Enrollment links are refused before / after these instants; null = no limit. */
  registrationOpensAt: z.string().nullable(),
  registrationClosesAt: z.string().nullable(),
  isVirtual: z.boolean(),
  /** Most non-cancelled registrations; null = unlimited. */
  capacity: z.number().int().nullable(),
  defaultComplimentarySeats: z.number().int(),
  /** Days before `registrationClosesAt` when the reminder mails go out; null = none. */
  reminderDaysBeforeClose: z.number().int().nullable(),
  /** Attendees are erased this many days after the event's end (docs/privacy.md); null = kept. */
  retentionDays: z.number().int().nullable(),
  /** Minutes an offer from the waiting list stays open (docs/waiting-lists.md); default 2880 (48 h). */
  waitlistOfferMinutes: z.number().int(),
  /** Offers go first to people of stores with no place yet. */
  waitlistStoreFirst: z.boolean(),
  /** The IANA time zone the program's times are given in (docs/sessions.md). */
  timeZone: z.string(),
  /** Attendees pick sessions from / until these instants; null = no limit. */
  sessionsOpenAt: z.string().nullable(),
  sessionsCloseAt: z.string().nullable(),
  /** Attendees change or hand over their own registration until this instant; null = no limit (docs/transfers.md). */
  changesCloseAt: z.string().nullable(),
  /** The help desk the registration page names once changes have closed. */
  helpDeskEmail: z.string().nullable(),
  helpDeskPhone: z.string().nullable(),
  /** The event's registrations by status: one count per status, its name in lower case (`pending`, `enrolled`...). */
  registrations: z.object(countsByStatus(ADMIN_REGISTRATION_STATUSES)),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

/** Every field optional: what is sent is changed. Cross-field rules are checked on the result (400). */
export const updateEventRequestSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters').optional(),
  startsOn: isoDay.optional(),
  endsOn: isoDay.optional(),
  registrationOpensAt: isoDateTime.nullable().optional(),
  registrationClosesAt: isoDateTime.nullable().optional(),
  isVirtual: z.boolean().optional(),
  capacity: z.number().int('must be a whole number').min(0, 'must not be negative').max(1_000_000).nullable().optional(),
  defaultComplimentarySeats: z.number().int('must be a whole number').min(0, 'must not be negative').max(100).optional(),
  reminderDaysBeforeClose: z.number().int('must be a whole number').min(1, 'must be at least 1').max(365).nullable().optional(),
  retentionDays: z.number().int('must be a whole number').min(1, 'must be at least 1').max(3650, 'must be at most 3650').nullable().optional(),
  waitlistOfferMinutes: z.number().int('must be a whole number').min(5, 'must be at least 5').max(43_200, 'must be at most 43200 (30 days)').optional(),
  waitlistStoreFirst: z.boolean().optional(),
  timeZone: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters').optional(),
  sessionsOpenAt: isoDateTime.nullable().optional(),
  sessionsCloseAt: isoDateTime.nullable().optional(),
  changesCloseAt: isoDateTime.nullable().optional(),
  helpDeskEmail: z.string().trim().max(254, 'must be at most 254 characters').regex(EMAIL_PATTERN, 'must be an e-mail address').nullable().optional(),
  helpDeskPhone: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters').nullable().optional(),
});
export type UpdateEventRequest = z.input<typeof updateEventRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Access codes
// ---------------------------------------------------------------------------------------------

/**
 * What a code admits, as the person category it gives new attendees. The server derives the
 * policies, regType, attendee type and content groups from it (the same presets as the demo codes).
 * `dealer_staff` with a `storeDlrnum` is a per-store code: any e-mail may log in with it and is bound
 * to that store; without a store it admits store-roster e-mails only.
 */
export const ACCESS_CODE_CATEGORIES = PERSON_CATEGORIES;
export const accessCodeCategorySchema = z.enum(ACCESS_CODE_CATEGORIES);
export type AccessCodeCategory = z.infer<typeof accessCodeCategorySchema>;

/** `GET /api/Admin/AccessCodes?event=&page=&pageSize=` */
export const accessCodesQuerySchema = pageQuerySchema.extend({ event: eventTypeSchema.optional() });
export type AccessCodesQuery = z.input<typeof accessCodesQuerySchema>;

export const adminAccessCodeSchema = z.object({
  id: z.number().int(),
  event: eventTypeSchema,
  label: z.string(),
  category: z.string(),
  regType: z.string(),
  policies: z.array(z.string()),
  requiresRoster: z.boolean(),
  ...storeFields,
  /** Seat allotment of a per-store code; null = unlimited. */
  seats: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
  /** Active, and not expired. */
  usable: z.boolean(),
  createdAt: z.string(),
  /** Successful logins with this code. */
  logins: z.number().int(),
  /** Non-cancelled registrations made by people who logged in with this code. */
  registrations: z.number().int(),
});
export type AdminAccessCode = z.infer<typeof adminAccessCodeSchema>;

export const ACCESS_CODE_PATTERN = /^[A-Za-z0-9-]{8,40}$/;

/** `POST /api/Admin/AccessCodes` -> `CreatedAccessCode` (the code is shown this once; only its hash is kept). */
export const createAccessCodeRequestSchema = z.object({
  event: eventTypeSchema,
  /** Omitted: the server generates one (CSPRNG). Given: 8..40 letters, digits or "-", not a weak code. */
  code: z
    .string()
    .trim()
    .regex(ACCESS_CODE_PATTERN, 'must be 8 to 40 letters, digits or "-"')
    .nullish()
    .transform((v) => v ?? undefined),
  category: accessCodeCategorySchema,
  /** Shown to operators; defaults to the category's name (plus the store). */
  label: z.string().trim().min(1).max(80, 'must be at most 80 characters').nullish().transform((v) => v ?? undefined),
  storeDlrnum: z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a store number').nullish().transform((v) => v ?? undefined),
  seats: z.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000).nullish().transform((v) => v ?? undefined),
  expiresAt: isoDateTime.nullish().transform((v) => v ?? undefined),
});
export type CreateAccessCodeRequest = z.input<typeof createAccessCodeRequestSchema>;
export const createdAccessCodeSchema = z.object({ id: z.number().int(), code: z.string() });
export type CreatedAccessCode = z.infer<typeof createdAccessCodeSchema>;
/** `POST /api/Admin/AccessCodes/{id}/Disable` (no body) -> `AdminAccessCode`. Idempotent. */
/**
 * `POST /api/Admin/AccessCodes/{id}/Seats` `{ seats }` -> `AdminAccessCode`: the seats of a per-store
 * code (null: no limit of its own). A raise frees places: the code's waiting list is offered them
 * (docs/waiting-lists.md). Lowering below the places held takes nobody's place; it only stops new ones.
 */
export const accessCodeSeatsRequestSchema = z.object({
  seats: z.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000).nullable(),
});
export type AccessCodeSeatsRequest = z.input<typeof accessCodeSeatsRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Registrations
// ---------------------------------------------------------------------------------------------

export const REGISTRATION_SORTS = [
  'name', '-name', 'email', '-email', 'store', '-store', 'status', '-status', 'type', '-type',
  'createdAt', '-createdAt', 'updatedAt', '-updatedAt', 'enrolledAt', '-enrolledAt',
] as const;
export type RegistrationSort = (typeof REGISTRATION_SORTS)[number];
export const ADMIN_ATTENDEE_TYPES = ['dealer', 'candidate', 'field', 'corporate', 'distributor', 'vendor', 'sbr', 'partner', 'expo'] as const;

/**
 * `GET /api/Admin/Registrations?event=&q=&status=&region=&store=&type=&page=&pageSize=&sort=`.
 * `q` matches (case-insensitively, anywhere) the attendee's first name, last name, "first last",
 * e-mail, store number and store name. `sort` is a field, `-` in front for descending; default `-updatedAt`.
 */
export const registrationsQuerySchema = pageQuerySchema.extend({
  event: eventTypeSchema.optional(),
  q: optionalQueryText(ADMIN_QUERY_MAX),
  status: z.enum(ADMIN_REGISTRATION_STATUSES).optional(),
  region: optionalQueryText(32),
  store: optionalQueryText(32),
  type: z.enum(ADMIN_ATTENDEE_TYPES).optional(),
  sort: z.enum(REGISTRATION_SORTS).default('-updatedAt'),
});
export type RegistrationsQuery = z.input<typeof registrationsQuerySchema>;

export const adminRegistrationSchema = z.object({
  id: z.number().int(),
  event: eventTypeSchema,
  status: z.enum(ADMIN_REGISTRATION_STATUSES),
  attendeeType: z.string(),
  attendeeId: z.number().int(),
  ...nameAndEmailFields,
  ...storeFields,
  region: z.string().nullable(),
  zone: z.string().nullable(),
  district: z.string().nullable(),
  ...attendanceFields,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** While `Waitlisted`: the place in its queue (1 = next). */
  waitlistPosition: z.number().int().optional(),
  /** While `Offered`: when the offer lapses. */
  offerExpiresAt: z.string().optional(),
});
export type AdminRegistration = z.infer<typeof adminRegistrationSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  success: z.boolean(),
  actorEmail: z.string().nullable(),
  /** Set when an organizer did it. */
  organizerId: z.number().int().nullable(),
  eventId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The person who made a registration, in the console's detail and in webhook bodies. */
export const registeredBySchema = z.object({ id: z.number().int(), ...nameAndEmailFields });
export type RegisteredBy = z.infer<typeof registeredBySchema>;

/** `GET /api/Admin/Registrations/{id}` */
export const adminRegistrationDetailSchema = adminRegistrationSchema.extend({
  registeredBy: registeredBySchema.nullable(),
  provider: z.string(),
  /** Audit entries about this registration, oldest first. */
  history: z.array(auditEntrySchema),
  /** The signed badge code while Enrolled, for a reprint (docs/event-days.md); null otherwise. */
  badge: z.object({ code: z.string() }).nullable().optional(),
  /** The door state: when and where the attendee was checked in (null: not yet), and the badge version. */
  checkIn: z.object({ checkedInAt: z.string().nullable(), door: z.string().nullable(), badgeVersion: z.number().int() }).nullable().optional(),
  /**
   * The answers to the event's questions with their labels, when there are any; `sensitive` ones
   * are for organizers only (docs/questions.md). Webhook bodies carry them as `{ key: value }`.
   */
  answers: z
    .array(
      z.object({
        key: z.string(),
        label: z.string(),
        value: answerValueSchema,
        /** The answer as a person reads it: choices by their labels, yes/no. */
        text: z.string().optional(),
        sensitive: z.boolean(),
      }),
    )
    .optional(),
});
export type AdminRegistrationDetail = z.infer<typeof adminRegistrationDetailSchema>;

/** `POST /api/Admin/Registrations/{id}/Cancel` `{ reason? }` -> `AdminRegistrationDetail`. 409 when already cancelled. */
export const cancelRegistrationRequestSchema = z
  .object({ reason: z.string().trim().max(500, 'must be at most 500 characters').nullish().transform((v) => v ?? undefined) })
  .default({ reason: undefined });
export type CancelRegistrationRequest = z.input<typeof cancelRegistrationRequestSchema>;

/**
 * `POST /api/Admin/Registrations/{id}/ResendLink` (no body): issues a new link to the attendee
 * (older unused links are retired). When mail is set up the link is queued to the attendee
 * (`queued: true`, `outboxId`); `link` is always the new link, for the organizer to pass on.
 */
export const resendLinkDataSchema = z.object({
  link: z.string(),
  queued: z.boolean(),
  outboxId: z.number().int().nullable(),
});
export type ResendLinkData = z.infer<typeof resendLinkDataSchema>;

/**
 * `POST /api/Admin/Registrations/{id}/Dates` -> `AdminRegistrationDetail`. Checked with the shared
 * attendance rules (`attendanceErrors` of @portal/contracts/rules) against the event window: 400 with
 * `errors` per field otherwise.
 */
export const registrationDatesRequestSchema = z.object({
  isVirtual: z.boolean().default(false),
  arrivalDate: isoDay.nullish().transform((v) => v ?? null),
  departureDate: isoDay.nullish().transform((v) => v ?? null),
});
export type RegistrationDatesRequest = z.input<typeof registrationDatesRequestSchema>;

// ---------------------------------------------------------------------------------------------
// People and their report scope
// ---------------------------------------------------------------------------------------------

export const SCOPE_LEVELS = ['network', 'region', 'zone', 'district'] as const;
export const scopeLevelSchema = z.enum(SCOPE_LEVELS);
export type ScopeLevel = z.infer<typeof scopeLevelSchema>;
/** A report scope (docs/reports.md, "Report scopes"): `network`, or one region, zone or district code. */
export const reportScopeSchema = z.object({
  level: scopeLevelSchema,
  /** Null for `network`; the region, zone or district code otherwise. */
  code: z.string().trim().max(32).nullable(),
});
export type ReportScope = z.infer<typeof reportScopeSchema>;

/** `GET /api/Admin/People?q=&store=&page=&pageSize=`: `q` matches name and e-mail anywhere, or a store number exactly. */
export const peopleQuerySchema = pageQuerySchema.extend({
  q: optionalQueryText(ADMIN_QUERY_MAX),
  store: optionalQueryText(32),
});
export type PeopleQuery = z.input<typeof peopleQuerySchema>;

export const adminPersonSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  category: z.string(),
  ...storeFields,
  zoneCode: z.string().nullable(),
  company: z.string().nullable(),
  /** Null when the person has none: then no report access at all (a scope is granted, never assumed). */
  scope: reportScopeSchema.nullable(),
  createdAt: z.string(),
  /** Set once the person was erased (docs/privacy.md). */
  erasedAt: z.string().nullable().optional(),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** `PUT /api/Admin/People/{id}` -> `AdminPerson`. Fields sent are changed; `null` clears an optional one. */
export const updatePersonRequestSchema = z.object({
  email: emailSchema.optional(),
  firstName: z.string().trim().min(1, 'is required').max(FIRST_NAME_MAX, `must be at most ${FIRST_NAME_MAX} characters`).optional(),
  lastName: z.string().trim().min(1, 'is required').max(LAST_NAME_MAX, `must be at most ${LAST_NAME_MAX} characters`).optional(),
  category: accessCodeCategorySchema.optional(),
  storeDlrnum: z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a store number').nullable().optional(),
  zoneCode: z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a zone code').nullable().optional(),
  company: z.string().trim().max(120, 'must be at most 120 characters').nullable().optional(),
  scope: reportScopeSchema.nullable().optional(),
});
export type UpdatePersonRequest = z.input<typeof updatePersonRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Import: POST /api/Admin/Import?kind=&dryRun=  (body: the CSV file as UTF-8, Content-Type text/csv,
// at most IMPORT_BODY_MAX_BYTES and IMPORT_MAX_ROWS data rows: 413 past either, naming the limit;
// a file that is not UTF-8 answers 400)
// ---------------------------------------------------------------------------------------------

export const IMPORT_KINDS = ['network', 'rosters', 'access-codes', 'report-users', 'sessions'] as const;
export const importKindSchema = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof importKindSchema>;
export const IMPORT_BODY_MAX_BYTES = 10 * 1024 * 1024;
/** Data rows (the header not counted) in one import file. */
export const IMPORT_MAX_ROWS = 100_000;
/** Problems listed in an answer; `problemsTotal` counts them all. */
export const IMPORT_PROBLEMS_MAX = 1_000;

export const importQuerySchema = z.object({
  kind: importKindSchema,
  /** Default true: check only. */
  dryRun: queryBoolean.default(true),
});
export type ImportQuery = z.input<typeof importQuerySchema>;

export const importProblemSchema = z.object({
  file: z.string(),
  /** 1-based line (1 is the header). */
  line: z.number().int(),
  column: z.string(),
  reason: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importCountsSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  detached: z.number().int().optional(),
});

/**
 * 200 in both cases. `ok: false`: every problem listed, nothing written (also when `dryRun=false`).
 * `ok: true`: `counts` per entity (`regions`, `zones`, `districts`, `stores`, `people`, `storeManagers`,
 * `accessCodes`, `reportUsers`, `sessions`), written when `dryRun` is false (`committed: true`), all or nothing.
 */
export const importResultSchema = z.object({
  ok: z.boolean(),
  dryRun: z.boolean(),
  committed: z.boolean(),
  counts: z.record(z.string(), importCountsSchema).nullable(),
  /** The first IMPORT_PROBLEMS_MAX problems, in file and line order. */
  problems: z.array(importProblemSchema),
  /** How many problems there are in all (more than `problems.length` when the list was cut). */
  problemsTotal: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log: GET /api/Admin/Audit?actor=&action=&from=&to=&page=&pageSize=  -> { rows: AuditEntry[], total }, newest first
// ---------------------------------------------------------------------------------------------

export const auditQuerySchema = pageQuerySchema.extend({
  /** An actor's e-mail (exact, case-insensitive). */
  actor: optionalQueryText(254),
  /** An action name, e.g. `admin-registration-cancel`, `login` (exact). */
  action: optionalQueryText(64),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  event: eventTypeSchema.optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Outbox (served by the mail module, guarded as every admin route)
// GET /api/Admin/Outbox?status=&page=&pageSize= -> { rows: OutboxMail[], total }, newest first
// POST /api/Admin/Outbox/{id}/Resend (no body) -> OutboxMail (the new copy queued, `resendOf` = id)
// ---------------------------------------------------------------------------------------------

export const ADMIN_OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const outboxQuerySchema = pageQuerySchema.extend({
  status: z.enum(ADMIN_OUTBOX_STATUSES).optional(),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

export const outboxMailSchema = z.object({
  id: z.number().int(),
  /** Template name, e.g. `registration-confirmed`, `reminder`, `digest`. */
  kind: z.string(),
  to: z.string(),
  eventId: z.string().nullable(),
  /** Null until the mail is rendered for sending. */
  subject: z.string().nullable(),
  /** One of ADMIN_OUTBOX_STATUSES. */
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  registrationId: z.number().int().nullable(),
  /** The mail this one re-sends, if any. */
  resendOf: z.number().int().nullable(),
  /**
   * The mail was delivered and its personal link (registration, revisit or confirmation link) was
   * removed from the outbox: it cannot be re-sent as it was (409); "Resend link" issues a new one.
   */
  linksRemoved: z.boolean(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

// ---------------------------------------------------------------------------------------------
// Waiting lists (docs/waiting-lists.md)
// ---------------------------------------------------------------------------------------------

/** `GET /api/Admin/Waitlists?event=` -> `{ rows: AdminWaitlist[], total }`: every queue with someone waiting or offered. */
export const waitlistsQuerySchema = z.object({ event: eventTypeSchema.optional() });
export type WaitlistsQuery = z.input<typeof waitlistsQuerySchema>;

export const adminWaitlistEntrySchema = z.object({
  registrationId: z.number().int(),
  status: z.enum(['Waitlisted', 'Offered']),
  /** Waitlisted: 1 = next; null while Offered. */
  position: z.number().int().nullable(),
  ...nameAndEmailFields,
  ...storeFields,
  waitlistedAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;

export const adminWaitlistSchema = z.object({
  event: eventTypeSchema,
  /** `event` for the event's own queue, `code` for a per-store access code's. */
  kind: z.enum(['event', 'code']),
  accessCodeId: z.number().int().nullable(),
  label: z.string(),
  /** The event's capacity or the code's seats; null = unlimited. */
  places: z.number().int().nullable(),
  /** Places held (Enrolled and Offered). */
  held: z.number().int(),
  waiting: z.number().int(),
  offered: z.number().int(),
  entries: z.array(adminWaitlistEntrySchema),
});
export type AdminWaitlist = z.infer<typeof adminWaitlistSchema>;

/** `POST /api/Admin/Registrations/{id}/Offer` (no body): offers a place to a waiting person now, even over the limits. -> `AdminRegistrationDetail`. */
/** `POST /api/Admin/Registrations/{id}/WaitlistPosition` `{ position }` -> `AdminRegistrationDetail`: moves a waiting person in their queue. */
export const waitlistMoveRequestSchema = z.object({
  position: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(1_000_000),
});
export type WaitlistMoveRequest = z.input<typeof waitlistMoveRequestSchema>;
