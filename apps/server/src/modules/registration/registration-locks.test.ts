/**
 * The named lock statements list the registration's columns by hand (REGISTRATION_COLUMNS); a column
 * added to the table and not to that list would leave the locked row without it, and nothing else
 * would fail. Each lock's row must be exactly what drizzle's select answers for the same row.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@portal/db/testing';
import { schema, type Database } from '@portal/db';
import { demoSeed, testConfig } from '../../testing/build-test-app.ts';
import { lockForChange, lockRegistration } from './registration.queries.ts';

const { registrations } = schema;

describe('the registration locks answer the whole row', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(demoSeed(120, testConfig()));
    // Every nullable column of one registration filled, so a column read under a wrong name or type shows.
    await database.db.execute(sql`
      update registrations set waitlisted_at = now(), waitlist_order = 12.5, waitlist_code_id = access_code_id, offered_at = now(),
        offer_expires_at = now() + interval '1 day', provider_ref = 'ref-locks-test', registered_by_id = attendee_id
      where id = (select min(id) from registrations where store_dlrnum is not null)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lockRegistration and lockForChange give the row drizzle selects, for every column', async () => {
    const rows = [
      ...(await database.db.select().from(registrations).orderBy(asc(registrations.id)).limit(40)),
      ...(await database.db.select().from(registrations).where(eq(registrations.providerRef, 'ref-locks-test'))),
    ];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.some((r) => r.storeDlrnum !== null)).toBe(true);
    expect(rows.some((r) => r.waitlistOrder !== null && r.offeredAt !== null)).toBe(true);
    for (const expected of rows) {
      await database.db.transaction(async (tx) => {
        expect(await lockRegistration(tx, { id: expected.id })).toEqual(expected);
        // With a store: the store's lock and the registration's in one statement; without: the lock above.
        const changed = await lockForChange(tx, { id: expected.id });
        expect(changed?.registration).toEqual(expected);
      });
    }
  });
});
