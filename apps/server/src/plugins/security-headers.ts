/**
 * Headers every answer carries: `X-Content-Type-Options: nosniff`, the referrer policy, and HSTS
 * when the portal is served over https (PUBLIC_URL), so a browser never falls back to plain http;
 * and `Cache-Control: no-store` on `/User/*` and `/api/*` (tokens, names and registration data must
 * not stay in a browser or proxy cache). The page policies of HTML answers are static-web.ts's.
 */
import fp from 'fastify-plugin';

/** Paths under `/User/` or `/api/`, any case (the query string cannot reach into the prefix). */
const NO_STORE_PATH = /^\/(?:user|api)\//i;
export const HSTS = 'max-age=31536000; includeSubDomains';

export default fp<{ hsts: boolean }>(async (app, { hsts }) => {
  // Set as the request arrives, before any guard (registered after this plugin) can refuse it, so
  // refusals carry them, and so do answers written past the onSend hooks (the content service's
  // cached ones). no-store is set when the answer leaves, over any route's own choice.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (hsts) void reply.header('strict-transport-security', HSTS);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (NO_STORE_PATH.test(request.url)) void reply.header('cache-control', 'no-store');
    return payload;
  });
});
