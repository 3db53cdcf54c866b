/**
 * The demo's registration questions (docs/questions.md) for nbc: hotel room (single or sharing,
 * with the colleague's name), dietary needs (with "other" described), accessibility needs
 * (sensitive), emergency contact, shirt size, the evening gala and a guest; and answers for most of
 * the enrolled in-person attendees, with sharing pairs, so the rooming list and the catering summary
 * show something. Loaded in demo mode after the demo data, once (a meta key), so the test seeds stay
 * as they were; the demo accounts of the README get no answers (they answer themselves).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, schema, type AnswerValue, type DbOrTx } from '@portal/db';
import { demoAccountEmailList, demoEvent, loadOnce } from './demo-once.ts';

const META_KEY = 'demo_questions';

type NewQuestion = Omit<typeof schema.questions.$inferInsert, 'eventId'>;

const SHIRTS = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const option = (value: string, label: string) => ({ value, label });

export const DEMO_QUESTIONS: readonly NewQuestion[] = [
  { key: 'room', label: 'Hotel room', help: 'The hotel block is booked from your arrival to your departure.', type: 'choice', options: [option('single', 'A room of my own'), option('sharing', 'Sharing with a colleague')], when: 'physical', order: 10 },
  { key: 'room_share_with', label: 'Colleague you share with', help: 'Their full name as they registered; they should name you too.', type: 'text', when: 'physical', order: 20 },
  {
    key: 'dietary',
    label: 'Dietary needs',
    type: 'multichoice',
    options: [option('vegetarian', 'Vegetarian'), option('vegan', 'Vegan'), option('gluten_free', 'Gluten-free'), option('halal', 'Halal'), option('kosher', 'Kosher'), option('nut_allergy', 'Nut allergy'), option('other', 'Other')],
    when: 'physical',
    order: 30,
  },
  { key: 'dietary_other', label: 'Other dietary need', help: 'If you chose Other.', type: 'text', when: 'physical', order: 40 },
  { key: 'accessibility', label: 'Accessibility needs', help: 'Only the event team sees this.', type: 'longtext', sensitive: true, when: 'both', order: 50 },
  { key: 'emergency_name', label: 'Emergency contact: name', type: 'text', when: 'physical', order: 60 },
  { key: 'emergency_phone', label: 'Emergency contact: phone', type: 'text', when: 'physical', order: 70 },
  { key: 'shirt_size', label: 'Shirt size', type: 'choice', options: SHIRTS.map((s) => option(s.toLowerCase(), s)), when: 'physical', order: 80 },
  { key: 'gala', label: 'I will attend the evening gala', type: 'boolean', when: 'physical', order: 90 },
  { key: 'gala_guest', label: 'Guest at the gala', help: 'Their full name; leave empty if you come alone.', type: 'text', when: 'physical', order: 100 },
];

const DIETS: readonly (readonly string[])[] = [['vegetarian'], ['gluten_free'], ['vegan', 'nut_allergy'], ['halal'], ['other']];

/** The demo answers of the n-th enrolled in-person attendee (1-based), with the name of the one they share with. */
export function demoAnswers(n: number, person: { lastName: string }, mate: string | null): Record<string, AnswerValue> | null {
  if (n % 5 === 4) return null; // some have not answered yet
  const answers: Record<string, AnswerValue> = { room: mate ? 'sharing' : 'single', shirt_size: SHIRTS[n % SHIRTS.length]!.toLowerCase(), gala: n % 3 !== 0 };
  if (mate) answers.room_share_with = mate;
  if (n % 7 === 0) {
    const diet = DIETS[(n / 7) % DIETS.length]!;
    answers.dietary = [...diet];
    if (diet.includes('other')) answers.dietary_other = 'No shellfish';
  }
  if (n % 41 === 0) answers.accessibility = 'Step-free access to the rooms, and seats near the front for a hearing aid.';
  if (n % 2 === 0) {
    answers.emergency_name = `Alex ${person.lastName}`;
    answers.emergency_phone = `+1 555 01${String(n % 100).padStart(2, '0')}`;
  }
  if (answers.gala && n % 4 === 0) answers.gala_guest = `Sam ${person.lastName}`;
  return answers;
}

export async function loadDemoQuestions(db: DbOrTx): Promise<boolean> {
  return loadOnce(db, META_KEY, async (tx) => {
    if (!(await demoEvent(tx, 'nbc'))) return null;
    const defs = await tx
      .insert(schema.questions)
      .values(DEMO_QUESTIONS.map((q) => ({ ...q, eventId: 'nbc' })))
      .onConflictDoNothing()
      .returning({ id: schema.questions.id, key: schema.questions.key });
    const idOf = new Map(defs.map((d) => [d.key, d.id]));
    const excluded = demoAccountEmailList();
    const people = rowsOf<{ id: number; first_name: string; last_name: string }>(
      await tx.execute(sql`
        select r.id, p.first_name, p.last_name from registrations r join people p on p.id = r.attendee_id
        where r.event_id = 'nbc' and r.status = 'Enrolled' and not r.is_virtual and r.arrival_date is not null
          and p.email not in (${excluded})
        order by r.id`),
    );
    // Every tenth pair of neighbours (by id) shares a room, naming each other.
    const mateOf = (i: number) => {
      if (Math.floor(i / 2) % 5 !== 0) return null;
      const j = i % 2 === 0 ? i + 1 : i - 1;
      const m = people[j];
      return m ? `${m.first_name} ${m.last_name}` : null;
    };
    const rows = people.flatMap((p, i) => {
      const answers = demoAnswers(i + 1, { lastName: p.last_name }, mateOf(i));
      if (!answers) return [];
      return Object.entries(answers).flatMap(([key, value]) => {
        const questionId = idOf.get(key);
        return questionId ? [{ registrationId: Number(p.id), questionId, value }] : [];
      });
    });
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(schema.registrationAnswers).values(rows.slice(i, i + 1000)).onConflictDoNothing();
    return { questions: defs.length, answers: rows.length };
  });
}
