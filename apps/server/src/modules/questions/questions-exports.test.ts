/**
 * The console's exports built from the answers (docs/questions.md) on the engine of the run: all
 * answers (one column per question), the rooming list night by night with sharing pairs, the
 * catering summary per day with the gala's guests; organizers only.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTIONS_PATHS } from '@portal/contracts';
import { bearer, body, buildTestApp, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { enrolledAttendees } from '../sessions/testing/sessions-fixture.ts';
import type { CateringSummary, RoomingNight } from './questions.service.ts';
import { defineQuestion, pendingRegistration, submitAnswers } from './testing/questions-fixture.ts';

let t: TestApp;
let admin: string;
const clock = Date.now();
const db = () => t.database.db;
const get = (path: string) => t.app.inject({ method: 'GET', url: path, headers: bearer(admin) });
const catering = async () => body<CateringSummary>(await get(`${QUESTIONS_PATHS.adminCatering}?event=nbc`)).data;

async function sheetRows(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: true }, (row, n) => {
    rows[n - 1] = Array.from((row.values as unknown[]).slice(1), (v) => (v === undefined || v === null ? '' : String(v)));
  });
  return rows;
}

let before: CateringSummary;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  admin = (await loginOrganizer(t.app)).accessToken;
  const q = (input: Parameters<typeof defineQuestion>[2]) => defineQuestion(t.app, admin, input);
  await q({ key: 'room', label: 'Hotel room', type: 'choice', options: [{ value: 'single', label: 'Single' }, { value: 'sharing', label: 'Sharing' }], when: 'physical', order: 1 });
  await q({ key: 'room_share_with', label: 'Sharing with', type: 'text', when: 'physical', order: 2 });
  await q({ key: 'dietary', label: 'Dietary needs', type: 'multichoice', options: [{ value: 'vegan', label: 'Vegan' }, { value: 'gluten_free', label: 'Gluten-free' }, { value: 'other', label: 'Other' }], order: 3 });
  await q({ key: 'dietary_other', label: 'Other need', type: 'text', order: 4 });
  await q({ key: 'access', label: 'Accessibility', type: 'longtext', sensitive: true, order: 5 });
  await q({ key: 'gala', label: 'Gala', type: 'boolean', order: 6 });
  await q({ key: 'gala_guest', label: 'Gala guest', type: 'text', order: 7 });
  before = await catering();

  const person = (firstName: string, lastName: string) => pendingRegistration(db(), new Date(clock), { firstName, lastName });
  const ann = await person('Ann', 'Ablequest');
  const bea = await person('Béa', 'Bellquest');
  const cy = await person('Cy', 'Colequest');
  const di = await person('Di', 'Dunnquest');
  await submitAnswers(t.app, ann, { room: 'sharing', room_share_with: 'bea  bellquest', dietary: ['vegan'], gala: true, gala_guest: 'Gus Guest', access: 'Hearing loop' }, { arrivalDate: '2027-03-01', departureDate: '2027-03-03' });
  await submitAnswers(t.app, bea, { room: 'sharing', room_share_with: 'Ann Ablequest', dietary: ['vegan', 'gluten_free'], gala: true }, { arrivalDate: '2027-03-01', departureDate: '2027-03-04' });
  await submitAnswers(t.app, cy, { room: 'single', dietary: ['other'], dietary_other: 'No shellfish', gala: false }, { arrivalDate: '2027-03-02', departureDate: '2027-03-03' });
  await submitAnswers(t.app, di, { room: 'sharing', room_share_with: 'Nobody Known' }, { arrivalDate: '2027-03-01', departureDate: '2027-03-02' });
});
afterAll(async () => {
  await t?.close();
});

describe('exports of the answers', () => {
  it('lists every answer, one column per question, sensitive ones included, as xlsx', async () => {
    const res = await get(`${QUESTIONS_PATHS.adminAnswers}?event=nbc&format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Last name', 'First name', 'E-mail', 'Store', 'Status', 'Attendance', 'Arrival', 'Departure', 'Hotel room', 'Sharing with', 'Dietary needs', 'Other need', 'Accessibility', 'Gala', 'Gala guest']);
    const ann = rows.find((r) => r[0] === 'Ablequest')!;
    expect(ann.slice(4)).toEqual(['Enrolled', 'In person', '2027-03-01', '2027-03-03', 'Sharing', 'bea  bellquest', 'Vegan', '', 'Hearing loop', 'Yes', 'Gus Guest']);
    const cy = rows.find((r) => r[0] === 'Colequest')!;
    expect(cy.slice(8, 14)).toEqual(['Single', '', 'Other', 'No shellfish', '', 'No']);
  });

  it('builds the rooming list night by night with the sharing pairs', async () => {
    const res = await get(`${QUESTIONS_PATHS.adminRoomingList}?event=nbc`);
    expect(res.statusCode, res.body).toBe(200);
    const mine = body<{ rows: RoomingNight[] }>(res).data.rows.filter((n) => n.guests.some((g) => g.name.endsWith('quest')));
    const shape = mine.map((n) => `${n.night} ${n.type}: ${n.guests.map((g) => g.name).join(' + ')}${n.requested ? ` (asked: ${n.requested})` : ''}`);
    expect(shape).toEqual([
      '2027-03-01 Shared: Ann Ablequest + Béa Bellquest',
      '2027-03-01 Sharing, colleague not matched: Di Dunnquest (asked: Nobody Known)',
      '2027-03-02 Shared: Ann Ablequest + Béa Bellquest',
      '2027-03-02 Single: Cy Colequest',
      '2027-03-03 Shared: Béa Bellquest',
    ]);
    // A pair keeps one room number on every night.
    expect(new Set(mine.filter((n) => n.type === 'Shared').map((n) => n.room)).size).toBe(1);

    const xlsx = await get(`${QUESTIONS_PATHS.adminRoomingList}?event=nbc&format=xlsx`);
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Night of', 'Room', 'Type', 'Guest', 'Store', 'Sharing with', 'Store', 'Asked to share with']);
    expect(rows.some((r) => r[0] === '2027-03-02' && r[3] === 'Ann Ablequest' && r[5] === 'Béa Bellquest')).toBe(true);
  });

  it('counts dietary needs per day and the gala’s guests', async () => {
    const after = await catering();
    const delta = (day: string, need: string) => (after.days.find((d) => d.day === day)!.counts[need] ?? 0) - (before.days.find((d) => d.day === day)!.counts[need] ?? 0);
    const present = (day: string) => after.days.find((d) => d.day === day)!.attendees - before.days.find((d) => d.day === day)!.attendees;
    expect(after.needs.map((n) => n.value)).toEqual(['vegan', 'gluten_free', 'other']);
    // Ann 1–3, Béa 1–4, Cy 2–3, Di 1–2 (arrival and departure days included).
    expect(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04'].map(present)).toEqual([3, 4, 3, 1]);
    expect(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04'].map((d) => delta(d, 'vegan'))).toEqual([2, 2, 2, 1]);
    expect(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04'].map((d) => delta(d, 'gluten_free'))).toEqual([1, 1, 1, 1]);
    expect(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04'].map((d) => delta(d, 'other'))).toEqual([0, 1, 1, 0]);
    expect(after.otherNeeds).toContainEqual({ name: 'Cy Colequest', need: 'No shellfish' });
    expect(after.gala.attending - before.gala.attending).toBe(2);
    expect(after.gala.guestNames).toContainEqual({ guest: 'Gus Guest', with: 'Ann Ablequest' });
    expect(after.gala.covers - before.gala.covers).toBe(3);

    const xlsx = await get(`${QUESTIONS_PATHS.adminCatering}?event=nbc&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Day', 'Attendees', 'No dietary need', 'Vegan', 'Gluten-free', 'Other']);
    expect(rows.some((r) => r[0] === 'Gala guest' && r[1] === 'Gus Guest')).toBe(true);
  });

  it('are for organizers only', async () => {
    const [someone] = await enrolledAttendees(t.app, db(), 1);
    for (const path of [QUESTIONS_PATHS.adminAnswers, QUESTIONS_PATHS.adminRoomingList, QUESTIONS_PATHS.adminCatering]) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?event=nbc&format=xlsx`, headers: bearer(someone!.token) });
      expect(res.statusCode).toBe(403);
    }
  });
});
