/**
 * Coverage gaps and their "remind" action, the timeline and the nbc vs abc comparison
 * (docs/report-insights.md). The routes resolve the caller's scope; everything here takes
 * it as an SQL condition and never reads outside it.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '@portal/db';
import { INSIGHT_PAGE_DEFAULT, type CoverageAnswer, type CoverageManager, type CoverageRow, type EventComparisonAnswer, type EventComparisonRow, type EventType, type TimelineAnswer } from '@portal/contracts';
import { audit } from '../../lib/audit.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { DEFAULT_REMINDERS_PER_RECIPIENT_DAY, enqueueMail, mayMailUnsolicited, reminderKey, reminderWindow } from '../mail/outbox.ts';
import * as q from './report-insights.queries.ts';

/** A manager is reminded at most once per this many days (per event), whatever the number of clicks. */
export const REMINDER_WINDOW_DAYS = 7;

function managersOf(r: q.CoverageRecord): CoverageManager[] {
  const managers: CoverageManager[] = [];
  if (r.emId !== null && r.emEmail) managers.push({ name: r.emName ?? '', email: r.emEmail, enrolled: r.emEnrolled === true });
  if (r.gmId !== null && r.gmEmail && r.gmId !== r.emId) managers.push({ name: r.gmName ?? '', email: r.gmEmail, enrolled: r.gmEnrolled === true });
  return managers;
}

const toCoverageRow = (r: q.CoverageRecord): CoverageRow => ({
  dlrnum: r.dlrnum,
  storeName: r.storeName,
  region: r.region,
  zone: r.zone,
  district: r.district,
  managers: managersOf(r),
});

/** A page of the JSON answers: INSIGHT_PAGE_DEFAULT rows from the start unless the query says otherwise. */
export interface PageRequest {
  limit?: number | undefined;
  offset?: number | undefined;
}
const pageOf = (page: PageRequest) => ({ limit: page.limit ?? INSIGHT_PAGE_DEFAULT, offset: page.offset ?? 0 });

export async function coverage(db: Db, event: EventType, area: SQL, request: PageRequest = {}): Promise<CoverageAnswer> {
  const page = pageOf(request);
  const result = await q.coveragePage(db, event, area, page);
  return { rows: result.rows.map(toCoverageRow), total: result.total, managersNotEnrolled: result.managersNotEnrolled, ...page };
}

export interface RemindInput {
  event: EventType;
  area: SQL;
  dlrnums?: readonly string[] | undefined;
  actorEmail: string;
  ip: string;
  now?: Date;
  /** Reminders and digests per address and UTC day (`REMINDERS_PER_RECIPIENT_DAY`). */
  perRecipientDay?: number;
}

/**
 * Queues a reminder to each manager not enrolled of the coverage gaps (all of the area, or the named
 * stores): one mail per manager and window, naming their stores without an enrolled attendee. The
 * mails and the audit row commit together. Named stores must exist (400) and lie inside the
 * caller's area (403); named stores that are not gaps (any more) are skipped.
 */
export async function remind(db: Db, input: RemindInput): Promise<{ queued: number; managers: number; stores: number }> {
  const now = input.now ?? new Date();
  const dlrnums = input.dlrnums ? [...new Set(input.dlrnums)] : undefined;
  if (dlrnums) {
    const found = await q.storesInScope(db, input.area, dlrnums);
    const known = new Map(found.map((s) => [s.dlrnum, s.inScope]));
    const unknown = dlrnums.filter((d) => !known.has(d));
    if (unknown.length) {
      throw badRequest(`Unknown store ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`, [
        { field: 'dlrnums', message: `names stores that do not exist: ${unknown.slice(0, 5).join(', ')}` },
      ]);
    }
    const outside = dlrnums.filter((d) => known.get(d) !== true);
    if (outside.length) throw forbidden(`Store ${outside.slice(0, 5).join(', ')} is outside your report scope.`);
  }

  const gaps = await q.coverageGaps(db, input.event, input.area, dlrnums);
  const byManager = new Map<string, { name: string; stores: Array<{ dlrnum: string; name: string }> }>();
  for (const gap of gaps) {
    for (const manager of managersOf(gap)) {
      if (manager.enrolled) continue;
      const key = manager.email.toLowerCase();
      const entry = byManager.get(key) ?? { name: manager.name, stores: [] };
      entry.stores.push({ dlrnum: gap.dlrnum, name: gap.storeName });
      byManager.set(key, entry);
    }
  }

  const window = reminderWindow(now, REMINDER_WINDOW_DAYS);
  return db.transaction(async (tx) => {
    let queued = 0;
    for (const [email, manager] of byManager) {
      // Confirmed addresses only, within the daily cap per address.
      if (!(await mayMailUnsolicited(tx, email, now, input.perRecipientDay ?? DEFAULT_REMINDERS_PER_RECIPIENT_DAY))) continue;
      const result = await enqueueMail(
        tx,
        {
          kind: 'store-reminder',
          to: email,
          event: input.event,
          data: {
            managerName: manager.name || email,
            storeName: manager.stores.map((s) => s.name).join(', '),
            dlrnum: manager.stores.map((s) => s.dlrnum).join(', '),
          },
          dedupeKey: reminderKey('store-reminder', input.event, email, window),
        },
        now,
      );
      if (result.queued) queued++;
    }
    await audit(tx, {
      action: 'coverage-remind',
      success: true,
      actorEmail: input.actorEmail,
      eventId: input.event,
      ip: input.ip,
      detail: { stores: gaps.length, managers: byManager.size, queued, window, named: dlrnums?.length ?? null },
    });
    return { queued, managers: byManager.size, stores: gaps.length };
  });
}

export async function timeline(db: Db, event: EventType, area: SQL): Promise<TimelineAnswer> {
  return { days: await q.timeline(db, event, area) };
}

export async function eventComparison(db: Db, area: SQL, request: PageRequest = {}): Promise<EventComparisonAnswer> {
  const page = pageOf(request);
  const [rows, { total, ...totals }] = await Promise.all([q.eventComparisonPage(db, area, page), q.eventComparisonTotals(db, area)]);
  return { rows, total, totals, ...page };
}

/** Rows per statement of the streamed exports. */
export const EXPORT_PAGE_ROWS = 5_000;

/**
 * Every row of a keyset-paged query, a page at a time (the next page is read while the current one is
 * used), so an export of any size holds one page in memory.
 */
export async function* keysetPages<Row extends q.HierarchyKey>(
  read: (after: q.HierarchyKey | null, limit: number) => Promise<Row[]>,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<Row[]> {
  let next: Promise<Row[]> | null = read(null, pageRows);
  while (next) {
    const rows: Row[] = await next;
    const last = rows.length === pageRows ? rows.at(-1) : undefined;
    next = last ? read(last, pageRows) : null;
    // If the consumer stops or fails, the pending page must not become an unhandled rejection.
    next?.catch(() => {});
    if (rows.length) yield rows;
  }
}

/** Every coverage gap of the area with its managers, in pages (the export). */
export async function* coverageRows(db: Db, event: EventType, area: SQL, pageRows = EXPORT_PAGE_ROWS): AsyncGenerator<CoverageRow[]> {
  for await (const page of keysetPages((after, limit) => q.coverageGapsAfter(db, event, area, after, limit), pageRows)) yield page.map(toCoverageRow);
}

/** Every store of the area with its enrolled attendees at each event, in pages (the export). */
export function comparisonRows(db: Db, area: SQL, pageRows = EXPORT_PAGE_ROWS): AsyncGenerator<EventComparisonRow[]> {
  return keysetPages((after, limit) => q.eventComparisonAfter(db, area, after, limit), pageRows);
}
