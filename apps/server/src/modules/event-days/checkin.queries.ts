/**
 * Database access of the door API (docs/event-days.md): devices, the roster with its delta cursor,
 * and the set-based steps of a scan batch (claim the scan ids, lock the badges, write results).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RosterRow, ScanDecision, ScanResult } from '@portal/contracts';
import { dateOf, rowsOf, schema, type DbOrTx } from '@portal/db';
import { firstRow } from '../../lib/rows.ts';

const { checkinDevices } = schema;

/** What the door API's guard reads of a device on every request (`device-auth.ts`). */
export interface DeviceAuthRow {
  id: number;
  eventId: string;
  name: string;
  canWalkIn: boolean;
  canSubstitute: boolean;
  sessionId: number | null;
  revokedAt: Date | null;
  pairedAt: Date | null;
  /** The last day of the device's event (`YYYY-MM-DD`): its token ends a grace period after it. */
  eventEndsOn: string | null;
}

export async function findDeviceForAuth(db: DbOrTx, id: number): Promise<DeviceAuthRow | undefined> {
  return firstRow(
    db
      .select({
        id: checkinDevices.id,
        eventId: checkinDevices.eventId,
        name: checkinDevices.name,
        canWalkIn: checkinDevices.canWalkIn,
        canSubstitute: checkinDevices.canSubstitute,
        sessionId: checkinDevices.sessionId,
        revokedAt: checkinDevices.revokedAt,
        pairedAt: checkinDevices.pairedAt,
        eventEndsOn: sql<string | null>`${schema.events.endsOn}::text`,
      })
      .from(checkinDevices)
      .leftJoin(schema.events, eq(schema.events.id, checkinDevices.eventId))
      .where(eq(checkinDevices.id, id)),
  );
}

export async function findDeviceByPairingHash(db: DbOrTx, hash: string) {
  return firstRow(db.select().from(checkinDevices).where(eq(checkinDevices.pairingCodeHash, hash)));
}

/** Uses a one-time pairing code: only one caller wins it (the hash is cleared in the same statement). */
export async function claimPairing(db: DbOrTx, id: number, hash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(checkinDevices)
    .set({ pairingCodeHash: null, pairingExpiresAt: null, pairedAt: now })
    .where(and(eq(checkinDevices.id, id), eq(checkinDevices.pairingCodeHash, hash), sql`${checkinDevices.revokedAt} is null`))
    .returning({ id: checkinDevices.id });
  return rows.length === 1;
}

export async function markDemoPaired(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(checkinDevices).set({ pairedAt: now }).where(and(eq(checkinDevices.id, id), sql`${checkinDevices.pairedAt} is null`));
}

export async function touchDevice(db: DbOrTx, id: number, now: Date, roster: boolean): Promise<void> {
  await db
    .update(checkinDevices)
    .set(roster ? { lastSyncAt: now, lastRosterAt: now } : { lastSyncAt: now })
    .where(eq(checkinDevices.id, id));
}

export async function eventOf(db: DbOrTx, eventId: string) {
  return firstRow(db.select().from(schema.events).where(eq(schema.events.id, eventId)));
}

// ---------------------------------------------------------------------------------------------
// Roster
// ---------------------------------------------------------------------------------------------

/**
 * One roster page after `(changedUs, registrationId)`, in that order, and the database clock (for
 * the cursor's safe point). Times are compared in microseconds, as stored.
 */
/**
 * A page of the door's roster. For a session door (`session`) it is that session's people: for a
 * `picked` session those holding an `Enrolled` pick, for an `open` one the event's; `checkedInAt`
 * and `door` are then the attendance at the session (the event's check-in does not count there).
 */
export async function rosterPage(db: DbOrTx, eventId: string, after: { us: bigint; id: number } | null, limit: number, session: Pick<DoorSessionRow, 'id' | 'entry' | 'room'> | null = null) {
  const afterClause = after
    ? sql`and (b.changed_at, b.registration_id) > (timestamptz 'epoch' + ${after.us.toString()}::bigint * interval '1 microsecond', ${after.id}::int)`
    : sql``;
  const checkIn = session
    ? sql`sa.attended_at as "checkedInAt", case when sa.attended_at is null then null else ${session.room}::text end as door`
    : sql`b.checked_in_at as "checkedInAt", b.checked_in_door as door`;
  const sessionJoins = !session
    ? sql``
    : session.entry === 'picked'
      ? sql`join session_picks sp on sp.registration_id = b.registration_id and sp.session_id = ${session.id}::int and sp.status = 'Enrolled'
            left join session_attendance sa on sa.session_id = ${session.id}::int and sa.registration_id = b.registration_id`
      : sql`left join session_attendance sa on sa.session_id = ${session.id}::int and sa.registration_id = b.registration_id`;
  const result = await db.execute(sql`
    select b.registration_id as "registrationId", p.first_name as "firstName", p.last_name as "lastName",
           r.attendee_type as "attendeeType", r.store_dlrnum as "storeDlrnum", s.name as "storeName", r.status,
           b.version as "badgeVersion", ${checkIn}, p.email,
           ((extract(epoch from b.changed_at) * 1000000)::bigint)::text as "changedUs"
    from badges b
    join registrations r on r.id = b.registration_id
    join people p on p.id = r.attendee_id
    left join stores s on s.dlrnum = r.store_dlrnum
    ${sessionJoins}
    where b.event_id = ${eventId} ${afterClause}
    order by b.changed_at, b.registration_id
    limit ${limit + 1}`);
  const rows = rowsOf<Omit<RosterRow, 'checkedInAt' | 'emailHash'> & { checkedInAt: Date | string | null; changedUs: string; email: string | null }>(result);
  const [clock] = rowsOf<{ nowUs: string }>(await db.execute(sql`select ((extract(epoch from clock_timestamp()) * 1000000)::bigint)::text as "nowUs"`));
  return { rows, nowUs: BigInt(clock!.nowUs) };
}

// ---------------------------------------------------------------------------------------------
// Scans
// ---------------------------------------------------------------------------------------------

/** An array as one parameter (drizzle would spread a plain array into a list of parameters). */
const arr = (values: readonly unknown[]) => sql.param(values);

export interface StoredScan {
  scanId: string;
  result: ScanResult;
  registrationId: number | null;
  firstAt: Date | null;
  firstDoor: string | null;
}

export interface BadgeState {
  registrationId: number;
  eventId: string;
  version: number;
  status: string;
  firstName: string;
  lastName: string;
  attendeeType: string;
  storeDlrnum: string | null;
  storeName: string | null;
  checkedInAt: Date | null;
  checkedInDoor: string | null;
  checkedInDeviceId: number | null;
  checkedInRecordedAt: Date | null;
  /** Versions below this were an earlier holder's badges (a place handed to a colleague); null: none. */
  replacedBelow: number | null;
}

const badgeStateColumns = sql`b.registration_id as "registrationId", b.event_id as "eventId", b.version, r.status,
  p.first_name as "firstName", p.last_name as "lastName", r.attendee_type as "attendeeType", r.store_dlrnum as "storeDlrnum", s.name as "storeName",
  b.checked_in_at as "checkedInAt", b.checked_in_door as "checkedInDoor", b.checked_in_device_id as "checkedInDeviceId",
  b.checked_in_recorded_at as "checkedInRecordedAt", b.replaced_below as "replacedBelow"`;
const badgeStateJoins = sql`badges b join registrations r on r.id = b.registration_id join people p on p.id = r.attendee_id
  left join stores s on s.dlrnum = r.store_dlrnum`;

export interface BatchRead {
  /** Scans of this batch the device sent before (a retry), with what they answered. */
  stored: Map<string, StoredScan>;
  /** The badges the batch names; those of scans not sent before are locked. */
  states: Map<number, BadgeState>;
  /** Enabled webhook endpoints subscribed to any of `hookTypes` (ids and their types). */
  hookEndpoints: Array<{ id: number; events: string[] }>;
}

/**
 * The first step of a scan batch, one statement: the scans of the batch stored before (a retry),
 * the badges the others name locked in id order (`for update`), the badges of the retried ones
 * read (for the names in their answers), and the webhook endpoints that want the batch's events. A retry sent at the same moment
 * as its original can be missed here (this statement's snapshot predates the other's commit it
 * waited for): `writeBatch` then inserts fewer scans than it was given, and the batch runs again.
 */
export async function readBatch(
  db: DbOrTx,
  deviceId: number,
  scans: ReadonlyArray<{ scanId: string; target: number | null }>,
  hookTypes: readonly string[],
): Promise<BatchRead> {
  const scanIds = scans.map((s) => s.scanId);
  const result = await db.execute(sql`
    with u as (select * from unnest(${arr(scanIds)}::uuid[], ${arr(scans.map((s) => s.target))}::int[]) as u(scan_id, target)),
    stored as (
      select c.scan_id::text as "scanId", c.result, c.registration_id as "registrationId", c.first_at as "firstAt", c.first_door as "firstDoor"
      from checkin_scans c where c.device_id = ${deviceId}::int and c.scan_id = any(${arr(scanIds)}::uuid[])),
    locked as (
      select ${badgeStateColumns} from ${badgeStateJoins}
      where b.registration_id in (select u.target from u where u.target is not null and u.scan_id::text not in (select "scanId" from stored))
      order by b.registration_id
      for update of b),
    unlocked as (
      select ${badgeStateColumns} from ${badgeStateJoins}
      where b.registration_id in (select u.target from u where u.target not in (select "registrationId" from locked)))
    select (select coalesce(json_agg(stored), '[]'::json) from stored) as stored,
      (select coalesce(json_agg(x), '[]'::json) from (select * from locked union all select * from unlocked) x) as states,
      (select coalesce(json_agg(json_build_object('id', e.id, 'events', e.events)), '[]'::json) from webhook_endpoints e
        where e.enabled and e.events ?| ${arr(hookTypes)}::text[]) as hooks`);
  const [row] = rowsOf<{ stored: StoredScan[]; states: BadgeState[]; hooks: Array<{ id: number; events: string[] }> }>(result);
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    stored: new Map(json(row!.stored).map((s) => [s.scanId, { ...s, firstAt: dateOf(s.firstAt) }])),
    states: new Map(
      json(row!.states).map((s) => [s.registrationId, { ...s, checkedInAt: dateOf(s.checkedInAt), checkedInRecordedAt: dateOf(s.checkedInRecordedAt) }]),
    ),
    hookEndpoints: json(row!.hooks),
  };
}

export interface CheckInChange {
  registrationId: number;
  at: Date | null;
  door: string | null;
  deviceId: number | null;
}

/** A scan as the log keeps it, with the result it got. */
export interface ScanRecord {
  scanId: string;
  code: string | null;
  registrationId: number | null;
  undo: boolean;
  scannedAt: Date;
  door: string;
  result: ScanResult;
  firstAt: Date | null;
  firstDoor: string | null;
  firstDeviceId: number | null;
  conflict: boolean;
  /** The doorkeeper's offline choice for a badge not on the door's list (`SCAN_DECISIONS`). */
  decision: ScanDecision | null;
}

/**
 * The second step, one statement: the new scans into the log with their results (unless a
 * concurrent retry stored them first: answers how many were inserted), the door state of the
 * badges the batch changed (moving the roster cursor), and the device's last sync time.
 */
export async function writeBatch(db: DbOrTx, device: { id: number; eventId: string }, scans: readonly ScanRecord[], changes: readonly CheckInChange[], now: Date): Promise<number> {
  // Sorted by scan id: two overlapping batches of one device wait on each other, never deadlock.
  const sorted = [...scans].sort((a, b) => (a.scanId < b.scanId ? -1 : a.scanId > b.scanId ? 1 : 0));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const result = await db.execute(sql`
    with ins as (
      insert into checkin_scans (device_id, event_id, scan_id, code, registration_id, undo, scanned_at, door, result, first_at, first_door, first_device_id, conflict, decision)
      select ${device.id}::int, ${device.eventId}::text, u.scan_id, u.code, u.registration_id, u.undo, u.scanned_at, u.door, u.result, u.first_at, u.first_door, u.first_device, u.conflict, u.decision
      from unnest(${arr(sorted.map((s) => s.scanId))}::uuid[], ${arr(sorted.map((s) => s.code))}::text[], ${arr(sorted.map((s) => s.registrationId))}::int[],
        ${arr(sorted.map((s) => s.undo))}::boolean[], ${arr(sorted.map((s) => s.scannedAt.toISOString()))}::timestamptz[], ${arr(sorted.map((s) => s.door))}::text[],
        ${arr(sorted.map((s) => s.result))}::text[], ${arr(sorted.map((s) => iso(s.firstAt)))}::timestamptz[], ${arr(sorted.map((s) => s.firstDoor))}::text[],
        ${arr(sorted.map((s) => s.firstDeviceId))}::int[], ${arr(sorted.map((s) => s.conflict))}::boolean[], ${arr(sorted.map((s) => s.decision))}::text[])
        as u(scan_id, code, registration_id, undo, scanned_at, door, result, first_at, first_door, first_device, conflict, decision)
      order by u.scan_id
      on conflict (device_id, scan_id) do nothing
      returning 1),
    checkins as (
      update badges b set checked_in_at = v.at, checked_in_door = v.door, checked_in_device_id = v.device,
        checked_in_recorded_at = case when v.at is null then null else clock_timestamp() end, changed_at = clock_timestamp()
      from unnest(${arr(changes.map((c) => c.registrationId))}::int[], ${arr(changes.map((c) => iso(c.at)))}::timestamptz[],
        ${arr(changes.map((c) => c.door))}::text[], ${arr(changes.map((c) => c.deviceId))}::int[]) as v(id, at, door, device)
      where b.registration_id = v.id
      returning 1),
    touched as (update checkin_devices set last_sync_at = ${now.toISOString()}::timestamptz where id = ${device.id}::int returning 1)
    select (select count(*) from ins)::int as inserted`);
  return rowsOf<{ inserted: number }>(result)[0]!.inserted;
}


// ---------------------------------------------------------------------------------------------
// Session doors
// ---------------------------------------------------------------------------------------------

/** The session a session door counts. */
export interface DoorSessionRow {
  id: number;
  eventId: string;
  title: string;
  room: string;
  startsAt: Date;
  endsAt: Date;
  entry: 'picked' | 'open';
  cancelledAt: Date | null;
}

export async function doorSessionOf(db: DbOrTx, sessionId: number): Promise<DoorSessionRow | undefined> {
  const { sessions } = schema;
  return firstRow(
    db
      .select({
        id: sessions.id,
        eventId: sessions.eventId,
        title: sessions.title,
        room: sessions.room,
        startsAt: sessions.startsAt,
        endsAt: sessions.endsAt,
        entry: sessions.entry,
        cancelledAt: sessions.cancelledAt,
      })
      .from(sessions)
      .where(eq(sessions.id, sessionId)),
  );
}

/** Per registration named: whether it holds an `Enrolled` pick of the session, and when it was first seen there. */
export async function sessionDoorStates(db: DbOrTx, sessionId: number, registrationIds: readonly number[]): Promise<Map<number, { picked: boolean; attendedAt: Date | null }>> {
  const states = new Map<number, { picked: boolean; attendedAt: Date | null }>();
  if (!registrationIds.length) return states;
  const result = await db.execute(sql`
    select u.id as "registrationId",
      exists (select 1 from session_picks sp where sp.session_id = ${sessionId}::int and sp.registration_id = u.id and sp.status = 'Enrolled') as picked,
      (select sa.attended_at from session_attendance sa where sa.session_id = ${sessionId}::int and sa.registration_id = u.id) as "attendedAt"
    from unnest(${arr([...new Set(registrationIds)])}::int[]) as u(id)`);
  for (const row of rowsOf<{ registrationId: number; picked: boolean; attendedAt: Date | string | null }>(result)) {
    states.set(row.registrationId, { picked: row.picked, attendedAt: dateOf(row.attendedAt) });
  }
  return states;
}

export interface AttendanceChange {
  registrationId: number;
  /** null: the attendance is taken back (an undo). */
  at: Date | null;
  picked: boolean;
}

/** The attendance a scan batch changed at a session door, one statement each way (a first scan wins; an undo removes it). */
export async function writeAttendance(db: DbOrTx, sessionId: number, deviceId: number, changes: readonly AttendanceChange[]): Promise<void> {
  const added = changes.filter((c) => c.at !== null);
  const removed = changes.filter((c) => c.at === null);
  if (added.length) {
    await db.execute(sql`
      insert into session_attendance (session_id, registration_id, attended_at, device_id, picked)
      select ${sessionId}::int, v.id, v.at, ${deviceId}::int, v.picked
      from unnest(${arr(added.map((c) => c.registrationId))}::int[], ${arr(added.map((c) => c.at!.toISOString()))}::timestamptz[], ${arr(added.map((c) => c.picked))}::boolean[]) as v(id, at, picked)
      on conflict do nothing`);
  }
  if (removed.length) {
    await db.execute(sql`delete from session_attendance where session_id = ${sessionId}::int and registration_id = any(${arr(removed.map((c) => c.registrationId))}::int[])`);
  }
}
