/**
 * HS256 JSON Web Tokens (RFC 7519 with an RFC 7515 compact HMAC-SHA256 signature), signed and checked
 * synchronously with node:crypto. Every authenticated request checks a token; WebCrypto's HMAC (what
 * jose uses) runs each one as an asynchronous job on the thread pool, which cost more than the HMAC
 * itself (bench/reports/profile-reports.ts: about a tenth of a report request's CPU).
 *
 * Only what the portal issues is accepted: header `alg` exactly HS256, no `crit`, an object payload,
 * the expected issuer, a numeric `exp` in the future, `nbf`/`iat` numeric when present (`nbf` not in
 * the future). The signature is compared in constant time before the payload is parsed.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { remembered } from './remembered.ts';

/** Longer tokens are refused unread (ours are about 400 characters). */
const MAX_TOKEN_LENGTH = 4_096;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]*$/;

export type JwtFailure = 'invalid' | 'expired';

export class JwtError extends Error {
  constructor(readonly reason: JwtFailure) {
    super(reason === 'expired' ? 'token expired' : 'invalid token');
    this.name = 'JwtError';
  }
}

export type JwtClaims = Record<string, unknown> & { iss?: string; exp?: number; iat?: number; nbf?: number };

/** Verified tokens whose claims are kept (see `Hs256.verify`). */
const MAX_KNOWN_TOKENS = 2_000;

export class Hs256 {
  /**
   * The secret as a key object, made once: an HMAC given the raw bytes imports them on every call,
   * which cost about 15 % of a token's signature (measured 7.7 against 6.7 µs per HMAC of a
   * 400-byte token on the 2-core VM, under load).
   */
  private readonly secret: KeyObject;
  /**
   * The claims of tokens whose signature and form were verified, by the token's text: a reader sends
   * the same token with every request, and the HMAC, the base64 and the JSON parse of each cost more
   * than the rest of a cached report's own work. The same text always verifies the same way; the
   * issuer and the times are checked on every call.
   */
  private readonly known = remembered((token: string) => this.verifySignatureAndForm(token), MAX_KNOWN_TOKENS);

  constructor(secret: Uint8Array) {
    if (secret.length < 32) throw new Error('an HS256 secret needs at least 32 bytes');
    this.secret = createSecretKey(Buffer.from(secret));
  }

  private mac(input: string): Buffer {
    return createHmac('sha256', this.secret).update(input).digest();
  }

  /** The compact token of `claims` (the caller sets iss, iat, exp). */
  sign(claims: JwtClaims): string {
    const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${signingInput}.${this.mac(signingInput).toString('base64url')}`;
  }

  /**
   * The claims of a valid token issued by `issuer`, checked at `nowSeconds`; throws JwtError
   * ('expired' only for a token that is otherwise valid).
   */
  verify(token: string, options: { issuer: string; nowSeconds: number }): Readonly<JwtClaims> {
    if (typeof token !== 'string') throw new JwtError('invalid');
    return checkedClaims(this.known(token), options);
  }

  /** The claims of a token signed with this secret and of the accepted form (times unchecked). */
  private verifySignatureAndForm(token: string): Readonly<JwtClaims> {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw new JwtError('invalid');
    const parts = token.split('.');
    if (parts.length !== 3) throw new JwtError('invalid');
    const [header, payload, signature] = parts as [string, string, string];
    if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) throw new JwtError('invalid');
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(`${header}.${payload}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new JwtError('invalid');

    const head = parseObject(header);
    if (head.alg !== 'HS256' || 'crit' in head || (head.typ !== undefined && head.typ !== 'JWT')) throw new JwtError('invalid');
    const claims = parseObject(payload) as JwtClaims;
    for (const name of ['exp', 'iat', 'nbf'] as const) {
      const value = claims[name];
      if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) throw new JwtError('invalid');
    }
    if (claims.exp === undefined) throw new JwtError('invalid');
    return Object.freeze(claims);
  }
}

/** The issuer and the times of verified claims, checked at `nowSeconds`. */
function checkedClaims(claims: Readonly<JwtClaims>, options: { issuer: string; nowSeconds: number }): Readonly<JwtClaims> {
  if (claims.iss !== options.issuer) throw new JwtError('invalid');
  if (claims.nbf !== undefined && claims.nbf > options.nowSeconds) throw new JwtError('invalid');
  if (claims.exp === undefined) throw new JwtError('invalid');
  if (claims.exp <= options.nowSeconds) throw new JwtError('expired');
  return claims;
}

function parseObject(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('invalid');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new JwtError('invalid');
  return value as Record<string, unknown>;
}
