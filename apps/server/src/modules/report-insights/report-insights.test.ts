/**
 * Coverage, remind, timeline, nbc vs abc and the hierarchy workbook on the demo network: every figure
 * is checked against counts made here in JavaScript from the base tables, for a corporate user (the
 * network) and for field users scoped to a region, a zone and a district; no answer, export or mail
 * holds a row outside the caller's scope.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@portal/db';
import { INSIGHT_PAGE_DEFAULT, INSIGHT_PAGE_MAX, type CoverageAnswer, type EventComparisonAnswer, type TimelineAnswer } from '@portal/contracts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { createReportScopeService } from '../report-scope/report-scope.service.ts';
import { OUTLINE } from './hierarchy-workbook.ts';
import { comparisonSheet, coverageSheet, managersText, prepareComparisonExport, prepareCoverageExport } from './insight-exports.ts';
import { areaCondition } from './report-insights.queries.ts';

interface StoreRec { dlrnum: string; name: string; district: string; zone: string; region: string; em: number | null; gm: number | null }
interface RegRec { event: string; attendee: number; store: string | null; type: string; status: string; enrolledAt: string | null; updatedAt: string; personZone: string | null }
interface PersonRec { id: number; email: string; name: string }

type Level = 'network' | 'region' | 'zone' | 'district';
interface Area { level: Level; code: string | null }

const STORE_BOUND = new Set(['dealer', 'candidate']);

describe('reports beyond the seed', () => {
  let t: TestApp;
  let stores: StoreRec[];
  let regs: RegRec[];
  let people: Map<number, PersonRec>;
  let zoneRegion: Map<string, string>;
  const areas = {} as Record<Level, Area>;
  const tokens = {} as Record<Level | 'dealer' | 'reporting', Record<string, string>>;

  beforeAll(async () => {
    t = await buildTestApp({ stores: 300 });
    const db = t.database.db;
    stores = rowsOf<StoreRec>(
      await db.execute(sql`
        select st.dlrnum, st.name, st.district_code as district, d.zone_code as zone, z.region_code as region,
          st.executive_manager_id as em, st.general_manager_id as gm
        from stores st join districts d on d.code = st.district_code join zones z on z.code = d.zone_code`),
    );
    regs = rowsOf<RegRec>(
      await db.execute(sql`
        select g.event_id as event, g.attendee_id as attendee, g.store_dlrnum as store, g.attendee_type as type, g.status,
          to_char(g.enrolled_at at time zone 'UTC', 'YYYY-MM-DD') as "enrolledAt",
          to_char(g.updated_at at time zone 'UTC', 'YYYY-MM-DD') as "updatedAt", p.zone_code as "personZone"
        from registrations g join people p on p.id = g.attendee_id`),
    );
    people = new Map(
      rowsOf<PersonRec>(await db.execute(sql`select id, email, trim(first_name || ' ' || last_name) as name from people`)).map((p) => [p.id, p]),
    );
    zoneRegion = new Map(stores.map((s) => [s.zone, s.region]));

    // Scopes around Morgan Motors' district, each set on a field person of our own.
    const home = stores.find((s) => s.dlrnum === '10001')!;
    areas.network = { level: 'network', code: null };
    areas.region = { level: 'region', code: home.region };
    areas.zone = { level: 'zone', code: home.zone };
    areas.district = { level: 'district', code: home.district };
    tokens.network = bearer((await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken);
    for (const level of ['region', 'zone', 'district'] as const) {
      const email = `insights.${level}@corp.example.com`;
      const data = await loginAs(t.app, email, 'FIELD27');
      const [person] = rowsOf<{ id: number }>(await db.execute(sql`select id from people where email = ${email}`));
      await createReportScopeService({ db }).setPersonScope(person!.id, { level, code: areas[level].code });
      tokens[level] = bearer(data.accessToken);
    }
    tokens.dealer = bearer((await loginAs(t.app, DEMO.em, 'DEALER27')).accessToken);
    tokens.reporting = bearer((await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken);
  });
  afterAll(() => t?.close());

  const LEVELS: Level[] = ['network', 'region', 'zone', 'district'];
  const inArea = (s: Pick<StoreRec, 'region' | 'zone' | 'district'>, a: Area) =>
    a.level === 'network' || (a.level === 'region' ? s.region === a.code : a.level === 'zone' ? s.zone === a.code : s.district === a.code);
  const byHierarchy = (a: StoreRec, b: StoreRec) =>
    a.region.localeCompare(b.region) || a.zone.localeCompare(b.zone) || a.district.localeCompare(b.district) || a.dlrnum.localeCompare(b.dlrnum);
  const enrolledAt = (event: string, store: string) =>
    regs.filter((r) => r.event === event && r.store === store && r.status === 'Enrolled' && STORE_BOUND.has(r.type)).length;
  const personEnrolled = (event: string, id: number) => regs.some((r) => r.event === event && r.attendee === id && r.status === 'Enrolled');
  const get = (url: string, level: keyof typeof tokens) => t.app.inject({ method: 'GET', url, headers: tokens[level] });

  function expectedGaps(event: string, area: Area) {
    return stores
      .filter((s) => inArea(s, area) && enrolledAt(event, s.dlrnum) === 0)
      .sort(byHierarchy)
      .map((s) => ({
        dlrnum: s.dlrnum,
        storeName: s.name,
        region: s.region,
        zone: s.zone,
        district: s.district,
        managers: [s.em, s.gm]
          .filter((id, i, all): id is number => id !== null && all.indexOf(id) === i)
          .map((id) => ({ name: people.get(id)!.name, email: people.get(id)!.email, enrolled: personEnrolled(event, id) })),
      }));
  }

  /** Every page of a paged answer, `limit` rows at a time; each page's total, offset and limit checked. */
  async function allPages<A extends { rows: unknown[]; total: number; offset: number; limit: number }>(url: string, level: keyof typeof tokens, limit: number) {
    const pages: A[] = [];
    for (let offset = 0; ; offset += limit) {
      const res = await get(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`, level);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const page = res.json().data as A;
      expect(page).toMatchObject({ offset, limit });
      expect(page.rows.length).toBe(Math.max(0, Math.min(limit, page.total - offset)));
      pages.push(page);
      if (offset + limit >= page.total) break;
    }
    expect(new Set(pages.map((p) => p.total)).size).toBe(1);
    const rows = pages.flatMap((p) => p.rows) as A['rows'];
    return { pages, rows };
  }

  const managersNotEnrolled = (gaps: ReturnType<typeof expectedGaps>) =>
    new Set(gaps.flatMap((g) => g.managers.filter((m) => !m.enrolled).map((m) => m.email.toLowerCase()))).size;

  describe('coverage', () => {
    for (const level of LEVELS) {
      it(`${level}: the stores without an enrolled dealer or candidate, with their managers, page by page, and none outside the scope`, async () => {
        for (const event of ['nbc', 'abc']) {
          const expected = expectedGaps(event, areas[level]);
          expect(expected.length).toBeGreaterThan(0);
          const { pages, rows } = await allPages<CoverageAnswer>(`/api/Report/Coverage?event=${event}`, level, 7);
          expect(pages[0]!.total).toBe(expected.length);
          expect(pages.every((p) => p.managersNotEnrolled === managersNotEnrolled(expected))).toBe(true);
          expect(rows).toEqual(expected);
          for (const row of rows) expect(inArea(row, areas[level])).toBe(true);

          // Without paging parameters: the first INSIGHT_PAGE_DEFAULT rows and the total.
          const res = await get(`/api/Report/Coverage?event=${event}`, level);
          expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
          expect(res.json().data).toEqual({
            rows: expected.slice(0, INSIGHT_PAGE_DEFAULT),
            total: expected.length,
            managersNotEnrolled: managersNotEnrolled(expected),
            offset: 0,
            limit: INSIGHT_PAGE_DEFAULT,
          });
        }
      });
    }

    it('a page past the end is empty and still says the total', async () => {
      const expected = expectedGaps('nbc', areas.network);
      const res = await get(`/api/Report/Coverage?event=nbc&limit=${INSIGHT_PAGE_MAX}&offset=${expected.length}`, 'network');
      expect(res.json().data).toEqual({ rows: [], total: expected.length, managersNotEnrolled: managersNotEnrolled(expected), offset: expected.length, limit: INSIGHT_PAGE_MAX });
    });

    it('narrows to a named area inside the scope and answers 403 for one outside it', async () => {
      const zone = areas.zone.code!;
      const otherZone = stores.find((s) => s.region !== areas.region.code)!.zone;
      const narrowed = (await get(`/api/Report/Coverage?event=nbc&zone=${zone}&limit=${INSIGHT_PAGE_MAX}`, 'region')).json().data as CoverageAnswer;
      expect(narrowed.rows).toEqual(expectedGaps('nbc', areas.zone));
      expect((await get(`/api/Report/Coverage?event=nbc&zone=ALL&region=&limit=${INSIGHT_PAGE_MAX}`, 'zone')).json().data).toEqual({
        rows: expectedGaps('nbc', areas.zone),
        total: expectedGaps('nbc', areas.zone).length,
        managersNotEnrolled: managersNotEnrolled(expectedGaps('nbc', areas.zone)),
        offset: 0,
        limit: INSIGHT_PAGE_MAX,
      });
      for (const level of ['region', 'zone', 'district'] as const) {
        const res = await get(`/api/Report/Coverage?event=nbc&zone=${otherZone}`, level);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ succeeded: false, data: null });
      }
      expect((await get(`/api/Report/Coverage?event=nbc&zone=${otherZone}`, 'network')).statusCode).toBe(200);
    });
  });

  describe('remind', () => {
    const outboxRows = async () =>
      rowsOf<{ to_email: string; kind: string; event_id: string; data: { dlrnum: string } }>(
        await t.database.db.execute(sql`select to_email, kind, event_id, data from mail_outbox where kind = 'store-reminder' order by id`),
      );

    it('queues one mail per manager not enrolled, only for stores in the scope, and none twice in the window', async () => {
      const before = (await outboxRows()).length;
      const gaps = expectedGaps('abc', areas.zone);
      const managers = new Set(gaps.flatMap((g) => g.managers.filter((m) => !m.enrolled).map((m) => m.email)));
      expect(managers.size).toBeGreaterThan(0);

      const first = await t.app.inject({ method: 'POST', url: '/api/Report/Coverage/Remind?event=abc', headers: tokens.zone });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ queued: managers.size });
      const mails = (await outboxRows()).slice(before);
      expect(new Set(mails.map((m) => m.to_email))).toEqual(managers);
      expect(mails.every((m) => m.event_id === 'abc')).toBe(true);
      const inZone = new Set(stores.filter((s) => s.zone === areas.zone.code).map((s) => s.dlrnum));
      for (const mail of mails) for (const dlrnum of mail.data.dlrnum.split(', ')) expect(inZone.has(dlrnum)).toBe(true);

      const again = await t.app.inject({ method: 'POST', url: '/api/Report/Coverage/Remind?event=abc', headers: tokens.zone, payload: {} });
      expect(again.json()).toMatchObject({ succeeded: true, data: { queued: 0 } });
      expect((await outboxRows()).length).toBe(before + managers.size);
    });

    it('reminds only the named stores; a store outside the scope is 403, an unknown one or a bad body 400', async () => {
      const gaps = expectedGaps('nbc', areas.district);
      const named = gaps.find((g) => g.managers.some((m) => !m.enrolled))!;
      const res = await t.app.inject({ method: 'POST', url: '/api/Report/Coverage/Remind?event=nbc', headers: tokens.district, payload: { dlrnums: [named.dlrnum] } });
      expect(res.json().data).toEqual({ queued: named.managers.filter((m) => !m.enrolled).length });

      const outside = stores.find((s) => s.district !== areas.district.code)!.dlrnum;
      const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/Report/Coverage/Remind?event=nbc', headers: tokens.district, payload: payload as object });
      expect((await post({ dlrnums: [named.dlrnum, outside] })).statusCode).toBe(403);
      expect((await post({ dlrnums: ['99999999'] })).statusCode).toBe(400);
      for (const bad of [{ dlrnums: [] }, { dlrnums: ['<script>'] }, { dlrnums: 'x' }, { other: 1 }, { dlrnums: Array.from({ length: 5001 }, (_, i) => String(i)) }]) {
        const r = await post(bad);
        expect(r.statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
        expect(r.json()).toMatchObject({ succeeded: false, data: null });
      }
    });
  });

  describe('timeline', () => {
    const regionOf = (r: RegRec): { region: string; zone: string; district: string } | null => {
      const store = r.store ? stores.find((s) => s.dlrnum === r.store) : undefined;
      if (store) return store;
      return r.personZone ? { region: zoneRegion.get(r.personZone) ?? '', zone: r.personZone, district: '' } : null;
    };

    for (const level of LEVELS) {
      it(`${level}: registrations and cancellations per day, and the cumulative equals the enrolled count`, async () => {
        const area = areas[level];
        const scoped = regs.filter((r) => {
          if (r.event !== 'nbc' || r.enrolledAt === null) return false;
          if (area.level === 'network') return true;
          const at = regionOf(r);
          return at !== null && inArea(at, area);
        });
        const days = new Map<string, { registrations: number; cancellations: number }>();
        const day = (d: string) => days.get(d) ?? days.set(d, { registrations: 0, cancellations: 0 }).get(d)!;
        for (const r of scoped) {
          day(r.enrolledAt!).registrations++;
          if (r.status === 'Cancelled') day(r.updatedAt > r.enrolledAt! ? r.updatedAt : r.enrolledAt!).cancellations++;
        }
        // Every day from the first change to the last: days without a change count zero.
        const changed = [...days.keys()].sort();
        const continuous: string[] = [];
        for (let day = Date.parse(`${changed[0]}T00:00:00Z`); changed.length && day <= Date.parse(`${changed.at(-1)}T00:00:00Z`); day += 86_400_000) {
          continuous.push(new Date(day).toISOString().slice(0, 10));
        }
        let cumulative = 0;
        const expected = continuous.map((date) => {
          const d = days.get(date) ?? { registrations: 0, cancellations: 0 };
          return { date, ...d, cumulative: (cumulative += d.registrations - d.cancellations) };
        });

        const res = await get('/api/Report/Timeline?event=nbc', level);
        expect(res.statusCode).toBe(200);
        const data = res.json().data as TimelineAnswer;
        expect(data.days).toEqual(expected);
        expect(data.days.at(-1)?.cumulative).toBe(scoped.filter((r) => r.status === 'Enrolled').length);
      });
    }

    it('the series is continuous: days without a change are listed with zeros', async () => {
      const { days } = (await get('/api/Report/Timeline?event=nbc', 'district')).json().data as TimelineAnswer;
      for (let i = 1; i < days.length; i++) expect(Date.parse(days[i]!.date) - Date.parse(days[i - 1]!.date)).toBe(86_400_000);
      // The district's registrations are few: its series has days without any change, carrying the cumulative on.
      const quiet = days.findIndex((d, i) => i > 0 && d.registrations === 0 && d.cancellations === 0);
      expect(quiet).toBeGreaterThan(0);
      expect(days[quiet]!.cumulative).toBe(days[quiet - 1]!.cumulative);
    });

    it('an area without registrations has no days', async () => {
      const { timeline } = await import('./report-insights.queries.ts');
      expect(await timeline(t.database.db, 'nbc', sql`false`)).toEqual([]);
    });
  });

  const expectedComparison = (area: Area) =>
    stores
      .filter((s) => inArea(s, area))
      .sort(byHierarchy)
      .map((s) => ({ dlrnum: s.dlrnum, storeName: s.name, region: s.region, zone: s.zone, district: s.district, nbcEnrolled: enrolledAt('nbc', s.dlrnum), abcEnrolled: enrolledAt('abc', s.dlrnum) }));
  const comparisonTotalsOf = (rows: ReturnType<typeof expectedComparison>) => ({
    nbcEnrolled: rows.reduce((n, r) => n + r.nbcEnrolled, 0),
    abcEnrolled: rows.reduce((n, r) => n + r.abcEnrolled, 0),
    nbcStores: rows.filter((r) => r.nbcEnrolled > 0).length,
    abcStores: rows.filter((r) => r.abcEnrolled > 0).length,
    bothStores: rows.filter((r) => r.nbcEnrolled > 0 && r.abcEnrolled > 0).length,
  });

  describe('nbc vs abc', () => {
    for (const level of LEVELS) {
      it(`${level}: every store of the scope with its enrolled attendees at each event, page by page, with the totals of all`, async () => {
        const expected = expectedComparison(areas[level]);
        const { pages, rows } = await allPages<EventComparisonAnswer>('/api/Report/EventComparison', level, 11);
        expect(rows).toEqual(expected);
        expect(pages[0]!.total).toBe(expected.length);
        for (const page of pages) expect(page.totals).toEqual(comparisonTotalsOf(expected));
        expect(expected.some((r) => r.nbcEnrolled > 0) && expected.some((r) => r.abcEnrolled > 0)).toBe(true);

        const first = (await get('/api/Report/EventComparison', level)).json().data as EventComparisonAnswer;
        expect(first).toEqual({ rows: expected.slice(0, INSIGHT_PAGE_DEFAULT), total: expected.length, totals: comparisonTotalsOf(expected), offset: 0, limit: INSIGHT_PAGE_DEFAULT });
      });
    }
  });

  describe('coverage and comparison exports', () => {
    async function sheetOf(bytes: Buffer) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      return workbook.worksheets[0]!;
    }
    const valuesOf = (sheet: ExcelJS.Worksheet) => {
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    async function download(url: string, level: keyof typeof tokens, fileName: string) {
      const res = await get(url, level);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
      return sheetOf(res.rawPayload);
    }
    const coverageCells = (gaps: ReturnType<typeof expectedGaps>) =>
      gaps.map((g) => [g.dlrnum, g.storeName, g.region, g.zone, g.district, ...(g.managers.length ? [managersText(g)] : []), g.managers.filter((m) => !m.enrolled).length]);

    for (const level of LEVELS) {
      it(`${level}: the coverage export holds every gap of the scope, not one page`, async () => {
        const expected = expectedGaps('abc', areas[level]);
        const sheet = await download('/api/Report/Coverage/Export?event=abc', level, 'Coverage Gaps_abc.xlsx');
        const rows = valuesOf(sheet);
        expect(rows[0]).toEqual(coverageSheet().columns);
        // exceljs drops an empty cell from a row's values: a store without managers has no Managers cell.
        expect(rows.slice(1).map((r) => r.filter((v) => v !== undefined))).toEqual(coverageCells(expected));
      });

      it(`${level}: the comparison export holds every store of the scope and the totals row`, async () => {
        const expected = expectedComparison(areas[level]);
        const totals = comparisonTotalsOf(expected);
        const rows = valuesOf(await download('/api/Report/EventComparison/Export', level, 'nbc vs abc by Store.xlsx'));
        expect(rows[0]).toEqual(comparisonSheet().columns);
        expect(rows.slice(1, -1)).toEqual(expected.map((r) => [r.dlrnum, r.storeName, r.region, r.zone, r.district, r.nbcEnrolled, r.abcEnrolled]));
        expect(rows.at(-1)).toEqual([
          `Total (${expected.length} stores)`,
          `${totals.nbcStores} stores at nbc, ${totals.abcStores} at abc, ${totals.bothStores} at both`,
          undefined,
          undefined,
          undefined,
          totals.nbcEnrolled,
          totals.abcEnrolled,
        ]);
      });
    }

    it('reads the scope in keyset pages: small pages give the same rows as one page', async () => {
      const area = areaCondition({ level: 'network' }, {});
      const read = async (file: { chunks: AsyncIterable<Uint8Array> }) => {
        const parts: Buffer[] = [];
        for await (const chunk of file.chunks) parts.push(Buffer.from(chunk));
        return valuesOf(await sheetOf(Buffer.concat(parts)));
      };
      const coverageSmall = await read(await prepareCoverageExport(t.database.db, 'nbc', area, { pageRows: 7 }));
      expect(coverageSmall).toEqual(await read(await prepareCoverageExport(t.database.db, 'nbc', area)));
      expect(coverageSmall.length).toBe(expectedGaps('nbc', areas.network).length + 1);
      const comparisonSmall = await read(await prepareComparisonExport(t.database.db, area, { pageRows: 13 }));
      expect(comparisonSmall).toEqual(await read(await prepareComparisonExport(t.database.db, area)));
      expect(comparisonSmall.length).toBe(stores.length + 2);
      // An empty area: the header only (and no totals row for the comparison).
      expect(await read(await prepareCoverageExport(t.database.db, 'nbc', sql`false`))).toEqual([coverageSheet().columns]);
      expect(await read(await prepareComparisonExport(t.database.db, sql`false`))).toEqual([comparisonSheet().columns]);
      // In French: the headers, and the totals row's words.
      const french = await read(await prepareComparisonExport(t.database.db, area, { language: 'fr-CA' }));
      expect(french[0]).toEqual(['Code de concession', 'Nom de la concession', 'Région', 'Zone', 'District', 'Inscrits nbc', 'Inscrits abc']);
      expect(String(french.at(-1)![0])).toMatch(/^Total \(\d+ concessions?\)$/);
      expect(String(french.at(-1)![1])).toMatch(/^\d+ concessions à nbc, \d+ à abc, \d+ aux deux$/);
    });
  });

  describe('hierarchy workbook', () => {
    async function workbookOf(level: keyof typeof tokens, query = 'event=nbc') {
      const res = await get(`/api/Report/HierarchyWorkbook?${query}`, level);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Enrollment by Hierarchy_nbc.xlsx"');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0]!;
    }

    // exceljs reads a formula's cached result of 0 as no result (its reader tests for a truthy value);
    // the file holds <v>0</v> (the writer's tests check the XML).
    const num = (v: ExcelJS.CellValue): number => (typeof v === 'number' ? v : ((v as { result?: number }).result ?? 0));

    for (const level of LEVELS) {
      it(`${level}: store rows at level 4 under district, zone and region subtotals that equal their sums, and the grand total`, async () => {
        const sheet = await workbookOf(level);
        const area = areas[level];
        const expectedStores = stores.filter((s) => inArea(s, area)).sort(byHierarchy);
        expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
        expect(sheet.properties.outlineLevelRow).toBe(OUTLINE.store);
        expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
          'Region', 'Zone', 'District', 'Store Code', 'Store Name', 'City/State', 'Stores', 'Enrolled Stores', 'Not Enrolled Stores', 'Enrolled %', 'Enrolled Attendees',
        ]);

        const storeRows: Array<{ dlrnum: string; region: string; zone: string; district: string; enrolled: number; attendees: number }> = [];
        // Open groups: the store rows seen since each level's group started.
        const open: Record<number, typeof storeRows> = { 1: [], 2: [], 3: [] };
        let grand: ExcelJS.Row | null = null;
        for (let n = 2; n <= sheet.rowCount; n++) {
          const row = sheet.getRow(n);
          const level = row.outlineLevel ?? 0;
          if (level === OUTLINE.store) {
            const rec = {
              region: String(row.getCell(1).value), zone: String(row.getCell(2).value), district: String(row.getCell(3).value),
              dlrnum: String(row.getCell(4).value), enrolled: num(row.getCell(8).value), attendees: num(row.getCell(11).value),
            };
            expect(num(row.getCell(7).value)).toBe(1);
            expect(num(row.getCell(9).value)).toBe(1 - rec.enrolled);
            storeRows.push(rec);
            for (const l of [1, 2, 3]) open[l]!.push(rec);
            continue;
          }
          const members = level === 0 ? storeRows : open[level]!;
          const formula = (c: number) => (row.getCell(c).value as { formula: string }).formula;
          expect(row.getCell(1).font?.bold).toBe(true);
          expect(formula(7)).toMatch(/^SUBTOTAL\(9,G\d+:G\d+\)$/);
          expect(num(row.getCell(7).value)).toBe(members.length);
          expect(num(row.getCell(8).value)).toBe(members.filter((m) => m.enrolled).length);
          expect(num(row.getCell(9).value)).toBe(members.filter((m) => !m.enrolled).length);
          expect(num(row.getCell(11).value)).toBe(members.reduce((a, m) => a + m.attendees, 0));
          const pct = members.length ? Math.round((members.filter((m) => m.enrolled).length * 1000) / members.length) / 10 : 0;
          expect(num(row.getCell(10).value)).toBe(pct);
          // Every member of a subtotal belongs to the same district, zone or region, named on the row.
          if (level === 3) expect(new Set(members.map((m) => m.district))).toEqual(new Set([String(row.getCell(3).value).split(' ')[0]]));
          if (level === 2) expect(new Set(members.map((m) => m.zone))).toEqual(new Set([String(row.getCell(2).value).split(' ')[0]]));
          if (level === 1) expect(new Set(members.map((m) => m.region))).toEqual(new Set([String(row.getCell(1).value).split(' ')[0]]));
          if (level === 0) grand = row;
          else open[level] = [];
          if (level > 0) for (let deeper = level + 1; deeper <= 3; deeper++) expect(open[deeper]).toEqual([]);
        }
        expect(grand?.getCell(1).value).toBe('Grand Total');
        expect(grand?.number).toBe(sheet.rowCount);
        expect(storeRows.map((s) => s.dlrnum)).toEqual(expectedStores.map((s) => s.dlrnum));
        for (const s of storeRows) {
          expect(s.attendees).toBe(enrolledAt('nbc', s.dlrnum));
          expect(s.enrolled).toBe(s.attendees > 0 ? 1 : 0);
        }
      });
    }

    it('is the same file whatever the page size, and empty areas still end with a grand total', async () => {
      const { prepareHierarchyWorkbook } = await import('./hierarchy-workbook.ts');
      const { areaCondition } = await import('./report-insights.queries.ts');
      const read = async (pageStores: number) => {
        const wb = await prepareHierarchyWorkbook(t.database.db, 'nbc', areaCondition({ level: 'network' }, {}), { pageStores, modifiedAt: new Date('2027-01-01T00:00:00Z') });
        const parts: Buffer[] = [];
        for await (const chunk of wb.chunks) parts.push(Buffer.from(chunk));
        return Buffer.concat(parts);
      };
      expect((await read(7)).equals(await read(5_000))).toBe(true);

      const empty = await prepareHierarchyWorkbook(t.database.db, 'nbc', sql`false`);
      const parts: Buffer[] = [];
      for await (const chunk of empty.chunks) parts.push(Buffer.from(chunk));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getCell('A2').value).toBe('Grand Total');
      expect(sheet.getCell('G2').value).toBe(0);
    });
  });

  describe('access and validation', () => {
    const ROUTES = [
      { method: 'GET', url: '/api/Report/Coverage?event=nbc' },
      { method: 'POST', url: '/api/Report/Coverage/Remind?event=nbc', payload: { dlrnums: ['10001'] } },
      { method: 'GET', url: '/api/Report/Timeline?event=nbc' },
      { method: 'GET', url: '/api/Report/EventComparison' },
      { method: 'GET', url: '/api/Report/HierarchyWorkbook?event=nbc' },
      { method: 'GET', url: '/api/Report/Coverage/Export?event=nbc' },
      { method: 'GET', url: '/api/Report/EventComparison/Export' },
    ] as const;

    it('answers field, corporate and report users; 403 for a dealer; 401 without a token', async () => {
      for (const route of ROUTES) {
        const call = (headers: Record<string, string>) => t.app.inject({ method: route.method, url: route.url, headers, ...('payload' in route ? { payload: route.payload } : {}) });
        expect((await call({})).statusCode, route.url).toBe(401);
        expect((await call(tokens.dealer)).statusCode, route.url).toBe(403);
        for (const level of ['network', 'zone', 'reporting'] as const) expect((await call(tokens[level])).statusCode, `${level} ${route.url}`).toBe(200);
      }
    });

    it('defaults to the token\'s event and refuses bad parameters with 400', async () => {
      expect((await get('/api/Report/Coverage', 'network')).json().data).toEqual((await get('/api/Report/Coverage?event=NBC&limit=100&offset=0', 'network')).json().data);
      for (const url of ['/api/Report/Coverage?event=xyz', '/api/Report/Timeline?event=', '/api/Report/Timeline?zone=%27%20or%201%3D1', '/api/Report/EventComparison?region=' + 'x'.repeat(40), '/api/Report/HierarchyWorkbook?district=a%20b',
        '/api/Report/Coverage?limit=0', `/api/Report/Coverage?limit=${INSIGHT_PAGE_MAX + 1}`, '/api/Report/Coverage?offset=-1', '/api/Report/Coverage?limit=ten',
        '/api/Report/EventComparison?offset=1.5', '/api/Report/EventComparison?limit=', '/api/Report/Coverage/Export?event=xyz', '/api/Report/EventComparison/Export?zone=%27']) {
        const res = await get(url, 'network');
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ succeeded: false, data: null });
      }
    });
  });
});
