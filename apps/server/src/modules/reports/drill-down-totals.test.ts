/**
 * One figure, one definition. On the demo network, and again after seeded random
 * changes of the regions' objectives and of registrations, every row of a store-count table equals
 * the Grand Total of the table it drills down to, column for column:
 * - the All row equals the Region table's grand total;
 * - each region row equals the grand total of that region's Zone table;
 * - each zone row equals the grand total of that zone's District table;
 * - each district row equals its store detail (stores listed, the footer's enrolled and not
 *   enrolled stores, and the percentages worked out from them).
 * nbc is read through the API (the answers the screens show, answer cache included), abc through the
 * report queries. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { GRAND_TOTAL_KEY, type DistrictRow, type RegionRow, type StoreCounts, type StoreDetailRow, type ZoneRow } from '@portal/contracts';
import { isStoreFooterRow } from '@portal/contracts/rules';
import { createRandom } from '../../demo/prng.ts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import * as q from './reports.queries.ts';

/** 1,200 stores: 120 districts in 60 zones, so zones hold two districts each. */
const STORES = 1_200;

const COUNT_COLUMNS = ['totDealer', 'enrollDealer', 'pctEnrollDlr', 'notEnrolled', 'pctnotenrolled', 'objreq', 'fixPctObjReq', 'objCount'] as const;
const countsOf = (row: StoreCounts): StoreCounts => Object.fromEntries(COUNT_COLUMNS.map((c) => [c, row[c]])) as unknown as StoreCounts;
const pct = (x: number, y: number) => (y === 0 ? 0 : Math.round((x * 1000) / y) / 10);

/** The four store-count reports and the store detail of one event. */
interface Reports {
  all(): Promise<StoreCounts[]>;
  regions(): Promise<RegionRow[]>;
  zones(region: string): Promise<ZoneRow[]>;
  districts(region: string, zone: string): Promise<DistrictRow[]>;
  detail(region: string, zone: string, district: string): Promise<StoreDetailRow[]>;
}

function splitTotal<Row extends StoreCounts>(rows: Row[], key: keyof Row): { rows: Row[]; total: StoreCounts } {
  const last = rows.at(-1);
  expect(last?.[key]).toBe(GRAND_TOTAL_KEY);
  return { rows: rows.slice(0, -1), total: countsOf(last!) };
}

/** Checks the whole tree of one event; returns how many rows were compared. */
async function expectRowsEqualDrillDownTotals(reports: Reports, label: string): Promise<number> {
  let compared = 0;
  const regionTable = splitTotal(await reports.regions(), 'regionCode');
  expect((await reports.all()).map(countsOf), `${label} All`).toEqual([regionTable.total]);
  for (const region of regionTable.rows) {
    const zoneTable = splitTotal(await reports.zones(region.regionCode), 'zonecode');
    expect(zoneTable.total, `${label} region ${region.regionCode} = its zones' Grand Total`).toEqual(countsOf(region));
    compared++;
    for (const zone of zoneTable.rows) {
      const districtTable = splitTotal(await reports.districts(region.regionCode, zone.zonecode), 'district');
      expect(districtTable.total, `${label} zone ${zone.zonecode} = its districts' Grand Total`).toEqual(countsOf(zone));
      compared++;
      for (const district of districtTable.rows) {
        const detail = await reports.detail(region.regionCode, zone.zonecode, district.district);
        const footer = detail.find(isStoreFooterRow);
        const stores = new Set(detail.filter((r) => !isStoreFooterRow(r)).map((r) => (isStoreFooterRow(r) ? '' : r.dlrnum)));
        const enrolled = footer?.enrollDealer ?? -1;
        const notEnrolled = footer?.notEnrollDealer ?? -1;
        expect(
          { totDealer: stores.size, enrollDealer: enrolled, pctEnrollDlr: pct(enrolled, stores.size), notEnrolled, pctnotenrolled: pct(notEnrolled, stores.size) },
          `${label} district ${district.district} = its store detail`,
        ).toEqual({
          totDealer: district.totDealer,
          enrollDealer: district.enrollDealer,
          pctEnrollDlr: district.pctEnrollDlr,
          notEnrolled: district.notEnrolled,
          pctnotenrolled: district.pctnotenrolled,
        });
        compared++;
      }
    }
  }
  return compared;
}

describe('every region, zone and district row equals the Grand Total of its drill-down', () => {
  let t: TestApp;
  let corp: Record<string, string>;

  const post = async <Row>(level: string, body: Record<string, string>): Promise<Row[]> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Report/GetEnrollments?reportLevel=${level}`,
      headers: corp,
      payload: { region: '', zone: '', district: '', select: '', ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.dataSet.table as Row[];
  };
  const viaApi: Reports = {
    all: () => post('All', {}),
    regions: () => post('Region', {}),
    zones: (region) => post('Zone', { region, select: 'ALL' }),
    districts: (region, zone) => post('District', { region, zone, select: 'ALL' }),
    detail: (region, zone, district) => post('District', { region, zone, district, select: 'ALL' }),
  };
  const viaQueries = (event: string): Reports => ({
    all: () => q.networkTotal(t.database.db, event),
    regions: () => q.regionCounts(t.database.db, event),
    zones: (region) => q.zoneCounts(t.database.db, event, region),
    districts: (region, zone) => q.districtCounts(t.database.db, event, zone, region),
    detail: (region, zone, district) => q.storeDetail(t.database.db, event, { region, zone, district }, 'ALL'),
  });

  beforeAll(async () => {
    t = await buildTestApp({ stores: STORES });
    corp = bearer((await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken);
  }, 180_000);
  afterAll(() => t?.close());

  it('holds on the demo network as loaded, both events', { timeout: 120_000 }, async () => {
    const [shape] = rowsOf<{ multi: number }>(
      await t.database.db.execute(sql`select count(*) filter (where n > 1)::int as multi from (select count(*) as n from districts group by zone_code) x`),
    );
    // Zones of several districts: where a zone's own rounding and its districts' rounding part ways.
    expect(shape!.multi).toBe(60);
    expect(await expectRowsEqualDrillDownTotals(viaApi, 'nbc')).toBe(10 + 60 + 120);
    expect(await expectRowsEqualDrillDownTotals(viaQueries('abc'), 'abc')).toBe(10 + 60 + 120);
  });

  it('holds for any objectives and any enrollments (seeded random rounds)', { timeout: 240_000 }, async () => {
    const db = t.database.db;
    const registrationIds = rowsOf<{ id: number }>(await db.execute(sql`select id from registrations order by id`)).map((r) => r.id);
    const regions = rowsOf<{ code: string }>(await db.execute(sql`select code from regions order by code`)).map((r) => r.code);
    for (let round = 1; round <= 2; round++) {
      const rnd = createRandom(3100 + round);
      for (const code of regions) {
        // Round 1 keeps the extremes in play: 0 % and 100 % objectives.
        const objective = round === 1 ? rnd.pick([0, 1, 99, 100]) : rnd.int(0, 100);
        await db.execute(sql`update regions set objective_pct = ${objective} where code = ${code}`);
      }
      const changed = rnd.sample(registrationIds, Math.ceil(registrationIds.length / 20));
      for (const status of ['Enrolled', 'Pending', 'Cancelled'] as const) {
        const ids = changed.filter((_, i) => i % 3 === ['Enrolled', 'Pending', 'Cancelled'].indexOf(status));
        if (ids.length) await db.execute(sql`update registrations set status = ${status} where id in ${ids}`);
      }
      await expectRowsEqualDrillDownTotals(viaApi, `nbc round ${round}`);
      await expectRowsEqualDrillDownTotals(viaQueries('abc'), `abc round ${round}`);
      // The maintained counts still equal a recount from the base tables.
      expect(await q.regionCounts(db, 'nbc')).toEqual(await q.regionCounts(db, 'nbc', { recount: true }));
    }
  });
});
