/**
 * The guards of the portal's routes, over the token service (lib/tokens/tokens.service.ts, built once
 * in app.ts): `app.authenticate` and `app.requirePolicy` guard the protected routes.
 *
 * Organizer tokens (policy `admin`) and every other token are kept apart both ways: everything under
 * `/api/Admin/` needs an organizer token (401 without a valid token, 403 with another one), and
 * `app.authenticate` refuses an organizer token (403), so it reaches no attendee or report route.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Policy } from '@portal/contracts';
import type { Actor } from '../lib/audit.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { remembered } from '../lib/remembered.ts';
import { ORGANIZER_SUBJECT, type AuthUser, type TokenService } from '../lib/tokens/tokens.service.ts';

/** The user behind a request's token (`request.user`). */
export type { AuthUser } from '../lib/tokens/tokens.service.ts';

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

/** Paths of the organizer console API; matched case-insensitively so no spelling slips past the guard. */
export function isAdminApiPath(url: string): boolean {
  return /^\/api\/admin(?:\/|$)/i.test(decodedPath(url));
}

/** Sign-in and sign-out of organizers, outside `/api/Admin/`. */
function isOrganizerSessionPath(url: string): boolean {
  return /^\/admin\/(?:login|logout)(?:[/?#]|$)/i.test(url);
}

/**
 * Whether an (unverified) JWT names an organizer as its subject, kept for the tokens seen last: a
 * signed-in attendee sends the same token with every request (each content request of a page), and
 * decoding it each time cost more than the rest of a cached content answer's own work. A token's
 * payload never changes.
 */
const organizerSubject = remembered(decodeOrganizerSubject, 1_000);

function organizerSubjectOf(token: string | null): boolean {
  return token ? organizerSubject(token) : false;
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
    /**
     * preHandler factory: `authenticate`, the token's revocation answered by `revoked` (a route's
     * own lookup that reads it in one statement with the route's other per-request reads).
     */
    authenticateWith(revoked: (request: FastifyRequest, user: AuthUser) => Promise<boolean>): preHandlerAsyncHookHandler;
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
  tokens: TokenService;
}

export const MUST_CHANGE_PASSWORD_MESSAGE = 'Please change your one-time password first.';

export default fp<AuthPluginOptions>(async (app, options) => {
  const { tokens } = options;
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);

  app.decorate('authenticate', async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const user = await tokens.verify(token);
    if (user.organizerId !== null) throw forbidden('Organizer accounts can only use the organizer console.');
    request.user = user;
  });
  app.decorate('authenticateWith', (revoked: (request: FastifyRequest, user: AuthUser) => Promise<boolean>) => {
    return async function authenticateWith(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const user = await tokens.verify(token, (candidate) => revoked(request, candidate));
      if (user.organizerId !== null) throw forbidden('Organizer accounts can only use the organizer console.');
      request.user = user;
    };
  });

  async function authenticateAdmin(request: FastifyRequest, _reply: FastifyReply) {
    if (request.user?.organizerId != null) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const user = await tokens.verify(token);
    if (user.organizerId === null) throw forbidden('Only organizers can use the organizer console.');
    // Checked on every request, so disabling an organizer takes effect at once.
    const organizer = await tokens.checkOrganizer(user.organizerId, user);
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
