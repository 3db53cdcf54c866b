/**
 * Badge codes (docs/event-days.md, "Badge codes"): `EP1.<payload>.<signature>`. The layout, the
 * base64url and the `EP1.` prefix have one owner, `@portal/contracts/checkin` (the door app parses
 * with it too; badge-door.test.ts checks both sides agree); this file only keeps the keys: Ed25519
 * signing with `node:crypto` and verification (on libuv's thread pool for a door's batch). The key
 * id is the first 4 bytes of SHA-256 over the public key's SPKI DER. A code is 4 + 19 + 1 + 86 =
 * 110 characters for "nbc", well under the 122 of QR version 7 at level M.
 */
import { createHash, createPrivateKey, createPublicKey, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { decodeBadgePayload, encodeBadgePayload, formatBadgeCode, parseBadgeCode, type BadgePayload } from '@portal/contracts/checkin';

export { BADGE_CODE_MAX, BADGE_PREFIX, type BadgePayload } from '@portal/contracts/checkin';

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

/** The payload's bytes (the version as its low 16 bits, as the payload holds it). */
export function encodePayload(p: BadgePayload): Buffer {
  return Buffer.from(encodeBadgePayload({ ...p, version: p.version & 0xffff }));
}

export function decodePayload(bytes: Uint8Array): BadgePayload | null {
  return decodeBadgePayload(bytes);
}

export function signBadge(signer: BadgeSigner, p: Omit<BadgePayload, 'kid'>): string {
  const payload = encodePayload({ ...p, kid: signer.kid });
  return formatBadgeCode(payload, sign(null, payload, signer.privateKey));
}

interface ParsedCode {
  payload: BadgePayload;
  signed: Uint8Array;
  signature: Uint8Array;
  key: BadgeKey;
}

/** The parts of a well-formed code whose key is known; null for anything else (the signature unchecked). */
function parseCode(code: string, keys: ReadonlyMap<string, BadgeKey>): ParsedCode | null {
  const parsed = parseBadgeCode(code);
  const key = parsed && keys.get(parsed.payload.kid);
  return parsed && key ? { ...parsed, key } : null;
}

/** The payload of a code whose signature verifies under one of `keys`; null for anything else. */
export function verifyBadge(code: string, keys: ReadonlyMap<string, BadgeKey>): BadgePayload | null {
  const parsed = parseCode(code, keys);
  return parsed && verify(null, parsed.signed, parsed.key.publicKey, parsed.signature) ? parsed.payload : null;
}

/** `verifyBadge` on libuv's thread pool: a batch of 500 codes is checked on every core, off the event loop. */
export function verifyBadgeAsync(code: string, keys: ReadonlyMap<string, BadgeKey>): Promise<BadgePayload | null> {
  const parsed = parseCode(code, keys);
  if (!parsed) return Promise.resolve(null);
  return new Promise((resolve) =>
    verify(null, parsed.signed, parsed.key.publicKey, parsed.signature, (error, ok) => resolve(!error && ok ? parsed.payload : null)),
  );
}

/**
 * `verifyBadgeAsync` at about a third of the cost for codes of the current key: Ed25519 signatures
 * are deterministic (RFC 8032), so a payload has exactly one valid signature under the key, the one
 * this server makes; signing costs a third of verifying (OpenSSL). Compared in constant time (the
 * expected signature must not leak through timing). Codes of a retired key are verified.
 */
export function checkBadgeAsync(code: string, signer: BadgeSigner, keys: ReadonlyMap<string, BadgeKey>): Promise<BadgePayload | null> {
  const parsed = parseCode(code, keys);
  if (!parsed) return Promise.resolve(null);
  if (parsed.key.kid !== signer.kid) return verifyBadgeAsync(code, keys);
  return new Promise((resolve) =>
    sign(null, parsed.signed, signer.privateKey, (error, expected) =>
      resolve(!error && expected.length === parsed.signature.length && timingSafeEqual(expected, parsed.signature) ? parsed.payload : null),
    ),
  );
}

/** Codes checked lately (door retries, the same badge at several doors): at most this many kept. */
const VERIFIED_CACHE_MAX = 50_000;

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

  private readonly verified = new Map<string, BadgePayload | null>();

  /**
   * `verify` for a batch at the door API: off the event loop (libuv's thread pool), by signing and
   * comparing for the current key (`checkBadgeAsync`), and remembered (a retried batch, or a badge
   * scanned at several doors, is checked once). The cache holds results, never trusts input:
   * its key is the whole code.
   */
  async verifyMany(codes: readonly string[]): Promise<Array<BadgePayload | null>> {
    return Promise.all(
      codes.map(async (code) => {
        const known = this.verified.get(code);
        if (known !== undefined) return known;
        const payload = await checkBadgeAsync(code, this.signer, this.verifying);
        if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
        this.verified.set(code, payload);
        return payload;
      }),
    );
  }

  /** `GET /api/CheckIn/Config`'s `publicKeys`. */
  publicKeys(): Array<{ kid: string; spki: string }> {
    return [...this.verifying.values()].map((k) => ({ kid: k.kid, spki: k.spki }));
  }
}
