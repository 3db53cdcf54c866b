/**
 * Retention (docs/privacy.md): per event, `retentionDays` after its end, a daily job erases the
 * event's attendees (the targeted pass of erasure.ts), purges the bodies and attachments of the
 * event's delivered mails, deletes the event's door scan log (`checkin_scans`: the scans of its
 * registrations and the unmatched ones) and revokes its door devices left (their tokens ended a day
 * after the event already, `CHECKIN_DEVICE_GRACE_HOURS`). The console's dry run answers the same
 * counts without changing anything.
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
import type { RetentionOutcome, RetentionPlan } from '@portal/contracts';
import type { Db, DbOrTx } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { lockTargets } from './erasure.queries.ts';
import { eraseTargeted } from './erasure.ts';
import {
  countErasablePeople,
  countScanLogs,
  countUnpurgedMails,
  deleteScanLogs,
  eventsWithRetention,
  markRetentionRun,
  nextErasablePeople,
  purgeMailBodies,
  revokeEventDevices,
} from './privacy.queries.ts';

/** Mails purged per statement. */
export const RETENTION_MAIL_BATCH = 2_000;
/** Door scans deleted per statement. */
export const RETENTION_SCAN_BATCH = 5_000;

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
      people: e.due ? await countErasablePeople(db, e.id, now) : 0,
      mailBodies: e.due ? await countUnpurgedMails(db, e.id) : 0,
      scanLogs: e.due ? await countScanLogs(db, e.id) : 0,
    });
  }
  return plans;
}

/**
 * Runs `chunk` (which handles up to `batch` rows and answers how many it did) until a chunk comes
 * short; the rows handled in all. For rows that move no report data (mail bodies, door scans): only
 * the half-the-time rule paces the chunks, without the minimum gap.
 */
async function inChunks(batch: number, pace: RetentionPace, chunk: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const chunkStarted = performance.now();
    const rows = await chunk();
    total += rows;
    if (rows < batch) return total;
    await pauseAfter(chunkStarted, { ...pace, minGapMs: 0 });
  }
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
        const ids = await nextErasablePeople(tx, e.id, now, after, pace.peopleBatch);
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
    const purged = await inChunks(RETENTION_MAIL_BATCH, pace, () => purgeMailBodies(db, e.id, RETENTION_MAIL_BATCH));
    const scans = await inChunks(RETENTION_SCAN_BATCH, pace, () => deleteScanLogs(db, e.id, RETENTION_SCAN_BATCH));
    const devices = await revokeEventDevices(db, e.id, now);
    await markRetentionRun(db, e.id, now);
    const ms = Math.round(performance.now() - started);
    await audit(db, {
      action: 'retention-run',
      success: true,
      actorEmail: options.actorEmail ?? null,
      organizerId: options.organizerId ?? null,
      ip: options.ip ?? null,
      eventId: e.id,
      detail: { retentionDays: e.retention_days, dueOn: e.due_on, people: erased, mailBodies: purged, scanLogs: scans, devicesRevoked: devices, ms },
    });
    outcomes.push({ event: e.id === 'abc' ? 'abc' : 'nbc', retentionDays: e.retention_days, endsOn: e.ends_on, dueOn: e.due_on, due: true, people: erased, mailBodies: purged, scanLogs: scans, ms });
  }
  return outcomes;
}
