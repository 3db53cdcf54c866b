/**
 * The counts the report_counts triggers keep never drift: random registration changes (single rows,
 * multi-row statements, upserts, deletes, rolled-back transactions, store and district moves, new and
 * removed stores), many of them in concurrent transactions, and after every round each maintained count
 * and every store-count report equals a full recount from the base tables. On PGlite the transactions
 * interleave on its one connection; on PostgreSQL (TEST_DATABASE_URL) they run on separate connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DbOrTx } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { demoSeed, testConfig } from '../../testing/build-test-app.ts';
import { createRandom, type Random } from '../../demo/prng.ts';
import { findCountDrift } from './report-counts.queries.ts';
import { findReportDrift, rebuildCounts } from './report-counts.ts';
import * as q from './reports.queries.ts';

const EVENTS = ['nbc', 'abc'] as const;
const TYPES = ['dealer', 'dealer', 'candidate', 'field', 'expo'] as const;
const STATUSES = ['Pending', 'Enrolled', 'Enrolled', 'Cancelled'] as const;

let database: Database;
let people: number[];
let districts: string[];
let zones: string[];
let storeSeq = 0;
let refSeq = 0;

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

async function randomStore(db: DbOrTx, rnd: Random): Promise<string | null> {
  if (rnd.chance(0.1)) return null;
  const [row] = await rows<{ dlrnum: string }>(db, sql`select dlrnum from stores order by dlrnum offset ${rnd.int(0, 40)} limit 1`);
  return row?.dlrnum ?? null;
}

async function randomRegistration(db: DbOrTx, rnd: Random): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from registrations where id >= (select min(id) + ${rnd.int(0, 400)} from registrations) order by id limit 1`,
  );
  return row?.id ?? null;
}

/** Inserts a registration of a random person, event, type, status and store (skipped when the person has one). */
async function insertRegistrations(db: DbOrTx, rnd: Random, n: number): Promise<void> {
  const values = [];
  for (let i = 0; i < n; i++) {
    const person = rnd.pick(people);
    const store = await randomStore(db, rnd);
    values.push(sql`(${rnd.pick(EVENTS)}, ${person}, ${store}, ${person}, ${rnd.pick(TYPES)}, ${rnd.pick(STATUSES)}, ${`drift-${process.pid}-${++refSeq}`})`);
  }
  await db.execute(sql`
    insert into registrations (event_id, attendee_id, store_dlrnum, registered_by_id, attendee_type, status, provider_ref)
    values ${sql.join(values, sql`, `)}
    on conflict (event_id, attendee_id) do nothing`);
}

const operations: Array<(db: DbOrTx, rnd: Random) => Promise<void>> = [
  (db, rnd) => insertRegistrations(db, rnd, 1),
  (db, rnd) => insertRegistrations(db, rnd, rnd.int(2, 12)),
  async (db, rnd) => {
    const id = await randomRegistration(db, rnd);
    if (id) await db.execute(sql`update registrations set status = ${rnd.pick(STATUSES)}, updated_at = now() where id = ${id}`);
  },
  async (db, rnd) => {
    const id = await randomRegistration(db, rnd);
    if (id) await db.execute(sql`update registrations set store_dlrnum = ${await randomStore(db, rnd)} where id = ${id}`);
  },
  async (db, rnd) => {
    const id = await randomRegistration(db, rnd);
    if (id) await db.execute(sql`update registrations set attendee_type = ${rnd.pick(TYPES)} where id = ${id}`);
  },
  async (db, rnd) => {
    // Moves a registration to the other event (the unique key may refuse: then nothing happens).
    const id = await randomRegistration(db, rnd);
    if (id) await db.execute(sql`update registrations set event_id = case when event_id = 'nbc' then 'abc' else 'nbc' end where id = ${id} and not exists (select 1 from registrations o where o.attendee_id = registrations.attendee_id and o.event_id <> registrations.event_id)`);
  },
  async (db, rnd) => {
    // A multi-row change: every registration of one store cancelled or enrolled at once.
    const store = await randomStore(db, rnd);
    if (store) await db.execute(sql`update registrations set status = ${rnd.pick(STATUSES)} where store_dlrnum = ${store}`);
  },
  async (db, rnd) => {
    // An import-style upsert: new rows and existing rows with new values in one statement.
    const id = await randomRegistration(db, rnd);
    const [existing] = id ? await rows<{ event_id: string; attendee_id: number }>(db, sql`select event_id, attendee_id from registrations where id = ${id}`) : [];
    const person = rnd.pick(people);
    const targets = [
      ...(existing ? [sql`(${existing.event_id}, ${existing.attendee_id}, ${await randomStore(db, rnd)}, ${existing.attendee_id}, ${rnd.pick(TYPES)}, ${rnd.pick(STATUSES)}, ${`drift-${process.pid}-${++refSeq}`})`] : []),
      sql`(${rnd.pick(EVENTS)}, ${person}, ${await randomStore(db, rnd)}, ${person}, 'dealer', 'Enrolled', ${`drift-${process.pid}-${++refSeq}`})`,
    ];
    await db.execute(sql`
      insert into registrations (event_id, attendee_id, store_dlrnum, registered_by_id, attendee_type, status, provider_ref)
      values ${sql.join(targets, sql`, `)}
      on conflict (event_id, attendee_id) do update set status = excluded.status, store_dlrnum = excluded.store_dlrnum, attendee_type = excluded.attendee_type`);
  },
  async (db, rnd) => {
    const id = await randomRegistration(db, rnd);
    if (id) {
      await db.execute(sql`delete from registration_tokens where registration_id = ${id}`);
      await db.execute(sql`delete from registrations where id = ${id}`);
    }
  },
  async (db, rnd) => {
    const store = await randomStore(db, rnd);
    if (store) await db.execute(sql`update stores set district_code = ${rnd.pick(districts)} where dlrnum = ${store}`);
  },
  async (db, rnd) => {
    await db.execute(sql`update districts set zone_code = ${rnd.pick(zones)} where code = ${rnd.pick(districts)}`);
  },
  async (db, rnd) => {
    const dlrnum = `9${String(process.pid % 1000).padStart(3, '0')}${String(++storeSeq).padStart(4, '0')}`;
    await db.execute(sql`insert into stores (dlrnum, name, city, state, district_code) values (${dlrnum}, 'Drift Motors', 'Testville', 'TX', ${rnd.pick(districts)})`);
    if (rnd.chance(0.5)) await insertRegistrations(db, rnd, 2);
  },
  async (db) => {
    await db.execute(sql`delete from stores where dlrnum like '9%' and not exists (select 1 from registrations g where g.store_dlrnum = stores.dlrnum) and dlrnum = (select max(dlrnum) from stores where dlrnum like '9%')`);
  },
];

class Rollback extends Error {}

/** A transaction of 1 to 4 random operations; one in six is rolled back on purpose. */
async function randomTransaction(rnd: Random): Promise<'committed' | 'rolled back' | 'failed'> {
  try {
    await database.db.transaction(async (tx) => {
      const count = rnd.int(1, 4);
      for (let i = 0; i < count; i++) await rnd.pick(operations)(tx, rnd);
      if (rnd.chance(1 / 6)) throw new Rollback();
    });
    return 'committed';
  } catch (error) {
    if (error instanceof Rollback) return 'rolled back';
    // Concurrent transactions may deadlock or collide on a unique key; PostgreSQL then rolls one back.
    return 'failed';
  }
}

async function expectNoDrift(): Promise<void> {
  expect(await findCountDrift(database.db)).toEqual([]);
  for (const event of EVENTS) expect(await findReportDrift(database.db, event)).toEqual([]);
}

beforeAll(async () => {
  database = await createTestDatabase(demoSeed(120, testConfig()));
  people = (await rows<{ id: number }>(database.db, sql`select id from people order by id`)).map((r) => r.id);
  districts = (await rows<{ code: string }>(database.db, sql`select code from districts order by code`)).map((r) => r.code);
  zones = (await rows<{ code: string }>(database.db, sql`select code from zones order by code`)).map((r) => r.code);
});
afterAll(async () => {
  await database?.close();
});

describe('report counts', () => {
  it('hold the figures of a full recount after the demo bulk load', async () => {
    const [counted] = await rows<{ n: number }>(database.db, sql`select coalesce(sum(enrolled_stores), 0)::int as n from zone_enrollment_counts where event_id = 'nbc'`);
    expect(counted!.n).toBeGreaterThan(20);
    await expectNoDrift();
  });

  it('never drift under random registration, store and district changes, concurrent transactions included', { timeout: 240_000 }, async () => {
    const outcomes = { committed: 0, 'rolled back': 0, failed: 0 };
    for (let round = 0; round < 6; round++) {
      const workers = Array.from({ length: 6 }, (_, w) => createRandom(1000 * round + w + 1));
      const results = await Promise.all(
        workers.map(async (rnd) => {
          const mine: Array<keyof typeof outcomes> = [];
          for (let i = 0; i < 5; i++) mine.push(await randomTransaction(rnd));
          return mine;
        }),
      );
      for (const outcome of results.flat()) outcomes[outcome]++;
      await expectNoDrift();
    }
    // The run did change data, and rolled some of it back.
    expect(outcomes.committed).toBeGreaterThan(80);
    expect(outcomes['rolled back']).toBeGreaterThan(8);
  });

  it('match the old aggregate queries report for report, and a rebuild changes nothing', async () => {
    const before = await q.regionCounts(database.db, 'nbc');
    expect(before).toEqual(await q.regionCounts(database.db, 'nbc', { recount: true }));
    await rebuildCounts(database.db);
    expect(await q.regionCounts(database.db, 'nbc')).toEqual(before);
  });

  it('are found out when edited behind the triggers, and a rebuild repairs them', async () => {
    // An nbc row: the smallest zone code of all events may have counts for abc only (the random
    // changes above interleave differently on PostgreSQL), and then nothing would be edited.
    await database.db.execute(sql`update zone_enrollment_counts set enrolled_stores = enrolled_stores + 1 where event_id = 'nbc' and zone_code = (select min(zone_code) from zone_enrollment_counts where event_id = 'nbc')`);
    // The reports read district counts (the objective's grain): one of those is edited too.
    await database.db.execute(sql`update district_enrollment_counts set enrolled_stores = enrolled_stores + 1 where event_id = 'nbc' and district_code = (select min(district_code) from district_enrollment_counts where event_id = 'nbc')`);
    await database.db.execute(sql`delete from store_enrollment_counts where store_dlrnum = (select min(store_dlrnum) from store_enrollment_counts where enrolled_attendees > 0)`);
    const drift = await findCountDrift(database.db);
    expect([...new Set(drift.map((d) => d.table))].sort()).toEqual(['district_enrollment_counts', 'store_enrollment_counts', 'zone_enrollment_counts']);
    expect((await findReportDrift(database.db, 'nbc')).length).toBeGreaterThan(0);
    await rebuildCounts(database.db);
    await expectNoDrift();
  });

  it('are rebuilt when the base tables are truncated', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`truncate table registration_tokens, registrations restart identity cascade`);
      const [left] = await rows<{ n: number }>(tx, sql`select (select count(*) from store_enrollment_counts) + (select coalesce(sum(enrolled_stores), 0) from zone_enrollment_counts) as n`);
      expect(Number(left!.n)).toBe(0);
      expect(await findCountDrift(tx)).toEqual([]);
      throw new Rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
    await expectNoDrift();
  });
});
