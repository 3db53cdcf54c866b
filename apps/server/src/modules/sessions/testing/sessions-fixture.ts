/** Sessions' test helpers: enrolled attendees with event tokens, a session made through the console's API. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { adminSessionSchema, SESSIONS_PATHS, type AdminSession, type CreateSessionRequest } from '@portal/contracts';
import { rowsOf, type AttendeeType, type Db } from '@portal/db';
import { bearer } from '../../../testing/build-test-app.ts';

export interface Attendee {
  personId: number;
  registrationId: number;
  email: string;
  token: string;
}

let run = 0;

/**
 * `n` new people, each with an `Enrolled` nbc registration of `attendeeType` (at a store when one
 * is given) and a signed-in event token: written in two statements, so thousands are quick.
 */
export async function enrolledAttendees(app: FastifyInstance, db: Db, n: number, options: { attendeeType?: AttendeeType; store?: string | null; eventId?: string } = {}): Promise<Attendee[]> {
  const tag = `${Date.now().toString(36)}${++run}`;
  const type = options.attendeeType ?? 'expo';
  const event = options.eventId ?? 'nbc';
  const store = options.store ?? null;
  const rows = rowsOf<{ person_id: number; registration_id: number; email: string }>(
    await db.execute(sql`
      with p as (
        insert into people (email, first_name, last_name, category, store_dlrnum)
        select 'session.' || ${tag} || '.' || i || '@picks.example.com', 'Ses', 'Sion' || i, 'expo', ${store}::text from generate_series(1, ${n}::int) i
        returning id, email
      ), r as (
        insert into registrations (event_id, attendee_id, registered_by_id, attendee_type, status, enrolled_at, provider_ref, store_dlrnum)
        select ${event}, p.id, p.id, ${type}, 'Enrolled', now(), 'pr_session_' || p.id || '_' || ${tag}, ${store}::text from p
        returning id, attendee_id
      )
      select p.id as person_id, r.id as registration_id, p.email from p join r on r.attendee_id = p.id order by p.id`),
  );
  const out: Attendee[] = [];
  for (const row of rows) {
    const { token } = await app.tokens.sign({ personId: Number(row.person_id), email: row.email, eventType: event === 'abc' ? 'abc' : 'nbc', policies: ['expo'], regType: 'expo', isDealer: false, storeCode: store });
    out.push({ personId: Number(row.person_id), registrationId: Number(row.registration_id), email: row.email, token });
  }
  return out;
}

/** Creates a session through `POST /api/Admin/Sessions`; fails the test when it is refused. */
export async function createSession(app: FastifyInstance, adminToken: string, input: Partial<CreateSessionRequest> = {}): Promise<AdminSession> {
  const res = await app.inject({
    method: 'POST',
    url: SESSIONS_PATHS.adminSessions,
    headers: bearer(adminToken),
    payload: { event: 'nbc', title: 'Breakout', startsAt: '2027-03-02T09:00', endsAt: '2027-03-02T10:00', room: 'Room A', capacity: 10, entry: 'picked', ...input },
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminSessionSchema.parse((res.json() as { data: unknown }).data);
}
