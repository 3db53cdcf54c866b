/**
 * Serves the built web app with the SPA fallback for the spec's client-side routes, and the
 * security headers of every answer. Built assets are served pre-compressed (the web build writes
 * .br and .gz beside each file) and cached for a year (their names carry a content hash).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/User/', '/content/', '/content-assets/'];

/** Frames the demo content embeds: the welcome video and the event-area map. */
export const DEFAULT_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://www.openstreetmap.org'];

/**
 * Only what the app needs: its own scripts, styles and API; images from itself plus the data: URIs
 * of Bootstrap's icons; frames only from the video and map hosts; no plugins, no framing, no
 * <base> tricks. Scripts and styles allow no inline code (React sets styles through the CSSOM,
 * which CSP does not restrict).
 */
export function contentSecurityPolicy(frameSources: readonly string[] = DEFAULT_FRAME_SOURCES): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameSources.length > 0 ? frameSources.join(' ') : "'none'"}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

interface RoutePreload {
  /** A path, or a prefix when it ends with `*`; matched case-insensitively like the router. */
  path: string;
  files: string[];
}

/** dist/route-preloads.json from the web build; anything unreadable means no hints, not an error. */
function readRoutePreloads(file: string): RoutePreload[] {
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (r): r is RoutePreload =>
        typeof r === 'object' && r !== null && typeof r.path === 'string' && Array.isArray(r.files) && r.files.every((f: unknown) => typeof f === 'string' && /^\/assets\/[\w.-]+\.js$/.test(f)),
    );
  } catch {
    return [];
  }
}

/**
 * index.html with `<link rel="modulepreload">` for the chunks of the page asked for: they download
 * together with the main script instead of after it has run.
 */
export function indexHtmlFor(pathname: string, template: string, preloads: readonly RoutePreload[]): string {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  const route = preloads.find((r) => {
    const pattern = r.path.toLowerCase();
    return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
  });
  if (!route || route.files.length === 0) return template;
  const links = route.files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  return template.replace('</head>', `${links}</head>`);
}

/** What an event page's first paint needs, found by asking the app's own routes. */
export interface FirstLoadHints {
  /** The `GET /api/Config` envelope, as JSON; the web app reads it instead of asking. */
  configJson: string | null;
  /** Per event: the login content's URL (what the Delivery SDK asks first) and its banner image. */
  events: Record<string, { loginItemsUrl: string; banner: string | null } | undefined>;
}

/** The event whose banner a page shows first: its login and its signed-in pages, not reports. */
export function eventOfPage(pathname: string): 'nbc' | 'abc' | null {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  if (path === '/abc') return 'abc';
  if (path === '/nbc' || path === '/nbc/welcome' || path === '/nbc/enrollment') return 'nbc';
  return null;
}

/** JSON inside a `<script type="application/json">`: nothing in it can close the element. */
function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const SAME_ORIGIN_PATH = /^\/[\w\-./%?=&]*$/;

/**
 * The hints as head elements: the runtime config as a JSON data block (not a script: the CSP's
 * script-src does not apply, nothing runs), the login content as a fetch preload on the login pages
 * (the SDK's request then finds it in the preload cache) and the banner as a high-priority image
 * preload, so the largest element is not waiting for scripts, config and content in turn.
 */
export function firstLoadHead(pathname: string, hints: FirstLoadHints): string {
  const parts: string[] = [];
  if (hints.configJson) parts.push(`<script type="application/json" id="portal-config">${scriptSafeJson(hints.configJson)}</script>`);
  const eventType = eventOfPage(pathname);
  const event = eventType ? hints.events[eventType] : undefined;
  if (event) {
    const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
    if ((path === '/nbc' || path === '/abc') && SAME_ORIGIN_PATH.test(event.loginItemsUrl)) {
      parts.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${event.loginItemsUrl.replace(/&/g, '&amp;')}">`);
    }
    if (event.banner && SAME_ORIGIN_PATH.test(event.banner)) parts.push(`<link rel="preload" as="image" fetchpriority="high" href="${event.banner.replace(/&/g, '&amp;')}">`);
  }
  return parts.join('');
}

interface DeliveryAnswer {
  items?: { elements?: { banner?: { value?: { url?: unknown }[] } } }[];
}

interface ConfigAnswer {
  succeeded?: boolean;
  data?: { contentBaseUrl?: unknown; content?: Record<string, { environmentId?: unknown } | undefined> };
}

const HINTS_TTL_MS = 30_000;

/** Asks the app's own config and content routes (in process, no socket); cached for 30 s. */
function firstLoadHintsSource(app: FastifyInstance): () => Promise<FirstLoadHints> {
  let cached: { at: number; hints: Promise<FirstLoadHints> } | undefined;
  const load = async (): Promise<FirstLoadHints> => {
    const hints: FirstLoadHints = { configJson: null, events: {} };
    const config = await app.inject({ method: 'GET', url: '/api/Config' });
    if (config.statusCode !== 200) return hints;
    const answer = config.json<ConfigAnswer>();
    if (!answer.succeeded || typeof answer.data?.contentBaseUrl !== 'string') return hints;
    hints.configJson = config.body;
    const base = answer.data.contentBaseUrl.replace(/\/+$/, '');
    for (const eventType of ['nbc', 'abc']) {
      const environmentId = answer.data.content?.[eventType]?.environmentId;
      if (typeof environmentId !== 'string' || !/^[\w-]+$/.test(environmentId) || !base.startsWith('/')) continue;
      // The SDK's own query for the login screen (content-client.ts: items by type, depth 2).
      const loginItemsUrl = `${base}/${environmentId}/items?system.type=login&depth=2`;
      const login = await app.inject({ method: 'GET', url: loginItemsUrl });
      const banner = login.statusCode === 200 ? login.json<DeliveryAnswer>().items?.[0]?.elements?.banner?.value?.[0]?.url : undefined;
      hints.events[eventType] = { loginItemsUrl, banner: typeof banner === 'string' ? banner : null };
    }
    return hints;
  };
  return () => {
    if (!cached || Date.now() - cached.at > HINTS_TTL_MS) {
      const hints = load().catch((): FirstLoadHints => ({ configJson: null, events: {} }));
      cached = { at: Date.now(), hints };
    }
    return cached.hints;
  };
}

export interface StaticWebOptions {
  webRoot: string;
  /** Hosts the content may embed in frames; default DEFAULT_FRAME_SOURCES. */
  frameSources?: readonly string[];
}

export default fp<StaticWebOptions>(async (app, { webRoot, frameSources }) => {
  const csp = frameSources ? contentSecurityPolicy(frameSources) : CONTENT_SECURITY_POLICY;
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      void reply.header('content-security-policy', csp);
      void reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });

  const indexHtml = join(webRoot, 'index.html');
  const hasWeb = existsSync(indexHtml);
  const template = hasWeb ? readFileSync(indexHtml, 'utf8') : '';
  const preloads = hasWeb ? readRoutePreloads(join(webRoot, 'route-preloads.json')) : [];
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed build assets never change; index.html must always be revalidated.
        void reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const firstLoadHints = firstLoadHintsSource(app);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p);
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{1,5}$/i.test(path)) {
      const head = firstLoadHead(path, await firstLoadHints());
      const html = indexHtmlFor(path, template, preloads).replace('</head>', `${head}</head>`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.code(404).send({ succeeded: false, message: `Not found: ${request.method} ${path}`, data: null });
  });
});
