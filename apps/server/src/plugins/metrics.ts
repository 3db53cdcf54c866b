/**
 * Prometheus metrics (lib/metrics.ts) on the request path, and `/metrics` for a scraper
 * (docs/operations.md, "Redis away" and "Metrics and alerts"). Off unless METRICS_TOKEN or METRICS_PORT is set: then no
 * hook runs and `/metrics` answers 404 (never the web app's page).
 *
 * - METRICS_TOKEN: `/metrics` on the portal's port answers only `Authorization: Bearer <token>`
 *   (401 otherwise); the token is compared in constant time.
 * - METRICS_PORT: a second listener serving only `/metrics`, bound to METRICS_HOST (default
 *   127.0.0.1; the start refuses every interface, 0.0.0.0 or ::, without METRICS_TOKEN);
 *   with METRICS_TOKEN as well, it asks for the token too. Without METRICS_TOKEN, `/metrics` on the
 *   portal's own port answers 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS } from '@portal/contracts';
import type { LoginKind, LoginOutcome, PortalMetrics } from '../lib/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics, when METRICS_TOKEN or METRICS_PORT turned them on. */
    metrics: PortalMetrics | undefined;
  }
}

export interface MetricsPluginOptions {
  metrics: PortalMetrics | undefined;
  token: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** true when the Authorization header carries the token (hashes compared, so lengths never leak). */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? timingSafeEqual(digest(match[1]!), digest(token)) : false;
}

const LOGIN_ROUTES = new Map<string, (request: FastifyRequest) => LoginKind>([
  ['/User/ProcessLogin', (request) => ((request.body as { IsReporting?: unknown } | undefined)?.IsReporting === true ? 'report' : 'attendee')],
  [ADMIN_PATHS.login, () => 'organizer'],
]);

/** The outcome of an answered login: its status, and for a 200 whether the envelope says it succeeded. */
function loginOutcome(status: number, payload: unknown): LoginOutcome {
  if (status === 429) return 'refused';
  if (status >= 500) return 'error';
  if (status >= 400) return 'invalid';
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8', 0, 64) : '';
  const at = text.indexOf('"succeeded":');
  return at >= 0 && text.startsWith('true', at + 12) ? 'success' : 'failure';
}

export default fp<MetricsPluginOptions>(async (app, { metrics, token }) => {
  app.decorate('metrics', metrics);

  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });
    // Only the login routes get the hook that reads their answer.
    app.addHook('onRoute', (route) => {
      const kindOf = LOGIN_ROUTES.get(route.url);
      if (!kindOf || route.method !== 'POST') return;
      const hook = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        metrics.login(kindOf(request), loginOutcome(reply.statusCode, payload));
        return payload;
      };
      route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), hook];
    });
  }

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!metrics || !token) return reply.code(404).send({ succeeded: false, message: 'Not found', data: null });
    if (!metricsTokenMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ succeeded: false, message: 'Authentication required', data: null });
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
});

/**
 * The METRICS_PORT listener: `/metrics` only (with the token when METRICS_TOKEN is set), everything
 * else 404. Resolves with the server once it listens; the caller closes it.
 */
export async function listenMetrics(metrics: PortalMetrics, options: { port: number; host: string; token: string | undefined; log?: FastifyInstance['log'] }): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (options.token && !metricsTokenMatches(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' }).end('Authentication required\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        options.log?.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  options.log?.info({ port: (server.address() as AddressInfo).port }, 'metrics listening');
  return server;
}
