/**
 * Database access of the door API (docs/event-days.md): devices, the roster with its delta cursor,
 * and the set-based steps of a scan batch (claim the scan ids, lock the badges, write results).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RosterRow, ScanResult } from '@portal/contracts';
import { rowsOf, schema, type DbOrTx } from '@portal/db';

const { checkinDevices } = schema;

export async function findDeviceByPairingHash(db: DbOrTx, hash: string) {
  const [row] = await db.select().from(checkinDevices).where(eq(checkinDevices.pairingCodeHash, hash)).limit(1);
  return row;
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
  const [row] = await db.select().from(schema.events).where(eq(schema.events.id, eventId)).limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Roster
// ---------------------------------------------------------------------------------------------

/**
 * One roster page after `(changedUs, registrationId)`, in that order, and the database clock (for
 * the cursor's safe point). Times are compared in microseconds, as stored.
 */
export async function rosterPage(db: DbOrTx, eventId: string, after: { us: bigint; id: number } | null, limit: number) {
  const afterClause = after
    ? sql`and (b.changed_at, b.registration_id) > (timestamptz 'epoch' + ${after.us.toString()}::bigint * interval '1 microsecond', ${after.id}::int)`
    : sql``;
  const result = await db.execute(sql`
    select b.registration_id as "registrationId", p.first_name as "firstName", p.last_name as "lastName",
           r.attendee_type as "attendeeType", r.store_dlrnum as "storeDlrnum", s.name as "storeName", r.status,
           b.version as "badgeVersion", b.checked_in_at as "checkedInAt", b.checked_in_door as door, p.email,
           ((extract(epoch from b.changed_at) * 1000000)::bigint)::text as "changedUs"
    from badges b
    join registrations r on r.id = b.registration_id
    join people p on p.id = r.attendee_id
    left join stores s on s.dlrnum = r.store_dlrnum
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

export interface ScanInsert {
  scanId: string;
  code: string | null;
  registrationId: number | null;
  undo: boolean;
  scannedAt: Date;
  door: string;
}

/** An array as one parameter (drizzle would spread a plain array into a list of parameters). */
const arr = (values: readonly unknown[]) => sql.param(values);

/**
 * Inserts the scans not seen before (per device and scan id) and answers which were new: one
 * statement with an array per column (seven parameters, not 3,500).
 */
export async function claimScans(db: DbOrTx, deviceId: number, eventId: string, scans: readonly ScanInsert[]): Promise<Map<string, number>> {
  if (!scans.length) return new Map();
  // Sorted by scan id: two overlapping batches of one device wait on each other, never deadlock.
  const sorted = [...scans].sort((a, b) => (a.scanId < b.scanId ? -1 : a.scanId > b.scanId ? 1 : 0));
  const result = await db.execute(sql`
    insert into checkin_scans (device_id, event_id, scan_id, code, registration_id, undo, scanned_at, door, result)
    select ${deviceId}::int, ${eventId}::text, u.scan_id, u.code, u.registration_id, u.undo, u.scanned_at, u.door, 'invalid'
    from unnest(${arr(sorted.map((s) => s.scanId))}::uuid[], ${arr(sorted.map((s) => s.code))}::text[], ${arr(sorted.map((s) => s.registrationId))}::int[],
      ${arr(sorted.map((s) => s.undo))}::boolean[], ${arr(sorted.map((s) => s.scannedAt.toISOString()))}::timestamptz[], ${arr(sorted.map((s) => s.door))}::text[])
      as u(scan_id, code, registration_id, undo, scanned_at, door)
    order by u.scan_id
    on conflict (device_id, scan_id) do nothing
    returning id::text as id, scan_id::text as "scanId"`);
  return new Map(rowsOf<{ id: string; scanId: string }>(result).map((r) => [r.scanId, Number(r.id)]));
}

export interface StoredScan {
  scanId: string;
  result: ScanResult;
  registrationId: number | null;
  firstAt: Date | null;
  firstDoor: string | null;
}

export async function storedScans(db: DbOrTx, deviceId: number, scanIds: readonly string[]): Promise<StoredScan[]> {
  if (!scanIds.length) return [];
  const result = await db.execute(sql`
    select scan_id::text as "scanId", result, registration_id as "registrationId", first_at as "firstAt", first_door as "firstDoor"
    from checkin_scans where device_id = ${deviceId} and scan_id = any(${arr(scanIds)}::uuid[])`);
  return rowsOf<StoredScan>(result).map((r) => ({ ...r, firstAt: toDate(r.firstAt) }));
}

export interface BadgeState {
  registrationId: number;
  eventId: string;
  version: number;
  status: string;
  firstName: string;
  lastName: string;
  attendeeType: string;
  storeName: string | null;
  checkedInAt: Date | null;
  checkedInDoor: string | null;
  checkedInDeviceId: number | null;
  checkedInRecordedAt: Date | null;
}

const badgeStateColumns = sql`b.registration_id as "registrationId", b.event_id as "eventId", b.version, r.status,
  p.first_name as "firstName", p.last_name as "lastName", r.attendee_type as "attendeeType", s.name as "storeName",
  b.checked_in_at as "checkedInAt", b.checked_in_door as "checkedInDoor", b.checked_in_device_id as "checkedInDeviceId",
  b.checked_in_recorded_at as "checkedInRecordedAt"`;

/** The badges of these registrations, locked (in id order) when `lock`. */
export async function badgeStates(db: DbOrTx, ids: readonly number[], lock: boolean): Promise<BadgeState[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`
    select ${badgeStateColumns}
    from badges b join registrations r on r.id = b.registration_id join people p on p.id = r.attendee_id
    left join stores s on s.dlrnum = r.store_dlrnum
    where b.registration_id = any(${arr(ids)}::int[])
    order by b.registration_id
    ${lock ? sql`for update of b` : sql``}`);
  return rowsOf<BadgeState>(result).map((r) => ({
    ...r,
    checkedInAt: toDate(r.checkedInAt),
    checkedInRecordedAt: toDate(r.checkedInRecordedAt),
  }));
}

export interface CheckInChange {
  registrationId: number;
  at: Date | null;
  door: string | null;
  deviceId: number | null;
}

/** Writes the door state of the badges a batch changed (check-ins and undos), moving the roster cursor. */
export async function applyCheckIns(db: DbOrTx, changes: readonly CheckInChange[]): Promise<void> {
  if (!changes.length) return;
  await db.execute(sql`
    update badges b set checked_in_at = v.at, checked_in_door = v.door, checked_in_device_id = v.device,
      checked_in_recorded_at = case when v.at is null then null else clock_timestamp() end, changed_at = clock_timestamp()
    from unnest(${arr(changes.map((c) => c.registrationId))}::int[], ${arr(changes.map((c) => c.at?.toISOString() ?? null))}::timestamptz[],
      ${arr(changes.map((c) => c.door))}::text[], ${arr(changes.map((c) => c.deviceId))}::int[]) as v(id, at, door, device)
    where b.registration_id = v.id`);
}

export interface ScanOutcome {
  id: number;
  result: ScanResult;
  registrationId: number | null;
  firstAt: Date | null;
  firstDoor: string | null;
  firstDeviceId: number | null;
  conflict: boolean;
}

export async function recordOutcomes(db: DbOrTx, outcomes: readonly ScanOutcome[]): Promise<void> {
  if (!outcomes.length) return;
  await db.execute(sql`
    update checkin_scans c set result = v.result, registration_id = v.reg, first_at = v.first_at, first_door = v.first_door,
      first_device_id = v.first_device, conflict = v.conflict
    from unnest(${arr(outcomes.map((o) => o.id))}::bigint[], ${arr(outcomes.map((o) => o.result))}::text[], ${arr(outcomes.map((o) => o.registrationId))}::int[],
      ${arr(outcomes.map((o) => o.firstAt?.toISOString() ?? null))}::timestamptz[], ${arr(outcomes.map((o) => o.firstDoor))}::text[],
      ${arr(outcomes.map((o) => o.firstDeviceId))}::int[], ${arr(outcomes.map((o) => o.conflict))}::boolean[])
      as v(id, result, reg, first_at, first_door, first_device, conflict)
    where c.id = v.id`);
}

/** `applyCheckIns` and `recordOutcomes` as one statement (a data-modifying CTE). */
export async function applyOutcomes(db: DbOrTx, changes: readonly CheckInChange[], outcomes: readonly ScanOutcome[]): Promise<void> {
  if (!changes.length) return recordOutcomes(db, outcomes);
  if (!outcomes.length) return applyCheckIns(db, changes);
  await db.execute(sql`
    with checkins as (
      update badges b set checked_in_at = v.at, checked_in_door = v.door, checked_in_device_id = v.device,
        checked_in_recorded_at = case when v.at is null then null else clock_timestamp() end, changed_at = clock_timestamp()
      from unnest(${arr(changes.map((c) => c.registrationId))}::int[], ${arr(changes.map((c) => c.at?.toISOString() ?? null))}::timestamptz[],
        ${arr(changes.map((c) => c.door))}::text[], ${arr(changes.map((c) => c.deviceId))}::int[]) as v(id, at, door, device)
      where b.registration_id = v.id
      returning 1)
    update checkin_scans c set result = v.result, registration_id = v.reg, first_at = v.first_at, first_door = v.first_door,
      first_device_id = v.first_device, conflict = v.conflict
    from unnest(${arr(outcomes.map((o) => o.id))}::bigint[], ${arr(outcomes.map((o) => o.result))}::text[], ${arr(outcomes.map((o) => o.registrationId))}::int[],
      ${arr(outcomes.map((o) => o.firstAt?.toISOString() ?? null))}::timestamptz[], ${arr(outcomes.map((o) => o.firstDoor))}::text[],
      ${arr(outcomes.map((o) => o.firstDeviceId))}::int[], ${arr(outcomes.map((o) => o.conflict))}::boolean[])
      as v(id, result, reg, first_at, first_door, first_device, conflict)
    where c.id = v.id`);
}

export function toDate(value: Date | string | null): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}
