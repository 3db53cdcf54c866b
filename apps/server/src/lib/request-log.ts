/**
 * Request logs without secrets: the bearer token is redacted, and the token a link carries in its
 * path is masked: the registration token (`/register/{token}`, `/api/Registration/{token}`), since
 * anyone holding it can open that person's registration, and the e-mail confirmation token
 * (`/confirm-email/{token}`), which proves an address, and a personal calendar feed's secret
 * (`/calendar/{feedToken}.ics`), which shows that person's sessions.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const TOKEN_IN_PATH = /^(\/register\/|\/api\/Registration\/|\/confirm-email\/|\/calendar\/|\/my-data\/|\/confirm-erasure\/)[^/?#]+/i;

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
