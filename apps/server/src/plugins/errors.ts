/**
 * Maps every failure to the API envelope with the right status, in one place. Unexpected errors
 * answer a generic 500 with the request id (also in the log); no input ever shows a stack trace.
 * Messages are answered in the request's language (`Accept-Language`; lib/i18n).
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError } from '@portal/contracts';
import { AppError } from '../lib/errors.ts';
import { requestLanguage, t, translateServerMessage } from '../lib/i18n/i18n.ts';

const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '53300', '08006', '08001', '08003']);

function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && DB_UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function fieldName(instancePath: string | undefined, fallback: string | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return path || fallback || 'body';
}

export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    const say = (message: string) => translateServerMessage(language, message);
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const errors = error.errors?.map((e) => ({ field: e.field, message: say(e.message) }));
      return reply.code(error.statusCode).send({ succeeded: false, message: say(error.message), data: null, ...(errors ? { errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => {
        const params = v.params as { issue?: { path?: PropertyKey[] } } | undefined;
        const field = fieldName(v.instancePath, params?.issue?.path?.map(String).join('.'));
        return { field, message: say(`${field} ${v.message ?? 'is invalid'}`) };
      });
      const context = error.validationContext ?? 'request';
      const details = errors.map((e) => e.message).join('; ');
      const message = language === 'en' ? `Invalid ${context}: ${details}` : t(language, 'validation.invalid', { context: t(language, 'validation.context', { context }), details });
      return reply.code(400).send({ succeeded: false, message, data: null, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // The limit is named, so the sender knows what fits (the CSV import takes far more than the API's JSON).
      const limit = request.routeOptions.bodyLimit;
      const named = limit ? `: the limit is ${limit >= 1024 * 1024 ? `${+(limit / 1024 / 1024).toFixed(1)} MiB` : `${+(limit / 1024).toFixed(1)} KiB`}` : '';
      return reply.code(413).send({ succeeded: false, message: `Request body too large${named}`, data: null });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send({ succeeded: false, message: say('Malformed JSON body'), data: null });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ succeeded: false, message: say(error.message), data: null });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ succeeded: false, message: say('Service temporarily unavailable. Please try again shortly.'), data: null });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ succeeded: false, message: say(`Unexpected error (request id ${request.id})`), data: null });
  });
});
