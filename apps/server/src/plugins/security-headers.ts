/**
 * Headers every API answer carries: `Cache-Control: no-store` on `/User/*` and `/api/*` (tokens,
 * names and registration data must not stay in a browser or proxy cache), and HSTS on every answer
 * when the portal is served over https (PUBLIC_URL), so a browser never falls back to plain http.
 */
import fp from 'fastify-plugin';

const NO_STORE_PREFIXES = ['/user/', '/api/'];
export const HSTS = 'max-age=31536000; includeSubDomains';

export default fp<{ hsts: boolean }>(async (app, { hsts }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = (request.url.split('?')[0] ?? '').toLowerCase();
    if (NO_STORE_PREFIXES.some((prefix) => path.startsWith(prefix))) void reply.header('cache-control', 'no-store');
    if (hsts) void reply.header('strict-transport-security', HSTS);
    return payload;
  });
});
