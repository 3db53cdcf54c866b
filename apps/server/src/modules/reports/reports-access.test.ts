/**
 * Who may call which report, parameter validation and hostile input, on the demo network.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';

type Call = { name: string; method: 'GET' | 'POST'; url: string; payload?: object };

const EMPTY = { region: '', zone: '', district: '', select: '' };
const CALLS = {
  all: { name: 'GetEnrollments All', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=All', payload: EMPTY },
  region: { name: 'GetEnrollments Region', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Region', payload: EMPTY },
  zone: { name: 'GetEnrollments Zone', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Zone', payload: { ...EMPTY, region: '010', select: 'ALL' } },
  district: { name: 'GetEnrollments District', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=District', payload: { ...EMPTY, region: '010', zone: '011', select: 'ALL' } },
  detail: { name: 'store detail', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=District', payload: { region: '010', zone: '011', district: '011001', select: 'E' } },
  storeData: { name: 'GetStoreData', method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Zone', payload: { ...EMPTY, zone: '011' } },
  type1: { name: 'rptType 1', method: 'GET', url: '/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=1' },
  type2: { name: 'rptType 2', method: 'GET', url: '/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=2' },
  type3: { name: 'rptType 3', method: 'GET', url: '/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=3' },
  type4: { name: 'rptType 4', method: 'GET', url: '/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=4' },
  type5: { name: 'rptType 5', method: 'GET', url: '/api/Report/GetEnrollmentReportsByType?regCode=010&rptType=5' },
  regions: { name: 'GetAllRegions', method: 'GET', url: '/api/Report/GetAllRegions' },
  zones: { name: 'GetAllZonesByRegion', method: 'GET', url: '/api/Report/GetAllZonesByRegion?regCode=ALL' },
  field: { name: 'GetFieldReportData', method: 'GET', url: '/api/Report/GetFieldReportData?regCode=ALL&zone=ALL' },
  travellers: { name: 'GetReportAtendeeCountByType', method: 'GET', url: '/api/Report/GetReportAtendeeCountByType' },
  retailer: { name: 'GetRetailerReport', method: 'GET', url: '/api/Report/GetRetailerReport?eventCode=NBC27&reportHeaders=Store%20Code,Email' },
} satisfies Record<string, Call>;
type CallName = keyof typeof CALLS;
const ALL_CALLS = Object.keys(CALLS) as CallName[];

describe('report access, validation and hostile input', () => {
  let t: TestApp;
  const tokens: Record<'corporate' | 'field' | 'dealer' | 'reporting', Record<string, string>> = {} as never;

  beforeAll(async () => {
    t = await buildTestApp({ stores: 300 });
    tokens.corporate = bearer((await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken);
    tokens.field = bearer((await loginAs(t.app, DEMO.field, 'FIELD27')).accessToken);
    tokens.dealer = bearer((await loginAs(t.app, DEMO.em, 'DEALER27')).accessToken);
    tokens.reporting = bearer((await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken);
  });
  afterAll(() => t?.close());

  const call = (c: Call, headers: Record<string, string> = {}) =>
    t.app.inject({ method: c.method, url: c.url, headers, ...(c.payload ? { payload: c.payload } : {}) });

  describe('role matrix', () => {
    const allowed: Record<keyof typeof tokens, CallName[]> = {
      corporate: ALL_CALLS.filter((c) => c !== 'retailer'),
      field: ['all', 'region', 'zone', 'district', 'detail', 'storeData', 'type1', 'type5', 'regions', 'zones', 'field'],
      dealer: [],
      reporting: ['retailer'],
    };

    it('answers 401 without a token, or with a malformed, forged or revoked one', async () => {
      const revoked = bearer((await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken);
      await t.app.inject({ method: 'POST', url: '/User/ProcessLogout', headers: revoked });
      const forged = bearer(`${tokens.corporate.authorization!.slice(7, -4)}AAAA`);
      for (const c of ALL_CALLS) {
        for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Basic abc' }, forged, revoked]) {
          const res = await call(CALLS[c], headers);
          expect(res.statusCode, `${c} ${JSON.stringify(headers).slice(0, 40)}`).toBe(401);
          expect(res.json()).toMatchObject({ succeeded: false, data: null });
        }
      }
    });

    for (const role of Object.keys(allowed) as Array<keyof typeof allowed>) {
      it(`${role}: ${allowed[role].length ? allowed[role].join(', ') : 'nothing'}; 403 for the rest`, async () => {
        for (const c of ALL_CALLS) {
          const res = await call(CALLS[c], tokens[role]);
          const expected = allowed[role].includes(c) ? 200 : 403;
          expect(res.statusCode, `${role} ${c}: ${res.body.slice(0, 200)}`).toBe(expected);
          if (expected === 200) expect(res.json().succeeded).toBe(true);
          else expect(res.json()).toMatchObject({ succeeded: false, data: null, message: expect.any(String) });
        }
      });
    }
  });

  describe('parameter validation', () => {
    const expect400 = async (c: Call, field: RegExp) => {
      const res = await call(c, tokens.corporate);
      expect(res.statusCode, `${c.method} ${c.url} ${JSON.stringify(c.payload)}: ${res.body.slice(0, 300)}`).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ succeeded: false, data: null });
      expect(body.message).toMatch(field);
      return body as { message: string; errors?: Array<{ field: string; message: string }> };
    };

    it('rejects unknown or missing report levels', async () => {
      for (const level of ['', 'Store', 'region', 'ALL', 'All%27', 'District;']) {
        const body = await expect400({ name: '', method: 'POST', url: `/api/Report/GetEnrollments?reportLevel=${level}`, payload: EMPTY }, /reportLevel/);
        expect(body.message).toMatch(/All, Region, Zone, District/);
      }
      await expect400({ name: '', method: 'POST', url: '/api/Report/GetEnrollments', payload: EMPTY }, /reportLevel/);
      for (const level of ['All', 'District', '']) {
        await expect400({ name: '', method: 'POST', url: `/api/Report/GetStoreData?reportLevel=${level}`, payload: EMPTY }, /reportLevel.*Region, Zone/);
      }
    });

    it('rejects an unknown select, wrong types and malformed bodies', async () => {
      for (const select of ['X', 'ENROLLED', 'A', '1']) {
        await expect400({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=District', payload: { region: '010', zone: '011', district: '011001', select } }, /select must be ALL, E or N/);
      }
      await expect400({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Zone', payload: { region: 10 } }, /region/);
      await expect400({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Zone', payload: { region: ['010'] } }, /region/);
      await expect400({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Zone', payload: [] as unknown as object }, /body/);
      const malformed = await t.app.inject({ method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=All', headers: { ...tokens.corporate, 'content-type': 'application/json' }, payload: '{"region": ' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ succeeded: false, message: 'Malformed JSON body' });
    });

    it('accepts the select filter in any case and a POST without a body', async () => {
      const lower = await call({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=District', payload: { region: '010', zone: '011', district: '011001', select: 'e' } }, tokens.corporate);
      const upper = await call(CALLS.detail, tokens.corporate);
      expect(lower.json()).toEqual(upper.json());
      const bare = await t.app.inject({ method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Region', headers: tokens.corporate });
      expect(bare.statusCode).toBe(200);
      expect(bare.json()).toEqual((await call(CALLS.region, tokens.corporate)).json());
    });

    it('requires the keys a level needs', async () => {
      await expect400({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Zone', payload: EMPTY }, /region is required/);
      await expect400({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=District', payload: { ...EMPTY, region: '010' } }, /zone or district is required/);
      await expect400({ name: '', method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Zone', payload: { ...EMPTY, region: '010' } }, /zone is required/);
    });

    it('rejects bad codes, report types and missing query parameters', async () => {
      for (const rptType of ['0', '6', '-1', '1.0', 'one', '', '12', '1e0']) {
        await expect400({ name: '', method: 'GET', url: `/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=${rptType}` }, /rptType/);
      }
      await expect400({ name: '', method: 'GET', url: '/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=1&rptType=2' }, /rptType/);
      await expect400({ name: '', method: 'GET', url: '/api/Report/GetEnrollmentReportsByType?rptType=1' }, /regCode is required/);
      await expect400({ name: '', method: 'GET', url: '/api/Report/GetAllZonesByRegion' }, /regCode is required/);
      await expect400({ name: '', method: 'GET', url: '/api/Report/GetFieldReportData?regCode=ALL' }, /zone is required/);
      await expect400({ name: '', method: 'GET', url: `/api/Report/GetAllZonesByRegion?regCode=${'1'.repeat(33)}` }, /regCode/);
      await expect400({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Zone', payload: { ...EMPTY, region: '0'.repeat(33) } }, /region/);
      // A field user asking a corporate report type is refused before the type is even read.
      const res = await call(CALLS.type3, tokens.field);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/corporate/);
    });

    it('answers known-shaped but unknown codes with empty tables', async () => {
      const zone = await call({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=Zone', payload: { ...EMPTY, region: 'R-999' } }, tokens.corporate);
      expect(zone.json().data.dataSet.table).toEqual([expect.objectContaining({ zonecode: 'zzz', totDealer: 0 })]);
      const detail = await call({ name: '', method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=District', payload: { ...EMPTY, district: 'none_such' } }, tokens.corporate);
      expect(detail.json().data.dataSet.table).toEqual([
        { isFooterInfo: true, enrollAtdFree: 0, enrollAtdPay: 0, virtualAttendeeFree: 0, virtualAttendeePay: 0, enrollDealer: 0, notEnrollDealer: 0 },
      ]);
      const zones = await call({ name: '', method: 'GET', url: '/api/Report/GetAllZonesByRegion?regCode=_' }, tokens.corporate);
      expect(zones.json().data.table).toEqual([]);
    });
  });

  describe('hostile input', () => {
    const ATTACKS = [
      "' OR '1'='1",
      "010' OR 1=1 --",
      "010'; DROP TABLE registrations; --",
      '010"; DELETE FROM stores; --',
      "'); UPDATE people SET email = 'x'; --",
      '1) UNION SELECT email, email FROM people --',
      '%',
      '_',
      '--',
      '\\',
      '$1',
      '${region}',
      "\u0000'",
      'ALL\' OR \'a\'=\'a',
      '010/**/OR/**/1=1',
      'x'.repeat(5000),
      '🚗',
    ];

    const counts = async () =>
      rowsOf<Record<string, number>>(
        await t.database.db.execute(sql`select
          (select count(*)::int from registrations) as registrations, (select count(*)::int from stores) as stores,
          (select count(*)::int from people) as people, (select count(*)::int from regions) as regions,
          (select count(*)::int from zones) as zones, (select count(*)::int from districts) as districts`),
      )[0];

    it('never answers 500 for attacks in any query parameter or body field, and changes no table', async () => {
      const before = await counts();
      const requests: Call[] = [];
      for (const attack of ATTACKS) {
        const q = encodeURIComponent(attack);
        requests.push(
          { name: 'reportLevel', method: 'POST', url: `/api/Report/GetEnrollments?reportLevel=${q}`, payload: EMPTY },
          { name: 'storeData level', method: 'POST', url: `/api/Report/GetStoreData?reportLevel=${q}`, payload: EMPTY },
          { name: 'regCode', method: 'GET', url: `/api/Report/GetEnrollmentReportsByType?regCode=${q}&rptType=1` },
          { name: 'rptType', method: 'GET', url: `/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=${q}` },
          { name: 'zones regCode', method: 'GET', url: `/api/Report/GetAllZonesByRegion?regCode=${q}` },
          { name: 'field regCode', method: 'GET', url: `/api/Report/GetFieldReportData?regCode=${q}&zone=ALL` },
          { name: 'field zone', method: 'GET', url: `/api/Report/GetFieldReportData?regCode=ALL&zone=${q}` },
        );
        for (const level of ['All', 'Region', 'Zone', 'District']) {
          for (const field of ['region', 'zone', 'district', 'select']) {
            requests.push({ name: `${level} ${field}`, method: 'POST', url: `/api/Report/GetEnrollments?reportLevel=${level}`, payload: { region: '010', zone: '011', district: '', select: 'ALL', [field]: attack } });
          }
        }
        for (const level of ['Region', 'Zone']) {
          for (const field of ['region', 'zone', 'district', 'select']) {
            requests.push({ name: `store ${level} ${field}`, method: 'POST', url: `/api/Report/GetStoreData?reportLevel=${level}`, payload: { region: '', zone: '011', district: '', select: 'ALL', [field]: attack } });
          }
        }
      }
      const statuses = new Map<number, number>();
      for (const r of requests) {
        const res = await call(r, tokens.corporate);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect([200, 400], `${r.name} ${r.url} ${JSON.stringify(r.payload)?.slice(0, 120)}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        const body = res.json();
        if (res.statusCode === 400) expect(body).toMatchObject({ succeeded: false, data: null });
        expect(res.body).not.toMatch(/stack|at .*\.ts:\d+|syntax error/i);
      }
      // Most attacks fail validation; the few code-shaped ones ('_', '--') are simply unknown codes.
      expect(statuses.get(400)).toBeGreaterThan(requests.length * 0.8);
      expect(await counts()).toEqual(before);
    });

    it('the retailer report refuses attacks in the event code and the headers', async () => {
      const before = await counts();
      for (const attack of ATTACKS) {
        const q = encodeURIComponent(attack);
        for (const url of [`/api/Report/GetRetailerReport?eventCode=${q}&reportHeaders=Email`, `/api/Report/GetRetailerReport?eventCode=NBC27&reportHeaders=${q}`]) {
          const res = await t.app.inject({ method: 'GET', url, headers: tokens.reporting });
          expect([200, 400], `${url}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
          if (res.statusCode === 200) expect(res.json()).toEqual({ succeeded: false, message: 'No data found', data: null });
        }
      }
      expect(await counts()).toEqual(before);
    });
  });
});
