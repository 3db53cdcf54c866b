/**
 * The days of the event (docs/event-days.md): badges, door devices and their sync API
 * (`/api/CheckIn/*`, reached only by a door device's token), arrivals, printed badges, walk-ins and
 * same-store substitution. Envelope and conventions as in the rest of the API; times ISO 8601 with
 * zone. Kept backward compatible once published: fields are only ever added.
 */
import { z } from 'zod';
import { eventTypeSchema } from './auth.ts';
import { isoDateTime, pagedSchema, storeFields } from './common.ts';
import { languageSchema } from './languages.ts';
import { EMAIL_PATTERN, FIRST_NAME_MAX, LAST_NAME_MAX } from './rules.ts';

export const CHECKIN_PATHS = {
  pair: '/api/CheckIn/Pair',
  config: '/api/CheckIn/Config',
  roster: '/api/CheckIn/Roster',
  scans: '/api/CheckIn/Scans',
  walkIns: '/api/CheckIn/WalkIns',
  substitutions: '/api/CheckIn/Substitutions',
  /** One badge as a PDF for the door's label printer (audited and counted). */
  badgePrints: '/api/CheckIn/BadgePrints',
} as const;

export const EVENT_DAYS_ADMIN_PATHS = {
  devices: '/api/Admin/CheckInDevices',
  deviceRevoke: '/api/Admin/CheckInDevices/{id}/Revoke',
  conflicts: '/api/Admin/CheckInConflicts',
  arrivals: '/api/Admin/Arrivals',
  notArrived: '/api/Admin/Arrivals/NotArrived',
  badges: '/api/Admin/Badges',
  walkIns: '/api/Admin/WalkIns',
  substitute: '/api/Admin/Registrations/{id}/Substitute',
  checkIn: '/api/Admin/Registrations/{id}/CheckIn',
  /** Each door's count, live: `CheckInActivity`. */
  activity: '/api/Admin/CheckInActivity',
} as const;

export const ARRIVALS_PATHS = {
  arrivals: '/api/Report/Arrivals',
  notArrived: '/api/Report/Arrivals/NotArrived',
  export: '/api/Report/Arrivals/Export',
} as const;

/** The token policy of door devices: it reaches only `/api/CheckIn/*`, and no other token reaches those. */
export const CHECKIN_POLICY = 'checkin';
/** Bearer tokens of door devices start with this. */
export const DEVICE_TOKEN_PREFIX = 'ckd1.';
/**
 * 401 answers of `/api/CheckIn/*` name why in `errors[0]` (`field: "device"`) and the
 * `x-checkin-device` header: `revoked` or `unknown` mean the door must wipe its roster and pending
 * scans' personal data and pair again; `invalid` is a token that is not a device token at all.
 */
export const DEVICE_STATES = ['revoked', 'unknown', 'invalid'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

/**
 * `refused` answers only a scan sent with `decision: "refused"` (the door turned the badge away unheard);
 * `replaced` an earlier holder's badge of a registration handed over to a colleague (docs/transfers.md).
 */
/** `not_picked`: at a session door, an Enrolled attendee who did not pick that `picked` session (shown to the doorkeeper; the attendance is kept, marked as not picked). */
export const SCAN_RESULTS = ['checked_in', 'already', 'invalid', 'cancelled', 'wrong_event', 'undone', 'refused', 'replaced', 'not_picked'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

/**
 * What the doorkeeper chose for a validly signed badge the door's list did not hold while the
 * server could not be asked (offline): `admitted` is checked in as any scan, `refused` is only
 * logged (result `refused`, no check-in). Both are kept in the scan log.
 */
export const SCAN_DECISIONS = ['admitted', 'refused'] as const;
export type ScanDecision = (typeof SCAN_DECISIONS)[number];

/** At most this many scans per `POST /api/CheckIn/Scans`. */
export const SCANS_PER_CALL_MAX = 500;
export const ROSTER_PAGE_DEFAULT = 1000;
export const ROSTER_PAGE_MAX = 5000;
/** Sheets of badges, and one badge a page for label printers (4x3 in landscape, 4x6 in portrait). */
export const BADGE_LAYOUTS = ['a6', 'a4-4up', 'letter-6up', 'label-4x3', 'label-4x6'] as const;
export type BadgeLayout = (typeof BADGE_LAYOUTS)[number];
/** What a door's label printer takes: 4x3 in, 4x6 in or A6, one badge a label. */
export const LABEL_SIZES = ['4x3', '4x6', 'a6'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
export const LABEL_LAYOUT: Record<LabelSize, BadgeLayout> = { '4x3': 'label-4x3', '4x6': 'label-4x6', a6: 'a6' };

const idValue = z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').max(2_147_483_647);
const doorName = z.string({ error: 'is required' }).trim().min(1, 'is required').max(40, 'must be at most 40 characters');
const code = z.string().trim().max(32).regex(/^[A-Za-z0-9_-]*$/, 'must be a code of letters, digits, "-" or "_"').optional().transform((v) => (v ? v : undefined));

// ---------------------------------------------------------------------------------------------
// Badges
// ---------------------------------------------------------------------------------------------

/** `badge` of the submit answer, `GET /api/Registration/{token}` and the console's registration detail: set once Enrolled. */
export const badgeSchema = z.object({ code: z.string() });
export type Badge = z.infer<typeof badgeSchema>;

// ---------------------------------------------------------------------------------------------
// Door devices (console)
// ---------------------------------------------------------------------------------------------

/** `POST /api/Admin/CheckInDevices` -> 201 `CreatedCheckInDevice`: the pairing code is shown this once, valid 24 h. */
export const createCheckInDeviceRequestSchema = z.object({
  event: eventTypeSchema,
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  canWalkIn: z.boolean().default(false),
  canSubstitute: z.boolean().default(false),
  /** A session door: the session of `event` whose attendance its scans record (docs/sessions.md, "Session doors"). */
  sessionId: z.number({ error: 'must be a session id' }).int('must be a session id').positive('must be a session id').nullish(),
});
export type CreateCheckInDeviceRequest = z.input<typeof createCheckInDeviceRequestSchema>;

export const createdCheckInDeviceSchema = z.object({ id: z.number().int(), pairingCode: z.string(), pairingExpiresAt: z.string() });
export type CreatedCheckInDevice = z.infer<typeof createdCheckInDeviceSchema>;

/**
 * The fields a paired door keeps of each attendee (data minimisation: no e-mail, no phone, no
 * address). `emailHash` is a keyed hash of the address (per event), so the door finds someone by the
 * exact address they give; the address itself never reaches the device.
 */
export const DEVICE_HELD_FIELDS = ['firstName', 'lastName', 'attendeeType', 'storeDlrnum', 'storeName', 'status', 'badgeVersion', 'checkedInAt', 'door', 'emailHash'] as const;

export const checkInDeviceSchema = z.object({
  id: z.number().int(),
  event: eventTypeSchema,
  name: z.string(),
  /** `pairing`: code issued, not used; `expired`: code lapsed unused; `paired`; `revoked`. */
  state: z.enum(['pairing', 'expired', 'paired', 'revoked']),
  canWalkIn: z.boolean(),
  canSubstitute: z.boolean(),
  /** The session a session door counts attendance for. */
  session: z.object({ id: z.number().int(), title: z.string() }).nullable().optional(),
  pairingExpiresAt: z.string().nullable(),
  pairedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastRosterAt: z.string().nullable(),
  scans: z.number().int(),
  checkIns: z.number().int(),
  conflicts: z.number().int(),
  /** Badges the device printed (Print badge, print on scan). */
  prints: z.number().int().optional(),
  /** What the device holds: the roster fields of `rows` people as of its last roster sync (none when revoked: the door wipes). */
  holds: z.object({ fields: z.array(z.string()), rows: z.number().int(), asOf: z.string().nullable() }),
});
export type CheckInDevice = z.infer<typeof checkInDeviceSchema>;

export const checkInDevicesQuerySchema = z.object({ event: eventTypeSchema.optional() });

/** A device that has not synced for this long while paired shows in red on the console. */
export const DEVICE_STALE_AFTER_MS = 2 * 60 * 1000;

/**
 * `GET /api/Admin/CheckInActivity?event=`: each door's count, live (the console polls it). "Today"
 * is the event's day in its time zone; `arrivalsByHour` the arrivals per local hour, the last 48
 * hours that had any, oldest first; `stale`: paired, and not synced for `DEVICE_STALE_AFTER_MS`.
 */
export const checkInActivitySchema = z.object({
  asOf: z.string(),
  timeZone: z.string(),
  doors: z.array(
    z.object({
      deviceId: z.number().int(),
      name: z.string(),
      state: z.enum(['pairing', 'expired', 'paired', 'revoked']),
      lastSyncAt: z.string().nullable(),
      stale: z.boolean(),
      scansLast15Min: z.number().int(),
      scansToday: z.number().int(),
      prints: z.number().int(),
    }),
  ),
  /** `hour`: the local hour as `YYYY-MM-DD HH:00`. */
  arrivalsByHour: z.array(z.object({ hour: z.string(), arrivals: z.number().int() })),
});
export type CheckInActivity = z.infer<typeof checkInActivitySchema>;

/** `GET /api/Admin/CheckInConflicts?event=`: badges two doors both admitted while offline. */
export const checkInConflictSchema = z.object({
  registrationId: z.number().int(),
  attendeeName: z.string(),
  storeName: z.string(),
  first: z.object({ at: z.string(), door: z.string(), device: z.string() }),
  second: z.object({ at: z.string(), door: z.string(), device: z.string(), scanId: z.string() }),
});
export type CheckInConflict = z.infer<typeof checkInConflictSchema>;

// ---------------------------------------------------------------------------------------------
// The door's API
// ---------------------------------------------------------------------------------------------

export const pairRequestSchema = z.object({
  pairingCode: z.string({ error: 'is required' }).trim().min(1, 'is required').max(40, 'must be at most 40 characters'),
});
export type PairRequest = z.input<typeof pairRequestSchema>;

/** The session a session door counts (`entry`: `picked` sessions admit only those who picked them). */
export const doorSessionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  room: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  entry: z.enum(['picked', 'open']),
});
export type DoorSession = z.infer<typeof doorSessionSchema>;

export const deviceRightsSchema = z.object({ walkIn: z.boolean(), substitute: z.boolean() });

/** `POST /api/CheckIn/Pair` -> `{ accessToken, deviceId, name, event }` (+ `rights`). */
export const pairDataSchema = z.object({
  accessToken: z.string(),
  deviceId: z.number().int(),
  name: z.string(),
  event: eventTypeSchema,
  rights: deviceRightsSchema,
  /** Set for a session door. */
  session: doorSessionSchema.nullable().optional(),
});
export type PairData = z.infer<typeof pairDataSchema>;

/** `GET /api/CheckIn/Config` -> the device's event and the keys badges are checked with (`spki`: base64url DER). */
export const checkInConfigSchema = z.object({
  event: eventTypeSchema,
  eventName: z.string(),
  /**
   * The event's name in each of the portal's languages: the door shows the one of its own language,
   * which it may switch while offline (`eventName` when absent: a config stored before this field).
   */
  eventNames: z.partialRecord(languageSchema, z.string()).optional(),
  startsOn: z.string(),
  endsOn: z.string(),
  device: z.object({ id: z.number().int(), name: z.string(), rights: deviceRightsSchema }),
  /** A session door's session: its scans record attendance there, and its roster is the session's people. */
  session: doorSessionSchema.nullable().optional(),
  publicKeys: z.array(z.object({ kid: z.string(), spki: z.string() })),
  /**
   * Added for search by e-mail: the event's key (base64url, 32 bytes) of the roster rows'
   * `emailHash` (`emailHashOf` in `@portal/contracts/checkin`). The same for every device of the event.
   */
  emailHashKey: z.string().optional(),
});
export type CheckInConfig = z.infer<typeof checkInConfigSchema>;

/** `GET /api/CheckIn/Roster?event=&after=&limit=`; `event` must be the device's (or absent). */
export const rosterQuerySchema = z.object({
  event: eventTypeSchema.optional(),
  after: z.string().trim().max(100).regex(/^[A-Za-z0-9_-]*$/, 'must be a cursor from an earlier answer').optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(ROSTER_PAGE_MAX, `must be at most ${ROSTER_PAGE_MAX}`).default(ROSTER_PAGE_DEFAULT),
});

export const rosterRowSchema = z.object({
  registrationId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  attendeeType: z.string(),
  ...storeFields,
  status: z.string(),
  badgeVersion: z.number().int(),
  checkedInAt: z.string().nullable(),
  door: z.string().nullable(),
  /**
   * Added for search by e-mail: base64url of the first 16 bytes of HMAC-SHA256 under the event's
   * `emailHashKey` (Config) over the trimmed, lower-cased address. Absent for a person without a real
   * address (enrolled by name only). The address itself is never sent to a door.
   */
  emailHash: z.string().optional(),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;
export const rosterDataSchema = z.object({ rows: z.array(rosterRowSchema), cursor: z.string(), more: z.boolean() });
export type RosterData = z.infer<typeof rosterDataSchema>;

export const scanSchema = z
  .object({
    scanId: z.uuid({ error: 'must be a UUID' }),
    code: z.string().max(200, 'must be at most 200 characters').optional(),
    registrationId: idValue.optional(),
    scannedAt: isoDateTime,
    door: doorName,
    undo: z.boolean().optional(),
    /** Added for badges not on the door's list: the doorkeeper's choice made offline (SCAN_DECISIONS). */
    decision: z.enum(SCAN_DECISIONS, { error: () => `must be one of ${SCAN_DECISIONS.join(', ')}` }).optional(),
  })
  .refine((s) => (s.code === undefined) !== (s.registrationId === undefined), { error: 'needs exactly one of code or registrationId', path: ['code'] });
export type Scan = z.input<typeof scanSchema>;

export const scansRequestSchema = z.object({
  scans: z.array(scanSchema).min(1, 'must hold at least one scan').max(SCANS_PER_CALL_MAX, `must hold at most ${SCANS_PER_CALL_MAX} scans`),
});
export type ScansRequest = z.input<typeof scansRequestSchema>;

export const scanResultSchema = z.object({
  scanId: z.string(),
  result: z.enum(SCAN_RESULTS),
  registrationId: z.number().int().optional(),
  name: z.string().optional(),
  storeName: z.string().optional(),
  attendeeType: z.string().optional(),
  /** Added for a badge the door's list does not hold yet: what its screen shows until the roster brings the row. */
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  storeDlrnum: z.string().optional(),
  /** For `already`: the first check-in's time and door. */
  firstCheckIn: z.object({ at: z.string(), door: z.string() }).optional(),
});
export type ScanResultRow = z.infer<typeof scanResultSchema>;
export const scansDataSchema = z.object({ results: z.array(scanResultSchema) });

// ---------------------------------------------------------------------------------------------
// Walk-ins and substitution (door with the right, or console)
// ---------------------------------------------------------------------------------------------

const personFields = {
  email: z.string().trim().toLowerCase().min(1, 'is required').max(254).regex(EMAIL_PATTERN, 'must be an e-mail address').optional(),
  firstName: z.string().trim().min(1, 'is required').max(FIRST_NAME_MAX, `must be at most ${FIRST_NAME_MAX} characters`).optional(),
  lastName: z.string().trim().min(1, 'is required').max(LAST_NAME_MAX, `must be at most ${LAST_NAME_MAX} characters`).optional(),
};
const onePerson = (b: { personId?: number | undefined; email?: string | undefined; firstName?: string | undefined; lastName?: string | undefined }) =>
  b.personId !== undefined || (b.email !== undefined && b.firstName !== undefined && b.lastName !== undefined);
const onePersonMessage = { error: 'needs personId, or email, firstName and lastName', path: ['email'] };

/**
 * A walk-in: a person registered (Enrolled) and checked in on the spot. `personId` picks a roster
 * person; otherwise e-mail and names (an existing person with that e-mail is used). A door sends
 * no `event` (its own); the console must.
 */
export const walkInRequestSchema = z
  .object({
    event: eventTypeSchema.optional(),
    personId: idValue.optional(),
    ...personFields,
    storeDlrnum: code,
    door: doorName.default('Console'),
    checkIn: z.boolean().default(true),
  })
  .refine(onePerson, onePersonMessage);
export type WalkInRequest = z.input<typeof walkInRequestSchema>;

export const walkInDataSchema = z.object({
  registrationId: z.number().int(),
  personId: z.number().int(),
  name: z.string(),
  badge: badgeSchema,
  checkedInAt: z.string().nullable(),
});
export type WalkInData = z.infer<typeof walkInDataSchema>;

/** Same-store substitution: the registration passes to a colleague of the same store; the old badge stops admitting. */
const substituteFields = { personId: idValue.optional(), ...personFields, reason: z.string().trim().max(500).optional() };
export const substituteRequestSchema = z.object(substituteFields).refine(onePerson, onePersonMessage);
export type SubstituteRequest = z.input<typeof substituteRequestSchema>;
/** `POST /api/CheckIn/BadgePrints` -> `application/pdf`: that one badge, sized for the label printer. */
export const badgePrintRequestSchema = z.object({
  registrationId: idValue,
  size: z.enum(LABEL_SIZES, { error: () => `must be one of ${LABEL_SIZES.join(', ')}` }).default('4x3'),
});
export type BadgePrintRequest = z.input<typeof badgePrintRequestSchema>;

export const deviceSubstituteRequestSchema = z.object({ registrationId: idValue, ...substituteFields }).refine(onePerson, onePersonMessage);

export const substituteDataSchema = z.object({
  registrationId: z.number().int(),
  previousPersonId: z.number().int(),
  personId: z.number().int(),
  name: z.string(),
  badge: badgeSchema,
});
export type SubstituteData = z.infer<typeof substituteDataSchema>;

// ---------------------------------------------------------------------------------------------
// Arrivals
// ---------------------------------------------------------------------------------------------

export const ARRIVAL_LEVELS = ['Region', 'Zone', 'District'] as const;
/** `event`: the caller's token's event when absent (report routes); the console names it. */
export const arrivalsQuerySchema = z.object({
  event: eventTypeSchema.optional(),
  reportLevel: z.enum(ARRIVAL_LEVELS, { error: () => 'must be one of Region, Zone, District' }).default('Region'),
  region: code,
  zone: code,
  district: code,
});
export type ArrivalsQuery = z.input<typeof arrivalsQuerySchema>;

export const arrivalsRowSchema = z.object({ code: z.string(), name: z.string(), enrolled: z.number().int(), arrived: z.number().int(), pctArrived: z.number() });
export const arrivalsDataSchema = z.object({
  rows: z.array(arrivalsRowSchema),
  total: z.object({ enrolled: z.number().int(), arrived: z.number().int() }),
});
export type ArrivalsData = z.infer<typeof arrivalsDataSchema>;

export const notArrivedQuerySchema = z.object({
  event: eventTypeSchema.optional(),
  region: code,
  zone: code,
  district: code,
  page: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number({ error: 'must be a number' }).int().min(1).max(500, 'must be at most 500').default(50),
});
export type NotArrivedQuery = z.input<typeof notArrivedQuerySchema>;

export const notArrivedRowSchema = z.object({
  registrationId: z.number().int(),
  attendeeName: z.string(),
  attendeeType: z.string(),
  dlrnum: z.string(),
  storeName: z.string(),
  district: z.string(),
  zone: z.string(),
});
export const notArrivedDataSchema = pagedSchema(notArrivedRowSchema);
export type NotArrivedData = z.infer<typeof notArrivedDataSchema>;

export const arrivalsExportQuerySchema = z.object({
  event: eventTypeSchema.optional(),
  what: z.enum(['arrivals', 'not-arrived']).default('arrivals'),
  reportLevel: z.enum(ARRIVAL_LEVELS).default('Region'),
  region: code,
  zone: code,
  district: code,
});

export const badgesQuerySchema = z.object({
  event: eventTypeSchema,
  region: code,
  zone: code,
  district: code,
  store: code,
  layout: z.enum(BADGE_LAYOUTS, { error: () => `must be one of ${BADGE_LAYOUTS.join(', ')}` }).default('a6'),
  /** One registration (a reprint or a walk-in's badge). */
  registrationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type BadgesQuery = z.input<typeof badgesQuerySchema>;

/**
 * Attendee types as a printed badge and the door show them: short, one word each (the console's
 * longer labels are in the web app's admin labels). Unknown types show as they are.
 */
const BADGE_TYPE_LABELS: Readonly<Record<string, string>> = {
  dealer: 'Dealer',
  candidate: 'Candidate',
  field: 'Field',
  corporate: 'Corporate',
  distributor: 'Distributor',
  vendor: 'Vendor',
  sbr: 'SBR',
  partner: 'Partner',
  expo: 'Expo',
};

/** The same one-word types in Canadian French. */
const BADGE_TYPE_LABELS_FR: Readonly<Record<string, string>> = {
  dealer: 'Concessionnaire',
  candidate: 'Candidat',
  field: 'Régional',
  corporate: 'Siège social',
  distributor: 'Distributeur',
  vendor: 'Fournisseur',
  sbr: 'SBR',
  partner: 'Partenaire',
  expo: 'Salon',
};

/** The badge's attendee type in `language` (English by default). */
export function badgeTypeLabel(type: string, language: 'en' | 'fr-CA' = 'en'): string {
  return (language === 'fr-CA' ? BADGE_TYPE_LABELS_FR[type] : BADGE_TYPE_LABELS[type]) ?? type;
}
