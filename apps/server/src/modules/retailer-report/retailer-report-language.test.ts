/** The retailer report in the reader's language: French headers, sheet name and values for a French reader. */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';

const HEADERS = 'Store Code,Store Name,Attendee Type,Status,Virtual';

async function sheetOf(body: string) {
  const base64 = (JSON.parse(body) as { data: { reportData: { fileContents: string } } }).data.reportData.fileContents;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)))));
  return { name: sheet.name, rows };
}

describe('the retailer report in the reader\'s language', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({ stores: 40 });
    token = (await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken;
  });
  afterAll(() => t?.close());

  const report = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/Report/GetRetailerReport?eventCode=NBC27&reportHeaders=${encodeURIComponent(HEADERS)}`, headers: { ...bearer(token), ...headers } });

  it('writes French headers, sheet name, attendee types, statuses and Oui/Non for Accept-Language fr-CA', async () => {
    const res = await report({ 'accept-language': 'fr-CA' });
    expect(res.statusCode, res.body).toBe(200);
    const { name, rows } = await sheetOf(res.body);
    expect(name).toBe('Rapport des détaillants');
    expect(rows[0]).toEqual(['Code de concession', 'Nom de la concession', 'Type de participant', 'Statut', 'Virtuel']);
    const body = rows.slice(1);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((r) => ['Concessionnaire', 'Candidat'].includes(r[2]!))).toBe(true);
    expect(body.every((r) => ['Oui', 'Non'].includes(r[4]!))).toBe(true);
    expect(body.some((r) => r[3] === 'Inscrit')).toBe(true);
    expect(body.flat()).not.toContain('Dealer');
    expect(body.flat()).not.toContain('Enrolled');
  });

  it('follows the reader\'s stored language when the request names none, and keeps English headers as given otherwise', async () => {
    await t.database.db.execute(sql`update report_users set language = 'fr-CA' where email = ${DEMO.reports}`);
    const stored = await sheetOf((await report()).body);
    expect(stored.rows[0]?.[0]).toBe('Code de concession');

    await t.database.db.execute(sql`update report_users set language = null where email = ${DEMO.reports}`);
    const english = await sheetOf((await report({ 'accept-language': 'en-US,en;q=0.9' })).body);
    expect(english.name).toBe('Retailer Report');
    expect(english.rows[0]).toEqual(HEADERS.split(','));
    expect(english.rows.slice(1).every((r) => ['Yes', 'No'].includes(r[4]!))).toBe(true);
  });
});
