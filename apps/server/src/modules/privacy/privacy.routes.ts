/**
 * Personal-data routes (contracts: @portal/contracts privacy.ts; docs/privacy.md): the attendee's
 * own data and erasure request, and the console's data export, erasure, requests and retention.
 * Admin routes sit under `/api/Admin/` (the auth plugin's global guard; named here as well).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseRequestSchema, erasureRequestsQuerySchema, idParamsSchema, PRIVACY_PATHS, type RetentionRunResult } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { PersonalDataLinkPurpose } from '@portal/db';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import { LINK_EXPIRED, LINK_INVALID, LINK_USED, PERSONAL_DATA_PAGES } from './mailed-links.ts';
import type { PrivacyService } from './privacy.service.ts';
import { pageLanguage, t, translateServerMessage, type Language } from '../../lib/i18n/i18n.ts';
import { answerNoStore, route } from '../../lib/routes.ts';

function attendeeOf(request: FastifyRequest) {
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.personId === null) throw forbidden('Report logins hold no attendee record. Please ask the event team about your data.');
  return { ...user, personId: user.personId };
}

/** The pages' texts in the reader's language: the mailed link names the mail's (`?lang=`), else the browser's (lib/i18n pageLanguage). */
const exportAsk = (l: Language) => ({ title: t(l, 'page.myData.title'), body: t(l, 'page.myData.body'), button: t(l, 'page.myData.button') });
const erasureAsk = (l: Language) => ({ title: t(l, 'page.erasure.title'), body: t(l, 'page.erasure.body'), button: t(l, 'page.erasure.button') });
const STATE_STATUS = { invalid: 404, used: 409, expired: 410 } as const;
function stateText(l: Language, state: 'invalid' | 'used' | 'expired') {
  return refusalText(l, state === 'invalid' ? LINK_INVALID : state === 'used' ? LINK_USED : LINK_EXPIRED);
}
function refusalText(l: Language, message: string) {
  return { title: t(l, 'page.link.unusable'), body: translateServerMessage(l, message) };
}

const escHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small self-contained page: the link is opened from a mail client, outside the web app. */
function sendPage(reply: FastifyReply, language: Language, status: number, text: { title: string; body: string; button?: string }, publicUrl: string) {
  const action = text.button
    ? `<form method="post"><button type="submit">${escHtml(text.button)}</button></form>`
    : `<p><a href="${escHtml(publicUrl.replace(/\/+$/, ''))}/">${escHtml(t(language, 'page.goToPortal'))}</a></p>`;
  return reply
    .code(status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'x-content-type-options': 'nosniff',
    })
    .send(`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escHtml(text.title)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.6rem 1.2rem}</style>
</head><body><main><h1>${escHtml(text.title)}</h1><p>${escHtml(text.body)}</p>${action}</main></body></html>
`);
}

/** How long `POST .../Retention/Run` waits for the run before answering 202 and letting it go on. */
export const RETENTION_ANSWER_WITHIN_MS = 20_000;

export const privacyRoutes: FastifyPluginAsyncZod<{ service: PrivacyService; retentionAnswerWithinMs?: number }> = async (app, options) => {
  const { service } = options;
  const publicUrl = service.publicUrl;
  const answerWithinMs = options.retentionAnswerWithinMs ?? RETENTION_ANSWER_WITHIN_MS;

  // Personal data: never kept by a shared cache or the browser's.
  answerNoStore(app);

  // The session proves only a code and an address: the export and the erasure request go through
  // the person's mailbox (mailed-links.ts). Both answer where the link went, masked.
  app.get(PRIVACY_PATHS.myData, { preHandler: app.authenticate }, async (request) => {
    const user = attendeeOf(request);
    const sent = await service.mailLink({ personId: user.personId, purpose: 'data-export', eventId: user.eventType, ip: request.ip });
    return ok(sent, `We have mailed a link to download your data to ${sent.sentTo}. It works once, for 24 hours.`);
  });

  app.post(PRIVACY_PATHS.myErasureRequest, { preHandler: app.authenticate }, async (request, reply) => {
    const user = attendeeOf(request);
    const sent = await service.mailLink({ personId: user.personId, purpose: 'erasure-request', eventId: user.eventType, ip: request.ip });
    void reply.code(202);
    return ok(sent, `To confirm your request, open the link we have mailed to ${sent.sentTo}. Nothing is sent to the event team until then.`);
  });

  const linkPages: FastifyPluginAsyncZod = async (pages) => {
    // The pages' forms post an empty url-encoded body; nothing in it is read.
    if (!pages.hasContentTypeParser('application/x-www-form-urlencoded')) {
      pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    }
    const tokenParams = z.object({ token: z.string().max(200) });
    const refusal = (error: unknown) => (error instanceof AppError && [404, 409, 410].includes(error.statusCode) ? error : null);
    type PageText = ReturnType<typeof exportAsk>;

    /** A mailed link's page as it opens: its question while the link is live, else what became of the link. */
    const linkPage = (purpose: PersonalDataLinkPurpose, ask: (l: Language) => PageText) =>
      pages.get(`${PERSONAL_DATA_PAGES[purpose]}/:token`, { schema: { params: tokenParams } }, async (request, reply) => {
        const state = await service.linkState(request.params.token, purpose);
        const language = pageLanguage(request);
        return sendPage(reply, language, state === 'live' ? 200 : STATE_STATUS[state], state === 'live' ? ask(language) : stateText(language, state), publicUrl);
      });
    /** The page's form, posted: `act` answers, or a page says why the link can no longer act (unknown, used, expired). */
    const linkAction = (purpose: PersonalDataLinkPurpose, act: (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => Promise<FastifyReply>) =>
      pages.post(`${PERSONAL_DATA_PAGES[purpose]}/:token`, { schema: { params: tokenParams } }, async (request, reply) => {
        try {
          return await act(request, reply);
        } catch (error) {
          const known = refusal(error);
          if (!known) throw error;
          const language = pageLanguage(request);
          return sendPage(reply, language, known.statusCode, refusalText(language, known.message), publicUrl);
        }
      });

    linkPage('data-export', exportAsk);
    linkAction('data-export', async (request, reply) => {
      const { data, eventId } = await service.exportThroughLink(request.params.token, request.ip);
      return reply
        .headers({ 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="my-data-${eventId ?? 'portal'}.json"`, 'x-content-type-options': 'nosniff' })
        .send(JSON.stringify(data, null, 2));
    });

    linkPage('erasure-request', erasureAsk);
    linkAction('erasure-request', async (request, reply) => {
      const { created } = await service.confirmErasureThroughLink(request.params.token, request.ip);
      const language = pageLanguage(request);
      const text = created
        ? { title: t(language, 'page.erasure.sentTitle'), body: t(language, 'page.erasure.sent') }
        : { title: t(language, 'page.erasure.alreadyTitle'), body: t(language, 'page.erasure.already') };
      return sendPage(reply, language, 200, text, publicUrl);
    });
  };
  await app.register(linkPages);

  const guard = { onRequest: app.authenticateAdmin };

  app.get(route(PRIVACY_PATHS.personData), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.personalDataForOrganizer(actorOf(request), request.params.id)),
  );

  app.post(route(PRIVACY_PATHS.personErase), { ...guard, schema: { params: idParamsSchema, body: eraseRequestSchema } }, async (request) =>
    ok(await service.erasePerson(actorOf(request), request.params.id, request.body.reason)),
  );

  app.get(PRIVACY_PATHS.erasureRequests, { ...guard, schema: { querystring: erasureRequestsQuerySchema } }, async (request) =>
    ok(await service.listErasureRequests(request.query)),
  );

  app.get(PRIVACY_PATHS.retentionDryRun, guard, async () => ok({ rows: await service.retentionPlan() }));

  // A run over tens of thousands of people takes minutes (it is paced, docs/privacy.md): longer than
  // a request may wait. It is not tied to the request: past the wait the answer is 202 and the run
  // goes on (each chunk its own transaction, so a stop in between leaves nothing half done and the
  // nightly job takes up the rest); a second click meanwhile starts no second run.
  app.post(PRIVACY_PATHS.retentionRun, guard, async (request, reply) => {
    const running = (): RetentionRunResult => {
      void reply.code(202);
      return { rows: [], running: true };
    };
    const run = service.startConsoleRetention(actorOf(request));
    if (!run) return ok(running(), 'A retention run is still going on. The dry run shows what is left.');
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), answerWithinMs)));
    const rows = await Promise.race([run, waited]).finally(() => clearTimeout(timer));
    if (rows === null) return ok(running(), 'The run goes on in the background. The dry run shows what is left.');
    return ok({ rows } satisfies RetentionRunResult);
  });
};
