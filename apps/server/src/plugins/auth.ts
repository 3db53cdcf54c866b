/**
 * Portal tokens: HS256 JWTs with an id that logout revokes (in the database, so every instance
 * refuses it at once). `app.authenticate` and `app.requirePolicy` guard the protected routes.
 *
 * Organizer tokens (policy `admin`) and every other token are kept apart both ways: everything under
 * `/api/Admin/` needs an organizer token (401 without a valid token, 403 with another one), and
 * `app.authenticate` refuses an organizer token (403), so it reaches no attendee or report route.
 */
import { randomFillSync } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { eq, lt, sql } from 'drizzle-orm';
import { eventTypeSchema, type EventType, type Policy } from '@portal/contracts';
import { namedStatement, schema, type Db } from '@portal/db';
import type { Actor } from '../lib/audit.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { Hs256, JwtError } from '../lib/jwt-hs256.ts';

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

const ORGANIZER_SUBJECT = /^organizer:(\d+)$/;
const ISSUER = 'event-portal';

/** Paths of the organizer console API; matched case-insensitively so no spelling slips past the guard. */
/**
 * The path of a request URL with its percent-escapes decoded (repeatedly, so `%2541` is `A` too):
 * a guard matches what a proxy or a later router might decode, so `/api/%41dmin/...` is an admin
 * path as well. A malformed escape leaves the path as it is.
 */
export function decodedPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      const next = decodeURIComponent(path);
      if (next === path) break;
      path = next;
    } catch {
      break;
    }
  }
  return path;
}

export function isAdminApiPath(url: string): boolean {
  return /^\/api\/admin(?:\/|$)/i.test(decodedPath(url));
}

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

export const SESSION_ENDED_MESSAGE = 'This session has ended. Please log in again.';

/**
 * How old a cached session version may be. Every instance reads the versions from the database (no
 * Redis needed), so two instances agree within this time plus one lookup: access taken away ends on
 * every instance within 1 s.
 */
export const SESSION_VERSION_MAX_AGE_MS = 500;

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
  private readonly codeQuery: (params: readonly unknown[]) => Promise<Array<{ active: boolean; v: number }>>;
  private readonly reportUserQuery: (params: readonly unknown[]) => Promise<Array<{ active: boolean; v: number }>>;

  constructor(db: Db, private readonly maxAgeMs = SESSION_VERSION_MAX_AGE_MS) {
    this.codeQuery = namedStatement(db, 'session_version_code', 'select active, session_version as v from access_codes where id = $1');
    this.reportUserQuery = namedStatement(db, 'session_version_report_user', 'select active, session_version as v from report_users where email = $1');
  }

  /** The principal's state, from the cache unless `fresh` (read now and cached). */
  of(principal: { code: number } | { reportUser: string }, fresh = false): Promise<PrincipalState> {
    return 'code' in principal
      ? this.read(`c:${principal.code}`, () => this.codeQuery([principal.code]), fresh)
      : this.read(`r:${principal.reportUser}`, () => this.reportUserQuery([principal.reportUser]), fresh);
  }

  /** Forgets what this instance cached (after it changed a principal itself). */
  forget(): void {
    this.entries.clear();
  }

  private read(key: string, load: () => Promise<Array<{ active: boolean; v: number }>>, fresh: boolean): Promise<PrincipalState> {
    const at = performance.now();
    const cached = this.entries.get(key);
    if (cached && !fresh && at - cached.at < this.maxAgeMs) return cached.value;
    if (this.entries.size >= 10_000) this.sweep(at);
    const value = load().then(([row]) => (row ? { active: row.active, sessionVersion: Number(row.v) } : { active: false, sessionVersion: -1 }));
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

export class TokenService {
  /** Synchronous HMAC (lib/jwt-hs256.ts): WebCrypto's asynchronous one cost more than the hash. */
  private readonly jwt: Hs256;
  /** Checked on every authenticated request: a named statement straight on the driver. */
  private readonly findRevoked: (params: readonly unknown[]) => Promise<Array<{ jti: string }>>;

  constructor(
    private readonly db: Db,
    secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    // A logged-out token, or one of a person who was erased since (docs/privacy.md): one round trip.
    this.findRevoked = namedStatement<{ jti: string }>(
      db,
      'revoked_token_or_erased',
      'select jti from revoked_tokens where jti = $1 union all select $1 from person_erasures where person_id = $2::int limit 1',
    );
    this.jwt = new Hs256(secret);
    this.versions = new SessionVersions(db);
  }

  /** Per-instance cache (at most SESSION_VERSION_MAX_AGE_MS old) of the principals' session versions. */
  readonly versions: SessionVersions;

  async sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date; jti: string }> {
    const jti = newTokenId();
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = this.jwt.sign({
      email: claims.email,
      evt: claims.eventType,
      pol: claims.policies,
      reg: claims.regType,
      dlr: claims.isDealer,
      sto: claims.storeCode,
      ...(claims.accessCodeId != null ? { acd: claims.accessCodeId } : {}),
      ...(claims.sessionVersion ? { sv: claims.sessionVersion } : {}),
      sub: claims.organizerId != null ? `organizer:${claims.organizerId}` : claims.personId === null ? `report:${claims.email}` : String(claims.personId),
      jti,
      iat,
      exp,
      iss: ISSUER,
    });
    return { token, expiresAt: new Date(exp * 1000), jti };
  }

  /**
   * Verifies signature, expiry, revocation and (for attendee and report tokens) the session version
   * of the access code or report user; throws a 401 AppError otherwise. Organizer tokens' versions
   * are checked by `authenticateAdmin`, with the account's other per-request checks.
   */
  async verify(token: string): Promise<AuthUser> {
    let payload: JwtPayload;
    try {
      payload = this.jwt.verify(token, { issuer: ISSUER, nowSeconds: Math.floor(this.now() / 1000) }) as unknown as JwtPayload;
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
    const [revoked, current] = await Promise.all([this.findRevoked([payload.jti, personId]), principal ? this.versions.of(principal) : null]);
    if (revoked.length) throw unauthorized('This session has ended. Please log in again.');
    // Taken away (code or report user disabled, or removed): the session ends on every instance.
    const ended = (state: PrincipalState) => !state.active || state.sessionVersion !== sessionVersion;
    // A refusal from the cache is read again: a token newer than the cached state (signed after
    // the principal was enabled again) is not refused for the cache's age.
    if (current !== null && ended(current) && ended(await this.versions.of(principal!, true))) throw unauthorized(SESSION_ENDED_MESSAGE);
    const organizer = ORGANIZER_SUBJECT.exec(payload.sub);
    const organizerId = organizer ? Number(organizer[1]) : null;
    // The admin policy and an organizer subject come together or the token is not one of ours.
    if ((organizerId !== null) !== payload.pol.includes('admin')) throw unauthorized('Invalid access token');
    return {
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
  }

  async revoke(user: Pick<AuthUser, 'jti' | 'exp'>): Promise<void> {
    await this.db
      .insert(schema.revokedTokens)
      .values({ jti: user.jti, expiresAt: new Date(user.exp * 1000) })
      .onConflictDoNothing();
  }

  /** Revocations of tokens that have expired anyway are no longer needed. */
  async purgeExpiredRevocations(): Promise<void> {
    await this.db.delete(schema.revokedTokens).where(lt(schema.revokedTokens.expiresAt, new Date(this.now())));
  }
}

/** Sign-in and sign-out of organizers, outside `/api/Admin/`. */
function isOrganizerSessionPath(url: string): boolean {
  return /^\/admin\/(?:login|logout)(?:[/?#]|$)/i.test(url);
}

/**
 * The answers of organizerSubjectOf for the tokens seen last: a signed-in attendee sends the same
 * token with every request (each content request of a page), and decoding it each time cost more
 * than the rest of a cached content answer's own work. A token's payload never changes.
 */
const organizerSubjects = new Map<string, boolean>();
const MAX_ORGANIZER_SUBJECTS = 1_000;

/** Whether an (unverified) JWT names an organizer as its subject. */
function organizerSubjectOf(token: string | null): boolean {
  if (!token) return false;
  let known = organizerSubjects.get(token);
  if (known === undefined) {
    known = decodeOrganizerSubject(token);
    if (organizerSubjects.size >= MAX_ORGANIZER_SUBJECTS) organizerSubjects.clear();
    organizerSubjects.set(token, known);
  }
  return known;
}

function decodeOrganizerSubject(token: string): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' && ORGANIZER_SUBJECT.test(sub);
  } catch {
    return false;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The organizer behind a request that passed the admin guard (401 for any other). */
export function organizerOf(request: FastifyRequest): AuthUser & { organizerId: number } {
  const user = request.user;
  if (!user || user.organizerId === null) throw unauthorized();
  return user as AuthUser & { organizerId: number };
}

/** The organizer behind a request that passed the admin guard, as the actor of a change. */
export function organizerActorOf(request: FastifyRequest): Actor {
  const user = organizerOf(request);
  return { organizerId: user.organizerId, email: user.email, ip: request.ip };
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: a valid, unrevoked portal token is required; sets `request.user`. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler factory: the user must hold at least one of these policies. */
    requirePolicy(...policies: Policy[]): preHandlerAsyncHookHandler;
    /**
     * onRequest/preHandler for organizer routes: a valid organizer token of an active organizer
     * (401), no other token (403). Every `/api/Admin/*` route already runs it (a global hook); naming
     * it on a route as well costs nothing (it runs once per request).
     */
    authenticateAdmin: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface AuthPluginOptions {
  db: Db;
  secret: Uint8Array;
  ttlSeconds: number;
  now?: () => number;
}

export const MUST_CHANGE_PASSWORD_MESSAGE = 'Please change your one-time password first.';

export default fp<AuthPluginOptions>(async (app, options) => {
  const tokens = new TokenService(options.db, options.secret, options.ttlSeconds, options.now);
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);

  app.decorate('authenticate', async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const user = await tokens.verify(token);
    if (user.organizerId !== null) throw forbidden('Organizer accounts can only use the organizer console.');
    request.user = user;
  });

  const findOrganizer = options.db
    .select({
      active: schema.organizers.active,
      mustChangePassword: schema.organizers.mustChangePassword,
      tokensValidFrom: schema.organizers.tokensValidFrom,
      sessionVersion: schema.organizers.sessionVersion,
    })
    .from(schema.organizers)
    .where(eq(schema.organizers.id, sql.placeholder('id')))
    .limit(1)
    .prepare('organizer_guard');

  async function authenticateAdmin(request: FastifyRequest, _reply: FastifyReply) {
    if (request.user?.organizerId != null) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const user = await tokens.verify(token);
    if (user.organizerId === null) throw forbidden('Only organizers can use the organizer console.');
    // Checked on every request, so disabling an organizer takes effect at once.
    const [organizer] = await findOrganizer.execute({ id: user.organizerId });
    if (!organizer?.active) throw unauthorized('This organizer account is disabled.');
    // Tokens from before the account was last disabled stay dead after it is enabled again.
    if (organizer.tokensValidFrom && user.iat * 1000 <= organizer.tokensValidFrom.getTime()) throw unauthorized('This session has ended. Please sign in again.');
    // The password changed (or the account was disabled) since this token was signed.
    if (organizer.sessionVersion !== user.sessionVersion) throw unauthorized('This session has ended. Please sign in again.');
    if (organizer.mustChangePassword && !/^\/api\/admin\/me(?:[/?#]|$)/i.test(request.url)) throw forbidden(MUST_CHANGE_PASSWORD_MESSAGE);
    request.user = user;
  }
  app.decorate('authenticateAdmin', authenticateAdmin);
  app.addHook('onRequest', async (request, reply) => {
    if (isAdminApiPath(request.url)) await authenticateAdmin(request, reply);
    // Also on routes that need no token (public content): an organizer token is refused everywhere
    // else. The subject is only peeked at here; a token that merely claims it is refused just the same.
    else if (!isOrganizerSessionPath(request.url) && organizerSubjectOf(bearerToken(request))) {
      throw forbidden('Organizer accounts can only use the organizer console.');
    }
  });

  app.decorate('requirePolicy', (...policies: Policy[]) => {
    return async function requirePolicy(request: FastifyRequest, _reply: FastifyReply) {
      const user = request.user;
      if (!user) throw unauthorized();
      if (!policies.some((p) => user.policies.includes(p))) throw forbidden();
    };
  });


  const purge = setInterval(() => void tokens.purgeExpiredRevocations().catch(() => {}), 60 * 60 * 1000).unref();
  app.addHook('onClose', async () => clearInterval(purge));
});
