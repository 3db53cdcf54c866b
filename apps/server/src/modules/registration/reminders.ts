/**
 * Scheduled reminders (docs/operations.md, "Mail"), run by the `mail-reminders` job:
 * - store managers of stores with no enrolled attendee, once registration closes in N days or less
 *   (N = the event's `reminder_days_before_close`, set in the console);
 * - attendees whose registration link was issued but never completed (after LINK_REMINDER_AFTER_MS).
 * Each is idempotent through the outbox's dedupe key: one mail per recipient, kind and window, so a
 * second run (or a second instance) queues nothing new.
 */
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { rowsOf, type Db } from '@portal/db';
import { issueToken, TOKEN_TTL_MS } from './registration-tokens.ts';
import { PLACEHOLDER_EMAIL_DOMAIN } from '../../lib/placeholder-email.ts';
import { DEFAULT_REMINDERS_PER_RECIPIENT_DAY, enqueueMail, mayMailUnsolicited, reminderKey, reminderWindow, withinDailyCap } from '../mail/outbox.ts';

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
  const result = await db.execute(sql`
    with due_events as (
      select id, registration_closes_at as closes_at
      from events
      where registration_closes_at is not null and reminder_days_before_close is not null
        and ${now.toISOString()}::timestamptz < registration_closes_at
        and ${now.toISOString()}::timestamptz >= registration_closes_at - reminder_days_before_close * interval '1 day'
    ),
    uncovered as (
      select e.id as event_id, e.closes_at, s.dlrnum, s.name as store_name, s.executive_manager_id, s.general_manager_id
      from due_events e cross join stores s
      where not exists (
        select 1 from registrations r where r.event_id = e.id and r.store_dlrnum = s.dlrnum and r.status = 'Enrolled')
    ),
    recipients as (
      select distinct on (u.event_id, p.email) u.event_id, u.closes_at, u.dlrnum, u.store_name, p.email,
        trim(p.first_name || ' ' || p.last_name) as manager_name
      from uncovered u
      join people p on p.id in (u.executive_manager_id, u.general_manager_id)
      where p.email not like ${`%@${PLACEHOLDER_EMAIL_DOMAIN}`} and p.email_verified
      order by u.event_id, p.email, u.dlrnum
    ),
    capped as (
      -- Confirmed addresses only (above), and at most the daily cap of reminders per address (issue 24).
      select * from (select rc.*, row_number() over (partition by rc.email order by rc.event_id) - 1 as earlier from recipients rc) n
      where ${withinDailyCap(sql`n.email`, now, perRecipientDay, sql`n.earlier`)}
    )
    insert into mail_outbox (kind, to_email, event_id, data, dedupe_key, message_id, created_at)
    select 'store-reminder', email, event_id,
      jsonb_build_object('managerName', manager_name, 'storeName', store_name, 'dlrnum', dlrnum,
        'closesOn', to_char(closes_at at time zone 'UTC', 'YYYY-MM-DD')),
      concat_ws('|', 'store-reminder', event_id, email, 'closes-' || to_char(closes_at at time zone 'UTC', 'YYYY-MM-DD'), ''),
      '<' || gen_random_uuid() || '@event-portal>', ${now.toISOString()}::timestamptz
    from capped
    on conflict do nothing
    returning id`);
  return rowsOf<{ id: number }>(result).length;
}

interface StaleLink {
  registration_id: number;
  event_id: string;
  email: string;
  first_name: string;
}

export interface ReminderOptions {
  /** Hours the fresh link stays usable (`LINK_TTL_HOURS`); the tokens module's default without it. */
  linkTtlHours?: number;
  /** Reminders and digests per address and UTC day (`REMINDERS_PER_RECIPIENT_DAY`). */
  perRecipientDay?: number;
}

/**
 * Reminders with a fresh link for pending builtin registrations whose link was never used, of events
 * whose registration is still open and which are not over: a closed or past event gets no new link
 * (issue 24, item 6).
 */
export async function queueLinkReminders(db: Db, now: Date, publicUrl: string, options: ReminderOptions = {}): Promise<number> {
  const ttlMs = options.linkTtlHours === undefined ? TOKEN_TTL_MS.register : options.linkTtlHours * 3_600_000;
  const window = reminderWindow(now, LINK_REMINDER_WINDOW_DAYS);
  const issuedBefore = new Date(now.getTime() - LINK_REMINDER_AFTER_MS).toISOString();
  const stale = rowsOf<StaleLink>(
    await db.execute(sql`
      select r.id as registration_id, r.event_id, p.email, p.first_name
      from registrations r
      join people p on p.id = r.attendee_id
      join events e on e.id = r.event_id
      where r.status = 'Pending' and r.provider = 'builtin'
        and (e.registration_closes_at is null or e.registration_closes_at > ${now.toISOString()}::timestamptz)
        and e.ends_on >= (${now.toISOString()}::timestamptz at time zone 'UTC')::date
        and p.email not like ${`%@${PLACEHOLDER_EMAIL_DOMAIN}`} and p.email_verified
        and exists (select 1 from registration_tokens t where t.registration_id = r.id and t.purpose = 'register' and t.used_at is null)
        and not exists (select 1 from registration_tokens t where t.registration_id = r.id and t.created_at > ${issuedBefore}::timestamptz)
        and not exists (select 1 from mail_outbox m where m.dedupe_key = concat_ws('|', 'link-reminder', r.event_id, p.email, ${window}::text, r.id::text))
      order by r.id
      limit ${LINK_REMINDER_BATCH}`),
  );
  let queued = 0;
  const base = publicUrl.replace(/\/+$/, '');
  for (const row of stale) {
    // One transaction per mail: a new link is issued only if its reminder is queued (a link issued
    // for nothing could retire the one an earlier mail carries).
    if (!(await mayMailUnsolicited(db, row.email, now, options.perRecipientDay ?? DEFAULT_REMINDERS_PER_RECIPIENT_DAY))) continue;
    const done = await db
      .transaction(async (tx) => {
        const token = await issueToken(tx, row.registration_id, 'register', now, ttlMs);
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
