/**
 * The delivery worker: sends committed outbox rows over SMTP (nodemailer). Each instance polls the
 * outbox; a claim (`FOR UPDATE SKIP LOCKED` plus a lease) gives every due row to one worker, and
 * outcomes are fenced by the attempt number, so a row is sent once however many instances run. A
 * worker that dies mid-send leaves a lease that runs out; the row is then sent again, with the same
 * Message-ID (the one case of a possible second copy, which receivers can drop by that id).
 *
 * Failures retry with exponential back-off (base * 2^(attempt-1), capped at an hour); a permanent
 * refusal (SMTP 5xx) or the last attempt marks the row `failed` with its error for the console.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Db } from '@portal/db';
import { t } from '../../lib/i18n/i18n.ts';
import { attachmentBuilder } from './attachments.ts';
import { registrationCalendar } from './ics.ts';
import QRCode from 'qrcode';
import type { BadgesService } from '../badges/badges.service.ts';
import { BADGE_QR_CID } from './templates/registration.ts';
import * as q from './mail.queries.ts';
import { redactMailData } from './redact-links.ts';
import { brandingOf, MAIL_KINDS, renderMail, type Branding, type MailDataByKind, type MailKind, type Rendered } from './templates/index.ts';
import { linkInLanguage } from './templates/layout.ts';

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailDeliveryOptions {
  db: Db;
  /** smtp:// or smtps:// URL; without it the worker never sends (mails stay pending). */
  smtpUrl: string | undefined;
  from: MailAddress;
  publicUrl: string;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  /** Signs the badge of a confirmation (docs/event-days.md); without it confirmations carry none. */
  badges?: BadgesService;
}

type NodemailerAttachment = { filename: string; content: string | Buffer; contentType: string; encoding?: string; method?: string; cid?: string };

/** Mails that carry the attendee's badge while the registration is Enrolled. */
const BADGE_KINDS: ReadonlySet<string> = new Set(['registration-confirmed', 'registration-changed']);
const CALENDAR_KINDS: ReadonlySet<string> = new Set(['registration-confirmed', 'registration-changed', 'registration-cancelled']);

class PermanentError extends Error {}

function isMailKind(kind: string): kind is MailKind {
  return (MAIL_KINDS as string[]).includes(kind);
}

export function formatAddress(a: MailAddress): string {
  return a.name ? `"${a.name.replace(/["\\]/g, '')}" <${a.address}>` : a.address;
}

export class MailDelivery {
  private readonly transport: Transporter<SMTPPool.SentMessageInfo> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  /** Set by `stop()` (not by the initial state: `drain()` may run without `start()`). */
  private stopping = false;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;

  constructor(private readonly options: MailDeliveryOptions) {
    this.pollMs = options.pollMs ?? 2_000;
    this.batchSize = options.batchSize ?? 10;
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.backoffBaseMs = options.backoffBaseMs ?? 30_000;
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          // Reused connections: a reminder run sends hundreds of mails in a row.
          pool: true,
          maxConnections: 2,
          maxMessages: 500,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        } as SMTPPool.Options)
      : undefined;
  }

  get enabled(): boolean {
    return this.transport !== undefined;
  }

  /** Starts polling (no-op without SMTP_URL). */
  start(): void {
    if (!this.transport || !this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    this.transport?.close();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .catch((error: unknown) => this.options.log?.error({ err: error }, 'mail delivery pass failed'))
        .finally(() => this.schedule(this.pollMs));
    }, ms);
    this.timer.unref();
  }

  /** Sends due mails until none is left; answers how many were sent and how many failed. */
  async drain(): Promise<{ sent: number; failed: number }> {
    const total = { sent: 0, failed: 0 };
    for (;;) {
      if (!this.transport) return total;
      const pass = await this.deliverDue();
      total.sent += pass.sent;
      total.failed += pass.failed;
      if (pass.claimed < this.batchSize || this.stopped) return total;
    }
  }

  /** One pass: claims up to a batch of due mails and sends them. */
  async deliverDue(): Promise<{ claimed: number; sent: number; failed: number }> {
    if (!this.transport) return { claimed: 0, sent: 0, failed: 0 };
    const claimed = await q.claimDue(this.options.db, this.batchSize, this.leaseMs);
    let sent = 0;
    let failed = 0;
    for (const [i, mail] of claimed.entries()) {
      // Stopping: the claims not started yet are handed back for another instance (or the next start).
      if (this.stopping) {
        await q.releaseClaims(this.options.db, claimed.slice(i));
        break;
      }
      if (await this.deliverOne(this.transport, mail)) sent++;
      else failed++;
    }
    return { claimed: claimed.length, sent, failed };
  }

  private async deliverOne(transport: Transporter<SMTPPool.SentMessageInfo>, mail: q.ClaimedMail): Promise<boolean> {
    let rendered: Rendered;
    let branding: Branding;
    try {
      const message = await this.compose(mail);
      rendered = message.rendered;
      branding = message.branding;
      await transport.sendMail({
        from: formatAddress(this.options.from),
        to: mail.toEmail,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: mail.messageId,
        attachments: message.attachments,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentError || isPermanentSmtpError(error);
      const retryIn = permanent || mail.attempts >= this.maxAttempts ? null : this.backoff(mail.attempts);
      await q.markAttemptFailed(this.options.db, mail, reason.slice(0, 1000), retryIn);
      this.options.log?.warn({ outboxId: mail.id, attempt: mail.attempts, retryInMs: retryIn, err: reason }, 'mail not delivered');
      return false;
    }
    // What is kept of a delivered mail carries no live link (redact-links.ts): data and bodies are
    // stored as rendered from the redacted data.
    const redacted = redactMailData(mail.data);
    const stored = redacted ? renderMail(mail.kind as MailKind, branding, redacted as unknown as MailDataByKind[MailKind]) : rendered;
    const recorded = await q.markSent(this.options.db, mail, stored, redacted ?? undefined);
    if (!recorded) this.options.log?.warn({ outboxId: mail.id }, 'mail sent after its claim ran out');
    return true;
  }

  private backoff(attempt: number): number {
    return Math.min(this.backoffBaseMs * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
  }

  /** Renders the templates and builds the attachments of one row. */
  private async compose(mail: q.ClaimedMail): Promise<{ rendered: Rendered; branding: Branding; attachments: NodemailerAttachment[] }> {
    if (!isMailKind(mail.kind)) throw new PermanentError(`unknown mail kind ${mail.kind}`);
    const event = mail.eventId ? await q.findEventForMail(this.options.db, mail.eventId) : undefined;
    const branding = brandingOf(event, this.options.publicUrl, mail.language);
    const attachments: NodemailerAttachment[] = [];
    let data = mail.data;
    // The badge as it is when the mail goes out: signed now, so a cancelled registration gets none.
    if (BADGE_KINDS.has(mail.kind) && this.options.badges && typeof mail.data.registrationId === 'number') {
      const badge = await this.options.badges.issue(this.options.db, mail.data.registrationId);
      if (badge) {
        data = { ...mail.data, badgeCode: badge.code };
        const png = await QRCode.toBuffer(badge.code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 400 });
        attachments.push({ filename: 'badge.png', content: png, contentType: 'image/png', cid: BADGE_QR_CID });
      }
    }
    const rendered = renderMail(mail.kind, branding, data as unknown as MailDataByKind[typeof mail.kind]);

    for (const a of mail.attachments) {
      if ('builder' in a) {
        const build = attachmentBuilder(a.builder);
        if (!build) throw new Error(`attachment builder ${a.builder} is not registered on this instance`);
        const built = await build(this.options.db, a.params, mail.language);
        attachments.push({ filename: built.filename ?? a.filename, content: built.content, contentType: a.contentType });
      } else {
        attachments.push({ filename: a.filename, content: a.content, contentType: a.contentType, encoding: a.encoding, ...(a.method ? { method: a.method } : {}) });
      }
    }

    if (CALENDAR_KINDS.has(mail.kind) && event) {
      const d = mail.data as unknown as MailDataByKind['registration-confirmed'] & { calendarSequence?: number };
      const physical = !d.isVirtual && d.arrivalDate && d.departureDate;
      const cancelled = mail.kind === 'registration-cancelled';
      // The calendar entry's link opens the registration in the mail's language, as the mail's own links do.
      const revisitUrl = d.revisitUrl ? linkInLanguage(branding, d.revisitUrl) : null;
      const content = registrationCalendar({
        registrationId: d.registrationId,
        eventId: event.id,
        eventName: branding.eventName,
        location: d.isVirtual ? t(mail.language, 'ics.online') : branding.location,
        startsOn: physical ? d.arrivalDate! : event.startsOn,
        endsOn: physical ? d.departureDate! : event.endsOn,
        sequence: d.calendarSequence ?? 0,
        attendee: { name: `${d.firstName} ${d.lastName}`, email: mail.toEmail },
        organizer: { name: this.options.from.name || 'Event portal', email: this.options.from.address },
        cancelled,
        url: revisitUrl,
        language: mail.language,
        description: revisitUrl ? t(mail.language, 'ics.descriptionRevisit', { event: branding.eventName, url: revisitUrl }) : t(mail.language, 'ics.description', { event: branding.eventName }),
      });
      // The method parameter lets mail clients offer "update" or "remove" on the calendar entry.
      const contentType = `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'REQUEST'}`;
      return { rendered, branding, attachments: [...attachments, { filename: `${event.id}-registration.ics`, content, contentType }] };
    }
    return { rendered, branding, attachments };
  }
}

function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
