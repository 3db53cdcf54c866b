/**
 * The retailer report, read back with exceljs and compared with registrations read from the tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { schema } from '@portal/db';
import { RETAILER_REPORT_HEADERS, retailerReportQuerySchema } from '@portal/contracts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { Base64Pieces, buildRetailerReport } from './retailer-report.service.ts';

function lastFilled(row: string[]) {
  let n = row.length;
  while (n > 0 && row[n - 1] === '') n--;
  return n;
}

async function readSheet(base64: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    // Blank cells are not written: read holes as '' and drop the trailing ones.
    const values = Array.from((row.values as unknown[]).slice(1), (v) => (v === undefined || v === null ? '' : String(v)));
    rows[n - 1] = values.slice(0, lastFilled(values));
  });
  return { sheet, rows };
}

describe('GET /api/Report/GetRetailerReport', () => {
  let t: TestApp;
  let reporting: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({ stores: 300 });
    reporting = bearer((await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken);
  });
  afterAll(() => t?.close());

  const report = (query: string) => t.app.inject({ method: 'GET', url: `/api/Report/GetRetailerReport?${query}`, headers: reporting });

  /** The expected rows, from plain table reads: dealer and candidate registrations of the event, by id. */
  async function expectedRows(eventId: string) {
    const db = t.database.db;
    const regs = await db
      .select()
      .from(schema.registrations)
      .where(and(eq(schema.registrations.eventId, eventId), inArray(schema.registrations.attendeeType, ['dealer', 'candidate'])))
      .orderBy(schema.registrations.id);
    const [people, stores, districts, zones] = await Promise.all([
      db.select().from(schema.people),
      db.select().from(schema.stores),
      db.select().from(schema.districts),
      db.select().from(schema.zones),
    ]);
    const person = new Map(people.map((p) => [p.id, p]));
    const store = new Map(stores.map((s) => [s.dlrnum, s]));
    const district = new Map(districts.map((d) => [d.code, d]));
    const zone = new Map(zones.map((z) => [z.code, z]));
    return regs.map((r) => {
      const p = person.get(r.attendeeId)!;
      const s = r.storeDlrnum ? store.get(r.storeDlrnum) : undefined;
      const d = s ? district.get(s.districtCode) : undefined;
      const z = d ? zone.get(d.zoneCode) : undefined;
      return {
        'Store Code': s?.dlrnum ?? '',
        'Store Name': s?.name ?? '',
        Region: z?.regionCode ?? '',
        Zone: z?.code ?? '',
        District: d?.code ?? '',
        'City/State': s ? `${s.city}, ${s.state}` : '',
        'Attendee Name': `${p.firstName} ${p.lastName}`,
        Email: p.email,
        'Attendee Type': r.attendeeType === 'dealer' ? 'Dealer' : 'Candidate',
        Status: r.status,
        'Enroll Date': r.enrolledAt ? r.enrolledAt.toISOString().slice(0, 10) : '',
        'Arrival Date': r.arrivalDate ?? '',
        'Departure Date': r.departureDate ?? '',
        Virtual: r.isVirtual ? 'Yes' : 'No',
      } satisfies Record<(typeof RETAILER_REPORT_HEADERS)[number], string>;
    });
  }

  it('builds the spreadsheet with every column, headers as given, one row per retailer registration', async () => {
    const res = await report(`eventCode=NBC27&reportHeaders=${encodeURIComponent(RETAILER_REPORT_HEADERS.join(','))}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const body = res.json();
    expect(body).toMatchObject({ succeeded: true, message: 'Report Generated Successfully', data: { reportData: { fileDownloadName: 'RetailerReport_NBC27.xlsx' } } });
    expect(Object.keys(body)).toEqual(['succeeded', 'message', 'data']);
    const { sheet, rows } = await readSheet(body.data.reportData.fileContents);
    expect(sheet.name).toBe('Retailer Report');
    expect(rows[0]).toEqual([...RETAILER_REPORT_HEADERS]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const expected = await expectedRows('nbc');
    expect(expected.length).toBeGreaterThan(300);
    expect(expected.some((r) => r['Attendee Type'] === 'Candidate')).toBe(true);
    expect(rows).toHaveLength(expected.length + 1);
    // Blank cells are not written, so compare each row up to its last filled cell.
    expect(rows.slice(1)).toEqual(expected.map((r) => RETAILER_REPORT_HEADERS.map((h) => r[h])).map((r) => r.slice(0, lastFilled(r))));
  });

  it('picks and orders columns by reportHeaders, case-insensitively, keeping the text as given; matches the event code in any case', async () => {
    const res = await report(`eventCode=nbc27&reportHeaders=${encodeURIComponent(' email , STORE CODE,Status,attendee   name')}`);
    const body = res.json();
    expect(body.succeeded).toBe(true);
    const { rows } = await readSheet(body.data.reportData.fileContents);
    expect(rows[0]).toEqual(['email', 'STORE CODE', 'Status', 'attendee   name']);
    const expected = await expectedRows('nbc');
    expect(rows.slice(1)).toEqual(expected.map((r) => [r.Email, r['Store Code'], r.Status, r['Attendee Name']]));
    expect(expected.every((r) => r.Email && r.Status && r['Attendee Name'])).toBe(true);
  });

  it('reports the abc event by its code (attendees without a store have empty store cells)', async () => {
    const body = (await report('eventCode=ABC27&reportHeaders=Email,Store%20Code')).json();
    const { rows } = await readSheet(body.data.reportData.fileContents);
    const expected = await expectedRows('abc');
    expect(rows.slice(1)).toEqual(expected.map((r) => [r.Email, r['Store Code']].slice(0, r['Store Code'] ? 2 : 1)));
    expect(expected.some((r) => !r['Store Code'])).toBe(true);
  });

  it('answers "No data found" for an unknown event code', async () => {
    const res = await report('eventCode=XYZ99&reportHeaders=Email');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ succeeded: false, message: 'No data found', data: null });
  });

  it('answers 400 naming an unknown header, and for missing or blank parameters', async () => {
    const unknown = await report('eventCode=NBC27&reportHeaders=Email,Shoe%20Size');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('"Shoe Size"');
    for (const query of ['reportHeaders=Email', 'eventCode=NBC27', 'eventCode=&reportHeaders=Email', 'eventCode=NBC27&reportHeaders=%20,%20', `eventCode=${'N'.repeat(33)}&reportHeaders=Email`]) {
      const res = await report(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ succeeded: false, data: null });
    }
  });

  it('records each download in the audit log', async () => {
    await report('eventCode=NBC27&reportHeaders=Email');
    const rows = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'report-download'));
    expect(rows.some((r) => r.success && r.actorEmail === DEMO.reports && r.eventId === 'nbc')).toBe(true);
  });

  it('gives the same file whatever the batch size (keyset pages join up with no row lost or repeated)', async () => {
    const columns = retailerReportQuerySchema.parse({ eventCode: 'NBC27', reportHeaders: RETAILER_REPORT_HEADERS.join(',') }).reportHeaders;
    const modifiedAt = new Date('2027-01-01T00:00:00Z');
    const whole = await buildRetailerReport(t.database.db, 'NBC27', columns, { modifiedAt });
    const paged = await buildRetailerReport(t.database.db, 'NBC27', columns, { modifiedAt, batchSize: 7 });
    expect(paged!.rows).toBe(whole!.rows);
    expect(paged!.base64.pieces.join('')).toBe(whole!.base64.pieces.join(''));
    const exact = await buildRetailerReport(t.database.db, 'NBC27', columns, { modifiedAt, batchSize: whole!.rows });
    expect(exact!.base64.pieces.join('')).toBe(whole!.base64.pieces.join(''));
  });

  it('encodes base64 piece by piece exactly as a whole buffer would be', () => {
    const bytes = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 256);
    for (const sizes of [[1], [2], [3], [5, 1, 1, 7], [4096], [9999]]) {
      const pieces = new Base64Pieces();
      let offset = 0;
      for (let k = 0; offset < bytes.length; k++) {
        const size = sizes[k % sizes.length]!;
        pieces.push(bytes.subarray(offset, offset + size));
        offset += size;
      }
      pieces.end();
      const joined = pieces.pieces.join('');
      expect(joined).toBe(Buffer.from(bytes).toString('base64'));
      expect(pieces.length).toBe(joined.length);
    }
  });
});
