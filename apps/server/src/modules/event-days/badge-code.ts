/**
 * Badge codes (docs/event-days.md, "Badge codes"): `EP1.<payload>.<signature>`, both parts base64url
 * without padding. The payload is 14 bytes for a three-letter event id:
 *
 *   offset 0  uint32 big-endian  registration id
 *   offset 4  uint8              n, length of the event id
 *   offset 5  n bytes ASCII      event id ("nbc")
 *   offset 5+n uint16 big-endian badge version
 *   offset 7+n 4 bytes           key id (the first 4 bytes of SHA-256 over the public key's SPKI DER)
 *
 * The signature is Ed25519 over the payload bytes exactly (not over their base64url text). A code
 * is 4 + 19 + 1 + 86 = 110 characters for "nbc", well under the 122 of QR version 7 at level M.
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

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

export interface BadgeKey {
  kid: string;
  /** The public key as base64url SPKI DER (what the doors verify with). */
  spki: string;
  publicKey: KeyObject;
}

export interface BadgeSigner extends BadgeKey {
  privateKey: KeyObject;
}

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function kidOf(spkiDer: Buffer): string {
  return createHash('sha256').update(spkiDer).digest().subarray(0, 4).toString('base64url');
}

/** The signing key from BADGE_SIGNING_KEY's text: its SHA-256 (under a label) is the Ed25519 seed. */
export function badgeSignerFromSecret(secret: string): BadgeSigner {
  const seed = createHash('sha256').update('event-portal badge key v1\0').update(secret).digest();
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return { kid: kidOf(der), spki: der.toString('base64url'), publicKey, privateKey };
}

/** A verifying key from its base64url SPKI DER (a retired key's, BADGE_RETIRED_PUBLIC_KEYS). */
export function badgeKeyFromSpki(spki: string): BadgeKey {
  const der = Buffer.from(spki, 'base64url');
  const publicKey = createPublicKey({ key: der, format: 'der', type: 'spki' });
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 public key');
  return { kid: kidOf(der), spki: der.toString('base64url'), publicKey };
}

export function encodePayload(p: BadgePayload): Buffer {
  const event = Buffer.from(p.eventId, 'ascii');
  const kid = Buffer.from(p.kid, 'base64url');
  if (event.length === 0 || event.length > 16 || kid.length !== 4) throw new Error('bad badge payload');
  const out = Buffer.alloc(4 + 1 + event.length + 2 + 4);
  out.writeUInt32BE(p.registrationId, 0);
  out.writeUInt8(event.length, 4);
  event.copy(out, 5);
  out.writeUInt16BE(p.version & 0xffff, 5 + event.length);
  kid.copy(out, 7 + event.length);
  return out;
}

export function decodePayload(bytes: Buffer): BadgePayload | null {
  if (bytes.length < 5) return null;
  const n = bytes.readUInt8(4);
  if (n === 0 || bytes.length !== 4 + 1 + n + 2 + 4) return null;
  const eventId = bytes.subarray(5, 5 + n).toString('ascii');
  if (!/^[a-z0-9-]+$/.test(eventId)) return null;
  return {
    registrationId: bytes.readUInt32BE(0),
    eventId,
    version: bytes.readUInt16BE(5 + n),
    kid: bytes.subarray(7 + n, 11 + n).toString('base64url'),
  };
}

export function signBadge(signer: BadgeSigner, p: Omit<BadgePayload, 'kid'>): string {
  const payload = encodePayload({ ...p, kid: signer.kid });
  const signature = sign(null, payload, signer.privateKey);
  return `${BADGE_PREFIX}.${payload.toString('base64url')}.${signature.toString('base64url')}`;
}

const CODE_PATTERN = /^EP1\.([A-Za-z0-9_-]{10,40})\.([A-Za-z0-9_-]{86})$/;

/** The payload of a code whose signature verifies under one of `keys`; null for anything else. */
export function verifyBadge(code: string, keys: ReadonlyMap<string, BadgeKey>): BadgePayload | null {
  if (code.length > BADGE_CODE_MAX) return null;
  const match = CODE_PATTERN.exec(code.trim());
  if (!match) return null;
  const payloadBytes = Buffer.from(match[1]!, 'base64url');
  const signature = Buffer.from(match[2]!, 'base64url');
  // Base64url that does not round-trip (stray bits) is a tampered code, not a spelling of a valid one.
  if (payloadBytes.toString('base64url') !== match[1] || signature.toString('base64url') !== match[2]) return null;
  const payload = decodePayload(payloadBytes);
  if (!payload) return null;
  const key = keys.get(payload.kid);
  if (!key || signature.length !== 64) return null;
  return verify(null, payloadBytes, key.publicKey, signature) ? payload : null;
}

/** The signing key and every key the doors accept, by key id (the current one first). */
export class BadgeKeys {
  readonly signer: BadgeSigner;
  readonly verifying: ReadonlyMap<string, BadgeKey>;

  constructor(secret: string, retiredSpki: readonly string[] = []) {
    this.signer = badgeSignerFromSecret(secret);
    const map = new Map<string, BadgeKey>([[this.signer.kid, this.signer]]);
    for (const spki of retiredSpki) {
      const key = badgeKeyFromSpki(spki);
      if (!map.has(key.kid)) map.set(key.kid, key);
    }
    this.verifying = map;
  }

  sign(p: Omit<BadgePayload, 'kid'>): string {
    return signBadge(this.signer, p);
  }

  verify(code: string): BadgePayload | null {
    return verifyBadge(code, this.verifying);
  }

  /** `GET /api/CheckIn/Config`'s `publicKeys`. */
  publicKeys(): Array<{ kid: string; spki: string }> {
    return [...this.verifying.values()].map((k) => ({ kid: k.kid, spki: k.spki }));
  }
}
