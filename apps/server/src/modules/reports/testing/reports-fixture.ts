/**
 * A small hand-made network for the report tests, small enough that every expected figure is
 * worked out by hand in reports-fixture.test.ts. It carries the demo events and access codes, so
 * the demo accounts log in. Edge cases on purpose: a region without zones, a zone without
 * districts, a region ahead of its objective beside one behind it, pending, cancelled and virtual
 * registrations, a non-store-bound attendee at a store, a registration of the other event.
 */
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
import { hashAccessCode } from '../../../lib/access-code.ts';
import { DEMO_ACCESS_CODES, DEMO_EVENTS } from '../../../demo/demo-access-codes.ts';
import type { AttendeeType, PersonCategory, RegistrationStatus } from '@portal/db/schema';

export async function loadReportFixture(db: Db, codeHashKey: Uint8Array): Promise<void> {
  await db.insert(schema.events).values([...DEMO_EVENTS]);
  await db.insert(schema.accessCodes).values(
    DEMO_ACCESS_CODES.map(({ code, ...rest }) => ({ ...rest, codeHash: hashAccessCode(code, codeHashKey) })),
  );
  await db.insert(schema.regions).values([
    { code: '010', description: 'North', objectivePct: 30 },
    { code: '020', description: 'South', objectivePct: 75 },
    { code: '030', description: 'Empty', objectivePct: 40 },
  ]);
  await db.insert(schema.zones).values([
    { code: '011', regionCode: '010', name: 'North A' },
    { code: '012', regionCode: '010', name: 'North B' },
    { code: '021', regionCode: '020', name: 'South A' },
  ]);
  await db.insert(schema.districts).values([
    { code: 'D111', zoneCode: '011', name: 'Lakes' },
    { code: 'D112', zoneCode: '011', name: 'Hills' },
    { code: 'D211', zoneCode: '021', name: 'Coast' },
  ]);
  await db.insert(schema.stores).values([
    { dlrnum: '10001', name: 'Morgan Motors', city: 'Springfield', state: 'IL', districtCode: 'D111' },
    { dlrnum: '10002', name: 'Lakeside Auto', city: 'Lake City', state: 'MN', districtCode: 'D111' },
    { dlrnum: '10003', name: 'Hilltop Cars', city: 'Hill Valley', state: 'CA', districtCode: 'D112' },
    { dlrnum: '20001', name: 'Coastal Motors', city: 'Bay Town', state: 'TX', districtCode: 'D211' },
    { dlrnum: '20002', name: 'Harbor Autos', city: 'Port Side', state: 'FL', districtCode: 'D211' },
    { dlrnum: '20003', name: 'Sunset Trucks', city: 'West End', state: 'GA', districtCode: 'D211' },
  ]);

  const person = (
    email: string,
    firstName: string,
    lastName: string,
    category: PersonCategory,
    extra: { storeDlrnum?: string; zoneCode?: string; company?: string; reportScopeLevel?: 'network' } = {},
  ) => ({
    email,
    firstName,
    lastName,
    category,
    storeDlrnum: extra.storeDlrnum ?? null,
    zoneCode: extra.zoneCode ?? null,
    company: extra.company ?? null,
    // Report data is visible only within a granted scope; the two report readers hold the network.
    reportScopeLevel: extra.reportScopeLevel ?? null,
  });
  const people = await db
    .insert(schema.people)
    .values([
      person('pat.morgan@morgan-motors.example.com', 'Pat', 'Morgan', 'dealer_staff', { storeDlrnum: '10001' }),
      person('jordan.lee@morgan-motors.example.com', 'Jordan', 'Lee', 'dealer_staff', { storeDlrnum: '10001' }),
      person('sam.pending@morgan-motors.example.com', 'Sam', 'Pending', 'dealer_staff', { storeDlrnum: '10001' }),
      person('chris.cancel@lakeside.example.com', 'Chris', 'Cancel', 'dealer_staff', { storeDlrnum: '10002' }),
      person('casey.candidate@lakeside.example.com', 'Casey', 'Candidate', 'dealer_staff', { storeDlrnum: '10002' }),
      person('hana.hill@hilltop.example.com', 'Hana', 'Hill', 'dealer_staff', { storeDlrnum: '10003' }),
      person('cody.coast@coastal.example.com', 'Cody', 'Coast', 'dealer_staff', { storeDlrnum: '20001' }),
      person('abe.harbor@harbor.example.com', 'Abe', 'Harbor', 'dealer_staff', { storeDlrnum: '20002' }),
      person('eve.expo@harbor.example.com', 'Eve', 'Expo', 'expo', { storeDlrnum: '20002' }),
      person('field.user@corp.example.com', 'Field', 'User', 'field', { zoneCode: '011', reportScopeLevel: 'network' }),
      person('fay.field@corp.example.com', 'Fay', 'Field', 'field', { zoneCode: '021' }),
      person('fred.field@corp.example.com', 'Fred', 'Field', 'field', { zoneCode: '021' }),
      person('corp.user@corp.example.com', 'Corp', 'User', 'corporate', { reportScopeLevel: 'network' }),
      person('dina.dist@acme.example.com', 'Dina', 'Dist', 'distributor', { company: 'Acme Parts' }),
      person('vic.vendor@tools.example.com', 'Vic', 'Vendor', 'vendor', { company: 'Tool Co' }),
      person('sara.sbr@corp.example.com', 'Sara', 'Sbr', 'sbr'),
    ])
    .returning({ id: schema.people.id, email: schema.people.email });
  const id = (email: string) => {
    const found = people.find((p) => p.email === email);
    if (!found) throw new Error(`fixture person ${email} missing`);
    return found.id;
  };
  await db
    .update(schema.stores)
    .set({ executiveManagerId: id('pat.morgan@morgan-motors.example.com'), generalManagerId: id('jordan.lee@morgan-motors.example.com') })
    .where(eq(schema.stores.dlrnum, '10001'));

  let ref = 0;
  const reg = (
    email: string,
    attendeeType: AttendeeType,
    status: RegistrationStatus,
    extra: { store?: string; at?: string; virtual?: boolean; free?: boolean; arrival?: string; departure?: string; event?: 'nbc' | 'abc' } = {},
  ) => ({
    eventId: extra.event ?? 'nbc',
    attendeeId: id(email),
    registeredById: id(email),
    storeDlrnum: extra.store ?? null,
    attendeeType,
    status,
    enrolledAt: extra.at ? new Date(extra.at) : null,
    isVirtual: extra.virtual ?? false,
    isFree: extra.free ?? false,
    arrivalDate: extra.arrival ?? null,
    departureDate: extra.departure ?? null,
    providerRef: `fixture-${++ref}`,
  });
  await db.insert(schema.registrations).values([
    reg('pat.morgan@morgan-motors.example.com', 'dealer', 'Enrolled', { store: '10001', at: '2026-11-02T10:00:00Z', free: true, arrival: '2027-03-01', departure: '2027-03-04' }),
    reg('jordan.lee@morgan-motors.example.com', 'dealer', 'Enrolled', { store: '10001', at: '2026-11-03T23:30:00Z', virtual: true }),
    reg('sam.pending@morgan-motors.example.com', 'dealer', 'Pending', { store: '10001' }),
    reg('chris.cancel@lakeside.example.com', 'dealer', 'Cancelled', { store: '10002', at: '2026-11-01T09:00:00Z' }),
    reg('casey.candidate@lakeside.example.com', 'candidate', 'Pending', { store: '10002' }),
    reg('hana.hill@hilltop.example.com', 'candidate', 'Enrolled', { store: '10003', at: '2026-11-05T08:00:00Z', arrival: '2027-03-02', departure: '2027-03-03' }),
    reg('cody.coast@coastal.example.com', 'dealer', 'Enrolled', { store: '20001', at: '2026-11-06T12:00:00Z', virtual: true, free: true }),
    reg('eve.expo@harbor.example.com', 'expo', 'Enrolled', { store: '20002', at: '2026-11-07T12:00:00Z' }),
    reg('abe.harbor@harbor.example.com', 'dealer', 'Enrolled', { store: '20002', at: '2026-11-07T12:00:00Z', event: 'abc' }),
    reg('field.user@corp.example.com', 'field', 'Enrolled', { at: '2026-11-08T12:00:00Z', arrival: '2027-03-01', departure: '2027-03-04' }),
    reg('fay.field@corp.example.com', 'field', 'Pending', { virtual: true }),
    reg('fred.field@corp.example.com', 'field', 'Cancelled', { at: '2026-11-09T12:00:00Z' }),
    reg('corp.user@corp.example.com', 'corporate', 'Enrolled', { at: '2026-11-10T12:00:00Z', arrival: '2027-03-01', departure: '2027-03-02' }),
    reg('dina.dist@acme.example.com', 'distributor', 'Enrolled', { at: '2026-11-11T12:00:00Z', virtual: true }),
    reg('vic.vendor@tools.example.com', 'vendor', 'Pending'),
    reg('sara.sbr@corp.example.com', 'sbr', 'Enrolled', { at: '2026-11-12T12:00:00Z', arrival: '2027-03-01', departure: '2027-03-03' }),
  ]);
}
