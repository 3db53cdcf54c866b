/**
 * Request logs without secrets: the bearer token is redacted, and the registration token a link
 * carries in its path (`/register/{token}`, `/api/Registration/{token}`) is masked, since anyone
 * holding it can open that person's registration.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const TOKEN_IN_PATH = /^(\/register\/|\/api\/Registration\/)[^/?#]+/i;

export function maskUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1***');
}

export function requestLogOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: ['req.headers.authorization'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
