/**
 * Every report figure on the demo network (300 stores), checked against a model computed here from
 * plain table reads with the contract's definitions, not with the report SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@portal/db';
import type { AttendeeRow, StoreCounts, StoreDetailRow, StoreRow } from '@portal/contracts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';

type Region = typeof schema.regions.$inferSelect;
type Zone = typeof schema.zones.$inferSelect;
type District = typeof schema.districts.$inferSelect;
type Store = typeof schema.stores.$inferSelect;
type Person = typeof schema.people.$inferSelect;
type Registration = typeof schema.registrations.$inferSelect;

/** The network and the nbc registrations, read with plain selects. */
interface Model {
  regions: Region[];
  zones: Zone[];
  districts: District[];
  stores: Store[];
  people: Map<number, Person>;
  registrations: Registration[];
}

const byCode = <T extends { code: string }>(rows: T[]) => new Map(rows.map((r) => [r.code, r]));
const get = <K, V>(map: Map<K, V>, key: K): V => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`missing ${String(key)}`);
  return value;
};

/** x / y x 100 rounded to one decimal, 0 when y is 0. */
const pct = (x: number, y: number) => (y === 0 ? 0 : Math.round((x * 1000) / y) / 10);

/**
 * The counts of some stores of one region: the objective is worked out per district (ceil of the
 * district's stores x the region's objective %, and what is missing of it) and summed.
 */
function countsOf(stores: Store[], enrolled: Set<string>, objectivePct: number): StoreCounts {
  const totDealer = stores.length;
  const enrollDealer = stores.filter((s) => enrolled.has(s.dlrnum)).length;
  const byDistrict = new Map<string, Store[]>();
  for (const s of stores) byDistrict.set(s.districtCode, [...(byDistrict.get(s.districtCode) ?? []), s]);
  let objreq = 0;
  let objCount = 0;
  for (const districtStores of byDistrict.values()) {
    const required = Math.ceil((districtStores.length * objectivePct) / 100);
    objreq += required;
    objCount += Math.max(required - districtStores.filter((s) => enrolled.has(s.dlrnum)).length, 0);
  }
  return {
    totDealer,
    enrollDealer,
    pctEnrollDlr: pct(enrollDealer, totDealer),
    notEnrolled: totDealer - enrollDealer,
    pctnotenrolled: pct(totDealer - enrollDealer, totDealer),
    objreq,
    fixPctObjReq: pct(objreq, totDealer),
    objCount,
  };
}

function totalOf(rows: StoreCounts[]): StoreCounts {
  const sum = (k: keyof StoreCounts) => rows.reduce((a, r) => a + r[k], 0);
  const totDealer = sum('totDealer');
  const enrollDealer = sum('enrollDealer');
  const objreq = sum('objreq');
  return {
    totDealer,
    enrollDealer,
    pctEnrollDlr: pct(enrollDealer, totDealer),
    notEnrolled: sum('notEnrolled'),
    pctnotenrolled: pct(totDealer - enrollDealer, totDealer),
    objreq,
    fixPctObjReq: pct(objreq, totDealer),
    objCount: sum('objCount'),
  };
}

const pickCounts = (r: StoreCounts): StoreCounts => ({
  totDealer: r.totDealer,
  enrollDealer: r.enrollDealer,
  pctEnrollDlr: r.pctEnrollDlr,
  notEnrolled: r.notEnrolled,
  pctnotenrolled: r.pctnotenrolled,
  objreq: r.objreq,
  fixPctObjReq: r.fixPctObjReq,
  objCount: r.objCount,
});
const zzz = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, 'zzz']));
const ymd = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
const sortRows = <T>(rows: T[]) => [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

describe('report figures on the demo network', () => {
  let t: TestApp;
  let corp: Record<string, string>;
  let m: Model;
  let zoneByCode: Map<string, Zone>;
  let districtByCode: Map<string, District>;
  let regionByCode: Map<string, Region>;
  let enrolled: Set<string>;
  let storesOfRegion: (code: string) => Store[];
  let storesOfZone: (code: string) => Store[];
  let storesOfDistrict: (code: string) => Store[];

  beforeAll(async () => {
    t = await buildTestApp({ stores: 300 });
    corp = bearer((await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken);
    const db = t.database.db;
    const [regions, zones, districts, stores, people, registrations] = await Promise.all([
      db.select().from(schema.regions),
      db.select().from(schema.zones),
      db.select().from(schema.districts),
      db.select().from(schema.stores),
      db.select().from(schema.people),
      db.select().from(schema.registrations),
    ]);
    m = { regions, zones, districts, stores, people: new Map(people.map((p) => [p.id, p])), registrations: registrations.filter((r) => r.eventId === 'nbc') };
    zoneByCode = byCode(zones);
    districtByCode = byCode(districts);
    regionByCode = byCode(regions);
    enrolled = new Set(
      m.registrations
        .filter((r) => r.status === 'Enrolled' && (r.attendeeType === 'dealer' || r.attendeeType === 'candidate') && r.storeDlrnum)
        .map((r) => r.storeDlrnum!),
    );
    const zoneOfStore = (s: Store) => get(zoneByCode, get(districtByCode, s.districtCode).zoneCode);
    storesOfRegion = (code) => stores.filter((s) => zoneOfStore(s).regionCode === code);
    storesOfZone = (code) => stores.filter((s) => zoneOfStore(s).code === code);
    storesOfDistrict = (code) => stores.filter((s) => s.districtCode === code);
  });
  afterAll(() => t?.close());

  const post = async <Row>(level: string, body: Record<string, string>, route = 'GetEnrollments'): Promise<Row[]> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/Report/${route}?reportLevel=${level}`, headers: corp, payload: { region: '', zone: '', district: '', select: '', ...body } });
    expect(res.statusCode, res.body).toBe(200);
    const envelope = res.json();
    expect(envelope.succeeded).toBe(true);
    return envelope.data.dataSet.table as Row[];
  };
  const getTable = async <Row>(url: string): Promise<Row[]> => {
    const res = await t.app.inject({ method: 'GET', url, headers: corp });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    return (data.dataSet?.table ?? data.table) as Row[];
  };

  it('has a network worth testing', () => {
    expect(m.stores).toHaveLength(300);
    expect(enrolled.size).toBeGreaterThan(50);
    expect(enrolled.size).toBeLessThan(300);
    expect(m.registrations.some((r) => r.attendeeType === 'candidate' && r.status === 'Enrolled')).toBe(true);
    expect(m.registrations.some((r) => r.isVirtual && r.status === 'Enrolled' && r.storeDlrnum)).toBe(true);
    expect(m.registrations.some((r) => r.isFree && r.status === 'Enrolled')).toBe(true);
  });

  it('Region rows, their grand total and the All row match the model', async () => {
    const rows = await post<Record<string, unknown> & StoreCounts>('Region', {});
    const expected = [...m.regions]
      .sort((a, b) => (a.code < b.code ? -1 : 1))
      .map((r) => ({ regionCode: r.code, regdescription: r.description, ...countsOf(storesOfRegion(r.code), enrolled, r.objectivePct) }));
    const total = totalOf(expected);
    expect(rows).toEqual([...expected, { ...zzz(['regionCode', 'regdescription']), ...total }]);
    expect(total.totDealer).toBe(300);
    expect(total.enrollDealer).toBe(enrolled.size);
    expect(await post('All', {})).toEqual([total]);
  });

  it('Zone rows of every region match the model and add up to the region row', async () => {
    const regionRows = await post<{ regionCode: string } & StoreCounts>('Region', {});
    for (const region of m.regions) {
      const rows = await post<{ zonecode: string } & StoreCounts>('Zone', { region: region.code, select: 'ALL' });
      const expected = m.zones
        .filter((z) => z.regionCode === region.code)
        .sort((a, b) => (a.code < b.code ? -1 : 1))
        .map((z) => ({ zonename: z.name, zonecode: z.code, region: region.code, ...countsOf(storesOfZone(z.code), enrolled, region.objectivePct) }));
      expect(rows).toEqual([...expected, { ...zzz(['zonename', 'zonecode', 'region']), ...totalOf(expected) }]);
      const regionRow = regionRows.find((r) => r.regionCode === region.code)!;
      const grand = rows.at(-1)!;
      expect([grand.totDealer, grand.enrollDealer, grand.notEnrolled]).toEqual([regionRow.totDealer, regionRow.enrollDealer, regionRow.notEnrolled]);
    }
  });

  it('District rows of every zone match the model and add up to the zone row', async () => {
    for (const zone of m.zones) {
      const region = get(regionByCode, zone.regionCode);
      const rows = await post<{ district: string } & StoreCounts>('District', { region: region.code, zone: zone.code, select: 'ALL' });
      const expected = m.districts
        .filter((d) => d.zoneCode === zone.code)
        .sort((a, b) => (a.code < b.code ? -1 : 1))
        .map((d) => ({ districtname: d.name, district: d.code, zone: zone.code, region: region.code, ...countsOf(storesOfDistrict(d.code), enrolled, region.objectivePct) }));
      expect(rows).toEqual([...expected, { ...zzz(['districtname', 'district', 'zone', 'region']), ...totalOf(expected) }]);
      const zoneCounts = countsOf(storesOfZone(zone.code), enrolled, region.objectivePct);
      expect(rows.at(-1)!.totDealer).toBe(zoneCounts.totDealer);
      expect(rows.at(-1)!.enrollDealer).toBe(zoneCounts.enrollDealer);
    }
  });

  const enrolledAttendeesOf = (dlrnum: string) =>
    m.registrations
      .filter((r) => r.storeDlrnum === dlrnum && r.status === 'Enrolled' && (r.attendeeType === 'dealer' || r.attendeeType === 'candidate'))
      .sort((a, b) => a.enrolledAt!.getTime() - b.enrolledAt!.getTime() || a.id - b.id);

  const storeRow = (s: Store, r: Registration | undefined): StoreRow => {
    const district = get(districtByCode, s.districtCode);
    const zone = get(zoneByCode, district.zoneCode);
    const person = r ? get(m.people, r.attendeeId) : undefined;
    return {
      zoneName: zone.name,
      districtName: district.name,
      dlrnum: s.dlrnum,
      'dealer Name': s.name,
      cityState: `${s.city}, ${s.state}`,
      enrlStatusDesc: r ? 'Enrolled' : 'Not Enrolled',
      enrlDate: r ? ymd(r.enrolledAt) : '',
      atdName: person ? `${person.firstName} ${person.lastName}` : '',
      loginid: person?.email ?? '',
      virtualAttendee: r ? (r.isVirtual ? 'Yes' : 'No') : '',
      region: zone.regionCode,
      zone: zone.code,
      district: district.code,
    };
  };

  it('store detail of every district: rows, E + N = ALL, footer figures, footer adds up to the district row', async () => {
    for (const district of m.districts) {
      const zone = get(zoneByCode, district.zoneCode);
      const body = { region: zone.regionCode, zone: zone.code, district: district.code };
      const [all, e, n] = await Promise.all([post<StoreDetailRow>('District', { ...body, select: 'ALL' }), post<StoreDetailRow>('District', { ...body, select: 'E' }), post<StoreDetailRow>('District', { ...body, select: 'N' })]);
      const stores = storesOfDistrict(district.code).sort((a, b) => (a.dlrnum < b.dlrnum ? -1 : 1));
      const expectedE: StoreRow[] = [];
      const expectedN: StoreRow[] = [];
      const expectedAll: StoreRow[] = [];
      const attendees: Registration[] = [];
      for (const s of stores) {
        const list = enrolledAttendeesOf(s.dlrnum);
        attendees.push(...list);
        const rows = list.length ? list.map((r) => storeRow(s, r)) : [storeRow(s, undefined)];
        expectedAll.push(...rows);
        (list.length ? expectedE : expectedN).push(...rows);
      }
      const enrolledHere = stores.filter((s) => enrolled.has(s.dlrnum)).length;
      const footer = {
        isFooterInfo: true,
        enrollAtdFree: attendees.filter((r) => !r.isVirtual && r.isFree).length,
        enrollAtdPay: attendees.filter((r) => !r.isVirtual && !r.isFree).length,
        virtualAttendeeFree: attendees.filter((r) => r.isVirtual && r.isFree).length,
        virtualAttendeePay: attendees.filter((r) => r.isVirtual && !r.isFree).length,
        enrollDealer: enrolledHere,
        notEnrollDealer: stores.length - enrolledHere,
      };
      expect(all).toEqual([...expectedAll, footer]);
      expect(e).toEqual([...expectedE, footer]);
      expect(n).toEqual([...expectedN, footer]);
      // E + N = ALL, and a store is enrolled exactly when a row of it has a login id.
      expect(sortRows([...e.slice(0, -1), ...n.slice(0, -1)])).toEqual(sortRows(all.slice(0, -1)));
      const withLogin = new Set((all.slice(0, -1) as StoreRow[]).filter((r) => r.loginid).map((r) => r.dlrnum));
      expect(withLogin.size).toBe(footer.enrollDealer);
      const districtRow = (await post<{ district: string } & StoreCounts>('District', { ...body, district: '' })).find((r) => r.district === district.code)!;
      expect([footer.enrollDealer, footer.enrollDealer + footer.notEnrollDealer]).toEqual([districtRow.enrollDealer, districtRow.totDealer]);
      expect(footer.enrollAtdFree + footer.enrollAtdPay + footer.virtualAttendeeFree + footer.virtualAttendeePay).toBe(expectedE.length);
    }
  });

  it('GetStoreData: one row per store with its first enrolled attendee, network, region and zone, filtered', async () => {
    const expectedFor = (stores: Store[]) =>
      [...stores]
        .sort((a, b) => {
          const ka = storeRow(a, undefined);
          const kb = storeRow(b, undefined);
          return `${ka.region}|${ka.zone}|${ka.district}|${ka.dlrnum}` < `${kb.region}|${kb.zone}|${kb.district}|${kb.dlrnum}` ? -1 : 1;
        })
        .map((s) => storeRow(s, enrolledAttendeesOf(s.dlrnum)[0]));
    const network = expectedFor(m.stores);
    expect(await post('Region', {}, 'GetStoreData')).toEqual(network);
    expect(await post('Region', { select: 'E' }, 'GetStoreData')).toEqual(network.filter((r) => r.loginid));
    expect(await post('Region', { select: 'N' }, 'GetStoreData')).toEqual(network.filter((r) => !r.loginid));
    expect(network.filter((r) => r.loginid)).toHaveLength(enrolled.size);
    const region = m.regions[0]!;
    expect(await post('Region', { region: region.code, select: 'ALL' }, 'GetStoreData')).toEqual(expectedFor(storesOfRegion(region.code)));
    for (const zone of m.zones.slice(0, 6)) {
      expect(await post('Zone', { region: zone.regionCode, zone: zone.code, select: 'N' }, 'GetStoreData')).toEqual(
        expectedFor(storesOfZone(zone.code)).filter((r) => !r.loginid),
      );
    }
  });

  const TYPES: Record<number, string[]> = { 1: ['field'], 2: ['corporate'], 3: ['distributor', 'vendor'], 4: ['sbr'], 5: ['candidate'] };

  function expectedAttendees(types: string[], region: string | null, zoneFilter: string | null): AttendeeRow[] {
    const rows = m.registrations
      .filter((r) => types.includes(r.attendeeType) && (r.status === 'Pending' || r.status === 'Enrolled'))
      .map((r) => {
        const person = get(m.people, r.attendeeId);
        const store = r.storeDlrnum ? m.stores.find((s) => s.dlrnum === r.storeDlrnum)! : undefined;
        const zoneCode = store ? get(districtByCode, store.districtCode).zoneCode : person.zoneCode;
        const zone = zoneCode ? get(zoneByCode, zoneCode) : undefined;
        return {
          atdName: `${person.firstName} ${person.lastName}`,
          region: zone?.regionCode ?? '',
          zone: zone?.code ?? '',
          regionName: zone ? (m.regions.find((g) => g.code === zone.regionCode)?.description ?? '') : '',
          zoneName: zone?.name ?? '',
          busName: store?.name ?? person.company ?? '',
          busCityState: store ? `${store.city}, ${store.state}` : '',
          enrlStatusDesc: r.status,
          enrlDate: ymd(r.enrolledAt),
          arrivalDate: r.arrivalDate ?? '',
          departuredate: r.departureDate ?? '',
          virtualAttendee: r.isVirtual ? ('Yes' as const) : ('No' as const),
          reccount: 0,
          virtualRecCount: 0,
        };
      })
      .filter((r) => (!region || r.region === region) && (!zoneFilter || r.zone === zoneFilter));
    // Totals count attendees, that is Enrolled registrations (virtual ones), not the pending rows.
    const enrolledRows = rows.filter((r) => r.enrlStatusDesc === 'Enrolled');
    const virtual = enrolledRows.filter((r) => r.virtualAttendee === 'Yes').length;
    return rows.map((r) => ({ ...r, reccount: enrolledRows.length, virtualRecCount: virtual }));
  }

  // The candidate report's "Total Attendees" counted pending registrations while
  // the traveller report counted the enrolled. One definition: an attendee is an Enrolled registration.
  it("each attendee report's Total Attendees equals the traveller report's count of its types", async () => {
    const travellers = await getTable<{ attendeedesc: string; totalenrolledAttendees: number }>('/api/Report/GetReportAtendeeCountByType');
    const countOf = (...names: string[]) => travellers.filter((t) => names.includes(t.attendeedesc)).reduce((a, t) => a + t.totalenrolledAttendees, 0);
    const byReport: Record<number, string[]> = { 1: ['Field'], 2: ['Corporate'], 3: ['Distributor', 'Vendor'], 4: ['SBR'], 5: ['Candidate'] };
    let pendingRows = 0;
    for (const [rptType, names] of Object.entries(byReport)) {
      const rows = await getTable<AttendeeRow>(`/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=${rptType}`);
      expect(rows.length, `rptType ${rptType}`).toBeGreaterThan(0);
      expect(rows[0]!.reccount, `rptType ${rptType} Total Attendees`).toBe(countOf(...names));
      pendingRows += rows.filter((r) => r.enrlStatusDesc === 'Pending').length;
    }
    // Pending registrations are still listed (their status says so); they are not attendees yet.
    expect(pendingRows).toBeGreaterThan(0);
    const field = await getTable<AttendeeRow>('/api/Report/GetFieldReportData?regCode=ALL&zone=ALL');
    expect(field[0]!.reccount).toBe(countOf('Field'));
    // The candidates are all in region 010: the screen's candidate report (regCode 010) agrees too.
    const candidates = await getTable<AttendeeRow>('/api/Report/GetEnrollmentReportsByType?regCode=010&rptType=5');
    expect(candidates[0]!.reccount).toBe(countOf('Candidate'));
  });

  it('attendee reports of every type, for ALL and for each region, match the model', async () => {
    let seen = 0;
    for (const rptType of [1, 2, 3, 4, 5]) {
      for (const regCode of ['ALL', ...m.regions.map((r) => r.code)]) {
        const rows = await getTable<AttendeeRow>(`/api/Report/GetEnrollmentReportsByType?regCode=${regCode}&rptType=${rptType}`);
        const expected = expectedAttendees(TYPES[rptType]!, regCode === 'ALL' ? null : regCode, null);
        expect(sortRows(rows)).toEqual(sortRows(expected));
        seen += rows.length;
      }
      const all = await getTable<AttendeeRow>(`/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=${rptType}`);
      expect(all.length, `rptType ${rptType} has rows`).toBeGreaterThan(0);
    }
    expect(seen).toBeGreaterThan(100);
  });

  it('field report by region and zone matches the model', async () => {
    const some = m.zones.slice(0, 8);
    for (const [regCode, zone] of [['ALL', 'ALL'], ...m.regions.slice(0, 3).map((r) => [r.code, 'ALL']), ...some.map((z) => ['ALL', z.code]), ...some.map((z) => [z.regionCode, z.code])] as const) {
      const rows = await getTable<AttendeeRow>(`/api/Report/GetFieldReportData?regCode=${regCode}&zone=${zone}`);
      expect(sortRows(rows)).toEqual(sortRows(expectedAttendees(['field'], regCode === 'ALL' ? null : regCode, zone === 'ALL' ? null : zone)));
    }
  });

  it('regions, zones by region and enrolled attendees per traveller type match the model', async () => {
    expect(await getTable('/api/Report/GetAllRegions')).toEqual(
      [...m.regions].sort((a, b) => (a.code < b.code ? -1 : 1)).map((r) => ({ regCode: r.code, regDescription: r.description })),
    );
    for (const region of m.regions) {
      expect(await getTable(`/api/Report/GetAllZonesByRegion?regCode=${region.code}`)).toEqual(
        m.zones.filter((z) => z.regionCode === region.code).sort((a, b) => (a.code < b.code ? -1 : 1)).map((z) => ({ zone: z.code, zoneName: z.name })),
      );
    }
    expect(await getTable('/api/Report/GetAllZonesByRegion?regCode=ALL')).toHaveLength(m.zones.length);
    const counts = await getTable<{ attendeedesc: string; totalenrolledAttendees: number }>('/api/Report/GetReportAtendeeCountByType');
    const names: Record<string, string> = { dealer: 'Dealer', candidate: 'Candidate', field: 'Field', corporate: 'Corporate', distributor: 'Distributor', vendor: 'Vendor', sbr: 'SBR', partner: 'Partner', expo: 'Expo' };
    expect(counts).toEqual(
      Object.entries(names).map(([type, attendeedesc]) => ({
        attendeedesc,
        totalenrolledAttendees: m.registrations.filter((r) => r.attendeeType === type && r.status === 'Enrolled').length,
      })),
    );
    expect(counts.reduce((a, c) => a + c.totalenrolledAttendees, 0)).toBe(m.registrations.filter((r) => r.status === 'Enrolled').length);
  });

  it('figures follow a new enrollment at once', async () => {
    const before = pickCounts((await post<StoreCounts>('All', {}))[0]!);
    const store = m.stores.find((s) => !enrolled.has(s.dlrnum))!;
    const person = [...m.people.values()].find((p) => p.storeDlrnum === store.dlrnum && !m.registrations.some((r) => r.attendeeId === p.id))!;
    await t.database.db.insert(schema.registrations).values({
      eventId: 'nbc', attendeeId: person.id, registeredById: person.id, storeDlrnum: store.dlrnum, attendeeType: 'dealer',
      status: 'Enrolled', enrolledAt: new Date(), providerRef: `reports-test-${person.id}`,
    });
    const after = (await post<StoreCounts>('All', {}))[0]!;
    expect(after.enrollDealer).toBe(before.enrollDealer + 1);
    expect(after.notEnrolled).toBe(before.notEnrolled - 1);
  });
});
