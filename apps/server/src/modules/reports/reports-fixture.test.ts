/**
 * Every report figure on a network small enough to work out by hand (testing/reports-fixture.ts): the
 * expectations below are written out, not computed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@portal/db';
import { createTestDatabase } from '@portal/db/testing';
import { bearer, buildTestApp, DEMO, loginAs, testConfig, type TestApp } from '../../testing/build-test-app.ts';
import { createReportScopeService } from '../report-scope/report-scope.service.ts';
import { loadReportFixture } from './testing/reports-fixture.ts';

const counts = (totDealer: number, enrollDealer: number, pctEnrollDlr: number, pctnotenrolled: number, objreq: number, fixPctObjReq: number, objCount: number) => ({
  totDealer,
  enrollDealer,
  pctEnrollDlr,
  notEnrolled: totDealer - enrollDealer,
  pctnotenrolled,
  objreq,
  fixPctObjReq,
  objCount,
});

const store = (dlrnum: string, extra: Record<string, string>) => {
  const stores: Record<string, Record<string, string>> = {
    '10001': { zoneName: 'North A', districtName: 'Lakes', 'dealer Name': 'Morgan Motors', cityState: 'Springfield, IL', region: '010', zone: '011', district: 'D111' },
    '10002': { zoneName: 'North A', districtName: 'Lakes', 'dealer Name': 'Lakeside Auto', cityState: 'Lake City, MN', region: '010', zone: '011', district: 'D111' },
    '10003': { zoneName: 'North A', districtName: 'Hills', 'dealer Name': 'Hilltop Cars', cityState: 'Hill Valley, CA', region: '010', zone: '011', district: 'D112' },
    '20001': { zoneName: 'South A', districtName: 'Coast', 'dealer Name': 'Coastal Motors', cityState: 'Bay Town, TX', region: '020', zone: '021', district: 'D211' },
    '20002': { zoneName: 'South A', districtName: 'Coast', 'dealer Name': 'Harbor Autos', cityState: 'Port Side, FL', region: '020', zone: '021', district: 'D211' },
    '20003': { zoneName: 'South A', districtName: 'Coast', 'dealer Name': 'Sunset Trucks', cityState: 'West End, GA', region: '020', zone: '021', district: 'D211' },
  };
  return { dlrnum, ...stores[dlrnum], ...extra };
};
const none = { enrlStatusDesc: 'Not Enrolled', enrlDate: '', atdName: '', loginid: '', virtualAttendee: '' };
const PAT = { enrlStatusDesc: 'Enrolled', enrlDate: '2026-11-02', atdName: 'Pat Morgan', loginid: 'pat.morgan@morgan-motors.example.com', virtualAttendee: 'No' };
const JORDAN = { enrlStatusDesc: 'Enrolled', enrlDate: '2026-11-03', atdName: 'Jordan Lee', loginid: 'jordan.lee@morgan-motors.example.com', virtualAttendee: 'Yes' };
const HANA = { enrlStatusDesc: 'Enrolled', enrlDate: '2026-11-05', atdName: 'Hana Hill', loginid: 'hana.hill@hilltop.example.com', virtualAttendee: 'No' };
const CODY = { enrlStatusDesc: 'Enrolled', enrlDate: '2026-11-06', atdName: 'Cody Coast', loginid: 'cody.coast@coastal.example.com', virtualAttendee: 'Yes' };

describe('reports on a hand-made network', () => {
  let database: Database;
  let t: TestApp;
  let corp: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadReportFixture(database.db, testConfig().codeHashKey);
    t = await buildTestApp({ database });
    corp = bearer((await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: corp, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.dataSet.table as unknown[];
  };
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: corp });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { dataSet?: { table: unknown[] }; table?: unknown[] };
  };
  const body = (b: Partial<Record<'region' | 'zone' | 'district' | 'select', string>> = {}) => ({ region: '', zone: '', district: '', select: '', ...b });

  it('Region: a row per region, objectives worked out per district and summed, then the grand total', async () => {
    expect(await post('/api/Report/GetEnrollments?reportLevel=Region', body())).toEqual([
      // North (30 %): Lakes ceil(2 x 0.3) = 1 + Hills ceil(1 x 0.3) = 1, so 2 of 3 stores (66.7 %).
      { regionCode: '010', regdescription: 'North', ...counts(3, 2, 66.7, 33.3, 2, 66.7, 0) },
      // South (75 %): Coast ceil(3 x 0.75) = 3 (100 %), 1 enrolled: 2 missing.
      { regionCode: '020', regdescription: 'South', ...counts(3, 1, 33.3, 66.7, 3, 100, 2) },
      { regionCode: '030', regdescription: 'Empty', ...counts(0, 0, 0, 0, 0, 0, 0) },
      // objreq 2 + 3 + 0 = 5 (83.3 % of 6); objCount 0 + 2 + 0 = 2.
      { regionCode: 'zzz', regdescription: 'zzz', ...counts(6, 3, 50, 50, 5, 83.3, 2) },
    ]);
  });

  it('All: the network total, as the Region grand total', async () => {
    expect(await post('/api/Report/GetEnrollments?reportLevel=All', body())).toEqual([counts(6, 3, 50, 50, 5, 83.3, 2)]);
  });

  it('Zone: the zones of a region, an empty zone included; each row equals its district table\'s grand total', async () => {
    expect(await post('/api/Report/GetEnrollments?reportLevel=Zone', body({ region: '010', select: 'ALL' }))).toEqual([
      // Not ceil(3 x 0.3) = 1: the zone's objective is its districts' (1 + 1), as its drill-down shows.
      { zonename: 'North A', zonecode: '011', region: '010', ...counts(3, 2, 66.7, 33.3, 2, 66.7, 0) },
      { zonename: 'North B', zonecode: '012', region: '010', ...counts(0, 0, 0, 0, 0, 0, 0) },
      { zonename: 'zzz', zonecode: 'zzz', region: 'zzz', ...counts(3, 2, 66.7, 33.3, 2, 66.7, 0) },
    ]);
    expect(await post('/api/Report/GetEnrollments?reportLevel=Zone', body({ region: '030' }))).toEqual([
      { zonename: 'zzz', zonecode: 'zzz', region: 'zzz', ...counts(0, 0, 0, 0, 0, 0, 0) },
    ]);
  });

  it('District: the districts of a zone; objectives rounded up per district', async () => {
    expect(await post('/api/Report/GetEnrollments?reportLevel=District', body({ region: '010', zone: '011', select: 'ALL' }))).toEqual([
      { districtname: 'Lakes', district: 'D111', zone: '011', region: '010', ...counts(2, 1, 50, 50, 1, 50, 0) },
      { districtname: 'Hills', district: 'D112', zone: '011', region: '010', ...counts(1, 1, 100, 0, 1, 100, 0) },
      { districtname: 'zzz', district: 'zzz', zone: 'zzz', region: 'zzz', ...counts(3, 2, 66.7, 33.3, 2, 66.7, 0) },
    ]);
  });

  it('store detail: a row per enrolled attendee, one per store without, then the district totals whatever the filter', async () => {
    const footer = { isFooterInfo: true, enrollAtdFree: 1, enrollAtdPay: 0, virtualAttendeeFree: 0, virtualAttendeePay: 1, enrollDealer: 1, notEnrollDealer: 1 };
    const detail = (select: string) => post('/api/Report/GetEnrollments?reportLevel=District', body({ region: '010', zone: '011', district: 'D111', select }));
    expect(await detail('ALL')).toEqual([store('10001', PAT), store('10001', JORDAN), store('10002', none), footer]);
    expect(await detail('E')).toEqual([store('10001', PAT), store('10001', JORDAN), footer]);
    expect(await detail('N')).toEqual([store('10002', none), footer]);
    // Coast: Cody is virtual and free; the expo attendee of 20002 and the abc registration do not enrol it.
    expect(await post('/api/Report/GetEnrollments?reportLevel=District', body({ district: 'D211' }))).toEqual([
      store('20001', CODY),
      store('20002', none),
      store('20003', none),
      { isFooterInfo: true, enrollAtdFree: 0, enrollAtdPay: 0, virtualAttendeeFree: 1, virtualAttendeePay: 0, enrollDealer: 1, notEnrollDealer: 2 },
    ]);
    expect(await post('/api/Report/GetEnrollments?reportLevel=District', body({ district: 'D112' }))).toEqual([
      store('10003', HANA),
      { isFooterInfo: true, enrollAtdFree: 0, enrollAtdPay: 1, virtualAttendeeFree: 0, virtualAttendeePay: 0, enrollDealer: 1, notEnrollDealer: 0 },
    ]);
  });

  it('GetStoreData: one row per store with its first enrolled attendee, by region, network or zone, filtered', async () => {
    expect(await post('/api/Report/GetStoreData?reportLevel=Region', body({ region: '010' }))).toEqual([store('10001', PAT), store('10002', none), store('10003', HANA)]);
    expect(await post('/api/Report/GetStoreData?reportLevel=Region', body({ select: 'E' }))).toEqual([store('10001', PAT), store('10003', HANA), store('20001', CODY)]);
    expect(await post('/api/Report/GetStoreData?reportLevel=Region', body({ select: 'N' }))).toEqual([store('10002', none), store('20002', none), store('20003', none)]);
    expect(await post('/api/Report/GetStoreData?reportLevel=Zone', body({ zone: '021', select: 'ALL' }))).toEqual([store('20001', CODY), store('20002', none), store('20003', none)]);
    expect(await post('/api/Report/GetStoreData?reportLevel=Zone', body({ zone: '012' }))).toEqual([]);
  });

  const attendee = (atdName: string, region: string, zone: string, busName: string, busCityState: string, enrlStatusDesc: string, enrlDate: string, arrivalDate: string, departuredate: string, virtualAttendee: string, reccount: number, virtualRecCount: number) =>
    ({ atdName, region, regionName: REGION_NAMES[region] ?? '', zone, zoneName: ZONE_NAMES[zone] ?? '', busName, busCityState, enrlStatusDesc, enrlDate, arrivalDate, departuredate, virtualAttendee, reccount, virtualRecCount });
  // The attendee rows name their region and zone beside the codes.
  const REGION_NAMES: Record<string, string> = { '010': 'North', '020': 'South' };
  const ZONE_NAMES: Record<string, string> = { '011': 'North A', '012': 'North B', '021': 'South A' };

  it('attendee reports by type: pending and enrolled, cancelled left out, totals (of the enrolled) on every row', async () => {
    const byType = async (rptType: number, regCode = 'ALL') => (await get(`/api/Report/GetEnrollmentReportsByType?regCode=${regCode}&rptType=${rptType}`)).dataSet!.table;
    expect(await byType(1)).toEqual([
      // Fay is pending: listed, but not one of the Total Attendees (the traveller report's Field: 1).
      attendee('Fay Field', '020', '021', '', '', 'Pending', '', '', '', 'Yes', 1, 0),
      attendee('Field User', '010', '011', '', '', 'Enrolled', '2026-11-08', '2027-03-01', '2027-03-04', 'No', 1, 0),
    ]);
    expect(await byType(1, '010')).toEqual([attendee('Field User', '010', '011', '', '', 'Enrolled', '2026-11-08', '2027-03-01', '2027-03-04', 'No', 1, 0)]);
    expect(await byType(2)).toEqual([attendee('Corp User', '', '', '', '', 'Enrolled', '2026-11-10', '2027-03-01', '2027-03-02', 'No', 1, 0)]);
    expect(await byType(3)).toEqual([
      attendee('Dina Dist', '', '', 'Acme Parts', '', 'Enrolled', '2026-11-11', '', '', 'Yes', 1, 1),
      attendee('Vic Vendor', '', '', 'Tool Co', '', 'Pending', '', '', '', 'No', 1, 1),
    ]);
    expect(await byType(4)).toEqual([attendee('Sara Sbr', '', '', '', '', 'Enrolled', '2026-11-12', '2027-03-01', '2027-03-03', 'No', 1, 0)]);
    expect(await byType(5, '010')).toEqual([
      attendee('Casey Candidate', '010', '011', 'Lakeside Auto', 'Lake City, MN', 'Pending', '', '', '', 'No', 1, 0),
      attendee('Hana Hill', '010', '011', 'Hilltop Cars', 'Hill Valley, CA', 'Enrolled', '2026-11-05', '2027-03-02', '2027-03-03', 'No', 1, 0),
    ]);
    expect(await byType(5, '020')).toEqual([]);
    expect(await byType(4, '010')).toEqual([]);
  });

  it('field report by region and zone', async () => {
    const field = async (regCode: string, zone: string) => (await get(`/api/Report/GetFieldReportData?regCode=${regCode}&zone=${zone}`)).dataSet!.table;
    expect((await field('ALL', 'ALL')).map((r) => (r as { atdName: string }).atdName)).toEqual(['Fay Field', 'Field User']);
    expect(await field('ALL', '021')).toEqual([attendee('Fay Field', '020', '021', '', '', 'Pending', '', '', '', 'Yes', 0, 0)]);
    expect(await field('010', '021')).toEqual([]);
    expect((await field('010', 'ALL')).map((r) => (r as { atdName: string }).atdName)).toEqual(['Field User']);
  });

  it('regions, zones by region, enrolled attendees per traveller type', async () => {
    expect((await get('/api/Report/GetAllRegions')).table).toEqual([
      { regCode: '010', regDescription: 'North' },
      { regCode: '020', regDescription: 'South' },
      { regCode: '030', regDescription: 'Empty' },
    ]);
    expect((await get('/api/Report/GetAllZonesByRegion?regCode=010')).table).toEqual([
      { zone: '011', zoneName: 'North A' },
      { zone: '012', zoneName: 'North B' },
    ]);
    expect((await get('/api/Report/GetAllZonesByRegion?regCode=all')).table).toHaveLength(3);
    expect((await get('/api/Report/GetAllZonesByRegion?regCode=030')).table).toEqual([]);
    expect((await get('/api/Report/GetReportAtendeeCountByType')).dataSet!.table).toEqual([
      { attendeedesc: 'Dealer', totalenrolledAttendees: 3 },
      { attendeedesc: 'Candidate', totalenrolledAttendees: 1 },
      { attendeedesc: 'Field', totalenrolledAttendees: 1 },
      { attendeedesc: 'Corporate', totalenrolledAttendees: 1 },
      { attendeedesc: 'Distributor', totalenrolledAttendees: 1 },
      { attendeedesc: 'Vendor', totalenrolledAttendees: 0 },
      { attendeedesc: 'SBR', totalenrolledAttendees: 1 },
      { attendeedesc: 'Partner', totalenrolledAttendees: 0 },
      { attendeedesc: 'Expo', totalenrolledAttendees: 1 },
    ]);
  });

  it('reads the event of the caller\'s token', async () => {
    // No demo code grants a report policy for abc, so sign a corporate abc token directly.
    // Report data needs a granted scope: this report reader holds the network.
    await createReportScopeService({ db: database.db }).setReportUserScope('corp.abc@corp.example.com', { level: 'network', code: null });
    const { token } = await t.app.tokens.sign({ personId: null, email: 'corp.abc@corp.example.com', eventType: 'abc', policies: ['corporate'], regType: 'CORP', isDealer: false, storeCode: null });
    const res = await t.app.inject({ method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=All', headers: bearer(token), payload: body() });
    // Only Harbor Autos (20002) has an enrolled abc dealer: 010 needs 2 more stores (one per district), 020 needs 2 more.
    expect(res.json().data.dataSet.table).toEqual([counts(6, 1, 16.7, 83.3, 5, 83.3, 4)]);
    const types = await t.app.inject({ method: 'GET', url: '/api/Report/GetReportAtendeeCountByType', headers: bearer(token) });
    expect(types.json().data.dataSet.table.filter((r: { totalenrolledAttendees: number }) => r.totalenrolledAttendees > 0)).toEqual([{ attendeedesc: 'Dealer', totalenrolledAttendees: 1 }]);
  });
});
