/**
 * Sensitive answers (docs/questions.md) on the engine of the run: in webhook bodies only for an
 * endpoint that opts in, in no report user's export, in the person's data export, and gone with an
 * erasure (answers, and the answers of pending webhook bodies).
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_PATHS, RETAILER_REPORT_HEADERS, WEBHOOK_PATHS, type PersonalData } from '@portal/contracts';
import { rowsOf } from '@portal/db';
import { bearer, body, buildTestApp, DEMO, loginAs, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { runRetention } from '../privacy/retention.ts';
import { defineQuestion, pendingRegistration, submitAnswers } from './testing/questions-fixture.ts';

let t: TestApp;
let admin: string;
const clock = Date.now();
const db = () => t.database.db;
const SECRET_NEED = 'Wheelchair user, needs step-free room';
let plainEndpoint: number;
let sensitiveEndpoint: number;
let store: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_DATA: 'true' }, now: () => clock });
  admin = (await loginOrganizer(t.app)).accessToken;
  await defineQuestion(t.app, admin, { key: 'shirt', label: 'Shirt size', type: 'choice', options: [{ value: 'm', label: 'M' }], order: 1 });
  await defineQuestion(t.app, admin, { key: 'access', label: 'Accessibility needs', type: 'longtext', sensitive: true, order: 2 });
  const endpoint = async (includeSensitive: boolean) => {
    const res = await t.app.inject({ method: 'POST', url: WEBHOOK_PATHS.webhooks, headers: bearer(admin), payload: { url: 'http://127.0.0.1:9/hook', events: ['registration.updated'], includeSensitive } });
    expect(res.statusCode, res.body).toBe(201);
    expect(body<{ includeSensitive: boolean }>(res).data.includeSensitive).toBe(includeSensitive);
    return body<{ id: number }>(res).data.id;
  };
  plainEndpoint = await endpoint(false);
  sensitiveEndpoint = await endpoint(true);
  // A dealer store of the demo network: its registrations are in the retailer report.
  store = rowsOf<{ dlrnum: string }>(await db().execute(sql`select dlrnum from stores order by dlrnum limit 1`))[0]!.dlrnum;
});
afterAll(async () => {
  await t?.close();
});

const bodiesTo = async (endpointId: number, registrationId: number) =>
  rowsOf<{ body: string }>(await db().execute(sql`select body from webhook_deliveries where endpoint_id = ${endpointId} and ordering_key = ${`registration:${registrationId}`} order by id`)).map(
    (r) => JSON.parse(r.body) as { data: { answers?: Record<string, unknown> } },
  );

describe('sensitive answers', () => {
  it('go only to a webhook endpoint that opts in', async () => {
    const who = await pendingRegistration(db(), new Date(clock));
    await submitAnswers(t.app, who, { shirt: 'm', access: SECRET_NEED });
    const plain = await bodiesTo(plainEndpoint, who.registrationId);
    const opted = await bodiesTo(sensitiveEndpoint, who.registrationId);
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.at(-1)!.data.answers).toEqual({ shirt: 'm' });
    expect(JSON.stringify(plain)).not.toContain(SECRET_NEED);
    expect(opted.at(-1)!.data.answers).toEqual({ shirt: 'm', access: SECRET_NEED });
  });

  it('are in no report user export', async () => {
    const who = await pendingRegistration(db(), new Date(clock), { attendeeType: 'dealer', store, lastName: 'Reportable' });
    await submitAnswers(t.app, who, { shirt: 'm', access: SECRET_NEED });
    const reporting = bearer((await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken);
    const res = await t.app.inject({ method: 'GET', url: `/api/Report/GetRetailerReport?eventCode=NBC27&reportHeaders=${encodeURIComponent(RETAILER_REPORT_HEADERS.join(','))}`, headers: reporting });
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from((res.json() as { data: { reportData: { fileContents: string } } }).data.reportData.fileContents, 'base64') as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells.some((c) => c.includes('Reportable'))).toBe(true);
    expect(cells.some((c) => c.includes(SECRET_NEED))).toBe(false);
  });

  it('are in the person’s data export and go with an erasure', async () => {
    const who = await pendingRegistration(db(), new Date(clock), { lastName: 'Erasable' });
    await submitAnswers(t.app, who, { shirt: 'm', access: SECRET_NEED });
    const exported = await t.app.inject({ method: 'GET', url: PRIVACY_PATHS.personData.replace('{id}', String(who.personId)), headers: bearer(admin) });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = body<PersonalData>(exported).data;
    expect(data.registrations.find((r) => r.id === who.registrationId)?.answers).toEqual([
      { key: 'shirt', label: 'Shirt size', value: 'm', sensitive: false },
      { key: 'access', label: 'Accessibility needs', value: SECRET_NEED, sensitive: true },
    ]);

    const erased = await t.app.inject({ method: 'POST', url: PRIVACY_PATHS.personErase.replace('{id}', String(who.personId)), headers: bearer(admin), payload: { reason: 'asked by the attendee' } });
    expect(erased.statusCode, erased.body).toBe(200);
    const [left] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from registration_answers where registration_id = ${who.registrationId}`));
    expect(Number(left!.n)).toBe(0);
    // The stored webhook bodies about the registration keep no answers either.
    for (const endpointId of [plainEndpoint, sensitiveEndpoint]) {
      const bodies = await bodiesTo(endpointId, who.registrationId);
      expect(bodies.length).toBeGreaterThan(0);
      expect(bodies.every((b) => b.data.answers === undefined)).toBe(true);
    }
    const [anywhere] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from webhook_deliveries where body like ${`%${SECRET_NEED}%`} and ordering_key = ${`registration:${who.registrationId}`}`));
    expect(Number(anywhere!.n)).toBe(0);
  });

  // Last: the run erases every nbc attendee of this app.
  it('are removed by the event’s retention run', async () => {
    const who = await pendingRegistration(db(), new Date(clock), { lastName: 'Retained' });
    await submitAnswers(t.app, who, { shirt: 'm', access: SECRET_NEED });
    const set = await t.app.inject({ method: 'PUT', url: '/api/Admin/Events/nbc', headers: bearer(admin), payload: { retentionDays: 30 } });
    expect(set.statusCode, set.body).toBe(200);
    // nbc ends on 2027-03-04: its retention is due 30 days later.
    await runRetention(db(), new Date('2027-04-10T12:00:00Z'), { pace: { peopleBatch: 500, minGapMs: 0, pauseRatio: 0 } });
    const [left] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from registration_answers where registration_id = ${who.registrationId}`));
    expect(Number(left!.n)).toBe(0);
  });
});
