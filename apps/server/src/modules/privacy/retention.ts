/**
 * Retention (docs/privacy.md): per event, `retentionDays` after its end, a daily job erases the
 * event's attendees (the targeted pass of erasure.ts) and purges the bodies and attachments of the
 * event's delivered mails. Check-in scan logs are purged the same way once the portal records them
 * (none in this version). The console's dry run answers the same counts without changing anything.
 *
 * A run must not slow the portal (docs/privacy.md, "Retention": report p99 within 2x of idle while it runs), so it works
 * in chunks, each its own short transaction, and paces them (`RetentionPace`): after a chunk it waits
 * at least twice as long as the chunk took (the portal keeps at least two thirds of the time of a
 * database connection and of a core), and chunks start at most once a second. The second rule is the one the
 * reports feel: an erasure renames people, which moves the report data version (migration 0010's
 * statement trigger, once per chunk, never per person), and every cached report answer is computed
 * again after it; once a second costs a few requests a recomputation, where back-to-back chunks
 * kept the cache cold. The next chunk is found by id after the last one (keyset), not by reading
 * again past every person erased so far.
 */
import { sql } from 'drizzle-orm';
import type { RetentionOutcome, RetentionPlan } from '@portal/contracts';
import { rowsOf, type Db, type DbOrTx } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { eraseTargeted, lockTargets } from './erasure.ts';

/** Mails purged per statement. */
export const RETENTION_MAIL_BATCH = 2_000;

/** How a run paces its chunks (see the file's comment). */
export interface RetentionPace {
  /** People erased per chunk (one transaction). */
  peopleBatch: number;
  /** The least time from the start of one chunk to the start of the next (ms). */
  minGapMs: number;
  /** After a chunk, wait at least its own time multiplied by this. */
  pauseRatio: number;
}

/**
 * 500 people a chunk, one chunk a second at most, and two thirds of the time to the portal at least:
 * 500 people a second, so 50,000 people take 100 s (the aim is 2 minutes). Measured at 50,000 stores
 * (docs/benchmarks.md): 1,000 a second doubled the report p99 (the database's work behind an erasure,
 * index and badge upkeep and vacuum, outlasts the chunk), one chunk every 3 s did not move it.
 */
export const RETENTION_PACE: RetentionPace = { peopleBatch: 500, minGapMs: 1_000, pauseRatio: 2 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits after a chunk that started at `started` and ended now, as `pace` says. */
async function pauseAfter(started: number, pace: RetentionPace): Promise<void> {
  const ended = performance.now();
  const wait = Math.max((ended - started) * pace.pauseRatio, pace.minGapMs - (ended - started));
  // setImmediate first: requests already waiting for a connection (PGlite: the one) go before the timer.
  await new Promise((resolve) => setImmediate(resolve));
  if (wait > 0) await sleep(wait);
}

const day = (now: Date) => now.toISOString().slice(0, 10);

interface EventRow {
  id: string;
  ends_on: string;
  retention_days: number | null;
  due_on: string | null;
  due: boolean;
}

async function eventsWithRetention(db: DbOrTx, now: Date): Promise<EventRow[]> {
  return rowsOf<EventRow>(
    await db.execute(sql`
      select e.id, e.ends_on::text as ends_on, k.retention_days, (e.ends_on + k.retention_days)::text as due_on,
        coalesce((e.ends_on + k.retention_days) <= ${day(now)}::date, false) as due
      from events e left join event_retention k on k.event_id = e.id
      order by e.starts_on, e.id`),
  );
}

/**
 * The people a run erases for an event: its attendees not erased yet, with no registration for an
 * event that is still kept (a dealer at both conferences stays until the later one is due too).
 */
function erasablePeople(eventId: string, now: Date) {
  return sql`
    select p.id from people p
    where exists (select 1 from registrations r where r.attendee_id = p.id and r.event_id = ${eventId})
      and not exists (
        select 1 from registrations r
        where r.attendee_id = p.id and r.event_id not in (
          select e.id from events e join event_retention k on k.event_id = e.id where (e.ends_on + k.retention_days) <= ${day(now)}::date))
      and not exists (select 1 from person_erasures x where x.person_id = p.id)`;
}

/** Delivered mails of the event still holding a body, attachments or template data. */
function unpurgedMails(eventId: string) {
  return sql`
    select m.id from mail_outbox m
    where m.event_id = ${eventId} and m.status = 'sent'
      and (m.text_body is not null or m.html_body is not null or m.attachments <> '[]'::jsonb or (m.data - 'registrationId') <> '{}'::jsonb)`;
}

async function countOf(db: DbOrTx, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from (${query}) q`))[0]?.n ?? 0);
}

/** What a run would do now, per event (the console's dry run). */
export async function retentionPlan(db: DbOrTx, now: Date): Promise<RetentionPlan[]> {
  const plans: RetentionPlan[] = [];
  for (const e of await eventsWithRetention(db, now)) {
    plans.push({
      event: e.id === 'abc' ? 'abc' : 'nbc',
      retentionDays: e.retention_days,
      endsOn: e.ends_on,
      dueOn: e.due_on,
      due: e.due,
      people: e.due ? await countOf(db, erasablePeople(e.id, now)) : 0,
      mailBodies: e.due ? await countOf(db, unpurgedMails(e.id)) : 0,
      scanLogs: 0,
    });
  }
  return plans;
}

/** One run: every due event's attendees erased and its delivered mails purged, paced (`RetentionPace`). */
export async function runRetention(
  db: Db,
  now: Date,
  options: { organizerId?: number | null; actorEmail?: string | null; ip?: string | null; pace?: RetentionPace } = {},
): Promise<RetentionOutcome[]> {
  const pace = options.pace ?? RETENTION_PACE;
  const outcomes: RetentionOutcome[] = [];
  for (const e of await eventsWithRetention(db, now)) {
    if (!e.due) continue;
    const started = performance.now();
    let erased = 0;
    let after = 0;
    for (;;) {
      const chunkStarted = performance.now();
      const done = await db.transaction(async (tx) => {
        const ids = rowsOf<{ id: number }>(await tx.execute(sql`${erasablePeople(e.id, now)} and p.id > ${after} order by p.id limit ${pace.peopleBatch}`)).map((r) =>
          Number(r.id),
        );
        if (!ids.length) return { found: 0, erased: 0 };
        after = ids[ids.length - 1]!;
        const targets = await lockTargets(tx, ids);
        if (targets.length) await eraseTargeted(tx, targets, { now, via: 'retention', organizerId: options.organizerId ?? null });
        return { found: ids.length, erased: targets.length };
      });
      erased += done.erased;
      if (done.found < pace.peopleBatch) break;
      await pauseAfter(chunkStarted, pace);
    }
    let purged = 0;
    for (;;) {
      const chunkStarted = performance.now();
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          update mail_outbox m set text_body = null, html_body = null, attachments = '[]'::jsonb,
            data = case when m.data ? 'registrationId' then jsonb_build_object('registrationId', m.data -> 'registrationId') else '{}'::jsonb end
          where m.id in (${unpurgedMails(e.id)} order by m.id limit ${RETENTION_MAIL_BATCH})
          returning m.id`),
      );
      purged += rows.length;
      if (rows.length < RETENTION_MAIL_BATCH) break;
      // Mails move no report data: only the half-the-time rule.
      await pauseAfter(chunkStarted, { ...pace, minGapMs: 0 });
    }
    await db.execute(sql`update event_retention set last_run_at = ${now.toISOString()}::timestamptz where event_id = ${e.id}`);
    const ms = Math.round(performance.now() - started);
    await audit(db, {
      action: 'retention-run',
      success: true,
      actorEmail: options.actorEmail ?? null,
      organizerId: options.organizerId ?? null,
      ip: options.ip ?? null,
      eventId: e.id,
      detail: { retentionDays: e.retention_days, dueOn: e.due_on, people: erased, mailBodies: purged, scanLogs: 0, ms },
    });
    outcomes.push({ event: e.id === 'abc' ? 'abc' : 'nbc', retentionDays: e.retention_days, endsOn: e.ends_on, dueOn: e.due_on, due: true, people: erased, mailBodies: purged, scanLogs: 0, ms });
  }
  return outcomes;
}
