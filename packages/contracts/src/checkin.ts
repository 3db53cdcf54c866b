/**
 * The badge code, the one owner of its layout (docs/checkin-app.md, docs/event-days.md; the server's
 * apps/server/src/modules/badges/badge-code.ts signs with these): `EP1.<payload>.<signature>`, both
 * base64url without padding, the signature Ed25519 over the payload's bytes. Payload:
 *
 *   offset 0   uint32 big-endian  registration id
 *   offset 4   uint8              n, length of the event id
 *   offset 5   n bytes ASCII      event id ("nbc")
 *   offset 5+n uint16 big-endian  badge version
 *   offset 7+n 4 bytes            key id (`kid` in GET /api/CheckIn/Config is their base64url)
 *
 * No Node APIs here: the door app (apps/web/src/checkin) parses with this and verifies with
 * WebCrypto; the server signs and verifies (Ed25519, node:crypto) around the same functions.
 * Imported as `@portal/contracts/checkin` (not from the index). The wire format of the door's
 * routes is in event-days.ts.
 */

export const BADGE_PREFIX = 'EP1';
/** At most this long (QR version 7, level M, byte mode). */
export const BADGE_CODE_MAX = 122;

export interface BadgePayload {
  registrationId: number;
  eventId: string;
  version: number;
  /** base64url of the key id's 4 bytes. */
  kid: string;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64URL_INDEX = new Map([...B64URL].map((c, i) => [c, i]));

export function base64urlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64URL[(n >> 18) & 63]! + B64URL[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += B64URL[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) out += B64URL[n & 63]!;
  }
  return out;
}

/** Null for anything that is not base64url without padding, or not its one spelling of the bytes. */
export function base64urlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of text) {
    const index = B64URL_INDEX.get(char);
    if (index === undefined) return null;
    value = ((value << 6) | index) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero: a stray bit is a tampered code, not another spelling of a valid one.
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

const EVENT_ID = /^[a-z0-9-]{1,16}$/;

/** The payload's bytes (the server signs these; the door app's tests sign with it too). */
export function encodeBadgePayload(payload: BadgePayload): Uint8Array<ArrayBuffer> {
  const kid = base64urlDecode(payload.kid);
  if (!EVENT_ID.test(payload.eventId) || !kid || kid.length !== 4) throw new RangeError('badge: event id of 1-16 [a-z0-9-], key id of 4 bytes');
  if (!Number.isInteger(payload.registrationId) || payload.registrationId < 0 || payload.registrationId > 0xffffffff) throw new RangeError('badge: registration id out of range');
  if (!Number.isInteger(payload.version) || payload.version < 0 || payload.version > 0xffff) throw new RangeError('badge: version out of range');
  const n = payload.eventId.length;
  const bytes = new Uint8Array(4 + 1 + n + 2 + 4);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, payload.registrationId);
  view.setUint8(4, n);
  for (let i = 0; i < n; i++) bytes[5 + i] = payload.eventId.charCodeAt(i);
  view.setUint16(5 + n, payload.version);
  bytes.set(kid, 7 + n);
  return bytes;
}

export function decodeBadgePayload(bytes: Uint8Array): BadgePayload | null {
  if (bytes.length < 5) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint8(4);
  if (n === 0 || bytes.length !== 4 + 1 + n + 2 + 4) return null;
  const eventId = String.fromCharCode(...bytes.subarray(5, 5 + n));
  if (!EVENT_ID.test(eventId)) return null;
  return { registrationId: view.getUint32(0), eventId, version: view.getUint16(5 + n), kid: base64urlEncode(bytes.subarray(7 + n, 11 + n)) };
}

export interface ParsedBadge {
  payload: BadgePayload;
  /** The bytes the signature covers. */
  signed: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

/** Splits and decodes a badge code; null when it is not one. The signature is not checked here. */
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

// ---------------------------------------------------------------------------------------------
// Finding someone by e-mail without holding addresses (docs/checkin-app.md, "Search by e-mail")
// ---------------------------------------------------------------------------------------------

/** Bytes of the HMAC kept in a roster row's `emailHash` (16: 22 base64url characters). */
export const EMAIL_HASH_BYTES = 16;

/** The spelling both sides hash: trimmed, lower-cased. */
export function normaliseEmailForHash(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What the door hashes for a typed address: the address, and without its `+tag` when it has one
 * (the portal takes `local+tag@domain` for `local@domain`, docs/security.md).
 */
export function emailSpellings(typed: string): string[] {
  const email = normaliseEmailForHash(typed);
  const at = email.lastIndexOf('@');
  const plus = email.indexOf('+');
  if (at <= 0 || plus <= 0 || plus > at) return [email];
  return [email, email.slice(0, plus) + email.slice(at)];
}

/**
 * `emailHash` of a roster row: base64url of the first 16 bytes of HMAC-SHA256 under the event's
 * `emailHashKey` (`GET /api/CheckIn/Config`, base64url) over the normalised address. WebCrypto, so
 * the door computes what the person typed, offline; the server computes the same with node:crypto.
 * Null for a key that is not base64url.
 */
export async function emailHashOf(emailHashKey: string, email: string): Promise<string | null> {
  const raw = base64urlDecode(emailHashKey);
  if (!raw || raw.length === 0) return null;
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(normaliseEmailForHash(email))));
  return base64urlEncode(mac.subarray(0, EMAIL_HASH_BYTES));
}
