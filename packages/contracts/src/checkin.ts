/**
 * Check-in at the doors (docs/event-days.md, docs/checkin-app.md): the wire format of the door
 * devices' routes and the badge code both the server (signs) and the door app (verifies offline)
 * read. Envelope and conventions as everywhere (`{ succeeded, message, data }`, ISO times).
 *
 * - `POST /api/CheckIn/Pair` `{ pairingCode }` -> `{ accessToken, deviceId, name, event }` (no token;
 *   the code is one-time and expires in 24 h).
 * - `GET /api/CheckIn/Config` -> `{ event, publicKeys: [{ kid, spki }], device }`.
 * - `GET /api/CheckIn/Roster?event=&after=<cursor>&limit=` -> `{ rows, cursor, more }`, a page of the
 *   event's registrations (cancelled ones included) changed after the cursor.
 * - `POST /api/CheckIn/Scans` `{ scans }` (at most 500) -> `{ results }`, idempotent by `scanId`.
 * - `POST /api/CheckIn/WalkIn`, `POST /api/CheckIn/Substitute`: devices with those rights only.
 *
 * Every route but Pair needs the device token (policy `checkin`); a revoked or unknown device gets
 * 401, and the door app then wipes what it holds.
 */
import { z } from 'zod';

export const CHECKIN_PATHS = {
  pair: '/api/CheckIn/Pair',
  config: '/api/CheckIn/Config',
  roster: '/api/CheckIn/Roster',
  scans: '/api/CheckIn/Scans',
  walkIn: '/api/CheckIn/WalkIn',
  substitute: '/api/CheckIn/Substitute',
} as const;

/** Most scans one `POST /api/CheckIn/Scans` takes. */
export const SCAN_BATCH_MAX = 500;
/** Most roster rows one page answers (the default page is this size too). */
export const ROSTER_PAGE_MAX = 2000;
/** A badge code is at most this long: a version 7 QR at level M holds 122 bytes (docs/event-days.md). */
export const BADGE_CODE_MAX = 122;

export const PAIRING_CODE_MAX = 40;
export const pairRequestSchema = z.object({
  pairingCode: z
    .string()
    .trim()
    .min(1, 'pairingCode: enter the pairing code shown in the console')
    .max(PAIRING_CODE_MAX, `pairingCode: at most ${PAIRING_CODE_MAX} characters`),
});
export type PairRequest = z.infer<typeof pairRequestSchema>;

export const pairAnswerSchema = z.object({
  accessToken: z.string(),
  deviceId: z.number().int(),
  /** The device's name in the console, e.g. "Door 1"; the door app sends it as `door` by default. */
  name: z.string(),
  /** The event id (`nbc`, `abc`). */
  event: z.string(),
});
export type PairAnswer = z.infer<typeof pairAnswerSchema>;

/** What a device may do beyond scanning (set when the organizer registers it). */
export const checkInRightsSchema = z.object({ walkIn: z.boolean(), substitute: z.boolean() });
export type CheckInRights = z.infer<typeof checkInRightsSchema>;

export const checkInConfigSchema = z.object({
  event: z.object({
    id: z.string(),
    name: z.string(),
    startsOn: z.string(),
    /** Last day of the event (YYYY-MM-DD): the door app wipes its data the day after. */
    endsOn: z.string(),
  }),
  /** Keys badges are checked with; `spki` is the Ed25519 public key as base64url DER (SubjectPublicKeyInfo). */
  publicKeys: z.array(z.object({ kid: z.string(), spki: z.string() })),
  device: z.object({ id: z.number().int(), name: z.string(), rights: checkInRightsSchema }),
});
export type CheckInConfig = z.infer<typeof checkInConfigSchema>;

export const rosterQuerySchema = z.object({
  event: z.string().optional(),
  /** The cursor of the previous page; none for a full sync. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ROSTER_PAGE_MAX).optional(),
});
export type RosterQuery = z.infer<typeof rosterQuerySchema>;

/** One registration as the door keeps it: only what the door needs (docs/checkin-app.md). */
export const rosterRowSchema = z.object({
  registrationId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  attendeeType: z.string(),
  storeDlrnum: z.string().nullable(),
  storeName: z.string().nullable(),
  /** `Enrolled` admits; `Cancelled` (and anything else) is refused. */
  status: z.string(),
  badgeVersion: z.number().int(),
  checkedInAt: z.string().nullable(),
  door: z.string().nullable(),
  /**
   * Optional: SHA-256 (base64url) of the trimmed, lower-cased e-mail address, so a door can find
   * someone by the exact address they give without holding the addresses themselves.
   */
  emailHash: z.string().optional(),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

export const rosterPageSchema = z.object({
  rows: z.array(rosterRowSchema),
  /** Opaque; pass as `after` for the next page or, once `more` is false, for the next delta. */
  cursor: z.string(),
  more: z.boolean(),
});
export type RosterPage = z.infer<typeof rosterPageSchema>;

export const SCAN_RESULTS = ['checked_in', 'already', 'invalid', 'cancelled', 'wrong_event', 'undone'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

export const DOOR_NAME_MAX = 60;
export const scanSchema = z
  .object({
    /** Made by the device (UUID); sending it again changes nothing and answers the same result. */
    scanId: z.uuid('scanId: a UUID made by the device'),
    code: z.string().min(1).max(BADGE_CODE_MAX * 2, 'code: too long for a badge code').optional(),
    registrationId: z.number().int().positive().optional(),
    scannedAt: z.iso.datetime({ offset: true, message: 'scannedAt: an ISO date-time' }),
    door: z.string().trim().min(1).max(DOOR_NAME_MAX),
    /** Takes back the registration's check-in (a mistake at the door). */
    undo: z.boolean().optional(),
  })
  .refine((scan) => (scan.code === undefined) !== (scan.registrationId === undefined), { message: 'scan: give either code or registrationId' });
export type Scan = z.infer<typeof scanSchema>;

export const scansRequestSchema = z.object({
  scans: z.array(scanSchema).min(1, 'scans: at least one scan').max(SCAN_BATCH_MAX, `scans: at most ${SCAN_BATCH_MAX} a call`),
});
export type ScansRequest = z.infer<typeof scansRequestSchema>;

export const scanOutcomeSchema = z.object({
  scanId: z.string(),
  result: z.enum(SCAN_RESULTS),
  registrationId: z.number().int().optional(),
  name: z.string().optional(),
  /** The attendee's first recorded check-in (for `already`, and for `checked_in` itself). */
  firstCheckIn: z.object({ at: z.string(), door: z.string() }).optional(),
});
export type ScanOutcome = z.infer<typeof scanOutcomeSchema>;

export const scansAnswerSchema = z.object({ results: z.array(scanOutcomeSchema) });
export type ScansAnswer = z.infer<typeof scansAnswerSchema>;

const personFields = {
  firstName: z.string().trim().min(1, 'firstName: required').max(100),
  lastName: z.string().trim().min(1, 'lastName: required').max(100),
  email: z.email('email: a valid e-mail address').max(254).optional(),
};

/** A person registered on the spot (device with the walk-in right). */
export const walkInRequestSchema = z.object({
  ...personFields,
  attendeeType: z.string().min(1).max(40),
  storeDlrnum: z.string().trim().max(20).optional(),
  /** Check them in at once (a scan of the new badge at this door). */
  checkIn: z.object({ scanId: z.uuid(), scannedAt: z.iso.datetime({ offset: true }), door: z.string().trim().min(1).max(DOOR_NAME_MAX) }).optional(),
});
export type WalkInRequest = z.infer<typeof walkInRequestSchema>;

/** A colleague from the same store takes a registration's place (device with the substitute right). */
export const substituteRequestSchema = z.object({ registrationId: z.number().int().positive(), ...personFields });
export type SubstituteRequest = z.infer<typeof substituteRequestSchema>;

/** Walk-in and substitution answer the new registration as the roster has it, and its badge. */
export const doorRegistrationAnswerSchema = z.object({ row: rosterRowSchema, badge: z.object({ code: z.string() }) });
export type DoorRegistrationAnswer = z.infer<typeof doorRegistrationAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The badge code: `EP1.<payload>.<signature>`, both base64url without padding. The signature is
// Ed25519 over the payload's bytes. Payload (big-endian):
//   u8 format (1) | u32 registrationId | u16 badgeVersion | u8 kid length | kid (ASCII)
//   | u8 event length | event id (ASCII)
// With kid "k1" and event "nbc": 14 bytes, 19 characters; the whole code is 110 characters.
// ---------------------------------------------------------------------------------------------

export const BADGE_PREFIX = 'EP1';
export const BADGE_PAYLOAD_FORMAT = 1;

export interface BadgePayload {
  registrationId: number;
  badgeVersion: number;
  kid: string;
  event: string;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64URL_INDEX = new Map([...B64URL].map((c, i) => [c, i]));

export function base64urlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += B64URL[(n >> 18) & 63]! + B64URL[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += B64URL[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) out += B64URL[n & 63]!;
  }
  return out;
}

/** Null for anything that is not base64url without padding. */
export function base64urlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of text) {
    const index = B64URL_INDEX.get(char);
    if (index === undefined) return null;
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero (one encoding per byte string).
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

const ASCII_ID = /^[\x21-\x7e]{1,32}$/;

export function encodeBadgePayload(payload: BadgePayload): Uint8Array<ArrayBuffer> {
  const { registrationId, badgeVersion, kid, event } = payload;
  if (!Number.isInteger(registrationId) || registrationId < 0 || registrationId > 0xffffffff) throw new RangeError('badge: registrationId out of range');
  if (!Number.isInteger(badgeVersion) || badgeVersion < 0 || badgeVersion > 0xffff) throw new RangeError('badge: badgeVersion out of range');
  if (!ASCII_ID.test(kid) || !ASCII_ID.test(event)) throw new RangeError('badge: kid and event are 1-32 printable ASCII characters');
  const bytes = new Uint8Array(1 + 4 + 2 + 1 + kid.length + 1 + event.length);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, BADGE_PAYLOAD_FORMAT);
  view.setUint32(1, registrationId);
  view.setUint16(5, badgeVersion);
  view.setUint8(7, kid.length);
  for (let i = 0; i < kid.length; i++) bytes[8 + i] = kid.charCodeAt(i);
  const eventAt = 8 + kid.length;
  view.setUint8(eventAt, event.length);
  for (let i = 0; i < event.length; i++) bytes[eventAt + 1 + i] = event.charCodeAt(i);
  return bytes;
}

export function decodeBadgePayload(bytes: Uint8Array): BadgePayload | null {
  if (bytes.length < 10 || bytes[0] !== BADGE_PAYLOAD_FORMAT) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const registrationId = view.getUint32(1);
  const badgeVersion = view.getUint16(5);
  const kidLength = view.getUint8(7);
  const eventAt = 8 + kidLength;
  if (kidLength === 0 || eventAt >= bytes.length) return null;
  const eventLength = view.getUint8(eventAt);
  if (eventLength === 0 || eventAt + 1 + eventLength !== bytes.length) return null;
  const ascii = (from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));
  const kid = ascii(8, kidLength);
  const event = ascii(eventAt + 1, eventLength);
  if (!ASCII_ID.test(kid) || !ASCII_ID.test(event)) return null;
  return { registrationId, badgeVersion, kid, event };
}

export interface ParsedBadge {
  payload: BadgePayload;
  /** The bytes the signature covers. */
  signed: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

/** Splits and decodes a badge code; null when it is not one (the signature is not checked here). */
export function parseBadgeCode(code: string): ParsedBadge | null {
  const text = code.trim();
  if (text.length > BADGE_CODE_MAX) return null;
  const parts = text.split('.');
  if (parts.length !== 3 || parts[0] !== BADGE_PREFIX) return null;
  const signed = base64urlDecode(parts[1] ?? '');
  const signature = base64urlDecode(parts[2] ?? '');
  if (!signed || !signature || signature.length !== 64) return null;
  const payload = decodeBadgePayload(signed);
  return payload ? { payload, signed, signature } : null;
}

/** `EP1.<payload>.<signature>` from the payload's bytes and the Ed25519 signature over them. */
export function formatBadgeCode(signed: Uint8Array, signature: Uint8Array): string {
  return `${BADGE_PREFIX}.${base64urlEncode(signed)}.${base64urlEncode(signature)}`;
}
