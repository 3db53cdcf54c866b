/**
 * Report scopes end to end (docs/reports.md, "Report scopes"): the demo region, zone and district
 * managers, a scoped corporate person and a scoped report user call every report route and export;
 * no answer holds a row outside their scope, the figures equal counts taken here from the base
 * tables, a named code outside the scope answers 403, and `ALL` means all of the scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { rowsOf, schema } from '@portal/db';
import type { AttendeeRow, AttendeeTypeCount, DistrictRow, RegionOption, RegionRow, StoreCounts, StoreRow, ZoneOption, ZoneRow } from '@portal/contracts';
import { bearer, buildTestApp, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { createReportScopeService } from '../report-scope/report-scope.service.ts';

type Level = 'region' | 'zone' | 'district';
interface Case {
  level: Level;
  code: string;
  manager: string;
  /** Codes just outside the scope, for the 403 checks. */
  outside: { region?: string; zone?: string; district?: string };
}
const CASES: Case[] = [
  { level: 'region', code: '010', manager: 'region.manager@corp.example.com', outside: { region: '020', zone: '021', district: '021001' } },
  { level: 'zone', code: '011', manager: 'zone.manager@corp.example.com', outside: { region: '020', zone: '012', district: '012001' } },
  { level: 'district', code: '011001', manager: 'district.manager@corp.example.com', outside: { region: '020', zone: '012', district: '011002' } },
];
const EMPTY = { region: '', zone: '', district: '', select: '' };
const STORE_BOUND = new Set(['dealer', 'candidate']);

interface Model {
  zoneOf: Map<string, string>; // district -> zone
  regionOf: Map<string, string>; // zone -> region
  stores: Array<typeof schema.stores.$inferSelect>;
  people: Map<number, typeof schema.people.$inferSelect>;
  registrations: Array<typeof schema.registrations.$inferSelect>;
}

/** Where a district lies: its codes at each level. */
function codesOf(model: Model, district: string) {
  const zone = model.zoneOf.get(district)!;
  return { region: model.regionOf.get(zone)!, zone, district };
}

const storeInside = (model: Model, c: Case, districtCode: string) => codesOf(model, districtCode)[c.level] === c.code;

/** An attendee lies inside by their store, else (travellers) by the zone they cover; a district holds no traveller. */
function registrationInside(model: Model, c: Case, r: Model['registrations'][number]): boolean {
  if (r.storeDlrnum !== null) {
    const store = model.stores.find((s) => s.dlrnum === r.storeDlrnum)!;
    return storeInside(model, c, store.districtCode);
  }
  if (c.level === 'district') return false;
  const zone = model.people.get(r.attendeeId)?.zoneCode;
  if (!zone) return false;
  return c.level === 'zone' ? zone === c.code : model.regionOf.get(zone) === c.code;
}

describe('report scopes on every report route', () => {
  let t: TestApp;
  let model: Model;
  const headers: Record<string, Record<string, string>> = {};
  const corporate: Record<string, Record<string, string>> = {};
  const reporting: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await buildTestApp({ stores: 300 });
    const db = t.database.db;
    for (const c of CASES) {
      headers[c.level] = bearer((await loginAs(t.app, c.manager, 'FIELD27')).accessToken);
      // A corporate person and a report user with the same scope, set after they logged in: the scope
      // is read per request, so their open sessions are narrowed at once.
      const corpEmail = `${c.level}.corporate@corp.example.com`;
      corporate[c.level] = bearer((await loginAs(t.app, corpEmail, 'CORP27')).accessToken);
      const [person] = rowsOf<{ id: number }>(await db.execute(sql`select id from people where email = ${corpEmail}`));
      await createReportScopeService({ db }).setPersonScope(person!.id, { level: c.level, code: c.code });
      // The report login admits only the report-user list: the organizer puts them on it with their scope first.
      const reportEmail = `${c.level}.reports@corp.example.com`;
      await createReportScopeService({ db }).setReportUserScope(reportEmail, { level: c.level, code: c.code });
      reporting[c.level] = bearer((await loginAs(t.app, reportEmail, 'REPORTS27', { IsReporting: true })).accessToken);
    }
    const [zones, districts, stores, people, registrations] = await Promise.all([
      db.select().from(schema.zones),
      db.select().from(schema.districts),
      db.select().from(schema.stores),
      db.select().from(schema.people),
      db.select().from(schema.registrations),
    ]);
    model = {
      zoneOf: new Map(districts.map((d) => [d.code, d.zoneCode])),
      regionOf: new Map(zones.map((z) => [z.code, z.regionCode])),
      stores,
      people: new Map(people.map((p) => [p.id, p])),
      registrations,
    };
  });
  afterAll(() => t?.close());

  const post = async <Row>(url: string, payload: object, h: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: h });
    expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body.slice(0, 200)}`).toBe(200);
    return (res.json() as { data: { dataSet: { table: Row[] } } }).data.dataSet.table;
  };
  const get = async <T>(url: string, h: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url, headers: h });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const body = (rows: Array<{ regionCode?: string; zonecode?: string; district?: string }>) => rows.slice(0, -1);

  /** Store counts of the given stores for the nbc event. */
  function counts(stores: Model['stores']) {
    const enrolled = new Set(
      model.registrations
        .filter((r) => r.eventId === 'nbc' && r.status === 'Enrolled' && STORE_BOUND.has(r.attendeeType) && r.storeDlrnum !== null)
        .map((r) => r.storeDlrnum),
    );
    return { totDealer: stores.length, enrollDealer: stores.filter((s) => enrolled.has(s.dlrnum)).length };
  }

  for (const c of CASES) {
    describe(`${c.level} ${c.code}`, () => {
      const inside = () => model.stores.filter((s) => storeInside(model, c, s.districtCode));
      const h = () => headers[c.level]!;
      const { region, zone, district } = { region: '010', zone: '011', district: '011001' };

      it('store counts: network total, regions, zones and districts hold only the scope, with its figures', async () => {
        const scoped = counts(inside());
        expect(scoped.totDealer).toBeGreaterThan(0);
        const [total] = await post<StoreCounts>('/api/Report/GetEnrollments?reportLevel=All', EMPTY, h());
        expect(total).toMatchObject(scoped);

        const regions = await post<RegionRow>('/api/Report/GetEnrollments?reportLevel=Region', EMPTY, h());
        expect(body(regions).map((r) => r.regionCode)).toEqual([region]);
        expect(regions[0]).toMatchObject(scoped);
        expect(regions.at(-1)).toMatchObject({ regionCode: 'zzz', ...scoped });

        const zones = await post<ZoneRow>('/api/Report/GetEnrollments?reportLevel=Zone', { ...EMPTY, region }, h());
        const expectedZones = [...new Set(inside().map((s) => codesOf(model, s.districtCode).zone))].sort();
        expect(body(zones).map((r) => r.zonecode)).toEqual(expectedZones);
        for (const row of body(zones)) {
          expect(row, row.zonecode).toMatchObject(counts(inside().filter((s) => model.zoneOf.get(s.districtCode) === row.zonecode)));
        }
        expect(zones.at(-1)).toMatchObject(scoped);

        const districts = await post<DistrictRow>('/api/Report/GetEnrollments?reportLevel=District', { ...EMPTY, region, zone }, h());
        const expectedDistricts = [...new Set(inside().filter((s) => model.zoneOf.get(s.districtCode) === zone).map((s) => s.districtCode))].sort();
        expect(body(districts).map((r) => r.district)).toEqual(expectedDistricts);
        for (const row of body(districts)) {
          expect(row, row.district).toMatchObject(counts(inside().filter((s) => s.districtCode === row.district)));
        }
      });

      it('store detail and the store exports list only the scope\'s stores; an empty or ALL filter means all of the scope', async () => {
        const detail = await post<StoreRow | { isFooterInfo: true }>('/api/Report/GetEnrollments?reportLevel=District', { region, zone, district, select: 'ALL' }, h());
        const detailStores = new Set(detail.filter((r): r is StoreRow => !('isFooterInfo' in r)).map((r) => r.dlrnum));
        expect([...detailStores].sort()).toEqual(model.stores.filter((s) => s.districtCode === district).map((s) => s.dlrnum).sort());

        const expected = inside().map((s) => s.dlrnum).sort();
        for (const [level, payload] of [
          ['Region', EMPTY],
          ['Region', { ...EMPTY, region }],
        ] as const) {
          const rows = await post<StoreRow>(`/api/Report/GetStoreData?reportLevel=${level}`, payload, h());
          expect(rows.map((r) => r.dlrnum).sort(), `${level} ${JSON.stringify(payload)}`).toEqual(expected);
        }
        const zoneRows = await post<StoreRow>('/api/Report/GetStoreData?reportLevel=Zone', { ...EMPTY, zone }, h());
        expect(zoneRows.map((r) => r.dlrnum).sort()).toEqual(inside().filter((s) => model.zoneOf.get(s.districtCode) === zone).map((s) => s.dlrnum).sort());
        for (const select of ['E', 'N']) {
          const rows = await post<StoreRow>('/api/Report/GetStoreData?reportLevel=Region', { ...EMPTY, select }, h());
          expect(rows.every((r) => r[c.level] === c.code)).toBe(true);
        }
      });

      it('attendee reports, the field report and the lists hold only the scope', async () => {
        const expectedOf = (types: string[]) =>
          model.registrations.filter((r) => r.eventId === 'nbc' && (r.status === 'Pending' || r.status === 'Enrolled') && types.includes(r.attendeeType) && registrationInside(model, c, r)).length;
        for (const [rptType, types] of [
          [1, ['field']],
          [5, ['candidate']],
        ] as const) {
          for (const regCode of ['ALL', region]) {
            const rows = (await get<{ dataSet: { table: AttendeeRow[] } }>(`/api/Report/GetEnrollmentReportsByType?regCode=${regCode}&rptType=${rptType}`, h())).dataSet.table;
            expect(rows.length, `rptType ${rptType} ${regCode}`).toBe(expectedOf([...types]));
            expect(rows.every((r) => r.region === region && (c.level === 'region' || r.zone === zone))).toBe(true);
            if (rows[0]) expect(rows[0].reccount).toBe(rows.filter((r) => r.enrlStatusDesc === 'Enrolled').length);
          }
        }
        const field = (await get<{ dataSet: { table: AttendeeRow[] } }>('/api/Report/GetFieldReportData?regCode=ALL&zone=ALL', h())).dataSet.table;
        expect(field.length).toBe(expectedOf(['field']));

        const regions = (await get<{ table: RegionOption[] }>('/api/Report/GetAllRegions', h())).table;
        expect(regions.map((r) => r.regCode)).toEqual([region]);
        const zones = (await get<{ table: ZoneOption[] }>('/api/Report/GetAllZonesByRegion?regCode=ALL', h())).table;
        expect(zones.map((z) => z.zone)).toEqual(c.level === 'region' ? [...model.regionOf].filter(([, r]) => r === region).map(([z]) => z).sort() : [zone]);
      });

      it('corporate reports (attendee types 2 to 4, traveller counts) of a scoped corporate person', async () => {
        const corp = corporate[c.level]!;
        const expectedOf = (types: string[], statuses: string[]) =>
          model.registrations.filter((r) => r.eventId === 'nbc' && statuses.includes(r.status) && types.includes(r.attendeeType) && registrationInside(model, c, r)).length;
        for (const [rptType, types] of [
          [2, ['corporate']],
          [3, ['distributor', 'vendor']],
          [4, ['sbr']],
        ] as const) {
          const rows = (await get<{ dataSet: { table: AttendeeRow[] } }>(`/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=${rptType}`, corp)).dataSet.table;
          expect(rows.length, `rptType ${rptType}`).toBe(expectedOf([...types], ['Pending', 'Enrolled']));
        }
        const travellers = (await get<{ dataSet: { table: AttendeeTypeCount[] } }>('/api/Report/GetReportAtendeeCountByType', corp)).dataSet.table;
        const byDesc = new Map(travellers.map((r) => [r.attendeedesc, r.totalenrolledAttendees]));
        expect(byDesc.get('Dealer')).toBe(expectedOf(['dealer'], ['Enrolled']));
        expect(byDesc.get('Candidate')).toBe(expectedOf(['candidate'], ['Enrolled']));
        expect(byDesc.get('Field')).toBe(expectedOf(['field'], ['Enrolled']));
        expect(byDesc.get('Corporate')).toBe(expectedOf(['corporate'], ['Enrolled']));
        const [all] = await post<StoreCounts>('/api/Report/GetEnrollments?reportLevel=All', EMPTY, corp);
        expect(all).toMatchObject(counts(inside()));
      });

      it('the retailer report of a scoped report user holds only the scope\'s registrations', async () => {
        const data = await get<{ reportData: { fileContents: string } }>('/api/Report/GetRetailerReport?eventCode=NBC27&reportHeaders=Store%20Code,Region,Zone,District', reporting[c.level]!);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(Buffer.from(data.reportData.fileContents, 'base64') as unknown as ArrayBuffer);
        const rows: string[][] = [];
        workbook.worksheets[0]!.eachRow((row, n) => {
          if (n > 1) rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
        });
        const expected = model.registrations.filter((r) => r.eventId === 'nbc' && STORE_BOUND.has(r.attendeeType) && r.storeDlrnum !== null && registrationInside(model, c, r));
        expect(rows.length).toBe(expected.length);
        const index = { region: 1, zone: 2, district: 3 }[c.level];
        expect(rows.every((r) => r[index] === c.code)).toBe(true);
      });

      it('answers 403 for a region, zone or district outside the scope on every route that names one', async () => {
        const { outside } = c;
        const calls: Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> = [
          { method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Zone', payload: { ...EMPTY, region: outside.region } },
          { method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=District', payload: { ...EMPTY, region, zone: outside.zone } },
          { method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=District', payload: { region, zone, district: outside.district, select: 'ALL' } },
          { method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Region', payload: { ...EMPTY, region: outside.region } },
          { method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Zone', payload: { ...EMPTY, zone: outside.zone } },
          { method: 'GET', url: `/api/Report/GetEnrollmentReportsByType?regCode=${outside.region}&rptType=1` },
          { method: 'GET', url: `/api/Report/GetAllZonesByRegion?regCode=${outside.region}` },
          { method: 'GET', url: `/api/Report/GetFieldReportData?regCode=ALL&zone=${outside.zone}` },
          { method: 'GET', url: `/api/Report/GetFieldReportData?regCode=${outside.region}&zone=ALL` },
        ];
        for (const call of calls) {
          const res = await t.app.inject({ method: call.method, url: call.url, headers: h(), ...(call.payload ? { payload: call.payload } : {}) });
          expect(res.statusCode, `${call.url} ${JSON.stringify(call.payload ?? {})}: ${res.body.slice(0, 200)}`).toBe(403);
          expect(res.json()).toMatchObject({ succeeded: false, data: null, message: expect.stringContaining('outside your report scope') });
        }
      });

      it('tells the web app where the drill-down starts', async () => {
        const info = await get<{ level: string; region: string; zone: string; district: string }>('/api/Report/GetReportScope', h());
        expect(info).toMatchObject({ level: c.level, region, zone: c.level === 'region' ? '' : zone, district: c.level === 'district' ? district : '' });
      });
    });
  }

  it('readers asking at once each get their own scope, and a logged-out token among them is refused', async () => {
    // Requests that arrive together share one lookup of scope, token and data version: each must
    // still get its own answer.
    const url = '/api/Report/GetEnrollments?reportLevel=Region';
    const ask = (h: Record<string, string>) => t.app.inject({ method: 'POST', url, payload: EMPTY, headers: h });
    const readers = CASES.flatMap((c) => [headers[c.level]!, corporate[c.level]!]);
    const alone: string[] = [];
    for (const h of readers) {
      const res = await ask(h);
      expect(res.statusCode).toBe(200);
      alone.push(res.body);
    }
    // A manager and a corporate person of one scope read the same answer; the scopes' answers differ.
    for (let i = 0; i < readers.length; i += 2) expect(alone[i + 1]).toBe(alone[i]);
    expect(new Set(alone).size).toBeGreaterThan(1);
    const loggedOut = bearer((await loginAs(t.app, 'region.manager@corp.example.com', 'FIELD27')).accessToken);
    expect((await t.app.inject({ method: 'POST', url: '/User/ProcessLogout', headers: loggedOut })).statusCode).toBe(200);
    for (let round = 0; round < readers.length; round++) {
      const order = readers.map((_, i) => (i + round) % readers.length);
      const [refused, notAReader, ...answers] = await Promise.all([ask(loggedOut), ask(reporting.zone!), ...order.map((i) => ask(readers[i]!))]);
      expect(refused!.statusCode).toBe(401);
      // A report user holds the reporting policy only: not one of these reports.
      expect(notAReader!.statusCode).toBe(403);
      answers.forEach((res, n) => {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(alone[order[n]!]);
      });
    }
  });

  it('a scope changed by an organizer applies to the next request of an open session', async () => {
    const corp = corporate.zone!;
    const [person] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from people where email = 'zone.corporate@corp.example.com'`));
    await createReportScopeService({ db: t.database.db }).setPersonScope(person!.id, { level: 'zone', code: '012' });
    const regions = (await get<{ table: RegionOption[] }>('/api/Report/GetAllRegions', corp)).table;
    expect(regions.map((r) => r.regCode)).toEqual(['010']);
    const res = await t.app.inject({ method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=District', payload: { ...EMPTY, region: '010', zone: '011' }, headers: corp });
    expect(res.statusCode).toBe(403);
    // Cleared: no report access at all (granted, never assumed); granted the network: every region.
    await createReportScopeService({ db: t.database.db }).setPersonScope(person!.id, null);
    expect((await t.app.inject({ method: 'GET', url: '/api/Report/GetAllRegions', headers: corp })).statusCode).toBe(403);
    await createReportScopeService({ db: t.database.db }).setPersonScope(person!.id, { level: 'network', code: null });
    const all = (await get<{ table: RegionOption[] }>('/api/Report/GetAllRegions', corp)).table;
    expect(all.length).toBe(10);
  });
});
