/**
 * Loads the deterministic demo data (docs/architecture.md, "Demo data") into an empty database, in one
 * transaction, with multi-row inserts in chunks (bulk-write.ts). The rows come from
 * generate-demo-data.ts; this file only assigns ids, hashes the access codes and writes.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, schema, type DbOrTx } from '@portal/db';
import { bulkInsert } from '../import/bulk-write.ts';
import { hashAccessCode } from '../lib/access-code.ts';
import { hashPassword } from '../lib/password.ts';
import { DEMO_ACCESS_CODES, DEMO_EVENTS } from './demo-access-codes.ts';
import { DEMO_DOOR, DEMO_ORGANIZER } from './demo-accounts.ts';
import { DEMO_DEFAULT_SEED, DEMO_DEFAULT_STORES, DEMO_REPORT_USERS, generateDemoData, type DemoDataset } from './generate-demo-data.ts';

export interface DemoLoadOptions {
  /** Number of stores (default 5,000); districts scale with it, about ten stores each. */
  stores?: number;
  /** The server's access-code key: codes are stored only as hashes under it. */
  codeHashKey: Uint8Array;
  /** PRNG seed (default 27): one seed, one data set (per day: enroll dates end at the day's start). */
  seed?: number;
  /** When the data is generated (default now); see generateDemoData. */
  today?: Date;
}

export interface EventRegistrationCounts {
  total: number;
  enrolled: number;
  pending: number;
  cancelled: number;
  virtual: number;
  free: number;
  /** Stores with at least one Enrolled registration. */
  enrolledStores: number;
}

export interface DemoSummary {
  seed: number;
  stores: number;
  regions: number;
  zones: number;
  districts: number;
  people: number;
  accessCodes: number;
  registrations: number;
  byEvent: Record<'nbc' | 'abc', EventRegistrationCounts>;
}

export const DEMO_META_KEY = 'demo_data';

export class DemoDataError extends Error {
  override name = 'DemoDataError';
}

/** Takes `n` ids from a serial column's sequence, so rows can reference each other before insert. */
async function reserveIds(db: DbOrTx, table: string, n: number): Promise<number[]> {
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n}::int)`,
  );
  return rowsOf<{ id: number }>(result)
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

export function summarize(data: DemoDataset): DemoSummary {
  const byEvent = (eventId: 'nbc' | 'abc'): EventRegistrationCounts => {
    const rows = data.registrations.filter((r) => r.eventId === eventId);
    const enrolled = rows.filter((r) => r.status === 'Enrolled');
    return {
      total: rows.length,
      enrolled: enrolled.length,
      pending: rows.filter((r) => r.status === 'Pending').length,
      cancelled: rows.filter((r) => r.status === 'Cancelled').length,
      virtual: rows.filter((r) => r.isVirtual).length,
      free: rows.filter((r) => r.isFree).length,
      enrolledStores: new Set(enrolled.filter((r) => r.storeDlrnum !== null).map((r) => r.storeDlrnum)).size,
    };
  };
  return {
    seed: data.seed,
    stores: data.stores.length,
    regions: data.regions.length,
    zones: data.zones.length,
    districts: data.districts.length,
    people: data.people.length,
    accessCodes: DEMO_ACCESS_CODES.length,
    registrations: data.registrations.length,
    byEvent: { nbc: byEvent('nbc'), abc: byEvent('abc') },
  };
}

/**
 * The demo door device (pairing code DOOR-NBC-27, demo mode only) and arrivals for about a third of
 * the enrolled attendees of each event (every third registration id), on the event's first morning,
 * each with its scan in the scan log (docs/event-days.md, "Demo").
 */
async function loadDemoEventDays(tx: DbOrTx, codeHashKey: Uint8Array): Promise<void> {
  const [door] = await tx
    .insert(schema.checkinDevices)
    .values({
      eventId: DEMO_DOOR.eventId,
      name: DEMO_DOOR.name,
      pairingCodeHash: hashAccessCode(DEMO_DOOR.pairingCode, codeHashKey),
      demoPairing: true,
      canWalkIn: true,
      canSubstitute: true,
    })
    .returning({ id: schema.checkinDevices.id });
  await tx.execute(sql`
    update badges b set
      checked_in_at = (e.starts_on::timestamp + interval '7 hours 30 minutes' + (b.registration_id % 150) * interval '1 minute') at time zone 'UTC',
      checked_in_door = case when b.registration_id % 2 = 0 then 'Door 1' else 'Door 2' end,
      checked_in_device_id = case when b.event_id = ${DEMO_DOOR.eventId} then ${door!.id}::int end,
      checked_in_recorded_at = (e.starts_on::timestamp + interval '7 hours 31 minutes' + (b.registration_id % 150) * interval '1 minute') at time zone 'UTC',
      changed_at = clock_timestamp()
    from registrations r, events e
    where r.id = b.registration_id and e.id = b.event_id and r.status = 'Enrolled' and b.registration_id % 3 = 0`);
  await tx.execute(sql`
    insert into checkin_scans (device_id, event_id, scan_id, registration_id, scanned_at, door, received_at, result)
    select b.checked_in_device_id, b.event_id, md5('demo-scan-' || b.registration_id)::uuid, b.registration_id, b.checked_in_at, b.checked_in_door, b.checked_in_recorded_at, 'checked_in'
    from badges b where b.checked_in_device_id = ${door!.id}::int`);
}

export async function loadDemoData(db: DbOrTx, options: DemoLoadOptions): Promise<DemoSummary> {
  const data = generateDemoData({ stores: options.stores ?? DEMO_DEFAULT_STORES, seed: options.seed ?? DEMO_DEFAULT_SEED, ...(options.today ? { today: options.today } : {}) });
  const summary = summarize(data);
  const { events, regions, zones, districts, people, stores, accessCodes, registrations, meta } = schema;

  await db.transaction(async (tx) => {
    const [existing] = rowsOf<{ n: number }>(
      await tx.execute(sql`select (
        (select count(*) from ${events}) + (select count(*) from ${regions}) + (select count(*) from ${stores})
        + (select count(*) from ${people}) + (select count(*) from ${accessCodes}) + (select count(*) from ${registrations})
      )::int as n`),
    );
    if ((existing?.n ?? 0) > 0) {
      throw new DemoDataError('demo data needs an empty database: events, network, people or registrations already exist');
    }

    await tx.insert(events).values(DEMO_EVENTS.map((e) => ({ ...e })));
    await bulkInsert(tx, regions, data.regions);
    await bulkInsert(tx, zones, data.zones);
    await bulkInsert(tx, districts, data.districts);

    const personIds = await reserveIds(tx, 'people', data.people.length);
    await bulkInsert(
      tx,
      people,
      data.people.map((p, i) => ({ id: personIds[i]!, ...p })),
    );
    await bulkInsert(
      tx,
      stores,
      data.stores.map((s) => ({
        dlrnum: s.dlrnum,
        name: s.name,
        city: s.city,
        state: s.state,
        districtCode: s.districtCode,
        complimentarySeats: s.complimentarySeats,
        executiveManagerId: personIds[s.executiveManager]!,
        generalManagerId: s.generalManager === null ? null : personIds[s.generalManager]!,
      })),
    );
    await tx.insert(accessCodes).values(
      DEMO_ACCESS_CODES.map(({ code, ...rest }) => ({ ...rest, codeHash: hashAccessCode(code, options.codeHashKey), active: true })),
    );
    await bulkInsert(
      tx,
      registrations,
      data.registrations.map((r) => ({
        eventId: r.eventId,
        attendeeId: personIds[r.attendee]!,
        storeDlrnum: r.storeDlrnum,
        registeredById: personIds[r.registeredBy]!,
        attendeeType: r.attendeeType,
        status: r.status,
        enrolledAt: r.enrolledAt,
        arrivalDate: r.arrivalDate,
        departureDate: r.departureDate,
        isVirtual: r.isVirtual,
        isFree: r.isFree,
        provider: 'builtin',
        providerRef: r.providerRef,
        createdAt: r.touchedAt,
        updatedAt: r.touchedAt,
      })),
    );
    // The demo report-user list; a report user kept across --reset stays as an organizer set it.
    await tx.insert(schema.reportUsers).values(DEMO_REPORT_USERS.map((u) => ({ ...u }))).onConflictDoNothing();
    // The demo organizer of the console; an organizer account kept across --reset stays as it is.
    await tx
      .insert(schema.organizers)
      .values({ email: DEMO_ORGANIZER.email, name: DEMO_ORGANIZER.name, passwordHash: await hashPassword(DEMO_ORGANIZER.password) })
      .onConflictDoNothing();
    await loadDemoEventDays(tx, options.codeHashKey);
    await tx
      .insert(meta)
      .values({ key: DEMO_META_KEY, value: summary })
      .onConflictDoUpdate({ target: meta.key, set: { value: summary, updatedAt: sql`now()` } });
  });
  // Fresh tables have no planner statistics until autovacuum gets to them; without them PostgreSQL
  // picks poor plans for the report queries (a region's store list: 700 ms instead of 9 ms).
  await db.execute(sql`analyze`);
  return summary;
}
