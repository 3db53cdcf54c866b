/**
 * The mail module's HTTP side: the organizer console's outbox and the page behind an e-mail
 * confirmation link. The delivery worker is built in `app.ts` and started with the background work.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PATHS, outboxQuerySchema } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import type { ConfirmOutcome, MailService } from './mail.service.ts';
import { esc } from './templates/layout.ts';
import { pageLanguage, t, type Language } from '../../lib/i18n/i18n.ts';

const idParams = z.object({ id: z.coerce.number({ error: 'must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER) });
const tokenParams = z.object({ token: z.string().max(200) });

const routePath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** A small self-contained page in the reader's language (the mailed link names the mail's): the link is opened from a mail client, outside the web app. */
function confirmPage(outcome: ConfirmOutcome | 'ask', publicUrl: string, language: Language): string {
  const title = t(language, `page.confirmEmail.${outcome}Title`);
  const body = t(language, outcome === 'ask' ? 'page.confirmEmail.askBody' : `page.confirmEmail.${outcome}Body`);
  const action =
    outcome === 'ask'
      ? `<form method="post"><button type="submit">${esc(t(language, 'page.confirmEmail.button'))}</button></form>`
      : `<p><a href="${esc(publicUrl)}/">${esc(t(language, 'page.goToPortal'))}</a></p>`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.6rem 1.2rem}</style>
</head><body><main><h1>${esc(title)}</h1><p>${esc(body)}</p>${action}</main></body></html>
`;
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
};

export interface MailRoutesOptions {
  service: MailService;
  publicUrl: string;
}

/**
 * The organizer console's outbox and the page behind an e-mail confirmation link; the confirmation
 * page's form parser stays in this plugin's scope.
 */
export const mailRoutes: FastifyPluginAsyncZod<MailRoutesOptions> = async (app, { service, publicUrl }) => {
  app.get(routePath(ADMIN_PATHS.outbox), { preHandler: app.authenticateAdmin, schema: { querystring: outboxQuerySchema } }, async (request) =>
    ok(await service.outbox(request.query)),
  );

  app.post(routePath(ADMIN_PATHS.outboxResend), { preHandler: app.authenticateAdmin, schema: { params: idParams } }, async (request) =>
    ok(await service.resend(request.params.id, { email: request.user?.email ?? null, organizerId: request.user?.organizerId ?? null, ip: request.ip })),
  );

  // The confirmation page's form posts an empty url-encoded body; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  app.get('/confirm-email/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    return reply.headers(PAGE_HEADERS).send(confirmPage('ask', publicUrl, pageLanguage(request)));
  });

  app.post('/confirm-email/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    const outcome = await service.confirm(request.params.token, request.ip);
    return reply
      .code(outcome === 'confirmed' ? 200 : outcome === 'expired' ? 410 : 404)
      .headers(PAGE_HEADERS)
      .send(confirmPage(outcome, publicUrl, pageLanguage(request)));
  });
};
