/**
 * Arrivals inside the caller's report scope (docs/reports.md, "Report scopes"), and the console's
 * arrivals for the whole event. Expected figures are counted straight from the tables.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ARRIVALS_PATHS, arrivalsDataSchema, EVENT_DAYS_ADMIN_PATHS, notArrivedDataSchema } from '@portal/contracts';
import { rowsOf } from '@portal/db';
import { bearer, body, buildTestApp, DEMO, loginAs, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';


describe('arrivals', () => {
  let t: TestApp;
  let corporate: string;
  let regionManager: string;
  let admin: string;
  let dealer: string;

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  /** Enrolled and arrived per code of a level, from the tables. */
  async function expected(level: 'region' | 'zone' | 'district', where = sql`true`) {
    const col = level === 'region' ? sql`z.region_code` : level === 'zone' ? sql`z.code` : sql`d.code`;
    return rowsOf<{ code: string; enrolled: number; arrived: number }>(
      await t.database.db.execute(sql`
        select ${col} as code, count(*)::int as enrolled, count(b.checked_in_at)::int as arrived
        from registrations r join stores s on s.dlrnum = r.store_dlrnum join districts d on d.code = s.district_code join zones z on z.code = d.zone_code
        left join badges b on b.registration_id = r.id
        where r.event_id = 'nbc' and r.status = 'Enrolled' and ${where}
        group by 1 order by 1`),
    );
  }

  beforeAll(async () => {
    t = await buildTestApp();
    corporate = (await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken;
    regionManager = (await loginAs(t.app, 'region.manager@corp.example.com', 'FIELD27')).accessToken;
    dealer = (await loginAs(t.app, DEMO.em, 'DEALER27')).accessToken;
    admin = (await loginOrganizer(t.app)).accessToken;
  });
  afterAll(async () => t?.close());

  it('counts enrolled and arrived by region, zone and district for a network reader; about a third arrived in the demo', async () => {
    const res = await get(corporate, `${ARRIVALS_PATHS.arrivals}?event=nbc&reportLevel=Region`);
    expect(res.statusCode).toBe(200);
    const data = arrivalsDataSchema.parse(body(res).data);
    expect(data.rows.map(({ code, enrolled, arrived }) => ({ code, enrolled, arrived }))).toEqual(await expected('region'));
    expect(data.total.arrived / data.total.enrolled).toBeGreaterThan(0.25);
    expect(data.total.arrived / data.total.enrolled).toBeLessThan(0.42);
    const row = data.rows[0]!;
    expect(row.pctArrived).toBe(Math.round((row.arrived / row.enrolled) * 1000) / 10);

    const zones = arrivalsDataSchema.parse(body(await get(corporate, `${ARRIVALS_PATHS.arrivals}?reportLevel=Zone&region=${row.code}`)).data);
    expect(zones.rows.map(({ code, enrolled, arrived }) => ({ code, enrolled, arrived }))).toEqual(await expected('zone', sql`z.region_code = ${row.code}`));
  });

  it('keeps a region manager inside their region: their rows only, another region 403', async () => {
    const res = await get(regionManager, `${ARRIVALS_PATHS.arrivals}?reportLevel=Zone`);
    expect(res.statusCode).toBe(200);
    const data = arrivalsDataSchema.parse(body(res).data);
    const inRegion = await expected('zone', sql`z.region_code = '010'`);
    expect(inRegion.length).toBeGreaterThan(0);
    expect(data.rows.map(({ code, enrolled, arrived }) => ({ code, enrolled, arrived }))).toEqual(inRegion);
    const regions = arrivalsDataSchema.parse(body(await get(regionManager, `${ARRIVALS_PATHS.arrivals}?reportLevel=Region`)).data);
    expect(regions.rows.map((r) => r.code)).toEqual(['010']);
    const [regionTotal] = await expected('region', sql`z.region_code = '010'`);
    expect(regions.total).toEqual({ enrolled: regionTotal!.enrolled, arrived: regionTotal!.arrived });
    expect((await get(regionManager, `${ARRIVALS_PATHS.arrivals}?reportLevel=Zone&region=020`)).statusCode).toBe(403);
    expect((await get(regionManager, `${ARRIVALS_PATHS.notArrived}?zone=021`)).statusCode).toBe(403);

    const not = notArrivedDataSchema.parse(body(await get(regionManager, `${ARRIVALS_PATHS.notArrived}?pageSize=500`)).data);
    expect(not.total).toBe(regionTotal!.enrolled - regionTotal!.arrived);
    expect(not.rows.every((r) => inRegion.some((z) => z.code === r.zone))).toBe(true);
  });

  it('pages the not-arrived list and leaves out who arrived', async () => {
    const all = notArrivedDataSchema.parse(body(await get(corporate, `${ARRIVALS_PATHS.notArrived}?pageSize=500`)).data);
    const [counts] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from registrations r left join badges b on b.registration_id = r.id
        where r.event_id = 'nbc' and r.status = 'Enrolled' and r.store_dlrnum is not null and b.checked_in_at is null`),
    );
    expect(all.total).toBe(counts!.n);
    const page2 = notArrivedDataSchema.parse(body(await get(corporate, `${ARRIVALS_PATHS.notArrived}?page=2&pageSize=10`)).data);
    expect(page2.rows).toEqual(all.rows.slice(10, 20));
    expect((await get(corporate, `${ARRIVALS_PATHS.notArrived}?pageSize=501`)).statusCode).toBe(400);
  });

  it('refuses callers without report access, and bad input', async () => {
    expect((await get(dealer, ARRIVALS_PATHS.arrivals)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: ARRIVALS_PATHS.arrivals })).statusCode).toBe(401);
    expect((await get(corporate, `${ARRIVALS_PATHS.arrivals}?reportLevel=Store`)).statusCode).toBe(400);
    expect((await get(corporate, `${ARRIVALS_PATHS.arrivals}?region=%27;drop`)).statusCode).toBe(400);
    expect((await get(admin, ARRIVALS_PATHS.arrivals)).statusCode).toBe(403);
  });

  it('exports arrivals and the not-arrived list as xlsx', async () => {
    for (const what of ['arrivals', 'not-arrived']) {
      const res = await get(regionManager, `${ARRIVALS_PATHS.export}?what=${what}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    expect((await get(regionManager, `${ARRIVALS_PATHS.export}?region=020`)).statusCode).toBe(403);
    // A French reader gets the sheets and headers in French.
    for (const [what, sheet, header] of [
      ['arrivals', 'Arrivées', ['Région', 'Nom', 'Inscrits', 'Arrivés', 'Arrivés (%)']],
      ['not-arrived', 'Pas encore arrivés', ['Nom du participant', 'Type de participant', 'Code de concession', 'Nom de la concession', 'District', 'Zone']],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${ARRIVALS_PATHS.export}?what=${what}`, headers: { ...bearer(regionManager), 'accept-language': 'fr-CA,fr;q=0.9' } });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]!.name).toBe(sheet);
      expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    }
  });

  it('the console sees the whole event', async () => {
    const res = await get(admin, `${EVENT_DAYS_ADMIN_PATHS.arrivals}?event=nbc`);
    expect(res.statusCode).toBe(200);
    expect(arrivalsDataSchema.parse(body(res).data).rows.map(({ code, enrolled, arrived }) => ({ code, enrolled, arrived }))).toEqual(await expected('region'));
    expect((await get(admin, EVENT_DAYS_ADMIN_PATHS.arrivals)).statusCode).toBe(400);
    const not = await get(admin, `${EVENT_DAYS_ADMIN_PATHS.notArrived}?event=nbc&pageSize=5`);
    expect(notArrivedDataSchema.parse(body(not).data).rows).toHaveLength(5);
    expect((await get(corporate, `${EVENT_DAYS_ADMIN_PATHS.arrivals}?event=nbc`)).statusCode).toBe(403);
  });
});
