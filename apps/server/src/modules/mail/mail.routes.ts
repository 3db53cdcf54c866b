/**
 * The mail module in the app: the delivery worker (started with the background work, never in
 * plain `buildApp`), the reminder job, the organizer console's outbox routes and the page behind an
 * e-mail confirmation link.
 */
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PATHS, outboxQuerySchema, type OutboxMail } from '@portal/contracts';
import type { Config } from '../../config.ts';
import { audit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { MailDelivery } from './delivery.ts';
import { confirmEmail, type ConfirmOutcome } from './mail.service.ts';
import * as q from './mail.queries.ts';
import { enqueueMail, type EnqueueMailInput } from './outbox.ts';
import { linksRemoved } from './redact-links.ts';
import { runReminders } from './reminders.ts';
import { brandingOf, MAIL_KINDS, renderMail, type MailDataByKind, type MailKind } from './templates/index.ts';
import { esc } from './templates/layout.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the outbox over SMTP; started by `startBackgroundWork` (app.ts). */
    mailDelivery: MailDelivery;
  }
}

const idParams = z.object({ id: z.coerce.number({ error: 'must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER) });
const tokenParams = z.object({ token: z.string().max(200) });

const routePath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The subject a mail not sent yet will carry (templates render at send time). */
function previewSubject(row: q.OutboxRow, events: Map<string, Parameters<typeof brandingOf>[0]>, publicUrl: string): string | null {
  if (row.subject !== null || !(MAIL_KINDS as string[]).includes(row.kind)) return row.subject;
  try {
    const kind = row.kind as MailKind;
    return renderMail(kind, brandingOf(row.eventId ? events.get(row.eventId) : undefined, publicUrl), row.data as unknown as MailDataByKind[typeof kind]).subject;
  } catch {
    return null;
  }
}

function toWire(row: q.OutboxRow, subject: string | null = row.subject): OutboxMail {
  const registrationId = row.data.registrationId;
  return {
    id: row.id,
    kind: row.kind,
    to: row.toEmail,
    eventId: row.eventId,
    subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    nextAttemptAt: row.status === 'pending' || row.status === 'sending' ? row.nextAttemptAt.toISOString() : null,
    registrationId: typeof registrationId === 'number' ? registrationId : null,
    resendOf: row.resendOf,
    linksRemoved: linksRemoved(row.data),
  };
}

const CONFIRM_TEXT: Record<ConfirmOutcome | 'ask', { title: string; body: string }> = {
  ask: { title: 'Confirm your e-mail address', body: 'Press the button to confirm that this e-mail address is yours.' },
  confirmed: { title: 'E-mail address confirmed', body: 'Thank you. You can now log in to the portal with this address.' },
  invalid: { title: 'This link is not valid', body: 'Please check that you copied all of the link from the mail.' },
  expired: { title: 'This link has expired', body: 'Please ask the event team for a new confirmation mail.' },
};

/** A small self-contained page: the link is opened from a mail client, outside the web app. */
function confirmPage(outcome: ConfirmOutcome | 'ask', publicUrl: string): string {
  const text = CONFIRM_TEXT[outcome];
  const action =
    outcome === 'ask'
      ? '<form method="post"><button type="submit">Confirm my e-mail address</button></form>'
      : `<p><a href="${esc(publicUrl)}/">Go to the portal</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(text.title)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.6rem 1.2rem}</style>
</head><body><main><h1>${esc(text.title)}</h1><p>${esc(text.body)}</p>${action}</main></body></html>
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
  config: Config;
  now?: () => Date;
  /** Delivery tuning (tests use short polls and back-off). */
  delivery?: { pollMs?: number; backoffBaseMs?: number; leaseMs?: number; maxAttempts?: number };
}

const routes: FastifyPluginAsyncZod<MailRoutesOptions> = async (app, { config, now: clock }) => {
  const now = clock ?? (() => new Date());

  app.get(routePath(ADMIN_PATHS.outbox), { preHandler: app.authenticateAdmin, schema: { querystring: outboxQuerySchema } }, async (request) => {
    const { status, page, pageSize } = request.query;
    const { rows, total } = await q.listOutbox(app.db, { status, page, pageSize });
    const events = new Map((await q.listEventsForMail(app.db)).map((e) => [e.id, e]));
    return ok({ rows: rows.map((row) => toWire(row, previewSubject(row, events, config.publicUrl))), total });
  });

  app.post(routePath(ADMIN_PATHS.outboxResend), { preHandler: app.authenticateAdmin, schema: { params: idParams } }, async (request) => {
    const copy = await app.db.transaction(async (tx) => {
      const original = await q.findOutbox(tx, request.params.id);
      if (!original) throw notFound('There is no mail with this id.');
      // A delivered mail's personal link was removed from the outbox (redact-links.ts); a copy would carry a dead one.
      if (linksRemoved(original.data)) {
        throw conflict('This mail carried a personal link, which is not kept after delivery. Use "Resend link" on the registration to send a new one.');
      }
      // The same kind and data as a new row: rendered afresh, a new Message-ID, no dedupe key.
      const queued = await enqueueMail(
        tx,
        { kind: original.kind, to: original.toEmail, event: original.eventId, data: original.data, attachments: original.attachments, resendOf: original.id } as unknown as EnqueueMailInput,
        now(),
      );
      const row = await q.findOutbox(tx, queued.id!);
      await audit(tx, {
        action: 'admin-outbox-resend',
        success: true,
        actorEmail: request.user?.email ?? null,
        organizerId: request.user?.organizerId ?? null,
        eventId: original.eventId,
        ip: request.ip,
        detail: { outboxId: original.id, newOutboxId: queued.id },
      });
      return row!;
    });
    const events = new Map((await q.listEventsForMail(app.db)).map((e) => [e.id, e]));
    return ok(toWire(copy, previewSubject(copy, events, config.publicUrl)));
  });

  // The confirmation page's form posts an empty url-encoded body; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  app.get('/confirm-email/:token', { schema: { params: tokenParams } }, async (_request, reply) => {
    return reply.headers(PAGE_HEADERS).send(confirmPage('ask', config.publicUrl));
  });

  app.post('/confirm-email/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    const outcome = await confirmEmail(app.db, request.params.token, now());
    await audit(app.db, { action: 'email-confirmation', success: outcome === 'confirmed', ip: request.ip, detail: { outcome } });
    return reply
      .code(outcome === 'confirmed' ? 200 : outcome === 'expired' ? 410 : 404)
      .headers(PAGE_HEADERS)
      .send(confirmPage(outcome, config.publicUrl));
  });
};

/**
 * The module: the worker and the job are the app's (decorated on the root), the routes live in
 * their own scope (the confirmation page's form parser stays there).
 */
export const mailRoutes = fp<MailRoutesOptions>(
  async (app, options) => {
    const now = options.now ?? (() => new Date());
    const { config } = options;
    const worker = new MailDelivery({ db: app.db, smtpUrl: config.smtpUrl, from: config.mailFrom, publicUrl: config.publicUrl, log: app.log, badgeKeys: app.badgeKeys, ...options.delivery });
    app.decorate('mailDelivery', worker);
    app.addHook('onClose', async () => worker.stop());

    app.jobs.recurring('mail-reminders', '15 * * * *', async () => {
      const run = await runReminders(app.db, now(), config.publicUrl, { linkTtlHours: config.linkTtlHours, perRecipientDay: config.remindersPerRecipientDay });
      app.log.info(run, 'reminders queued');
    });

    await app.register(routes, options);
  },
  { name: 'mail' },
);
