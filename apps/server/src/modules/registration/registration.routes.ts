/**
 * Public routes of the registration providers (docs/registration-providers.md): the builtin hosted
 * page's API (no login: the link's token is the credential) and the Cvent callback endpoint.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrationSubmitSchema, type RegistrationQuestion } from '@portal/contracts';
import type { Config } from '../../config.ts';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { ok } from '../../lib/envelope.ts';
import { eventNameIn, organizerText, requestLanguage } from '../../lib/i18n/i18n.ts';
import { CVENT_SIGNATURE_HEADER, CVENT_TIMESTAMP_HEADER, cventCallbackSchema, verifyCventSignature } from './cvent-provider.ts';
import type { RegistrationService } from './registration.service.ts';

const tokenParams = z.object({ token: z.string().max(200) });

/**
 * The page's event named in the reader's language (the demo events have French names: lib/i18n), and
 * its questions' words too where they are the demo's own (an organizer's stay as entered).
 */
function eventNamed<T extends { event: { eventType: string; name: string }; questions?: RegistrationQuestion[] | undefined }>(request: FastifyRequest, page: T): T {
  const language = requestLanguage(request);
  if (language === 'en') return page;
  const say = (text: string) => organizerText(language, text);
  const questions = page.questions?.map((q) => ({ ...q, label: say(q.label), help: q.help === null ? null : say(q.help), options: q.options?.map((o) => ({ ...o, label: say(o.label) })) ?? null }));
  return { ...page, event: { ...page.event, name: eventNameIn(language, page.event.eventType, page.event.name) }, ...(questions ? { questions } : {}) };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Callbacks per provider address per minute, and failed (badly signed) ones per hour. */
export const CVENT_CALLBACKS_PER_MINUTE = 600;
export const CVENT_FAILURES_PER_HOUR = 20;

export interface RegistrationRoutesOptions {
  service: RegistrationService;
  config: Config;
  limiter: RateLimiter;
  /** The clock of the Cvent signature's time check (tests move it). */
  now?: () => Date;
}

export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (app, { service, config, limiter, now }) => {
  if (config.registrationProvider === 'builtin') {
    app.get('/api/Registration/:token', { schema: { params: tokenParams } }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(eventNamed(request, await service.view(request.params.token)));
    });

    app.post('/api/Registration/:token', { schema: { params: tokenParams, body: registrationSubmitSchema } }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(eventNamed(request, await service.submit(request.params.token, request.body, request.ip)));
    });

    // The page was opened from the portal: its badge (and its cancel) come through a mailed link.
    app.post('/api/Registration/:token/MailLink', { schema: { params: tokenParams } }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const sent = await service.mailLink(request.params.token, request.ip);
      return ok(sent, `We have mailed a link to ${sent.sentTo}.`);
    });
  }

  const cvent = config.cvent;
  if (config.registrationProvider === 'cvent' && cvent) {
    // Own scope: the signature covers the raw body, so this route reads JSON as a string.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

      scope.post('/api/Enrollment/CventCallback', async (request) => {
        // Counted first, then checked: a flood or a signature guesser is refused before any work.
        const failureKey = `cvent:fail:${request.ip}`;
        const [[all], [failures]] = await Promise.all([limiter.hit([`cvent:ip:${request.ip}`], 60), limiter.hit([failureKey], 3600)]);
        if (all!.count > CVENT_CALLBACKS_PER_MINUTE) throw tooManyRequests(all!.resetIn);
        if (failures!.count > CVENT_FAILURES_PER_HOUR) throw tooManyRequests(failures!.resetIn);
        const raw = typeof request.body === 'string' ? request.body : '';
        const check = verifyCventSignature(
          cvent.callbackSecret,
          { timestamp: header(request.headers[CVENT_TIMESTAMP_HEADER]), signature: header(request.headers[CVENT_SIGNATURE_HEADER]) },
          raw,
          (now ? now() : new Date()).getTime(),
        );
        if (!check.ok) {
          // Buffered: a flood of bad callbacks must not cost a database commit each.
          app.auditLog.record({ action: 'provider-callback', success: false, ip: request.ip, detail: { provider: 'cvent', reason: check.reason } });
          request.log.warn({ reason: check.reason }, 'refused Cvent callback');
          throw unauthorized('Invalid callback signature');
        }
        await limiter.release([failureKey]);
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          throw badRequest('Malformed JSON body');
        }
        const parsed = cventCallbackSchema.safeParse(json);
        if (!parsed.success) {
          const errors = parsed.error.issues.map((i) => {
            const field = i.path.map(String).join('.') || 'body';
            return { field, message: `${field} ${i.message}` };
          });
          throw badRequest(`Invalid body: ${errors.map((e) => e.message).join('; ')}`, errors);
        }
        const outcome = await service.applyCventCallback(parsed.data, request.ip);
        return ok({ outcome }, outcome === 'duplicate' ? 'Callback already processed' : null);
      });
    });
  }
};
