/**
 * The door API's logic (docs/event-days.md, "Sync"): pairing, the roster's delta cursor, and scan
 * batches with exactly-once check-ins.
 *
 * A batch runs in one transaction: its scans are claimed by (device, scanId) first (a retried scan
 * is not claimed again and answers the result stored with it), then the badges it names are locked
 * in id order, the results are decided in the batch's order, and the check-ins and results are
 * written with one statement each. The first scan the server records checks the attendee in; every
 * later one is `already` with that scan's time and door. An `already` from another device that was
 * scanned before the first check-in reached the server is a conflict: both doors let the person in.
 */
import { LANGUAGES, type CheckInConfig, type DoorSession, type PairData, type RosterData, type ScanResultRow, type ScansRequest, type WebhookCheckInData, type WebhookCheckInUndoneData, type WebhookSessionData } from '@portal/contracts';
import { dateOf, type Db } from '@portal/db';
import { hashAccessCode } from '../../lib/access-code.ts';
import { eventNameIn } from '../../lib/i18n/i18n.ts';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { BadgeKeys } from '../badges/badge-code.ts';
import { queueEventBatch } from '../webhooks/outbox.ts';
import * as q from './checkin.queries.ts';
import type { DeviceTokens, DeviceUser } from './device-auth.ts';
import { EmailHasher } from './email-hash.ts';

/** A transaction running longer than this could commit a roster change behind a cursor; the cursor stays this far back. */
export const ROSTER_SAFETY_US = 30_000_000n;
const PAIR_FAILURES_PER_IP_HOUR = 20;

export interface CheckInServiceOptions {
  db: Db;
  keys: BadgeKeys;
  tokens: DeviceTokens;
  codeHashKey: Uint8Array;
  limiter: RateLimiter;
  /** Whether the portal runs in demo mode now (the demo door's published code pairs only then). */
  isDemo: () => Promise<boolean>;
  now?: () => Date;
}

export type CheckInService = ReturnType<typeof createCheckInService>;

export function createCheckInService(options: CheckInServiceOptions) {
  const { db, keys, tokens } = options;
  const now = options.now ?? (() => new Date());
  const emails = new EmailHasher(options.codeHashKey);

  async function pair(pairingCode: string, ip: string): Promise<PairData> {
    const failureKey = `checkin-pair:ip:${ip}`;
    const [failures] = await options.limiter.hit([failureKey], 3600);
    if (failures!.count > PAIR_FAILURES_PER_IP_HOUR) throw tooManyRequests(failures!.resetIn);
    const hash = hashAccessCode(pairingCode, options.codeHashKey);
    const device = await q.findDeviceByPairingHash(db, hash);
    const refused = () => new AppError(400, 'This pairing code is not valid. Ask an organizer for a new one.', [{ field: 'pairingCode', message: 'is not valid' }]);
    if (!device || device.revokedAt) throw refused();
    const at = now();
    if (device.demoPairing) {
      if (!(await options.isDemo())) throw refused();
      await q.markDemoPaired(db, device.id, at);
    } else {
      if (!device.pairingExpiresAt || device.pairingExpiresAt <= at) {
        throw new AppError(400, 'This pairing code has expired. Ask an organizer for a new one.', [{ field: 'pairingCode', message: 'has expired' }]);
      }
      if (!(await q.claimPairing(db, device.id, hash, at))) throw refused();
    }
    await options.limiter.release([failureKey]);
    return {
      accessToken: tokens.sign(device.id),
      deviceId: device.id,
      name: device.name,
      event: device.eventId as PairData['event'],
      rights: { walkIn: device.canWalkIn, substitute: device.canSubstitute },
      session: await doorSession(device.sessionId),
    };
  }

  /** The session a session door counts, as the door shows it (null for an event door). */
  async function doorSession(sessionId: number | null): Promise<DoorSession | null> {
    if (sessionId === null) return null;
    const session = await q.doorSessionOf(db, sessionId);
    return session ? toDoorSession(session) : null;
  }

  async function config(device: DeviceUser): Promise<CheckInConfig> {
    const event = await q.eventOf(db, device.eventId);
    if (!event) throw notFound('The device’s event no longer exists.');
    return {
      event: device.eventId,
      eventName: event.name,
      eventNames: Object.fromEntries(LANGUAGES.map((language) => [language, eventNameIn(language, device.eventId, event.name)])),
      startsOn: event.startsOn,
      endsOn: event.endsOn,
      device: { id: device.id, name: device.name, rights: { walkIn: device.canWalkIn, substitute: device.canSubstitute } },
      session: await doorSession(device.sessionId),
      publicKeys: keys.publicKeys(),
      emailHashKey: emails.keyText(device.eventId),
    };
  }

  async function roster(device: DeviceUser, query: { event?: string | undefined; after?: string | undefined; limit: number }): Promise<RosterData> {
    if (query.event && query.event !== device.eventId) throw new AppError(403, `This device checks in for ${device.eventId}, not ${query.event}.`);
    const cursor = parseCursor(query.after);
    const session = device.sessionId === null ? null : await q.doorSessionOf(db, device.sessionId);
    const page = await q.rosterPage(db, device.eventId, cursor ? { us: cursor.us, id: cursor.id } : null, query.limit, session ?? null);
    const more = page.rows.length > query.limit;
    const rows = more ? page.rows.slice(0, query.limit) : page.rows;
    const last = rows.at(-1);
    // The safe point: no transaction still running can commit a change before it.
    const safe = minBig(cursor?.safeUs ?? page.nowUs - ROSTER_SAFETY_US, page.nowUs - ROSTER_SAFETY_US);
    let next: { us: bigint; id: number };
    if (more) next = { us: BigInt(last!.changedUs), id: last!.registrationId };
    else {
      const end = last ? { us: BigInt(last.changedUs), id: last.registrationId } : (cursor ?? { us: 0n, id: 0 });
      // The last page: the next delta starts from the safe point at the latest (some rows come again; the door upserts).
      next = end.us > safe ? { us: safe, id: 0 } : end;
    }
    await q.touchDevice(db, device.id, now(), true);
    return {
      rows: rows.map(({ changedUs: _changed, checkedInAt, email, ...row }) => {
        const emailHash = emails.hash(device.eventId, email);
        return { ...row, checkedInAt: dateOf(checkedInAt)?.toISOString() ?? null, ...(emailHash ? { emailHash } : {}) };
      }),
      cursor: formatCursor({ ...next, safeUs: more ? safe : page.nowUs - ROSTER_SAFETY_US }),
      more,
    };
  }

  async function scans(device: DeviceUser, body: ScansRequest): Promise<{ results: ScanResultRow[] }> {
    const seen = new Set<string>();
    const payloads = await keys.verifyMany(body.scans.map((scan) => scan.code ?? ''));
    const prepared = body.scans.map((scan, index) => {
      const scanId = scan.scanId.toLowerCase();
      let target: { registrationId: number; version: number | null } | null = null;
      let early: 'invalid' | 'wrong_event' | null = null;
      let registrationId: number | null = scan.registrationId ?? null;
      if (scan.code !== undefined) {
        const payload = payloads[index]!;
        if (!payload) early = 'invalid';
        else {
          registrationId = payload.registrationId;
          if (payload.eventId !== device.eventId) early = 'wrong_event';
          else target = { registrationId: payload.registrationId, version: payload.version };
        }
      } else target = { registrationId: scan.registrationId!, version: null };
      return { scanId, scan, target, early, registrationId, duplicate: seen.has(scanId) ? true : (seen.add(scanId), false) };
    });
    const unique = prepared.filter((p) => !p.duplicate);
    const session = device.sessionId === null ? null : ((await q.doorSessionOf(db, device.sessionId)) ?? null);

    const results = await withRetry(() =>
      db.transaction(async (tx) => {
        // One statement: what this device sent before (a retry), the badges of the rest locked, the webhook subscribers.
        const read = await q.readBatch(
          tx,
          device.id,
          unique.map((p) => ({ scanId: p.scanId, target: p.target?.registrationId ?? null })),
          CHECKIN_HOOK_TYPES,
        );
        const fresh = unique.filter((p) => !read.stored.has(p.scanId));
        const retried = unique.filter((p) => read.stored.has(p.scanId));
        const states = read.states;
        const recordedAt = now();
        const changed = new Map<number, q.CheckInChange>();
        // A session door: who picked the session and who was seen there already (the badges are locked above).
        const atSession = session ? await q.sessionDoorStates(tx, session.id, fresh.flatMap((p) => (p.target ? [p.target.registrationId] : []))) : null;
        const attendance = new Map<number, q.AttendanceChange>();
        const records: q.ScanRecord[] = [];
        const answers = new Map<string, ScanResultRow>();
        // checkin.created / checkin.undone for the webhooks, in the batch's order (docs/webhooks.md).
        const hooks: CheckInHook[] = [];
        const sessionHooks: SessionHook[] = [];
        const hookOf = (registrationId: number, scanId: string, door: string) => ({
          registrationId,
          event: device.eventId,
          door,
          device: { id: device.id, name: device.name },
          scanId,
          source: 'door' as const,
        });

        for (const p of fresh) {
          const scannedAt = new Date(p.scan.scannedAt);
          const record: q.ScanRecord = {
            scanId: p.scanId,
            code: p.scan.code?.slice(0, 200) ?? null,
            registrationId: p.registrationId,
            undo: p.scan.undo === true,
            scannedAt,
            door: p.scan.door,
            result: 'invalid',
            firstAt: null,
            firstDoor: null,
            firstDeviceId: null,
            conflict: false,
            decision: p.scan.decision ?? null,
          };
          const state = p.target ? states.get(p.target.registrationId) : undefined;
          const refusal = state && p.target ? badgeRefusal(state, p.target.version) : null;
          if (p.early) record.result = p.early;
          else if (!state) record.result = 'invalid';
          else if (state.eventId !== device.eventId) record.result = 'wrong_event';
          else if (session && atSession) {
            // A session door: the scan counts attendance at the session; the event's check-in is left alone.
            record.result = sessionDoorResult(session, state, p.target!.version, p.scan, scannedAt, atSession, attendance, record);
            // A first scan there (counted): session.attended, whether or not the person had picked it.
            if (record.result === 'checked_in' || record.result === 'not_picked') {
              sessionHooks.push(sessionHookOf(session, state.registrationId, attendance.get(state.registrationId)!.picked, scannedAt));
            }
          } else if (p.scan.undo) {
            if (state.checkedInAt) {
              hooks.push({
                type: 'checkin.undone',
                orderingKey: `registration:${state.registrationId}`,
                data: { ...hookOf(state.registrationId, p.scanId, p.scan.door), undoneAt: scannedAt.toISOString(), checkIn: { at: state.checkedInAt.toISOString(), door: state.checkedInDoor ?? '' } },
              });
              state.checkedInAt = null;
              state.checkedInDoor = null;
              state.checkedInDeviceId = null;
              state.checkedInRecordedAt = null;
              changed.set(state.registrationId, { registrationId: state.registrationId, at: null, door: null, deviceId: null });
            }
            record.result = 'undone';
          } else if (p.scan.decision === 'refused') record.result = 'refused';
          else if (refusal) record.result = refusal;
          else if (state.checkedInAt) {
            record.result = 'already';
            record.firstAt = state.checkedInAt;
            record.firstDoor = state.checkedInDoor;
            record.firstDeviceId = state.checkedInDeviceId;
            // Scanned before the first check-in reached the server, at another device: both doors admitted.
            record.conflict = state.checkedInDeviceId !== device.id && state.checkedInRecordedAt !== null && scannedAt < state.checkedInRecordedAt;
          } else {
            state.checkedInAt = scannedAt;
            state.checkedInDoor = p.scan.door;
            state.checkedInDeviceId = device.id;
            state.checkedInRecordedAt = recordedAt;
            changed.set(state.registrationId, { registrationId: state.registrationId, at: scannedAt, door: p.scan.door, deviceId: device.id });
            hooks.push({ type: 'checkin.created', orderingKey: `registration:${state.registrationId}`, data: { ...hookOf(state.registrationId, p.scanId, p.scan.door), checkedInAt: scannedAt.toISOString() } });
            record.result = 'checked_in';
          }
          records.push(record);
          answers.set(p.scanId, answerOf(p.scanId, record.result, record.registrationId, state, record.firstAt, record.firstDoor));
        }
        // One statement: the scans with their results, the check-ins, the device's last sync.
        const inserted = await q.writeBatch(tx, device, records, [...changed.values()], recordedAt);
        // A retry of these scans sent at the same moment stored some first: run the batch again, it answers theirs.
        if (inserted !== records.length) throw new RaceLost();
        if (session) await q.writeAttendance(tx, session.id, device.id, [...attendance.values()]);
        // The outbox, in the batch's transaction: one insert when an endpoint subscribes, nothing otherwise.
        await queueEventBatch(tx, hooks, recordedAt, read.hookEndpoints);
        if (sessionHooks.length) await queueEventBatch(tx, sessionHooks, recordedAt);

        // Retried scans answer what they answered the first time.
        for (const p of retried) {
          const s = read.stored.get(p.scanId)!;
          const state = s.registrationId !== null ? states.get(s.registrationId) : undefined;
          answers.set(p.scanId, answerOf(p.scanId, s.result, s.registrationId, state, s.firstAt, s.firstDoor));
        }
        return answers;
      }),
    );
    return { results: prepared.map((p) => results.get(p.scanId)!) };
  }

  return { pair, config, roster, scans };
}

/**
 * Why a badge of this event does not admit, or null when it does: the registration is cancelled,
 * the badge is an earlier holder's of a place handed to a colleague (`replaced`: the door tells
 * them apart from a forgery), or it is not Enrolled or not the current version (`invalid`).
 * `version` is null for a scan by registration id (found by search): no badge to compare.
 */
function badgeRefusal(state: q.BadgeState, version: number | null): 'cancelled' | 'replaced' | 'invalid' | null {
  if (state.status === 'Cancelled') return 'cancelled';
  if (state.status === 'Enrolled' && version !== null && state.replacedBelow !== null && version < (state.replacedBelow & 0xffff)) return 'replaced';
  if (state.status !== 'Enrolled' || (version !== null && version !== (state.version & 0xffff))) return 'invalid';
  return null;
}

type SessionHook = { type: 'session.attended'; orderingKey: string; data: WebhookSessionData };

function sessionHookOf(session: q.DoorSessionRow, registrationId: number, picked: boolean, at: Date): SessionHook {
  return {
    type: 'session.attended',
    orderingKey: `registration:${registrationId}`,
    data: { sessionId: session.id, event: session.eventId, title: session.title, registrationId, status: picked ? 'Enrolled' : null, at: at.toISOString() },
  };
}

function toDoorSession(session: q.DoorSessionRow): DoorSession {
  return { id: session.id, title: session.title, room: session.room, startsAt: session.startsAt.toISOString(), endsAt: session.endsAt.toISOString(), entry: session.entry };
}

/**
 * What a scan at a session door answers, and the attendance it changes (in `attendance`, read
 * with the batch's earlier scans): the badge must admit to the event (Enrolled, current version);
 * the first scan records the attendance (`checked_in`, or `not_picked` for someone without an
 * Enrolled pick of a `picked` session: they are counted, marked as not picked, and the doorkeeper
 * decides), a later one is `already` with the first time; an undo takes the attendance back.
 */
function sessionDoorResult(
  session: q.DoorSessionRow,
  state: q.BadgeState,
  version: number | null,
  scan: ScansRequest['scans'][number],
  scannedAt: Date,
  atSession: Map<number, { picked: boolean; attendedAt: Date | null }>,
  attendance: Map<number, q.AttendanceChange>,
  record: q.ScanRecord,
): ScanResultRow['result'] {
  const known = atSession.get(state.registrationId) ?? { picked: false, attendedAt: null };
  const pending = attendance.get(state.registrationId);
  const seenAt = pending ? pending.at : known.attendedAt;
  if (scan.undo) {
    if (seenAt) attendance.set(state.registrationId, { registrationId: state.registrationId, at: null, picked: known.picked });
    return 'undone';
  }
  if (scan.decision === 'refused') return 'refused';
  const refusal = badgeRefusal(state, version);
  if (refusal) return refusal;
  if (session.cancelledAt) return 'invalid';
  if (seenAt) {
    record.firstAt = seenAt;
    record.firstDoor = session.room;
    return 'already';
  }
  attendance.set(state.registrationId, { registrationId: state.registrationId, at: scannedAt, picked: known.picked });
  return session.entry === 'picked' && !known.picked ? 'not_picked' : 'checked_in';
}

type CheckInHook =
  | { type: 'checkin.created'; orderingKey: string; data: WebhookCheckInData }
  | { type: 'checkin.undone'; orderingKey: string; data: WebhookCheckInUndoneData };

function answerOf(
  scanId: string,
  result: ScanResultRow['result'],
  registrationId: number | null,
  state: q.BadgeState | undefined,
  firstAt: Date | null,
  firstDoor: string | null,
): ScanResultRow {
  const known = state && result !== 'invalid' && result !== 'wrong_event';
  return {
    scanId,
    result,
    ...(registrationId !== null && result !== 'invalid' ? { registrationId } : {}),
    ...(known
      ? {
          name: `${state.firstName} ${state.lastName}`,
          firstName: state.firstName,
          lastName: state.lastName,
          attendeeType: state.attendeeType,
          ...(state.storeName ? { storeName: state.storeName } : {}),
          ...(state.storeDlrnum ? { storeDlrnum: state.storeDlrnum } : {}),
        }
      : {}),
    ...(result === 'already' && firstAt ? { firstCheckIn: { at: firstAt.toISOString(), door: firstDoor ?? '' } } : {}),
  };
}

/** A concurrent retry of the same scans committed them first (see `readBatch`): the batch runs again. */
class RaceLost extends Error {}

/** The webhook event types a scan batch can emit. */
const CHECKIN_HOOK_TYPES = ['checkin.created', 'checkin.undone'] as const;

/** A deadlock, serialization failure or lost race is run again (three times at most); anything else is thrown. */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (!(error instanceof RaceLost) && code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

interface Cursor {
  us: bigint;
  id: number;
  safeUs: bigint;
}

function parseCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const match = /^(\d{1,19})_(\d{1,10})_(\d{1,19})$/.exec(value);
  if (!match) throw badRequest('Invalid roster cursor: start a full sync without `after`.', [{ field: 'after', message: 'is not a cursor of this server' }]);
  return { us: BigInt(match[1]!), id: Number(match[2]), safeUs: BigInt(match[3]!) };
}

function formatCursor(c: Cursor): string {
  return `${c.us < 0n ? 0n : c.us}_${c.id}_${c.safeUs < 0n ? 0n : c.safeUs}`;
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
