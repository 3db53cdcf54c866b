/** Questions' test helpers: a question defined through the console's API, a pending registration with its register link. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { QUESTIONS_PATHS, questionSchema, type Question, type QuestionRequest } from '@portal/contracts';
import { rowsOf, type Db } from '@portal/db';
import { issueToken } from '../../../lib/registration-tokens.ts';
import { bearer } from '../../../testing/build-test-app.ts';

export async function defineQuestion(app: FastifyInstance, adminToken: string, input: Omit<QuestionRequest, 'event'>, event = 'nbc'): Promise<Question> {
  const res = await app.inject({ method: 'POST', url: QUESTIONS_PATHS.adminQuestions, headers: bearer(adminToken), payload: { event, ...input } });
  expect(res.statusCode, res.body).toBe(201);
  return questionSchema.parse((res.json() as { data: unknown }).data);
}

let run = 0;

/** A pending nbc registration of a new person (at `store` when given) with its register link's token (mailed to them unless `mailed: false`). */
export async function pendingRegistration(
  db: Db,
  at: Date,
  options: { attendeeType?: string; store?: string | null; firstName?: string; lastName?: string; mailed?: boolean } = {},
): Promise<{ registrationId: number; personId: number; token: string; email: string; firstName: string; lastName: string }> {
  const tag = `${Date.now().toString(36)}${++run}`;
  const email = `q.${tag}@answers.example.com`;
  const firstName = options.firstName ?? 'Quinn';
  const lastName = options.lastName ?? `Asker${tag}`;
  const store = options.store ?? null;
  const [row] = rowsOf<{ id: number; person_id: number }>(
    await db.execute(sql`
      with p as (insert into people (email, first_name, last_name, category, store_dlrnum) values (${email}, ${firstName}, ${lastName}, ${store ? 'dealer_staff' : 'expo'}, ${store}::text) returning id)
      insert into registrations (event_id, attendee_id, registered_by_id, attendee_type, provider_ref, store_dlrnum)
      select 'nbc', p.id, p.id, ${options.attendeeType ?? 'expo'}, ${`pr_q_${tag}`}, ${store}::text from p returning id, attendee_id as person_id`),
  );
  const registrationId = Number(row!.id);
  const token = await db.transaction((tx) => issueToken(tx, registrationId, 'register', at, undefined, { mailed: options.mailed ?? true }));
  return { registrationId, personId: Number(row!.person_id), token, email, firstName, lastName };
}

/** Submits the registration form behind `token` in person with these dates and answers; fails the test when refused. */
export async function submitAnswers(
  app: FastifyInstance,
  who: { token: string; email: string; firstName: string; lastName: string },
  answers: Record<string, unknown>,
  dates: { arrivalDate: string; departureDate: string } = { arrivalDate: '2027-03-01', departureDate: '2027-03-03' },
): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/Registration/${who.token}`, payload: { action: 'submit', firstName: who.firstName, lastName: who.lastName, email: who.email, isVirtual: false, ...dates, answers } });
  expect(res.statusCode, res.body).toBe(200);
}
