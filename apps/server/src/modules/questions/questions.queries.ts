/** The SQL of registration questions and answers (docs/questions.md); each function takes a db or a transaction. */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { schema, type AnswerValue, type DbOrTx, type Tx } from '@portal/db';
import { attendanceColumns, firstRow } from '../../lib/rows.ts';

const { questions, registrationAnswers, registrations, people, stores, events } = schema;

export type QuestionRow = typeof questions.$inferSelect;
export type NewQuestion = typeof questions.$inferInsert;

export async function findEvent(db: DbOrTx, eventId: string) {
  return firstRow(db.select({ id: events.id, name: events.name, startsOn: events.startsOn, endsOn: events.endsOn }).from(events).where(eq(events.id, eventId)));
}

export async function questionsOf(db: DbOrTx, eventId: string): Promise<QuestionRow[]> {
  return db.select().from(questions).where(eq(questions.eventId, eventId)).orderBy(asc(questions.order), asc(questions.id));
}

export async function findQuestion(db: DbOrTx, eventId: string, key: string): Promise<QuestionRow | undefined> {
  return firstRow(db.select().from(questions).where(and(eq(questions.eventId, eventId), eq(questions.key, key))));
}

/** Inserts the question; undefined when the event already has one with this key. */
export async function insertQuestion(tx: Tx, values: NewQuestion): Promise<QuestionRow | undefined> {
  const [row] = await tx.insert(questions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateQuestion(tx: Tx, id: number, values: Partial<NewQuestion>): Promise<QuestionRow | undefined> {
  const [row] = await tx.update(questions).set(values).where(eq(questions.id, id)).returning();
  return row;
}

/** The registration's answers, by question id. */
export async function answersOf(db: DbOrTx, registrationId: number): Promise<Map<number, AnswerValue>> {
  const rows = await db.select({ questionId: registrationAnswers.questionId, value: registrationAnswers.value }).from(registrationAnswers).where(eq(registrationAnswers.registrationId, registrationId));
  return new Map(rows.map((r) => [r.questionId, r.value]));
}

/**
 * The event's questions in their order and the registration's answers to them, in one read (a
 * submit's: none asked, none on record costs this statement only).
 */
export async function questionsWithAnswers(db: DbOrTx, eventId: string, registrationId: number): Promise<{ defs: QuestionRow[]; stored: Map<number, AnswerValue> }> {
  const rows = await db
    .select({ question: questions, answered: registrationAnswers.questionId, value: registrationAnswers.value })
    .from(questions)
    .leftJoin(registrationAnswers, and(eq(registrationAnswers.questionId, questions.id), eq(registrationAnswers.registrationId, registrationId)))
    .where(eq(questions.eventId, eventId))
    .orderBy(asc(questions.order), asc(questions.id));
  const stored = new Map<number, AnswerValue>();
  for (const r of rows) if (r.answered !== null && r.value !== null) stored.set(r.question.id, r.value);
  return { defs: rows.map((r) => r.question), stored };
}

/**
 * Replaces the registration's answers with `values` (question id → value): the others are removed.
 * `stored`: the answers on record as read in this transaction (questionsWithAnswers); when none of
 * them is to go, no delete is sent.
 */
export async function replaceAnswers(tx: Tx, registrationId: number, values: ReadonlyMap<number, AnswerValue>, at: Date, stored?: ReadonlyMap<number, AnswerValue>): Promise<void> {
  const keep = [...values.keys()];
  const removes = stored === undefined || [...stored.keys()].some((id) => !values.has(id));
  if (removes) await tx
    .delete(registrationAnswers)
    .where(keep.length ? and(eq(registrationAnswers.registrationId, registrationId), notInArray(registrationAnswers.questionId, keep)) : eq(registrationAnswers.registrationId, registrationId));
  if (!keep.length) return;
  await tx
    .insert(registrationAnswers)
    .values([...values].map(([questionId, value]) => ({ registrationId, questionId, value, updatedAt: at })))
    .onConflictDoUpdate({ target: [registrationAnswers.registrationId, registrationAnswers.questionId], set: { value: sql`excluded.value`, updatedAt: at } });
}

export interface AnsweredRegistration {
  registrationId: number;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  storeCode: string | null;
  storeName: string | null;
  attendeeType: string;
  isVirtual: boolean;
  arrivalDate: string | null;
  departureDate: string | null;
  answers: Map<number, AnswerValue>;
}

/** The event's registrations of these statuses with their answers, by name. */
export async function registrationsWithAnswers(db: DbOrTx, eventId: string, statuses: string[]): Promise<AnsweredRegistration[]> {
  const rows = await db
    .select({
      registrationId: registrations.id,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      status: registrations.status,
      storeCode: registrations.storeDlrnum,
      storeName: stores.name,
      attendeeType: registrations.attendeeType,
      ...attendanceColumns,
    })
    .from(registrations)
    .innerJoin(people, eq(people.id, registrations.attendeeId))
    .leftJoin(stores, eq(stores.dlrnum, registrations.storeDlrnum))
    .where(and(eq(registrations.eventId, eventId), inArray(registrations.status, statuses as (typeof registrations.$inferSelect)['status'][])))
    .orderBy(asc(people.lastName), asc(people.firstName), asc(registrations.id));
  const ids = rows.map((r) => r.registrationId);
  const answers = new Map<number, Map<number, AnswerValue>>();
  // In slices: a parameter list stays well under the engines' limits.
  for (let i = 0; i < ids.length; i += 5000) {
    const slice = ids.slice(i, i + 5000);
    const found = await db.select().from(registrationAnswers).where(inArray(registrationAnswers.registrationId, slice));
    for (const a of found) {
      let of = answers.get(a.registrationId);
      if (!of) answers.set(a.registrationId, (of = new Map()));
      of.set(a.questionId, a.value);
    }
  }
  return rows.map((r) => ({ ...r, answers: answers.get(r.registrationId) ?? new Map() }));
}

/** What decides the questions asked of a registration. */
export async function answeringRegistration(db: DbOrTx, registrationId: number) {
  return firstRow(
    db
      .select({ id: registrations.id, eventId: registrations.eventId, attendeeType: registrations.attendeeType, isVirtual: registrations.isVirtual })
      .from(registrations)
      .where(eq(registrations.id, registrationId)),
  );
}

/** The answers of these registrations with their questions' keys and labels, in the questions' order. */
export async function answersOfRegistrations(db: DbOrTx, registrationIds: readonly number[]) {
  if (!registrationIds.length) return [];
  return db
    .select({ registrationId: registrationAnswers.registrationId, key: questions.key, label: questions.label, sensitive: questions.sensitive, value: registrationAnswers.value })
    .from(registrationAnswers)
    .innerJoin(questions, eq(questions.id, registrationAnswers.questionId))
    .where(inArray(registrationAnswers.registrationId, [...registrationIds]))
    .orderBy(asc(questions.order), asc(questions.id));
}

/** Removes every answer of the registrations these people attend (an erasure). Answers how many went. */
export async function deleteAnswersOfAttendees(tx: DbOrTx, personIds: readonly number[]): Promise<number> {
  if (!personIds.length) return 0;
  const gone = await tx
    .delete(registrationAnswers)
    .where(inArray(registrationAnswers.registrationId, tx.select({ id: registrations.id }).from(registrations).where(inArray(registrations.attendeeId, [...personIds]))))
    .returning({ id: registrationAnswers.registrationId });
  return gone.length;
}
