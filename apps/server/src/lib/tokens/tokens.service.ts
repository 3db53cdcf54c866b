/**
 * Portal tokens: HS256 JWTs with an id that logout revokes (in the database, so every instance
 * refuses it at once), carrying the session version of their principal (the access code, the report
 * user or the organizer), so taking access away ends its sessions on every instance. Built once in
 * app.ts; `plugins/auth.ts` guards the routes with it, the sign-in flows (auth, admin, oidc) sign
 * with it. Its statements are in tokens.queries.ts.
 */
import { randomFillSync } from 'node:crypto';
import { eventTypeSchema, type EventType, type Policy } from '@portal/contracts';
import type { Db } from '@portal/db';
import { unauthorized } from '../errors.ts';
import { Hs256, JwtError } from '../jwt-hs256.ts';
import { prepareTokenQueries, type VersionRow } from './tokens.queries.ts';

export interface AuthUser {
  /** The person behind an attendee token; null for report users and organizers. */
  personId: number | null;
  /** The organizer behind an organizer token (policy `admin`); null otherwise. */
  organizerId: number | null;
  email: string;
  eventType: EventType;
  policies: Policy[];
  regType: string;
  isDealer: boolean;
  storeCode: string | null;
  /** The access code an attendee logged in with (seat allotments, counts per code); null otherwise. */
  accessCodeId: number | null;
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /**
   * The session version of the token's principal when it was signed (the organizer's, the access
   * code's or the report user's; 0 for tokens signed before versions existed). A request is refused
   * once the principal's version has moved on (`SessionVersions`).
   */
  sessionVersion: number;
}

export type TokenClaims = Omit<AuthUser, 'jti' | 'exp' | 'iat' | 'organizerId' | 'accessCodeId' | 'sessionVersion'> & {
  organizerId?: number | null;
  accessCodeId?: number | null;
  sessionVersion?: number;
};

/** The subject of an organizer token. */
export const ORGANIZER_SUBJECT = /^organizer:(\d+)$/;
const ISSUER = 'event-portal';

export const SESSION_ENDED_MESSAGE = 'This session has ended. Please log in again.';
const ORGANIZER_SESSION_ENDED_MESSAGE = 'This session has ended. Please sign in again.';

/**
 * How old a cached session version may be. Every instance reads the versions from the database (no
 * Redis needed), so two instances agree within this time plus one lookup: access taken away ends on
 * every instance within 1 s.
 */
export const SESSION_VERSION_MAX_AGE_MS = 500;

interface JwtPayload {
  sub: string;
  email: string;
  evt: EventType;
  pol: Policy[];
  reg: string;
  dlr: boolean;
  sto: string | null;
  acd?: number | null;
  sv?: number;
  jti: string;
  exp: number;
  iat?: number;
}

/**
 * Token ids: 16 random bytes each, cut from a pool refilled from the CSPRNG 256 ids at a time (as
 * `crypto.randomUUID` does). A `randomBytes(16)` per login cost about 10 µs of a login's CPU.
 */
const ID_BYTES = 16;
const idPool = Buffer.alloc(ID_BYTES * 256);
let idOffset = idPool.length;
function newTokenId(): string {
  if (idOffset + ID_BYTES > idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  const id = idPool.toString('base64url', idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return id;
}

interface PrincipalState {
  active: boolean;
  sessionVersion: number;
}

/**
 * The current session versions of access codes and report users, read through a small
 * per-instance cache: one lookup per principal and half-second, however many requests use it
 * (an attendee token is checked on every request). A principal that no longer exists reads as
 * inactive. The clock is the monotonic one, not the app's (tests freeze the app's clock).
 */
export class SessionVersions {
  private readonly entries = new Map<string, { at: number; value: Promise<PrincipalState> }>();

  constructor(
    private readonly lookups: { accessCodeVersion(id: number): Promise<VersionRow | undefined>; reportUserVersion(email: string): Promise<VersionRow | undefined> },
    private readonly maxAgeMs = SESSION_VERSION_MAX_AGE_MS,
  ) {}

  /** The principal's state, from the cache unless `fresh` (read now and cached). */
  of(principal: { code: number } | { reportUser: string }, fresh = false): Promise<PrincipalState> {
    return 'code' in principal
      ? this.read(`c:${principal.code}`, () => this.lookups.accessCodeVersion(principal.code), fresh)
      : this.read(`r:${principal.reportUser}`, () => this.lookups.reportUserVersion(principal.reportUser), fresh);
  }

  /** Forgets what this instance cached (after it changed a principal itself). */
  forget(): void {
    this.entries.clear();
  }

  private read(key: string, load: () => Promise<VersionRow | undefined>, fresh: boolean): Promise<PrincipalState> {
    const at = performance.now();
    const cached = this.entries.get(key);
    if (cached && !fresh && at - cached.at < this.maxAgeMs) return cached.value;
    if (this.entries.size >= 10_000) this.sweep(at);
    const value = load().then((row) => (row ? { active: row.active, sessionVersion: Number(row.v) } : { active: false, sessionVersion: -1 }));
    this.entries.set(key, { at, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (now - entry.at >= this.maxAgeMs) this.entries.delete(key);
    // Still full of fresh entries (many principals at once): start over rather than grow.
    if (this.entries.size >= 10_000) this.entries.clear();
  }
}

export interface TokenServiceDeps {
  db: Db;
  /** The HS256 key (JWT_SECRET). */
  secret: Uint8Array;
  ttlSeconds: number;
  /** The clock of issue and expiry (tests move it). */
  now?: () => number;
}

export function createTokenService(deps: TokenServiceDeps) {
  const { ttlSeconds } = deps;
  const now = deps.now ?? Date.now;
  const q = prepareTokenQueries(deps.db);
  /** Synchronous HMAC (lib/jwt-hs256.ts): WebCrypto's asynchronous one cost more than the hash. */
  const jwt = new Hs256(deps.secret);
  /** Per-instance cache (at most SESSION_VERSION_MAX_AGE_MS old) of the principals' session versions. */
  const versions = new SessionVersions(q);
  // Taken away (code or report user disabled, or removed), or moved on since the token was signed.
  const ended = (state: PrincipalState, sessionVersion: number) => !state.active || state.sessionVersion !== sessionVersion;

  return {
    versions,

    async sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date; jti: string }> {
      const jti = newTokenId();
      const iat = Math.floor(now() / 1000);
      const exp = iat + ttlSeconds;
      const payload: Record<string, unknown> = {
        email: claims.email,
        evt: claims.eventType,
        pol: claims.policies,
        reg: claims.regType,
        dlr: claims.isDealer,
        sto: claims.storeCode,
      };
      if (claims.accessCodeId != null) payload.acd = claims.accessCodeId;
      if (claims.sessionVersion) payload.sv = claims.sessionVersion;
      payload.sub = claims.organizerId != null ? `organizer:${claims.organizerId}` : claims.personId === null ? `report:${claims.email}` : String(claims.personId);
      payload.jti = jti;
      payload.iat = iat;
      payload.exp = exp;
      payload.iss = ISSUER;
      return { token: jwt.sign(payload), expiresAt: new Date(exp * 1000), jti };
    },

    /**
     * Verifies signature, expiry, revocation and (for attendee and report tokens) the session version
     * of the access code or report user; throws a 401 AppError otherwise. Organizer tokens' versions
     * are checked by `checkOrganizer`, with the account's other per-request checks. `revoked`: a
     * caller's own check of the token's revocation (logged out, or its person erased), in place of
     * this service's lookup, for a route that reads it in one statement with its other reads.
     */
    async verify(token: string, revoked?: (user: AuthUser) => Promise<boolean>): Promise<AuthUser> {
      let payload: JwtPayload;
      try {
        payload = jwt.verify(token, { issuer: ISSUER, nowSeconds: Math.floor(now() / 1000) }) as unknown as JwtPayload;
      } catch (error) {
        if (error instanceof JwtError && error.reason === 'expired') throw unauthorized('Your session has expired. Please log in again.');
        throw unauthorized('Invalid access token');
      }
      const event = eventTypeSchema.safeParse(payload.evt);
      if (!event.success || typeof payload.jti !== 'string' || !Array.isArray(payload.pol)) throw unauthorized('Invalid access token');
      const personId = /^\d+$/.test(payload.sub) ? Number(payload.sub) : null;
      const accessCodeId = typeof payload.acd === 'number' ? payload.acd : null;
      const sessionVersion = typeof payload.sv === 'number' ? payload.sv : 0;
      const reportEmail = payload.sub.startsWith('report:') ? payload.sub.slice('report:'.length) : null;
      const principal = accessCodeId !== null ? { code: accessCodeId } : reportEmail !== null ? { reportUser: reportEmail } : null;
      const organizer = ORGANIZER_SUBJECT.exec(payload.sub);
      const organizerId = organizer ? Number(organizer[1]) : null;
      const user: AuthUser = {
        personId,
        organizerId,
        email: payload.email,
        eventType: event.data,
        policies: payload.pol,
        regType: payload.reg,
        isDealer: payload.dlr === true,
        storeCode: payload.sto ?? null,
        accessCodeId,
        jti: payload.jti,
        exp: payload.exp,
        iat: typeof payload.iat === 'number' ? payload.iat : 0,
        sessionVersion,
      };
      const [isRevoked, current] = await Promise.all([
        revoked ? revoked(user) : q.isRevokedOrErased(payload.jti, personId),
        principal ? versions.of(principal) : null,
      ]);
      if (isRevoked) throw unauthorized(SESSION_ENDED_MESSAGE);
      // A refusal from the cache is read again: a token newer than the cached state (signed after
      // the principal was enabled again) is not refused for the cache's age.
      if (current !== null && ended(current, sessionVersion) && ended(await versions.of(principal!, true), sessionVersion)) throw unauthorized(SESSION_ENDED_MESSAGE);
      // The admin policy and an organizer subject come together or the token is not one of ours.
      if ((organizerId !== null) !== payload.pol.includes('admin')) throw unauthorized('Invalid access token');
      return user;
    },

    /**
     * The per-request checks of a verified organizer token, read from the database each time so that
     * disabling an organizer takes effect at once: the account is active (401), the token is newer
     * than the account's last disabling and carries its current session version (401). Answers
     * whether the organizer must still change a one-time password.
     */
    async checkOrganizer(organizerId: number, user: Pick<AuthUser, 'iat' | 'sessionVersion'>): Promise<{ mustChangePassword: boolean }> {
      const organizer = await q.organizerGuard(organizerId);
      if (!organizer?.active) throw unauthorized('This organizer account is disabled.');
      // Tokens from before the account was last disabled stay dead after it is enabled again.
      if (organizer.tokensValidFrom && user.iat * 1000 <= organizer.tokensValidFrom.getTime()) throw unauthorized(ORGANIZER_SESSION_ENDED_MESSAGE);
      // The password changed (or the account was disabled) since this token was signed.
      if (organizer.sessionVersion !== user.sessionVersion) throw unauthorized(ORGANIZER_SESSION_ENDED_MESSAGE);
      return { mustChangePassword: organizer.mustChangePassword };
    },

    revoke: (user: Pick<AuthUser, 'jti' | 'exp'>): Promise<void> => q.insertRevocation(user.jti, new Date(user.exp * 1000)),

    /** Revocations of tokens that have expired anyway are no longer needed. */
    purgeExpiredRevocations: (): Promise<void> => q.deleteRevocationsExpiredBefore(new Date(now())),
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
