import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, schema, type Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { hashAccessCode } from '../lib/access-code.ts';
import { domainChecksums } from './data-checksum.ts';
import { DEMO_ACCESS_CODES } from './demo-access-codes.ts';
import { DEMO_ENROLL_DAYS, demoEnrollWindow, generateDemoData, utcDayStart } from './generate-demo-data.ts';
import { DEMO_META_KEY, DemoDataError, loadDemoData, type DemoSummary } from './load-demo-data.ts';

const codeHashKey = new TextEncoder().encode('demo-test-key-0123456789-0123456789');
const STORES = 200;

let database: Database;
let summary: DemoSummary;

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(text));
}

beforeAll(async () => {
  database = await createTestDatabase();
  summary = await loadDemoData(database.db, { stores: STORES, codeHashKey });
});
afterAll(async () => {
  await database?.close();
});

describe('loadDemoData', () => {
  it('is deterministic: a second load with the same seed gives the same checksums, another seed does not', async () => {
    const second = await createTestDatabase();
    try {
      const again = await loadDemoData(second.db, { stores: STORES, codeHashKey, seed: 27 });
      expect(again).toEqual(summary);
      const [a, b] = await Promise.all([domainChecksums(database.db), domainChecksums(second.db)]);
      expect(Object.keys(a)).toHaveLength(8);
      expect(b).toEqual(a);
    } finally {
      await second.close();
    }
    const other = generateDemoData({ stores: STORES, seed: 28 });
    const same = generateDemoData({ stores: STORES, seed: 27 });
    expect(JSON.stringify(generateDemoData({ stores: STORES, seed: 27 }))).toBe(JSON.stringify(same));
    expect(other.people.map((p) => p.email)).not.toEqual(same.people.map((p) => p.email));
  });

  // Enroll dates ran into 2027, after today. They are history relative to the day of
  // generation, never in the future, and the same for a given day.
  it('dates enrollments in the days before today, never in the future', async () => {
    const [range] = await query<{ future: number; min: string; max: string; enrolled: number }>(sql`select
      count(*) filter (where enrolled_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as future,
      count(enrolled_at)::int as enrolled,
      to_char(min(enrolled_at) at time zone 'UTC', 'YYYY-MM-DD') as min, to_char(max(enrolled_at) at time zone 'UTC', 'YYYY-MM-DD') as max
      from registrations`);
    expect(range!.enrolled).toBeGreaterThan(100);
    expect(range!.future).toBe(0);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const today = utcDayStart(new Date());
    expect(range!.max < day(today)).toBe(true);
    expect(range!.min >= day(today - DEMO_ENROLL_DAYS * 86_400_000)).toBe(true);
    const [touched] = await query<{ future: number }>(sql`select count(*)::int as future from registrations where created_at > now() or updated_at > now()`);
    expect(touched!.future).toBe(0);
  });

  it('generates enroll dates relative to the given day: the same all day, shifted with the day', () => {
    const dates = (today: string) =>
      generateDemoData({ stores: STORES, seed: 27, today: new Date(today) }).registrations.map((r) => r.enrolledAt?.getTime() ?? null);
    const morning = dates('2031-05-10T00:00:00Z');
    expect(dates('2031-05-10T23:59:59Z')).toEqual(morning);
    const { from, to } = demoEnrollWindow(new Date('2031-05-10T12:00:00Z'));
    expect(new Date(to).toISOString()).toBe('2031-05-10T00:00:00.000Z');
    const set = morning.filter((t): t is number => t !== null);
    expect(set.length).toBeGreaterThan(100);
    expect(Math.max(...set)).toBeLessThan(to);
    expect(Math.min(...set)).toBeGreaterThanOrEqual(from);
    // A day later, every date moves by one day; nothing else changes.
    expect(dates('2031-05-11T08:00:00Z')).toEqual(morning.map((t) => (t === null ? null : t + 86_400_000)));
    const { registrations: _a, ...restToday } = generateDemoData({ stores: STORES, seed: 27, today: new Date('2031-05-10T00:00:00Z') });
    const { registrations: _b, ...restTomorrow } = generateDemoData({ stores: STORES, seed: 27, today: new Date('2031-05-11T00:00:00Z') });
    expect(restTomorrow).toEqual(restToday);
  });

  it('writes the counts it returns, and records them in meta', async () => {
    const [counts] = await query<Record<string, number>>(sql`select
      (select count(*) from regions)::int as regions, (select count(*) from zones)::int as zones,
      (select count(*) from districts)::int as districts, (select count(*) from stores)::int as stores,
      (select count(*) from people)::int as people, (select count(*) from access_codes)::int as codes,
      (select count(*) from registrations)::int as registrations`);
    expect(counts).toEqual({
      regions: 10,
      zones: 60,
      districts: 60,
      stores: STORES,
      people: summary.people,
      codes: 11,
      registrations: summary.registrations,
    });
    const [meta] = await query<{ value: DemoSummary }>(sql`select value from meta where key = ${DEMO_META_KEY}`);
    expect(meta?.value).toEqual(summary);
  });

  it('builds the network: region codes 010..100, objectives 55-75, six zones each, unique 5-digit dlrnums from 10001', async () => {
    const regions = await query<{ code: string; objective_pct: number; zones: number }>(
      sql`select r.code, r.objective_pct, (select count(*) from zones z where z.region_code = r.code)::int as zones from regions r order by r.code`,
    );
    expect(regions.map((r) => r.code)).toEqual(['010', '020', '030', '040', '050', '060', '070', '080', '090', '100']);
    for (const r of regions) {
      expect(r.objective_pct).toBeGreaterThanOrEqual(55);
      expect(r.objective_pct).toBeLessThanOrEqual(75);
      expect(r.zones).toBe(6);
    }
    const [stores] = await query<{ min: string; max: string; bad: number; seats_bad: number }>(
      sql`select min(dlrnum) as min, max(dlrnum) as max,
        count(*) filter (where dlrnum !~ '^[0-9]{5}$')::int as bad,
        count(*) filter (where complimentary_seats not between 1 and 3)::int as seats_bad from stores`,
    );
    expect(stores).toEqual({ min: '10001', max: String(10000 + STORES), bad: 0, seats_bad: 0 });
  });

  it('scales districts with stores, about ten stores each', () => {
    expect(generateDemoData({ stores: 5_000, seed: 27 }).districts).toHaveLength(500);
    const big = generateDemoData({ stores: 20_000, seed: 27 });
    expect(big.districts).toHaveLength(2_000);
    expect(new Set(big.districts.map((d) => d.code)).size).toBe(2_000);
    expect(new Set(big.people.map((p) => p.email)).size).toBe(big.people.length);
  });

  it('has store 10001 Morgan Motors with Pat Morgan (EM) and Jordan Lee (GM) on its roster, and no registration yet', async () => {
    const [store] = await query<{ name: string; em: string; gm: string; em_store: string; gm_store: string; em_cat: string; regs: number }>(sql`
      select s.name, em.email as em, gm.email as gm, em.store_dlrnum as em_store, gm.store_dlrnum as gm_store, em.category as em_cat,
        (select count(*) from registrations r where r.store_dlrnum = s.dlrnum or r.attendee_id = em.id)::int as regs
      from stores s join people em on em.id = s.executive_manager_id join people gm on gm.id = s.general_manager_id
      where s.dlrnum = '10001'`);
    expect(store).toEqual({
      name: 'Morgan Motors',
      em: 'pat.morgan@morgan-motors.example.com',
      gm: 'jordan.lee@morgan-motors.example.com',
      em_store: '10001',
      gm_store: '10001',
      em_cat: 'dealer_staff',
      regs: 0,
    });
    const [jordan] = await query<{ first_name: string; last_name: string; category: string }>(
      sql`select first_name, last_name, category from people where email = 'jordan.lee@morgan-motors.example.com'`,
    );
    expect(jordan).toEqual({ first_name: 'Jordan', last_name: 'Lee', category: 'dealer_staff' });
  });

  it('has the fixed traveller accounts and a few hundred travellers of every kind', async () => {
    const fixed = await query<{ email: string; category: string; zone_code: string | null }>(
      sql`select email, category, zone_code from people where email in ('field.user@corp.example.com', 'corp.user@corp.example.com') order by email`,
    );
    expect(fixed).toEqual([
      { email: 'corp.user@corp.example.com', category: 'corporate', zone_code: null },
      { email: 'field.user@corp.example.com', category: 'field', zone_code: '011' },
    ]);
    const kinds = await query<{ category: string; n: number; no_zone: number; no_company: number }>(sql`
      select category, count(*)::int as n, count(*) filter (where zone_code is null)::int as no_zone,
        count(*) filter (where company is null)::int as no_company
      from people where store_dlrnum is null group by category order by category`);
    const byCategory = Object.fromEntries(kinds.map((k) => [k.category, k]));
    expect(Object.keys(byCategory).sort()).toEqual(
      ['attendee', 'corporate', 'distributor', 'expo', 'field', 'independent_distributor', 'partner', 'sbr', 'vendor'].sort(),
    );
    expect(byCategory.field?.no_zone).toBe(0);
    for (const c of ['distributor', 'independent_distributor', 'vendor', 'partner', 'expo']) expect(byCategory[c]?.no_company).toBe(0);
    const travellers = kinds.filter((k) => k.category !== 'attendee').reduce((a, k) => a + k.n, 0);
    expect(travellers).toBeGreaterThanOrEqual(200);
    expect(travellers).toBeLessThan(1_000);
  });

  it('gives every store an executive manager and a roster of 2-6 at its own domain, with all three general-manager cases', async () => {
    const stores = await query<{ dlrnum: string; roster: number; domains: number; domain: string; em_on: boolean; gm: 'none' | 'same' | 'other'; gm_on: boolean | null }>(sql`
      select s.dlrnum,
        (select count(*) from people p where p.store_dlrnum = s.dlrnum)::int as roster,
        (select count(distinct split_part(p.email, '@', 2)) from people p where p.store_dlrnum = s.dlrnum)::int as domains,
        (select min(split_part(p.email, '@', 2)) from people p where p.store_dlrnum = s.dlrnum) as domain,
        exists (select 1 from people p where p.id = s.executive_manager_id and p.store_dlrnum = s.dlrnum) as em_on,
        case when s.general_manager_id is null then 'none' when s.general_manager_id = s.executive_manager_id then 'same' else 'other' end as gm,
        (select p.store_dlrnum = s.dlrnum from people p where p.id = s.general_manager_id) as gm_on
      from stores s`);
    expect(stores).toHaveLength(STORES);
    const domains = new Set<string>();
    for (const s of stores) {
      expect(s.roster).toBeGreaterThanOrEqual(2);
      expect(s.roster).toBeLessThanOrEqual(6);
      expect(s.domains).toBe(1);
      expect(s.em_on).toBe(true);
      if (s.gm !== 'none') expect(s.gm_on).toBe(true);
      domains.add(s.domain);
    }
    expect(domains.size).toBe(STORES);
    const mix = { none: 0, same: 0, other: 0 };
    for (const s of stores) mix[s.gm]++;
    expect(mix.other).toBeGreaterThan(STORES / 2);
    expect(mix.none).toBeGreaterThan(5);
    expect(mix.same).toBeGreaterThan(5);
    const [emails] = await query<{ upper: number; dupes: number }>(
      sql`select count(*) filter (where email <> lower(email))::int as upper, (count(*) - count(distinct email))::int as dupes from people`,
    );
    expect(emails).toEqual({ upper: 0, dupes: 0 });
  });

  it('stores only hashes of the access codes, with the code rules as columns', async () => {
    const rows = await database.db.select().from(schema.accessCodes);
    expect(rows).toHaveLength(DEMO_ACCESS_CODES.length);
    for (const { code, eventId, ...rule } of DEMO_ACCESS_CODES) {
      const row = rows.find((r) => r.eventId === eventId && r.codeHash === hashAccessCode(code, codeHashKey));
      expect(row, code).toBeDefined();
      // Every rule column as the definition has it (label, policies, types, groups).
      expect(row).toMatchObject({ ...rule, active: true });
      expect(JSON.stringify(row)).not.toContain(code);
    }
    const dealer = rows.find((r) => r.label === 'Dealer');
    expect(dealer).toMatchObject({ eventId: 'nbc', policies: [], regType: 'DLR', requiresRoster: true, agendaGroup: 'dealer' });
  });

  it('enrols about half the stores in nbc, dealers registered by the store executive manager', async () => {
    const [row] = await query<{ enrolled: number; any_enrolled: number; wrong_registrar: number; store_less_dealers: number; storeful_travellers: number }>(sql`
      select
        (select count(distinct store_dlrnum) from registrations where event_id = 'nbc' and attendee_type = 'dealer' and status = 'Enrolled')::int as enrolled,
        (select count(distinct store_dlrnum) from registrations where event_id = 'nbc' and status = 'Enrolled')::int as any_enrolled,
        (select count(*) from registrations r join stores s on s.dlrnum = r.store_dlrnum
           where r.attendee_type in ('dealer', 'candidate') and r.registered_by_id <> s.executive_manager_id)::int as wrong_registrar,
        (select count(*) from registrations r join people p on p.id = r.attendee_id
           where r.attendee_type in ('dealer', 'candidate') and p.category = 'dealer_staff'
             and (r.store_dlrnum is null or r.store_dlrnum <> p.store_dlrnum))::int as store_less_dealers,
        (select count(*) from registrations where attendee_type not in ('dealer', 'candidate') and store_dlrnum is not null)::int as storeful_travellers`);
    expect(row!.enrolled / STORES).toBeGreaterThan(0.35);
    expect(row!.enrolled / STORES).toBeLessThan(0.65);
    // A store counts as enrolled with any Enrolled registration (a candidate's too).
    expect(row!.any_enrolled).toBe(summary.byEvent.nbc.enrolledStores);
    expect(row).toMatchObject({ wrong_registrar: 0, store_less_dealers: 0, storeful_travellers: 0 });
    const statuses = await query<{ event_id: string; status: string }>(sql`select distinct event_id, status from registrations order by 1, 2`);
    expect(statuses).toHaveLength(6);
    const types = await query<{ attendee_type: string }>(sql`select distinct attendee_type from registrations where event_id = 'nbc' order by 1`);
    expect(types.map((t) => t.attendee_type)).toEqual(['candidate', 'corporate', 'dealer', 'distributor', 'expo', 'field', 'partner', 'sbr', 'vendor']);
  });

  it('places candidates only at stores of region 010', async () => {
    const rows = await query<{ region: string; n: number }>(sql`
      select z.region_code as region, count(*)::int as n from registrations r
      join stores s on s.dlrnum = r.store_dlrnum join districts d on d.code = s.district_code join zones z on z.code = d.zone_code
      where r.attendee_type = 'candidate' group by z.region_code`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.region).toBe('010');
    const [orphans] = await query<{ n: number }>(sql`select count(*)::int as n from registrations where attendee_type = 'candidate' and store_dlrnum is null`);
    expect(orphans!.n).toBe(0);
  });

  it("makes a store's first complimentary-seat enrolled attendees free, by enroll date, per event", async () => {
    const [row] = await query<{ checked: number; wrong: number; free_elsewhere: number }>(sql`
      with ranked as (
        select r.is_free, row_number() over (partition by r.event_id, r.store_dlrnum order by r.enrolled_at, r.provider_ref) as n, s.complimentary_seats as seats
        from registrations r join stores s on s.dlrnum = r.store_dlrnum where r.status = 'Enrolled')
      select (select count(*) from ranked)::int as checked,
        (select count(*) from ranked where is_free <> (n <= seats))::int as wrong,
        (select count(*) from registrations where is_free and (status <> 'Enrolled' or store_dlrnum is null))::int as free_elsewhere`);
    expect(row!.checked).toBeGreaterThan(100);
    expect(row).toMatchObject({ wrong: 0, free_elsewhere: 0 });
    const [paid] = await query<{ n: number }>(sql`select count(*)::int as n from registrations where status = 'Enrolled' and store_dlrnum is not null and not is_free`);
    expect(paid!.n).toBeGreaterThan(0);
  });

  it('keeps dates inside the windows: enroll dates in the days before today, stays inside the event, virtual without stay', async () => {
    const { from, to } = demoEnrollWindow(new Date());
    const [row] = await query<Record<string, number>>(sql`
      select
        count(*) filter (where r.enrolled_at is not null and (r.enrolled_at < ${new Date(from).toISOString()}::timestamptz or r.enrolled_at >= ${new Date(to).toISOString()}::timestamptz))::int as enroll_outside,
        count(*) filter (where r.status = 'Pending' and r.enrolled_at is not null)::int as pending_enrolled,
        count(*) filter (where r.status <> 'Pending' and r.enrolled_at is null)::int as done_without_date,
        count(*) filter (where r.arrival_date < e.starts_on or r.departure_date > e.ends_on or r.departure_date < r.arrival_date)::int as stay_outside,
        count(*) filter (where r.is_virtual and (r.arrival_date is not null or r.departure_date is not null))::int as virtual_with_stay,
        count(*) filter (where not r.is_virtual and r.status <> 'Pending' and (r.arrival_date is null or r.departure_date is null))::int as physical_without_stay,
        count(*) filter (where r.is_virtual and not e.is_virtual)::int as virtual_at_physical_event,
        count(*) filter (where r.event_id = 'nbc')::int as nbc,
        count(*) filter (where r.event_id = 'nbc' and r.is_virtual)::int as nbc_virtual
      from registrations r join events e on e.id = r.event_id`);
    expect(row).toMatchObject({
      enroll_outside: 0,
      pending_enrolled: 0,
      done_without_date: 0,
      stay_outside: 0,
      virtual_with_stay: 0,
      physical_without_stay: 0,
      virtual_at_physical_event: 0,
    });
    const share = row!.nbc_virtual! / row!.nbc!;
    expect(share).toBeGreaterThan(0.12);
    expect(share).toBeLessThan(0.28);
  });

  it('gives field registrations attendees with a zone, and unique provider references', async () => {
    const [row] = await query<{ field: number; zoneless: number; refs: number; total: number }>(sql`
      select count(*) filter (where r.attendee_type = 'field')::int as field,
        count(*) filter (where r.attendee_type = 'field' and p.zone_code is null)::int as zoneless,
        count(distinct r.provider_ref)::int as refs, count(*)::int as total
      from registrations r join people p on p.id = r.attendee_id`);
    expect(row!.field).toBeGreaterThan(50);
    expect(row!.zoneless).toBe(0);
    expect(row!.refs).toBe(row!.total);
  });

  it('refuses a database that already holds data, and changes nothing', async () => {
    const before = await domainChecksums(database.db);
    await expect(loadDemoData(database.db, { stores: 10, codeHashKey })).rejects.toBeInstanceOf(DemoDataError);
    expect(await domainChecksums(database.db)).toEqual(before);
  });

  it('rejects store counts and seeds out of range', async () => {
    await expect(loadDemoData(database.db, { stores: 0, codeHashKey })).rejects.toThrow(/stores must be an integer/);
    await expect(loadDemoData(database.db, { stores: 90_000, codeHashKey })).rejects.toThrow(/stores must be/);
    await expect(loadDemoData(database.db, { stores: 10, seed: -1, codeHashKey })).rejects.toThrow(/seed must be/);
  });
});
