/**
 * Serves the built web app with the SPA fallback for the spec's client-side routes, and the
 * security headers of every answer. Built assets are served pre-compressed (the web build writes
 * .br and .gz beside each file) and cached for a year (their names carry a content hash).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p);
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{1,5}$/i.test(path)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtmlFor(path, template, preloads));
    }
    return reply.code(404).send({ succeeded: false, message: `Not found: ${request.method} ${path}`, data: null });
  });
});
