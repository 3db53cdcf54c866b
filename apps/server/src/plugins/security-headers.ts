/**
 * Headers every API answer carries: `Cache-Control: no-store` on `/User/*` and `/api/*` (tokens,
 * names and registration data must not stay in a browser or proxy cache), and HSTS on every answer
 * when the portal is served over https (PUBLIC_URL), so a browser never falls back to plain http.
 */
import fp from 'fastify-plugin';

const NO_STORE_PREFIXES = ['/user/', '/api/'];
export const HSTS = 'max-age=31536000; includeSubDomains';

export default fp<{ hsts: boolean }>(async (app, { hsts }) => {
  // HSTS as the request arrives, so that answers written past the onSend hooks (the content
  // service's cached ones) carry it too; no-store when the answer leaves, over any route's own choice.
  if (hsts) {
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.header('strict-transport-security', HSTS);
      done();
    });
  }
  app.addHook('onSend', async (request, reply, payload) => {
    const path = (request.url.split('?')[0] ?? '').toLowerCase();
    if (NO_STORE_PREFIXES.some((prefix) => path.startsWith(prefix))) void reply.header('cache-control', 'no-store');
    return payload;
  });
});
