/**
 * The mail outbox: the one way the portal sends mail (docs/operations.md, "Mail").
 *
 * Call `enqueueMail` inside the transaction of the change that causes the mail. The row commits or
 * rolls back with the change; the delivery worker (delivery.ts) sends committed rows over SMTP,
 * retrying with back-off, and never sends one row twice, across instances and restarts. Without
 * SMTP_URL rows stay `pending` and the organizer console lists them.
 *
 * Templates render when the mail is sent (templates/), from `kind`, `data` and the event's branding;
 * the rendered subject and bodies are then stored on the row, so the console shows what went out.
 *
 * Examples:
 *
 *   // a registration link for a colleague (console "resend link", enrolling a colleague)
 *   await enqueueMail(tx, { kind: 'registration-link', to: email, event: 'nbc',
 *     data: { firstName, link, invitedBy: 'Pat Morgan', expiresAt } });
 *
 *   // a coverage "remind" action: at most one mail per manager, store and reminder window
 *   const { queued } = await enqueueMail(tx, { kind: 'store-reminder', to: manager.email, event: 'nbc',
 *     data: { managerName, storeName, dlrnum, closesOn },
 *     dedupeKey: reminderKey('store-reminder', 'nbc', manager.email, reminderWindow(now, 7), dlrnum) });
 *
 *   // the weekly digest: the workbook is built when the mail is sent, by a builder the reports
 *   // module registers once at start (see registerAttachmentBuilder in attachments.ts)
 *   await enqueueMail(tx, { kind: 'digest', to: person.email, event: 'nbc',
 *     data: { recipientName, scopeLabel, since, until, totals, changes },
 *     attachments: [{ filename: 'nbc-digest-2027-02-01.xlsx',
 *       contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
 *       builder: 'digest-workbook', params: { personId, event: 'nbc', since, until } }],
 *     dedupeKey: reminderKey('digest', 'nbc', person.email, reminderWindow(now, 7)) });
 *
 * Small attachments known at queue time can be stored inline instead:
 *   { filename, contentType, content: buffer.toString('base64'), encoding: 'base64' }.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, statementIn, type DbOrTx, type OutboxAttachment } from '@portal/db';
import type { StatementPart } from '../../lib/statements-together.ts';
import type { MailDataByKind, MailKind } from './templates/index.ts';

export type { MailDataByKind, MailKind } from './templates/index.ts';
export type { OutboxAttachment } from '@portal/db';

export type EnqueueMailInput = {
  [K in MailKind]: {
    kind: K;
    /** The recipient's address (stored lower-case). */
    to: string;
    /** The event whose branding the mail carries (`nbc`, `abc`), or null for none. */
    event: string | null;
    data: MailDataByKind[K];
    /** When set, a second mail with the same key is not queued: `{ queued: false }`. See reminderKey. */
    dedupeKey?: string | undefined;
    attachments?: OutboxAttachment[] | undefined;
    /** Set by the console's resend: the row this one copies. */
    resendOf?: number | undefined;
  };
}[MailKind];

export interface EnqueuedMail {
  /** The outbox row, or null when the dedupe key was already taken. */
  id: number | null;
  queued: boolean;
}

/**
 * Seconds since 2026-01-01 when the mail is queued: a SEQUENCE that grows with each calendar update
 * of one registration (RFC 5545 wants a higher one for a newer version) and fits a 32-bit integer.
 */
function calendarSequence(now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.UTC(2026, 0, 1)) / 1000));
}

const CALENDAR_KINDS = new Set<MailKind>(['registration-confirmed', 'registration-changed', 'registration-cancelled']);

/** Writes one outbox row in the caller's transaction (or as its own statement when given the db). */
export async function enqueueMail(tx: DbOrTx, input: EnqueueMailInput, now: Date = new Date()): Promise<EnqueuedMail> {
  return enqueuedOf(await insertOutboxStatement(tx, outboxParams(input, now)));
}

/**
 * The parameters of one outbox row (insertOutboxStatement's $1-$9), as drizzle's insert wrote them:
 * the address trimmed and lower-case, `data` and `attachments` as JSON text, a new Message-ID.
 */
function outboxParams(input: EnqueueMailInput, now: Date): unknown[] {
  const data: Record<string, unknown> = { ...input.data };
  if (CALENDAR_KINDS.has(input.kind)) data.calendarSequence = calendarSequence(now);
  return [
    input.kind,
    input.to.trim().toLowerCase(),
    input.event,
    JSON.stringify(data),
    JSON.stringify(input.attachments ?? []),
    input.dedupeKey ?? null,
    input.resendOf ?? null,
    `<${randomUUID()}@event-portal>`,
    now,
  ];
}

/**
 * The outbox row's insert over `outboxParams` ($1-$9): due at once by the database's clock (a caller's
 * clock may be a test's or a skewed host's), nothing queued when the dedupe key is taken.
 */
const OUTBOX_INSERT_SQL = `insert into mail_outbox (kind, to_email, event_id, data, attachments, dedupe_key, resend_of, message_id, created_at)
   values ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7::bigint, $8, $9::timestamptz)
   on conflict do nothing
   returning id`;

/**
 * One outbox row, a named statement (statementIn): every submit of the hosted page queues a mail or
 * two, and a fixed text is parsed and planned once per connection, without drizzle's building of the
 * insert. The id is a bigint: node-postgres answers its text, hence the Number above.
 */
const insertOutboxStatement = statementIn<{ id: number | string }>('mail_outbox_insert', OUTBOX_INSERT_SQL);

/** enqueueMail's row as a part of a statement of several writes (writeTogether); as the last part, it answers the row's id when queued. */
export function outboxPart(input: EnqueueMailInput, now: Date): StatementPart {
  return { name: 'mail', texts: [OUTBOX_INSERT_SQL], params: outboxParams(input, now) };
}

/** The outcome of a statement whose last part is outboxPart's, from its rows. */
export function enqueuedOf(rows: readonly unknown[]): EnqueuedMail {
  const id = (rows[0] as { id?: number | string } | undefined)?.id ?? null;
  return id === null ? { id: null, queued: false } : { id: Number(id), queued: true };
}

/**
 * The start of the window `now` falls in, for windows of `days` days counted from 2026-01-01 (UTC):
 * reminders keyed by it go out at most once per window.
 */
export function reminderWindow(now: Date, days: number): string {
  const size = Math.max(1, Math.floor(days)) * 86_400_000;
  const start = Math.floor((now.getTime() - Date.UTC(2026, 0, 1)) / size) * size + Date.UTC(2026, 0, 1);
  return new Date(start).toISOString().slice(0, 10);
}

/** Mails sent without the recipient asking for them at that moment: reminders, "remind" actions, digests. */
export const UNSOLICITED_KINDS = ['store-reminder', 'link-reminder', 'digest'] as const satisfies readonly MailKind[];
/** `REMINDERS_PER_RECIPIENT_DAY`'s default. */
export const DEFAULT_REMINDERS_PER_RECIPIENT_DAY = 3;

const kindList = sql.join(UNSOLICITED_KINDS.map((k) => sql`${k}`), sql`, `);

/** The UTC day `now` falls in, as [start, end). */
function utcDay(now: Date): [string, string] {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return [new Date(start).toISOString(), new Date(start + 86_400_000).toISOString()];
}

/**
 * An SQL condition true when an unsolicited mail to the address `email` (an SQL expression) queued
 * now stays within `perDay` such mails of that address in the UTC day, counting `alreadyInBatch`
 * (an SQL expression, 0 by default) more of the same statement.
 */
export function withinDailyCap(email: SQL, now: Date, perDay: number, alreadyInBatch: SQL = sql`0`): SQL {
  const [start, end] = utcDay(now);
  return sql`(select count(*)::int from mail_outbox cap_m where cap_m.to_email = ${email} and cap_m.kind in (${kindList})
    and cap_m.created_at >= ${start}::timestamptz and cap_m.created_at < ${end}::timestamptz) + ${alreadyInBatch} < ${perDay}`;
}

/**
 * Whether an unsolicited mail may go to `email` now (no mail to strangers): only
 * to a confirmed address, a person's whose `email_verified` is set (rosters an organizer imported,
 * and addresses confirmed through `/confirm-email/{token}`) or an active report user's (on the list
 * an organizer keeps), and at most `perDay` reminders and digests per address and UTC day.
 */
export async function mayMailUnsolicited(tx: DbOrTx, email: string, now: Date, perDay: number): Promise<boolean> {
  const to = email.trim().toLowerCase();
  const [row] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select (
      (coalesce((select p.email_verified from people p where p.email = ${to}), false)
        or exists (select 1 from report_users r where r.email = ${to} and r.active))
      and ${withinDailyCap(sql`${to}`, now, perDay)}) as ok`),
  );
  return row?.ok === true;
}

/** The dedupe key of a reminder: one per kind, event, recipient, window and (optionally) subject, e.g. a store. */
export function reminderKey(kind: MailKind, event: string | null, to: string, window: string, subject?: string): string {
  return [kind, event ?? '-', to.trim().toLowerCase(), window, subject ?? ''].join('|');
}
