/**
 * Company sign-in routes (docs/sign-in.md), registered only when OIDC_ISSUER is set:
 *
 * - `GET /auth/oidc/start?target=admin|reports|event[&event=nbc|abc]`: a fresh state, nonce and PKCE verifier, kept in an
 *   encrypted, HttpOnly cookie for ten minutes (path /auth/oidc), and a redirect to the provider.
 *   `target` is an enum: where the browser lands afterwards is the portal's own page for it, never
 *   a URL from the request (no open redirect).
 * - `GET /auth/oidc/callback`: openid-client checks the answer (state, PKCE, the `iss` parameter
 *   where the provider sends it, the ID token's signature, issuer, audience, nonce and times); the
 *   claims decide the grant; the browser goes to the web app's `/companySignIn#code=...&target=...`
 *   (a fragment never reaches a server or a log) with a second HttpOnly cookie (path
 *   /auth/oidc/session, 60 s) whose hash is stored with the grant. A refusal is a page, with no session.
 * - `POST /auth/oidc/session { code }`: the code once, within 60 s, and only with that cookie (the
 *   browser that started the sign-in), for the portal token, answered as `/User/ProcessLogin`
 *   (reports, event) or `/api/Admin/Login` (admin) answer.
 *
 * The callback's request line carries the provider's authorization code: its request log is off
 * (logLevel warn), so it is in no log.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { OidcProvider } from './oidc-client.ts';
import type { OidcConfig } from '../../lib/oidc-config.ts';
import { eventTypeSchema, languageSchema, type EventType } from '@portal/contracts';
import { HANDOVER_TTL_MS, OIDC_TARGETS, OidcRefusal, randomSecret, type OidcDestination, type OidcService, type OidcTarget } from './oidc.service.ts';

export const OIDC_PATHS = { start: '/auth/oidc/start', callback: '/auth/oidc/callback', session: '/auth/oidc/session' } as const;
/** The web app's page that trades the code (apps/web: paths.companySignIn). */
export const LANDING_PATH = '/companySignIn';
const FLOW_COOKIE = 'portal_oidc';
const FLOW_TTL_SECONDS = 600;
/** The cookie binding a one-time code to the browser the callback answered (sent only to the trade). */
const BROWSER_COOKIE = 'portal_oidc_browser';
const BACKS: Record<OidcTarget, { path: string; label: string }> = {
  admin: { path: '/admin', label: 'organizer sign-in' },
  reports: { path: '/reportLogin', label: 'report login' },
  event: { path: '/', label: 'event login' },
};
const backOf = (destination: OidcDestination) => (destination.target === 'event' ? { path: `/${destination.event}`, label: 'event login' } : BACKS[destination.target]);

export interface OidcRoutesOptions {
  service: OidcService;
  settings: OidcConfig;
  publicUrl: string;
  jwtSecret: Uint8Array;
  /** Requests to the provider (tests trust their own CA this way). */
  fetch?: client.CustomFetch;
  now?: () => number;
}

interface FlowState {
  state: string;
  nonce: string;
  verifier: string;
  target: OidcTarget;
  event?: EventType | undefined;
}

const destinationOf = (flow: Pick<FlowState, 'target' | 'event'>): OidcDestination =>
  flow.target === 'event' ? { target: 'event', event: flow.event ?? 'nbc' } : { target: flow.target };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page (no script): the refusal, or the provider being unreachable. */
function page(reply: FastifyReply, status: number, title: string, message: string, destination: OidcDestination | undefined): FastifyReply {
  const back = destination ? backOf(destination) : undefined;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${back ? `<p><a href="${back.path}">Back to the ${back.label}</a></p>` : ''}</main></body></html>`;
  return reply.code(status).header('cache-control', 'no-store').header('content-security-policy', "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'").type('text/html; charset=utf-8').send(html);
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (app, options) => {
  const { service, settings, publicUrl } = options;
  const provider = new OidcProvider(settings, options.fetch);
  const flowKey = createHash('sha256').update('oidc-flow v1\0').update(options.jwtSecret).digest();
  const secure = publicUrl.startsWith('https:');
  const redirectUri = `${publicUrl}${OIDC_PATHS.callback}`;
  const cookie = (value: string, maxAge: number) =>
    `${FLOW_COOKIE}=${value}; Path=/auth/oidc; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  // Set on the provider's top-level redirect to the callback (a cross-site navigation): Lax is the
  // strictest SameSite a browser keeps from that answer; the trade is a same-origin POST.
  const browserCookie = (value: string, maxAge: number) =>
    `${BROWSER_COOKIE}=${value}; Path=${OIDC_PATHS.session}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

  async function readFlow(request: FastifyRequest): Promise<FlowState | undefined> {
    const value = readCookie(request, FLOW_COOKIE);
    if (!value) return undefined;
    try {
      const { payload } = await jwtDecrypt(value, flowKey, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'], ...(options.now ? { currentDate: new Date(options.now()) } : {}) });
      const parsed = z.object({ state: z.string(), nonce: z.string(), verifier: z.string(), target: z.enum(OIDC_TARGETS), event: eventTypeSchema.optional() }).safeParse(payload);
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  const startQuery = z
    .object({ target: z.enum(OIDC_TARGETS), event: eventTypeSchema.optional() })
    .refine((q) => (q.target === 'event') === (q.event !== undefined), { message: 'event (nbc or abc) is required with target=event and only with it', path: ['event'] });
  app.get(OIDC_PATHS.start, { schema: { querystring: startQuery } }, async (request, reply) => {
    const { target, event } = request.query;
    const destination = destinationOf({ target, event });
    let configuration: client.Configuration;
    try {
      configuration = await provider.configuration();
    } catch (error) {
      request.log.warn({ err: error instanceof Error ? { name: error.name, message: error.message } : String(error) }, 'identity provider unreachable');
      return page(reply, 503, 'Company sign-in is unavailable', `The company's identity provider cannot be reached right now. Try again in a few minutes, or use the ${backOf(destination).label} with your password or code.`, destination);
    }
    const flow: FlowState = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), target, ...(event ? { event } : {}) };
    const issuedAt = Math.floor((options.now?.() ?? Date.now()) / 1000);
    const sealed = await new EncryptJWT({ ...flow })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + FLOW_TTL_SECONDS)
      .encrypt(flowKey);
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: settings.scopes,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return reply.code(303).header('set-cookie', cookie(sealed, FLOW_TTL_SECONDS)).header('cache-control', 'no-store').redirect(url.href, 303);
  });

  app.get(OIDC_PATHS.callback, { logLevel: 'warn' }, async (request, reply) => {
    void reply.header('set-cookie', cookie('', 0));
    const flow = await readFlow(request);
    if (!flow) {
      return page(reply, 400, 'Sign-in expired', 'This sign-in was not started in this browser or took longer than ten minutes. Please start again.', undefined);
    }
    const destination = destinationOf(flow);
    const query = request.url.indexOf('?');
    const currentUrl = new URL(`${redirectUri}${query >= 0 ? request.url.slice(query) : ''}`);
    let claims: Record<string, unknown>;
    try {
      const configuration = await provider.configuration();
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = { ...tokens.claims()! };
      const missing = [settings.roleClaim, 'email', ...(settings.scopeClaim ? [settings.scopeClaim] : [])].some((name) => claims[name] === undefined);
      if (missing && tokens.access_token) {
        const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
        // The ID token's claims stand; userinfo only fills what it lacks.
        claims = { ...userinfo, ...claims };
      }
    } catch (error) {
      const detail = error instanceof client.AuthorizationResponseError ? error.error : error instanceof Error ? (('code' in error && typeof error.code === 'string' ? error.code : error.name)) : 'unknown';
      request.log.warn({ reason: detail }, 'company sign-in refused by the checks');
      const providerSaid = error instanceof client.AuthorizationResponseError;
      return page(
        reply,
        providerSaid ? 403 : 400,
        'Sign-in failed',
        providerSaid ? 'The identity provider did not sign you in. Please start again.' : 'The answer of the identity provider could not be verified. Please start again.',
        destination,
      );
    }
    try {
      const browser = randomSecret();
      const code = await service.signIn(destination, claims, request.ip, browser);
      const fragment = `code=${code}&target=${destination.target}${destination.target === 'event' ? `&event=${destination.event}` : ''}`;
      return reply
        .code(303)
        .header('set-cookie', [cookie('', 0), browserCookie(browser, HANDOVER_TTL_MS / 1000)])
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`${publicUrl}${LANDING_PATH}#${fragment}`, 303);
    } catch (error) {
      if (error instanceof OidcRefusal) return page(reply, 403, 'No access', error.message, destination);
      throw error;
    }
  });

  app.post(OIDC_PATHS.session, { schema: { body: z.object({ code: z.string().min(20).max(100), language: languageSchema.optional() }) } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store').header('set-cookie', browserCookie('', 0));
    const browser = readCookie(request, BROWSER_COOKIE);
    const traded = browser ? await service.trade(request.body.code, browser, request.body.language) : null;
    if (!traded) throw unauthorized('This sign-in has expired, was already used or was started in another browser. Please sign in again.');
    return ok({ target: traded.target, ...traded.data });
  });
};
