/**
 * Scheduled reminders (docs/operations.md, "Mail"), run by the `mail-reminders` job:
 * - store managers of stores with no enrolled attendee, once registration closes in N days or less
 *   (N = the event's `reminder_days_before_close`, set in the console);
 * - attendees whose registration link was issued but never completed (after LINK_REMINDER_AFTER_MS).
 * Each is idempotent through the outbox's dedupe key: one mail per recipient, kind and window, so a
 * second run (or a second instance) queues nothing new.
 */
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '@portal/db';
import { issueToken, TOKEN_TTL_MS } from '../../lib/registration-tokens.ts';
import { DEFAULT_REMINDERS_PER_RECIPIENT_DAY, enqueueMail, mayMailUnsolicited, reminderKey, reminderWindow } from '../mail/outbox.ts';
import * as q from './registration.queries.ts';

/** A link issued this long ago and still not completed earns a reminder. */
export const LINK_REMINDER_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** Link reminders go out at most once per recipient in this many days. */
export const LINK_REMINDER_WINDOW_DAYS = 7;
/** Upper bound of link reminders per run; the next run takes the rest. */
const LINK_REMINDER_BATCH = 500;

export interface ReminderRun {
  storeReminders: number;
  linkReminders: number;
}

/**
 * Store-manager reminders of every event inside its reminder window, in one statement. The window
 * is the closing date: one mail per manager and event per closing date (a moved date reminds again).
 */
export async function queueStoreReminders(db: Db, now: Date, perRecipientDay: number = DEFAULT_REMINDERS_PER_RECIPIENT_DAY): Promise<number> {
  return q.insertStoreReminders(db, now, perRecipientDay);
}

export interface ReminderOptions {
  /** Hours the fresh link stays usable (`LINK_TTL_HOURS`); the tokens module's default without it. */
  linkTtlHours?: number;
  /** Reminders and digests per address and UTC day (`REMINDERS_PER_RECIPIENT_DAY`). */
  perRecipientDay?: number;
}

/**
 * Reminders with a fresh link for pending builtin registrations whose link was never used, of events
 * whose registration is still open and which are not over: a closed or past event gets no new link.
 */
export async function queueLinkReminders(db: Db, now: Date, publicUrl: string, options: ReminderOptions = {}): Promise<number> {
  const ttlMs = options.linkTtlHours === undefined ? TOKEN_TTL_MS.register : options.linkTtlHours * 3_600_000;
  const window = reminderWindow(now, LINK_REMINDER_WINDOW_DAYS);
  const issuedBefore = new Date(now.getTime() - LINK_REMINDER_AFTER_MS).toISOString();
  const stale = await q.staleRegisterLinks(db, { now, window, issuedBefore, limit: LINK_REMINDER_BATCH });
  let queued = 0;
  const base = publicUrl.replace(/\/+$/, '');
  for (const row of stale) {
    // One transaction per mail: a new link is issued only if its reminder is queued (a link issued
    // for nothing could retire the one an earlier mail carries).
    if (!(await mayMailUnsolicited(db, row.email, now, options.perRecipientDay ?? DEFAULT_REMINDERS_PER_RECIPIENT_DAY))) continue;
    const done = await db
      .transaction(async (tx) => {
        const token = await issueToken(tx, row.registration_id, 'register', now, ttlMs, { mailed: true });
        const mail = await enqueueMail(
          tx,
          {
            kind: 'link-reminder',
            to: row.email,
            event: row.event_id,
            data: { firstName: row.first_name, link: `${base}/register/${token}`, expiresAt: new Date(now.getTime() + ttlMs).toISOString() },
            dedupeKey: reminderKey('link-reminder', row.event_id, row.email, window, String(row.registration_id)),
          },
          now,
        );
        if (!mail.queued) tx.rollback();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      });
    if (done) queued++;
  }
  return queued;
}

export async function runReminders(db: Db, now: Date, publicUrl: string, options: ReminderOptions = {}): Promise<ReminderRun> {
  return { storeReminders: await queueStoreReminders(db, now, options.perRecipientDay), linkReminders: await queueLinkReminders(db, now, publicUrl, options) };
}
