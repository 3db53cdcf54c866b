/**
 * Database access of the console's side of the event days (docs/event-days.md): door devices,
 * conflicts, walk-ins, same-store substitution, the console's check-in and the printed badges' rows.
 * The rules stay in `event-days.service.ts` and `badge-pdf.ts` (docs/decisions/013-module-shape.md).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx, type PersonCategory, type Tx } from '@portal/db';
import { firstRow } from '../../lib/rows.ts';

const { checkinDevices, badges, registrations, people, stores, events } = schema;

export type DeviceRow = typeof checkinDevices.$inferSelect;
export type PersonRow = typeof people.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;
export type BadgeTableRow = typeof badges.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Door devices
// ---------------------------------------------------------------------------------------------

export interface NewDevice {
  eventId: string;
  name: string;
  pairingCodeHash: string;
  pairingExpiresAt: Date;
  canWalkIn: boolean;
  canSubstitute: boolean;
  sessionId: number | null;
  createdByOrganizerId: number;
  createdAt: Date;
}

export async function insertDevice(tx: DbOrTx, values: NewDevice): Promise<{ id: number }> {
  const [device] = await tx.insert(checkinDevices).values(values).returning({ id: checkinDevices.id });
  return device!;
}

/** The device, locked for the rest of the transaction. */
export async function lockDevice(tx: Tx, id: number): Promise<DeviceRow | undefined> {
  return firstRow(tx.select().from(checkinDevices).where(eq(checkinDevices.id, id)).for('update'));
}

/** Revokes the device and clears its pairing code. */
export async function markDeviceRevoked(tx: DbOrTx, id: number, at: Date): Promise<void> {
  await tx.update(checkinDevices).set({ revokedAt: at, pairingCodeHash: null, pairingExpiresAt: null }).where(eq(checkinDevices.id, id));
}

export interface DeviceListRow {
  id: number;
  event: 'nbc' | 'abc';
  name: string;
  canWalkIn: boolean;
  canSubstitute: boolean;
  sessionId: number | null;
  sessionTitle: string | null;
  hasCode: boolean;
  demoPairing: boolean;
  pairingExpiresAt: Date | null;
  pairedAt: Date | null;
  revokedAt: Date | null;
  lastSyncAt: Date | null;
  lastRosterAt: Date | null;
  scans: number;
  checkIns: number;
  conflicts: number;
  prints: number;
  heldRows: number;
}

/** The devices with their scan counts: one by id, those of an event, or all. */
export async function deviceListRows(db: DbOrTx, filter: { event?: string | undefined; id?: number }): Promise<DeviceListRow[]> {
  const where = filter.id !== undefined ? sql`d.id = ${filter.id}` : filter.event ? sql`d.event_id = ${filter.event}` : sql`true`;
  const result = await db.execute(sql`
      select d.id, d.event_id as event, d.name, d.can_walk_in as "canWalkIn", d.can_substitute as "canSubstitute",
        d.session_id as "sessionId", (select se.title from sessions se where se.id = d.session_id) as "sessionTitle",
        d.pairing_code_hash is not null as "hasCode", d.demo_pairing as "demoPairing",
        d.pairing_expires_at as "pairingExpiresAt", d.paired_at as "pairedAt", d.revoked_at as "revokedAt",
        d.last_sync_at as "lastSyncAt", d.last_roster_at as "lastRosterAt",
        (select count(*)::int from checkin_scans c where c.device_id = d.id) as scans,
        (select count(*)::int from checkin_scans c where c.device_id = d.id and c.result = 'checked_in') as "checkIns",
        (select count(*)::int from checkin_scans c where c.device_id = d.id and c.conflict) as conflicts, d.badge_prints as prints,
        case when d.last_roster_at is null then 0 else
          (select count(*)::int from badges b where b.event_id = d.event_id and b.changed_at <= d.last_roster_at) end as "heldRows"
      from checkin_devices d where ${where}
      order by d.event_id, d.id`);
  return rowsOf<DeviceListRow>(result);
}

export interface DoorActivityRow {
  deviceId: number;
  name: string;
  lastSyncAt: Date | string | null;
  scansLast15Min: number;
  scansToday: number;
  prints: number;
}

/**
 * Per device of the event: scans made (by the door's clock) in the 15 minutes before `now` and
 * since the start of the event's local day, and its badge prints; and the event's arrivals per
 * local hour, the last 48 hours that had any. The event's time zone comes with them.
 */
export async function doorActivity(db: DbOrTx, event: string, now: Date): Promise<{ timeZone: string; doors: DoorActivityRow[]; hours: Array<{ hour: string; arrivals: number }> }> {
  const at = now.toISOString();
  const [zone] = rowsOf<{ timeZone: string }>(await db.execute(sql`select time_zone as "timeZone" from events where id = ${event}`));
  const timeZone = zone?.timeZone ?? 'UTC';
  const [doors, hours] = await Promise.all([
    db.execute(sql`
      select d.id as "deviceId", d.name, d.last_sync_at as "lastSyncAt", d.badge_prints as prints,
        (select count(*)::int from checkin_scans c where c.device_id = d.id
          and c.scanned_at > ${at}::timestamptz - interval '15 minutes' and c.scanned_at <= ${at}::timestamptz) as "scansLast15Min",
        (select count(*)::int from checkin_scans c where c.device_id = d.id
          and c.scanned_at >= (date_trunc('day', ${at}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})
          and c.scanned_at <= ${at}::timestamptz) as "scansToday"
      from checkin_devices d where d.event_id = ${event}
      order by d.name, d.id`),
    db.execute(sql`
      select hour, arrivals from (
        select to_char(date_trunc('hour', b.checked_in_at at time zone ${timeZone}), 'YYYY-MM-DD HH24:00') as hour, count(*)::int as arrivals
        from badges b where b.event_id = ${event} and b.checked_in_at is not null
        group by 1 order by 1 desc limit 48) x
      order by hour`),
  ]);
  return { timeZone, doors: rowsOf<DoorActivityRow>(doors), hours: rowsOf<{ hour: string; arrivals: number }>(hours) };
}

export interface ConflictRow {
  registrationId: number;
  attendeeName: string;
  storeName: string;
  firstAt: Date | string;
  firstDoor: string;
  firstDevice: string;
  secondAt: Date | string;
  secondDoor: string;
  secondDevice: string;
  scanId: string;
}

/** The event's conflicting scans, newest first (at most 1000). */
export async function conflictRows(db: DbOrTx, event: string): Promise<ConflictRow[]> {
  const result = await db.execute(sql`
      select c.registration_id as "registrationId", p.first_name || ' ' || p.last_name as "attendeeName", coalesce(s.name, '') as "storeName",
        c.first_at as "firstAt", coalesce(c.first_door, '') as "firstDoor", coalesce(fd.name, '') as "firstDevice",
        c.scanned_at as "secondAt", c.door as "secondDoor", d.name as "secondDevice", c.scan_id::text as "scanId"
      from checkin_scans c
      join checkin_devices d on d.id = c.device_id
      left join checkin_devices fd on fd.id = c.first_device_id
      join registrations r on r.id = c.registration_id
      join people p on p.id = r.attendee_id
      left join stores s on s.dlrnum = r.store_dlrnum
      where c.event_id = ${event} and c.conflict
      order by c.scanned_at desc, c.id desc
      limit 1000`);
  return rowsOf<ConflictRow>(result);
}

// ---------------------------------------------------------------------------------------------
// People, events, stores
// ---------------------------------------------------------------------------------------------

export async function findPersonById(tx: DbOrTx, id: number): Promise<PersonRow | undefined> {
  return firstRow(tx.select().from(people).where(eq(people.id, id)));
}

export async function findPersonByEmail(tx: DbOrTx, email: string): Promise<PersonRow | undefined> {
  return firstRow(tx.select().from(people).where(eq(people.email, email)));
}

/** Inserts the person in a savepoint, so a unique violation leaves the caller's transaction usable. */
export async function insertPersonInSavepoint(
  tx: Tx,
  values: { email: string; firstName: string; lastName: string; storeDlrnum: string | null; category: PersonCategory; emailVerified?: boolean },
): Promise<PersonRow> {
  return tx.transaction(async (sp) => {
    const [created] = await sp.insert(people).values(values).returning();
    return created!;
  });
}

export async function eventExists(tx: DbOrTx, eventId: string): Promise<boolean> {
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  return event !== undefined;
}

export async function storeExists(tx: DbOrTx, dlrnum: string): Promise<boolean> {
  const [found] = await tx.select({ dlrnum: stores.dlrnum }).from(stores).where(eq(stores.dlrnum, dlrnum));
  return found !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Registrations
// ---------------------------------------------------------------------------------------------

/** The person's registration for the event, locked for the rest of the transaction. */
export async function lockRegistrationOf(tx: Tx, eventId: string, attendeeId: number): Promise<RegistrationRow | undefined> {
  const [existing] = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.attendeeId, attendeeId)))
    .for('update');
  return existing;
}

/** The id of the person's registration for the event, if any (no lock). */
export async function registrationIdOf(tx: DbOrTx, eventId: string, attendeeId: number): Promise<number | undefined> {
  const [other] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.attendeeId, attendeeId)));
  return other?.id;
}

/** The registration, locked for the rest of the transaction. */
export async function lockRegistrationById(tx: Tx, id: number): Promise<RegistrationRow | undefined> {
  return firstRow(tx.select().from(registrations).where(eq(registrations.id, id)).for('update'));
}

export async function registrationStatusOf(tx: DbOrTx, id: number): Promise<{ status: RegistrationRow['status']; eventId: string } | undefined> {
  const [registration] = await tx.select({ status: registrations.status, eventId: registrations.eventId }).from(registrations).where(eq(registrations.id, id));
  return registration;
}

/** One more print of the badge (and of the device that printed it); answers the badge's count. */
export async function countBadgePrint(tx: DbOrTx, registrationId: number, deviceId: number | null): Promise<number> {
  const [row] = await tx
    .update(badges)
    .set({ prints: sql`${badges.prints} + 1` })
    .where(eq(badges.registrationId, registrationId))
    .returning({ prints: badges.prints });
  if (deviceId !== null) await tx.update(checkinDevices).set({ badgePrints: sql`${checkinDevices.badgePrints} + 1` }).where(eq(checkinDevices.id, deviceId));
  return row?.prints ?? 0;
}

export async function markEnrolled(tx: DbOrTx, id: number, at: Date): Promise<void> {
  await tx.update(registrations).set({ status: 'Enrolled', enrolledAt: at, updatedAt: at }).where(eq(registrations.id, id));
}

export async function insertRegistration(tx: DbOrTx, values: typeof registrations.$inferInsert): Promise<number> {
  const [created] = await tx.insert(registrations).values(values).returning({ id: registrations.id });
  return created!.id;
}

export async function setAttendee(tx: DbOrTx, registrationId: number, attendeeId: number, at: Date): Promise<void> {
  await tx.update(registrations).set({ attendeeId, updatedAt: at }).where(eq(registrations.id, registrationId));
}

// ---------------------------------------------------------------------------------------------
// Badges: check-in by hand
// ---------------------------------------------------------------------------------------------

/** The badge row of the registration, locked for the rest of the transaction. */
export async function lockBadge(tx: Tx, registrationId: number): Promise<BadgeTableRow | undefined> {
  return firstRow(tx.select().from(badges).where(eq(badges.registrationId, registrationId)).for('update'));
}

/** The badge's check-in (time and door), locked for the rest of the transaction. */
export async function lockBadgeCheckIn(tx: Tx, registrationId: number): Promise<{ at: Date | null; door: string | null } | undefined> {
  const [held] = await tx.select({ at: badges.checkedInAt, door: badges.checkedInDoor }).from(badges).where(eq(badges.registrationId, registrationId)).for('update');
  return held;
}

/** The badge's check-in time, locked for the rest of the transaction. */
export async function lockBadgeCheckedInAt(tx: Tx, registrationId: number): Promise<{ at: Date | null } | undefined> {
  const [before] = await tx.select({ at: badges.checkedInAt }).from(badges).where(eq(badges.registrationId, registrationId)).for('update');
  return before;
}

/**
 * A walk-in's check-in: keeps an earlier arrival (time, door, recording time); `deviceId` null
 * keeps the device stored. Returns the check-in time after the update.
 */
export async function checkInWalkIn(tx: DbOrTx, registrationId: number, change: { at: Date; door: string; deviceId: number | null }): Promise<Date | null> {
  const [row] = await tx
    .update(badges)
    .set({
      checkedInAt: sql`coalesce(${badges.checkedInAt}, ${change.at.toISOString()}::timestamptz)`,
      checkedInDoor: sql`coalesce(${badges.checkedInDoor}, ${change.door})`,
      checkedInDeviceId: change.deviceId !== null ? change.deviceId : sql`${badges.checkedInDeviceId}`,
      checkedInRecordedAt: sql`coalesce(${badges.checkedInRecordedAt}, clock_timestamp())`,
      changedAt: sql`clock_timestamp()`,
    })
    .where(eq(badges.registrationId, registrationId))
    .returning({ checkedInAt: badges.checkedInAt });
  return row?.checkedInAt ?? null;
}

/** Checks the badge in at the console door. */
export async function checkInAtConsole(tx: DbOrTx, registrationId: number, at: Date): Promise<void> {
  await tx
    .update(badges)
    .set({ checkedInAt: at, checkedInDoor: 'Console', checkedInDeviceId: null, checkedInRecordedAt: sql`clock_timestamp()`, changedAt: sql`clock_timestamp()` })
    .where(eq(badges.registrationId, registrationId));
}

/** Clears the badge's check-in. */
export async function clearCheckIn(tx: DbOrTx, registrationId: number): Promise<void> {
  await tx
    .update(badges)
    .set({ checkedInAt: null, checkedInDoor: null, checkedInDeviceId: null, checkedInRecordedAt: null, changedAt: sql`clock_timestamp()` })
    .where(eq(badges.registrationId, registrationId));
}

export async function badgeCheckInOf(tx: DbOrTx, registrationId: number): Promise<{ checkedInAt: Date | null; door: string | null } | undefined> {
  const [after] = await tx.select({ checkedInAt: badges.checkedInAt, door: badges.checkedInDoor }).from(badges).where(eq(badges.registrationId, registrationId));
  return after;
}

// ---------------------------------------------------------------------------------------------
// Printed badges
// ---------------------------------------------------------------------------------------------

export interface BadgePrintRow {
  registrationId: number;
  eventId: string;
  eventName: string;
  version: number;
  firstName: string;
  lastName: string;
  attendeeType: string;
  storeDlrnum: string | null;
  storeName: string | null;
  city: string | null;
  state: string | null;
  storeKey: string;
  /** The attendee's language: their badge is printed in it. */
  language: string | null;
}

export interface BadgePrintFilter {
  event: string;
  region?: string | undefined;
  zone?: string | undefined;
  district?: string | undefined;
  store?: string | undefined;
  registrationId?: number | undefined;
}

/** The print order's key of the last row of a page: store (none last), last name, first name, id. */
export interface BadgePrintCursor {
  store: string;
  last: string;
  first: string;
  id: number;
}

/** One keyset page of enrolled registrations' badges, in the print order. */
export async function badgePrintPage(db: DbOrTx, f: BadgePrintFilter, after: BadgePrintCursor | null, limit: number): Promise<BadgePrintRow[]> {
  const parts: SQL[] = [sql`r.event_id = ${f.event}`, sql`r.status = 'Enrolled'`];
  if (f.region) parts.push(sql`z.region_code = ${f.region}`);
  if (f.zone) parts.push(sql`z.code = ${f.zone}`);
  if (f.district) parts.push(sql`d.code = ${f.district}`);
  if (f.store) parts.push(sql`r.store_dlrnum = ${f.store}`);
  if (f.registrationId !== undefined) parts.push(sql`r.id = ${f.registrationId}`);
  const where = sql.join(parts, sql` and `);
  const afterClause: SQL = after
    ? sql`and (coalesce(r.store_dlrnum, '~'), p.last_name, p.first_name, r.id) > (${after.store}::text, ${after.last}::text, ${after.first}::text, ${after.id}::int)`
    : sql``;
  return rowsOf<BadgePrintRow>(
    await db.execute(sql`
        select r.id as "registrationId", r.event_id as "eventId", e.name as "eventName", b.version,
          p.first_name as "firstName", p.last_name as "lastName", r.attendee_type as "attendeeType",
          r.store_dlrnum as "storeDlrnum", s.name as "storeName", s.city, s.state, coalesce(r.store_dlrnum, '~') as "storeKey",
          p.language as "language"
        from registrations r
        join badges b on b.registration_id = r.id
        join events e on e.id = r.event_id
        join people p on p.id = r.attendee_id
        left join stores s on s.dlrnum = r.store_dlrnum
        left join districts d on d.code = s.district_code
        left join zones z on z.code = d.zone_code
        where ${where} ${afterClause}
        order by coalesce(r.store_dlrnum, '~'), p.last_name, p.first_name, r.id
        limit ${limit}`),
  );
}

/** The event and state of a session a door is being paired to. */
export async function sessionForDoor(tx: DbOrTx, sessionId: number): Promise<{ eventId: string; cancelledAt: Date | null } | undefined> {
  const { sessions } = schema;
  return firstRow(tx.select({ eventId: sessions.eventId, cancelledAt: sessions.cancelledAt }).from(sessions).where(eq(sessions.id, sessionId)));
}
