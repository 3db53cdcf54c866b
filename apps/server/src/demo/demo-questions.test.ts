/** The demo's registration questions (docs/questions.md): the nbc questions, answers that pass the server's checks, sharing pairs; loaded once. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@portal/db';
import { questionsOf } from '../modules/questions/questions.queries.ts';
import { roomingList } from '../modules/questions/logistics.ts';
import { checkAnswers, createQuestionsService } from '../modules/questions/questions.service.ts';
import { useTestApp } from '../testing/build-test-app.ts';
import { loadDemoQuestions } from './demo-questions.ts';

const t = useTestApp({ stores: 200 });

describe('demo questions', () => {
  it('loads the nbc questions once, with answers the server accepts and sharing pairs', async () => {
    const db = t.database.db;
    expect(await loadDemoQuestions(db)).toBe(true);
    expect(await loadDemoQuestions(db)).toBe(false);
    const defs = await questionsOf(db, 'nbc');
    expect(defs.map((d) => d.key)).toEqual(['room', 'room_share_with', 'dietary', 'dietary_other', 'accessibility', 'emergency_name', 'emergency_phone', 'shirt_size', 'gala', 'gala_guest']);
    expect(defs.find((d) => d.key === 'accessibility')).toMatchObject({ type: 'longtext', sensitive: true });

    const table = await createQuestionsService({ db }).answersTable('nbc');
    const answered = table.rows.filter((r) => Object.keys(r.answers).length);
    expect(answered.length).toBeGreaterThan(10);
    for (const r of answered) {
      const registration = rowsOf<{ attendee_type: string }>(await db.execute(sql`select attendee_type from registrations where id = ${r.registrationId}`))[0]!;
      expect(checkAnswers(defs, { attendeeType: registration.attendee_type, isVirtual: r.isVirtual }, r.answers).errors).toEqual([]);
    }
    const nights = roomingList(table.rows.filter((r) => r.status === 'Enrolled' && !r.isVirtual));
    expect(nights.some((n) => n.type === 'Shared' && n.guests.length === 2)).toBe(true);
  });
});
