/**
 * The weekly digest (docs/report-insights.md): every report reader who opted in gets
 * a mail with the totals of their report scope and a workbook of the registrations that changed in
 * it since their last digest. A recurring job on the job queue (Mondays 06:00 UTC) queues the mails
 * through the outbox; the workbook is built when the mail is sent (an attachment builder), so it
 * holds the data of that moment and is never stored.
 *
 * Idempotent: the mail's dedupe key holds the recipient and the 7-day window, and the subscription's
 * `last_until` moves forward in the same transaction as the outbox row, so a retried or doubled run
 * sends nothing twice and loses no period. The scope is read again for every digest: a narrowed or
 * removed scope applies at once; a scope that no longer resolves skips the digest (fail closed).
 */
import { dateOf, type Db, type DbOrTx } from '@portal/db';
import type { DigestSubscription, EventType, Language } from '@portal/contracts';
import { columnsIn, t, type MessageId } from '../../lib/i18n/i18n.ts';
import { createXlsxStream, concatChunks, type CellValue } from '@portal/xlsx';
import { DEFAULT_REMINDERS_PER_RECIPIENT_DAY, enqueueMail, mayMailUnsolicited, reminderKey, reminderWindow } from '../mail/outbox.ts';
import { requireEmailConfirmation } from '../mail/mail.service.ts';
import { describeScope, type ReportScope } from '../report-scope/report-scope.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './report-insights.queries.ts';

export const DIGEST_JOB = 'report-digest';
/** Mondays at 06:00 UTC. */
export const DIGEST_CRON = '0 6 * * 1';
export const DIGEST_ATTACHMENT_BUILDER = 'digest-workbook';
const DIGEST_WINDOW_DAYS = 7;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The workbook's columns: each header's message and width. */
const DIGEST_COLUMNS = [
  { id: 'export.digest.changedAt', width: 18 },
  { id: 'export.retailer.Status', width: 11 },
  { id: 'export.retailer.Attendee Name', width: 26 },
  { id: 'export.retailer.Email', width: 32 },
  { id: 'export.retailer.Attendee Type', width: 14 },
  { id: 'export.retailer.Store Code', width: 11 },
  { id: 'export.retailer.Store Name', width: 28 },
  { id: 'export.retailer.Region', width: 8 },
  { id: 'export.retailer.Zone', width: 8 },
  { id: 'export.retailer.District', width: 10 },
  { id: 'export.retailer.Enroll Date', width: 12 },
] as const satisfies ReadonlyArray<{ id: MessageId; width: number }>;


// ---------------------------------------------------------------------------------------------
// Subscribing
// ---------------------------------------------------------------------------------------------

export async function getSubscription(db: DbOrTx, user: AuthUser): Promise<DigestSubscription> {
  const row = await q.findDigestSubscription(db, user.email.toLowerCase());
  return {
    subscribed: row?.active ?? false,
    event: (row?.eventId as EventType | undefined) ?? user.eventType,
    lastDigestAt: row?.lastUntil ? dateOf(row.lastUntil).toISOString() : null,
  };
}

export async function setSubscription(db: DbOrTx, user: AuthUser, input: { subscribed: boolean; event?: EventType | undefined }, now = new Date()): Promise<DigestSubscription> {
  const event = input.event ?? user.eventType;
  await q.saveDigestSubscription(db, { email: user.email.toLowerCase(), personId: user.personId, eventId: event, active: input.subscribed }, now);
  return getSubscription(db, user);
}

/**
 * Digests go to confirmed addresses only: a subscriber whose address is not confirmed yet is sent a
 * link to confirm it (mail.service.ts). True when that link was queued.
 */
export async function askToConfirmDigestAddress(db: Db, input: { personId: number; eventId: EventType; publicUrl: string }): Promise<boolean> {
  const { personId, eventId, publicUrl } = input;
  return db.transaction(async (tx) => {
    const person = await q.lockPersonEmail(tx, personId);
    if (!person || person.email_verified) return false;
    await requireEmailConfirmation(tx, { personId, email: person.email, firstName: person.first_name, eventId, publicUrl, now: new Date() });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// The weekly run
// ---------------------------------------------------------------------------------------------

function scopeLabel(scope: ReportScope): string {
  const text = describeScope(scope);
  return scope.level === 'network' ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

export interface DigestRunResult {
  queued: number;
  /** Already sent in this window, or the subscriber's scope no longer resolves. */
  skipped: number;
}

export async function runDigests(
  db: Db,
  scopes: Pick<ReportScopeService, 'load'>,
  now: Date = new Date(),
  log?: { warn(obj: object, msg: string): void },
  perRecipientDay: number = DEFAULT_REMINDERS_PER_RECIPIENT_DAY,
): Promise<DigestRunResult> {
  const result: DigestRunResult = { queued: 0, skipped: 0 };
  const window = reminderWindow(now, DIGEST_WINDOW_DAYS);
  for (const subscriber of await q.activeDigestSubscribers(db)) {
    let scope: ReportScope;
    try {
      scope = await scopes.load({ personId: subscriber.personId, email: subscriber.email });
    } catch (error) {
      log?.warn({ err: error, email: subscriber.email }, 'digest skipped: the report scope does not resolve');
      result.skipped++;
      continue;
    }
    // Confirmed addresses only, within the daily cap per address.
    if (!(await mayMailUnsolicited(db, subscriber.email, now, perRecipientDay))) {
      result.skipped++;
      continue;
    }
    const area = q.areaCondition(scope, {});
    const since = subscriber.lastUntil ? dateOf(subscriber.lastUntil) : new Date(now.getTime() - DIGEST_WINDOW_DAYS * 86_400_000);
    const [changes, totals] = await Promise.all([q.digestChanges(db, subscriber.eventId, area, since, now), q.digestTotals(db, subscriber.eventId, area)]);
    const queued = await db.transaction(async (tx) => {
      const mail = await enqueueMail(
        tx,
        {
          kind: 'digest',
          to: subscriber.email,
          event: subscriber.eventId,
          data: {
            recipientName: subscriber.name || subscriber.email,
            scopeLabel: scopeLabel(scope),
            since: subscriber.lastUntil ? since.toISOString() : null,
            until: now.toISOString(),
            totals,
            changes: changes.length,
          },
          attachments: [
            {
              filename: `${subscriber.eventId}-digest-${now.toISOString().slice(0, 10)}.xlsx`,
              contentType: XLSX_TYPE,
              builder: DIGEST_ATTACHMENT_BUILDER,
              params: { email: subscriber.email, personId: subscriber.personId, event: subscriber.eventId, since: since.toISOString(), until: now.toISOString() },
            },
          ],
          dedupeKey: reminderKey('digest', subscriber.eventId, subscriber.email, window),
        },
        now,
      );
      if (mail.queued) await q.markDigestQueued(tx, subscriber.email, now);
      return mail.queued;
    });
    if (queued) result.queued++;
    else result.skipped++;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The workbook (built when the mail is sent)
// ---------------------------------------------------------------------------------------------

export interface DigestWorkbookParams {
  email: string;
  personId: number | null;
  event: EventType;
  since: string;
  until: string;
}

function parseParams(params: Record<string, unknown>): DigestWorkbookParams {
  const { email, personId, event, since, until } = params;
  if (typeof email !== 'string' || (personId !== null && typeof personId !== 'number') || (event !== 'nbc' && event !== 'abc')) {
    throw new Error('digest workbook: bad params');
  }
  if (typeof since !== 'string' || typeof until !== 'string' || Number.isNaN(Date.parse(since)) || Number.isNaN(Date.parse(until))) {
    throw new Error('digest workbook: bad period');
  }
  return { email, personId, event, since, until };
}

/**
 * The digest workbook: one row per registration of the recipient's scope changed in the period,
 * then a blank row and the scope's totals. The scope is the recipient's at build time.
 */
export async function buildDigestWorkbook(db: Db, scopes: Pick<ReportScopeService, 'load'>, raw: Record<string, unknown>, modifiedAt?: Date, language: Language = 'en'): Promise<Buffer> {
  const params = parseParams(raw);
  const scope = await scopes.load({ personId: params.personId, email: params.email });
  const area = q.areaCondition(scope, {});
  const [changes, totals] = await Promise.all([
    q.digestChanges(db, params.event, area, new Date(params.since), new Date(params.until)),
    q.digestTotals(db, params.event, area),
  ]);
  const xlsx = createXlsxStream({ sheetName: t(language, 'export.digest.sheet'), columns: columnsIn(language, DIGEST_COLUMNS), ...(modifiedAt ? { modifiedAt } : {}) });
  const chunks: Uint8Array[] = [];
  for (const c of changes) {
    const row: CellValue[] = [c.changedAt, language === 'en' ? c.status : t(language, 'registrationStatus', { status: c.status }), c.attendeeName, c.email, language === 'en' ? c.attendeeType : t(language, 'attendeeType', { type: c.attendeeType }), c.storeCode, c.storeName, c.region, c.zone, c.district, c.enrollDate];
    chunks.push(...xlsx.addRow(row));
  }
  chunks.push(...xlsx.addRow([]));
  const label = t(language, 'export.digest.totalsFor', { scope: describeScope(scope), event: params.event, at: params.until.slice(0, 16).replace('T', ' ') });
  chunks.push(...xlsx.addRow([label], { bold: true }));
  chunks.push(...xlsx.addRow([t(language, 'export.digest.changed'), changes.length]));
  chunks.push(...xlsx.addRow([t(language, 'export.digest.stores'), totals.stores]));
  chunks.push(...xlsx.addRow([t(language, 'export.digest.storesEnrolled'), totals.enrolledStores]));
  chunks.push(...xlsx.addRow([t(language, 'export.digest.registrationsEnrolled'), totals.registrations]));
  chunks.push(...xlsx.finish());
  return Buffer.from(concatChunks(chunks));
}
