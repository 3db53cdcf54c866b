/**
 * Registration questions (docs/questions.md) on the engine of the run: the console defines them,
 * the registration page asks them and the submit is checked against them (400 naming the field),
 * the answers are kept per registration and read back by the page and the console's detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, QUESTIONS_PATHS, type Question, type QuestionRequest, type RegistrationPage } from '@portal/contracts';
import { issueToken } from '../../lib/registration-tokens.ts';
import { bearer, body, buildTestApp, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { enrolledAttendees } from '../sessions/testing/sessions-fixture.ts';
import { defineQuestion, pendingRegistration } from './testing/questions-fixture.ts';

let t: TestApp;
let admin: string;
const clock = Date.now();
const db = () => t.database.db;

const define = (input: Omit<QuestionRequest, 'event'>) => defineQuestion(t.app, admin, input);

const submit = (token: string, email: string, extra: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Registration/${token}`,
    payload: { action: 'submit', firstName: 'Quinn', lastName: 'Asker', email, isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-03', ...extra },
  });

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  admin = (await loginOrganizer(t.app)).accessToken;
  await define({ key: 'shirt', label: 'Shirt size', type: 'choice', options: [{ value: 'm', label: 'M' }, { value: 'l', label: 'L' }], required: true, when: 'physical', order: 1 });
  await define({ key: 'diet', label: 'Dietary needs', type: 'multichoice', options: [{ value: 'vegan', label: 'Vegan' }, { value: 'halal', label: 'Halal' }], order: 2 });
  await define({ key: 'notes', label: 'Anything else', type: 'longtext', sensitive: true, order: 3 });
  await define({ key: 'guests', label: 'Guests', type: 'number', order: 4 });
  await define({ key: 'dealers_only', label: 'Dealer question', type: 'boolean', required: true, audience: ['dealer'], order: 5 });
});
afterAll(async () => {
  await t?.close();
});

describe('questions in the console', () => {
  it('lists, refuses a duplicate key, changes a question by key, and names bad fields', async () => {
    const listed = await t.app.inject({ method: 'GET', url: `${QUESTIONS_PATHS.adminQuestions}?event=nbc`, headers: bearer(admin) });
    expect(listed.statusCode).toBe(200);
    expect(body<{ rows: Question[] }>(listed).data.rows.map((q) => q.key)).toEqual(['shirt', 'diet', 'notes', 'guests', 'dealers_only']);

    const dup = await t.app.inject({ method: 'POST', url: QUESTIONS_PATHS.adminQuestions, headers: bearer(admin), payload: { event: 'nbc', key: 'shirt', label: 'Again', type: 'text' } });
    expect(dup.statusCode).toBe(409);

    const changed = await t.app.inject({ method: 'PUT', url: `${QUESTIONS_PATHS.adminQuestions}?event=nbc`, headers: bearer(admin), payload: { key: 'guests', label: 'Guests you bring', type: 'number', order: 4 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body<Question>(changed).data).toMatchObject({ key: 'guests', label: 'Guests you bring', required: false, when: 'both' });
    const missing = await t.app.inject({ method: 'PUT', url: `${QUESTIONS_PATHS.adminQuestions}?event=nbc`, headers: bearer(admin), payload: { key: 'nope', label: 'X', type: 'text' } });
    expect(missing.statusCode).toBe(404);

    const bad = async (payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: QUESTIONS_PATHS.adminQuestions, headers: bearer(admin), payload: { event: 'nbc', key: 'k1', label: 'L', type: 'text', ...payload } });
      expect(res.statusCode, res.body).toBe(400);
      return body(res).errors?.map((e) => e.field) ?? [];
    };
    expect(await bad({ type: 'choice' })).toContain('options');
    expect(await bad({ key: 'Has Space' })).toContain('key');
    expect(await bad({ type: 'colour' })).toContain('type');
    expect(await bad({ when: 'sometimes' })).toContain('when');
    expect(await bad({ audience: ['wizard'] })).toContain('audience.0');

    const [someone] = await enrolledAttendees(t.app, db(), 1);
    expect((await t.app.inject({ method: 'GET', url: `${QUESTIONS_PATHS.adminQuestions}?event=nbc`, headers: bearer(someone!.token) })).statusCode).toBe(403);
  });
});

describe('answers on the registration page', () => {
  it('asks the questions of the attendee type, with answers on record', async () => {
    const { token } = await pendingRegistration(db(), new Date(clock));
    const res = await t.app.inject({ method: 'GET', url: `/api/Registration/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = body<RegistrationPage>(res).data;
    expect(page.questions?.map((q) => q.key)).toEqual(['shirt', 'diet', 'notes', 'guests']);
    expect(page.questions?.[0]).toMatchObject({ key: 'shirt', required: true, when: 'physical', options: [{ value: 'm', label: 'M' }, { value: 'l', label: 'L' }] });
    expect(page.answers).toEqual({});
  });

  it('refuses a missing required answer, a value outside the options and 1,001 characters, naming the field', async () => {
    const { token, email } = await pendingRegistration(db(), new Date(clock));
    const refused = async (answers: Record<string, unknown> | undefined) => {
      const res = await submit(token, email, answers === undefined ? {} : { answers });
      expect(res.statusCode, res.body).toBe(400);
      return body(res).errors?.map((e) => e.field) ?? [];
    };
    expect(await refused(undefined)).toEqual(['answers.shirt']);
    expect(await refused({ shirt: '' })).toEqual(['answers.shirt']);
    expect(await refused({ shirt: 'xxl' })).toEqual(['answers.shirt']);
    expect(await refused({ shirt: 'm', diet: ['vegan', 'paleo'] })).toEqual(['answers.diet']);
    expect(await refused({ shirt: 'm', notes: 'x'.repeat(1001) })).toEqual(['answers.notes']);
    expect(await refused({ shirt: 'm', guests: 'two' })).toEqual(['answers.guests']);
    expect(await refused({ shirt: 'm', colour: 'blue' })).toEqual(['answers.colour']);
    // Nothing of the refused submits was kept: the registration is still pending, without answers.
    const page = body<RegistrationPage>(await t.app.inject({ method: 'GET', url: `/api/Registration/${token}` })).data;
    expect(page.status).toBe('Pending');
    expect(page.answers).toEqual({});

    // 1,000 characters are fine.
    const done = await submit(token, email, { answers: { shirt: 'm', diet: ['vegan'], notes: 'y'.repeat(1000), guests: 1 } });
    expect(done.statusCode, done.body).toBe(200);
    expect(body<RegistrationPage>(done).data).toMatchObject({ status: 'Enrolled', answers: { shirt: 'm', diet: ['vegan'], notes: 'y'.repeat(1000), guests: 1 } });
  });

  it('keeps the answers, changes them through the revisit link, drops those of another attendance', async () => {
    const { token, email, registrationId } = await pendingRegistration(db(), new Date(clock));
    expect((await submit(token, email, { answers: { shirt: 'l', diet: ['halal'], guests: 2 } })).statusCode).toBe(200);
    const revisit = await db().transaction((tx) => issueToken(tx, registrationId, 'revisit', new Date(clock), undefined, { mailed: true }));
    const seen = body<RegistrationPage>(await t.app.inject({ method: 'GET', url: `/api/Registration/${revisit}` })).data;
    expect(seen.answers).toEqual({ shirt: 'l', diet: ['halal'], guests: 2 });

    // Virtual now: the in-person question is no longer asked and its answer goes.
    const changed = await t.app.inject({ method: 'POST', url: `/api/Registration/${revisit}`, payload: { action: 'submit', firstName: 'Quinn', lastName: 'Asker', email, isVirtual: true, answers: { shirt: 'l', diet: [], guests: 3 } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body<RegistrationPage>(changed).data.answers).toEqual({ guests: 3 });

    // The console's detail shows them with their labels.
    const detail = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.registration.replace('{id}', String(registrationId)), headers: bearer(admin) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(body<{ answers?: unknown[] }>(detail).data.answers).toEqual([{ key: 'guests', label: 'Guests you bring', value: 3, text: '3', sensitive: false }]);
  });

  it('asks and changes sensitive questions only on a link mailed to the attendee', async () => {
    const { token, email, registrationId } = await pendingRegistration(db(), new Date(clock));
    expect((await submit(token, email, { answers: { shirt: 'm', notes: 'Hearing aid' } })).statusCode).toBe(200);
    // A link a session obtained (a manager's), not mailed: no sensitive question, and its answer stays.
    const handed = await db().transaction((tx) => issueToken(tx, registrationId, 'revisit', new Date(clock)));
    const page = body<RegistrationPage>(await t.app.inject({ method: 'GET', url: `/api/Registration/${handed}` })).data;
    expect(page.questions?.map((q) => q.key)).not.toContain('notes');
    expect(page.answers).toEqual({ shirt: 'm' });
    const changed = await t.app.inject({ method: 'POST', url: `/api/Registration/${handed}`, payload: { action: 'submit', firstName: 'Quinn', lastName: 'Asker', email, isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-03', answers: { shirt: 'l', notes: null } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body<RegistrationPage>(changed).data.answers).toEqual({ shirt: 'l' });
    const detail = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.registration.replace('{id}', String(registrationId)), headers: bearer(admin) });
    expect(body<{ answers?: { key: string; value: unknown }[] }>(detail).data.answers?.map((a) => [a.key, a.value])).toEqual([
      ['shirt', 'l'],
      ['notes', 'Hearing aid'],
    ]);
  });

  it('asks a dealer the dealer-only question', async () => {
    const { token, email } = await pendingRegistration(db(), new Date(clock), { attendeeType: 'dealer' });
    const res = await submit(token, email, { answers: { shirt: 'm' } });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.map((e) => e.field)).toEqual(['answers.dealers_only']);
    expect((await submit(token, email, { answers: { shirt: 'm', dealers_only: false } })).statusCode).toBe(200);
  });
});
