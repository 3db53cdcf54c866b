/**
 * Body-less actions: a POST that takes no fields (cancel, resend, disable,
 * enable, revoke, rotate, sign out, ...) is called with no body, with `{}`, or with an empty body
 * sent as `application/json` or `text/plain`; all of them mean "no fields" and are answered alike.
 *
 * One place for every route, present and future:
 * - the JSON parser takes an empty (or all-blank) body as no body, where fastify's own answers
 *   400 FST_ERR_CTP_EMPTY_JSON_BODY; a malformed non-empty body is still refused (errors.ts);
 * - before validation, a request with no body (`undefined`, `null`, or an empty `text/plain`
 *   string) gets `{}`, so a route whose schema has only optional fields validates it as `{}` and a
 *   route that needs fields names the missing ones instead of "expected object, received null".
 * The CSV import's empty upload stays an empty string: its own schema says what to send.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isEmptyBody(request: FastifyRequest): boolean {
  const body = request.body;
  if (body === undefined || body === null) return true;
  if (typeof body !== 'string' || body.trim() !== '') return false;
  // Only the default text parser's empty string: other string bodies (CSV) are the route's own.
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === '' || type === 'text/plain';
}

export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, done);
    });

    app.addHook('preValidation', async (request) => {
      if (BODY_METHODS.has(request.method) && isEmptyBody(request)) request.body = {};
    });
  },
  { name: 'empty-body' },
);
