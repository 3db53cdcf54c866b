/**
 * Registration questions (docs/questions.md): organizers define them per event; the registration
 * page asks the ones for the attendee's type and attendance; the answers are checked here against
 * the definitions and stored per registration; the console reads them back as a table, a rooming
 * list and a catering summary.
 */
import {
  ANSWER_TEXT_MAX,
  isBlankAnswer,
  isIsoDate,
  questionAppliesTo,
  type AnswerValue,
  type Answers,
  type FieldError,
  type Question,
  type QuestionRequest,
  type RegistrationQuestion,
} from '@portal/contracts';
import type { AttendeeType, Db, DbOrTx, Tx } from '@portal/db';
import { audit, type Actor } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import * as q from './questions.queries.ts';
import { cateringSummary, roomingList, type CateringSummary, type RoomingNight } from './logistics.ts';

export type { CateringSummary, RoomingNight };

function toQuestion(row: q.QuestionRow): Question {
  return {
    key: row.key,
    label: row.label,
    help: row.help,
    type: row.type,
    options: row.options,
    required: row.required,
    audience: (row.audience as Question['audience']) ?? null,
    when: row.when,
    sensitive: row.sensitive,
    order: row.order,
  };
}

function toRegistrationQuestion(row: q.QuestionRow): RegistrationQuestion {
  const { audience: _audience, ...rest } = toQuestion(row);
  return rest;
}

/** Whether the question is asked of this attendee type (any attendance). */
const askedOf = (row: q.QuestionRow, attendeeType: string) => !row.audience || row.audience.includes(attendeeType as AttendeeType);

/** The registration whose answers are checked: its event, attendee type and attendance. */
export interface AnsweringRegistration {
  id: number;
  eventId: string;
  attendeeType: string;
  isVirtual: boolean;
}

/**
 * Checks `given` against the definitions: only questions asked of this registration are kept; a
 * required one left blank, a value of the wrong kind, a value not among the options and text over
 * the limit are refused, each naming its field (`answers.<key>`).
 */
export function checkAnswers(
  defs: readonly q.QuestionRow[],
  registration: Omit<AnsweringRegistration, 'id' | 'eventId'>,
  given: Readonly<Record<string, AnswerValue | null | undefined>>,
  /** Keys of the event's questions not asked here (their values are neither checked nor kept). */
  skipped: ReadonlySet<string> = new Set(),
): { values: Map<number, AnswerValue>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values = new Map<number, AnswerValue>();
  const known = new Set([...defs.map((d) => d.key), ...skipped]);
  for (const key of Object.keys(given)) {
    if (!known.has(key)) errors.push({ field: `answers.${key}`, message: `answers.${key} is not a question of this event.` });
  }
  for (const def of defs) {
    if (!askedOf(def, registration.attendeeType) || !questionAppliesTo(def, registration.isVirtual)) continue;
    const field = `answers.${def.key}`;
    const fail = (message: string) => errors.push({ field, message: `“${def.label}” ${message}` });
    let value = given[def.key];
    if (typeof value === 'string') value = value.trim();
    if (isBlankAnswer(value)) {
      if (def.required) fail('is required.');
      continue;
    }
    const options = new Set((def.options ?? []).map((o) => o.value));
    switch (def.type) {
      case 'text':
      case 'longtext':
        if (typeof value !== 'string') fail('must be text.');
        else if (value.length > ANSWER_TEXT_MAX) fail(`must be at most ${ANSWER_TEXT_MAX} characters.`);
        else values.set(def.id, value);
        break;
      case 'choice':
        if (typeof value !== 'string') fail('must be one of its options.');
        else if (!options.has(value)) fail(`has no option “${value.slice(0, 60)}”.`);
        else values.set(def.id, value);
        break;
      case 'multichoice': {
        const list = typeof value === 'string' ? [value] : value;
        if (!Array.isArray(list)) fail('must be a list of its options.');
        else if (list.find((v) => !options.has(v)) !== undefined) fail(`has no option “${String(list.find((v) => !options.has(v))).slice(0, 60)}”.`);
        else values.set(def.id, [...new Set(list)]);
        break;
      }
      case 'date':
        if (typeof value !== 'string' || !isIsoDate(value)) fail('must be a date written YYYY-MM-DD.');
        else values.set(def.id, value);
        break;
      case 'boolean':
        if (typeof value !== 'boolean') fail('must be yes or no.');
        else values.set(def.id, value);
        break;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) fail('must be a number.');
        else values.set(def.id, value);
        break;
    }
  }
  return { values, errors };
}

/** An answer as a person reads it: choices by their labels, lists joined, yes/no spelt out. */
export function answerText(question: { type: string; options: { value: string; label: string }[] | null }, value: AnswerValue): string {
  const label = (v: string) => question.options?.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && question.type === 'choice') return label(value);
  return String(value);
}

/**
 * What other modules read and erase of the answers, in their own transaction: the webhooks' and the
 * personal-data export's answers of registrations, an erasure's removal of a person's answers.
 */
export function answersOfRegistrations(db: DbOrTx, registrationIds: readonly number[]): ReturnType<typeof q.answersOfRegistrations> {
  return q.answersOfRegistrations(db, registrationIds);
}

export function eraseAnswersOfAttendees(tx: DbOrTx, personIds: readonly number[]): Promise<number> {
  return q.deleteAnswersOfAttendees(tx, personIds);
}

export function createQuestionsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const eventOrThrow = async (eventId: string) => {
    const event = await q.findEvent(db, eventId);
    if (!event) throw notFound('No event with this id.');
    return event;
  };

  /** The answers by key of a registration, in the order of the questions. */
  const answersByKey = (defs: readonly q.QuestionRow[], stored: ReadonlyMap<number, AnswerValue>, keep: (d: q.QuestionRow) => boolean = () => true): Answers => {
    const out: Answers = {};
    for (const def of defs) {
      const value = stored.get(def.id);
      if (value !== undefined && keep(def)) out[def.key] = value;
    }
    return out;
  };

  const service = {
    /** An organizer's export of answers, audited. */
    recordExport: (actor: Actor, eventId: string, name: string) =>
      audit(db, { action: 'admin-export', success: true, actorEmail: actor.email, organizerId: actor.organizerId, eventId, ip: actor.ip, detail: { export: name } }),
    async adminList(eventId: string): Promise<Question[]> {
      await eventOrThrow(eventId);
      return (await q.questionsOf(db, eventId)).map(toQuestion);
    },

    async adminCreate(actor: Actor, eventId: string, input: QuestionRequest): Promise<Question> {
      await eventOrThrow(eventId);
      return db.transaction(async (tx) => {
        const row = await q.insertQuestion(tx, { eventId, key: input.key, ...storedFields(input) });
        if (!row) throw new AppError(409, 'This event already has a question with this key.', [{ field: 'key', message: 'This event already has a question with this key.' }]);
        await audit(tx, { action: 'admin-question-create', success: true, actorEmail: actor.email, organizerId: actor.organizerId, ip: actor.ip, eventId, detail: { key: row.key } });
        return toQuestion(row);
      });
    },

    /** Changes the question named by `input.key`; every field is set from the request. */
    async adminUpdate(actor: Actor, eventId: string, input: QuestionRequest): Promise<Question> {
      await eventOrThrow(eventId);
      return db.transaction(async (tx) => {
        const existing = await q.findQuestion(tx, eventId, input.key);
        if (!existing) throw new AppError(404, 'This event has no question with this key.', [{ field: 'key', message: 'This event has no question with this key.' }]);
        const row = await q.updateQuestion(tx, existing.id, { ...storedFields(input), updatedAt: now() });
        await audit(tx, { action: 'admin-question-update', success: true, actorEmail: actor.email, organizerId: actor.organizerId, ip: actor.ip, eventId, detail: { key: input.key } });
        return toQuestion(row!);
      });
    },

    /** What the registration page shows: the questions asked of this attendee type (both attendances) and the answers on record. */
    async forRegistration(dbOrTx: DbOrTx, registration: AnsweringRegistration): Promise<{ questions: RegistrationQuestion[]; answers: Answers }> {
      const defs = (await q.questionsOf(dbOrTx, registration.eventId)).filter((d) => askedOf(d, registration.attendeeType));
      return { questions: defs.map(toRegistrationQuestion), answers: answersByKey(defs, await q.answersOf(dbOrTx, registration.id)) };
    },

    /**
     * The same for a registration by id (none: no questions). Without `includeSensitive` (a link
     * that was not mailed to the attendee) the sensitive questions are left out, answers and all.
     */
    async forRegistrationId(dbOrTx: DbOrTx, registrationId: number, { includeSensitive = true }: { includeSensitive?: boolean } = {}): Promise<{ questions: RegistrationQuestion[]; answers: Answers }> {
      const registration = await q.answeringRegistration(dbOrTx, registrationId);
      if (!registration) return { questions: [], answers: {} };
      const asked = await service.forRegistration(dbOrTx, registration);
      if (includeSensitive) return asked;
      const hidden = new Set(asked.questions.filter((x) => x.sensitive).map((x) => x.key));
      return { questions: asked.questions.filter((x) => !hidden.has(x.key)), answers: Object.fromEntries(Object.entries(asked.answers).filter(([k]) => !hidden.has(k))) };
    },

    /**
     * Checks and stores the answers of a submit in the caller's transaction: `given` replaces the
     * answers on record (absent: those on record are checked again for the attendance chosen).
     * Answers to questions no longer asked (another attendance) are removed.
     */
    async saveAnswers(
      tx: Tx,
      registration: AnsweringRegistration,
      given: Readonly<Record<string, AnswerValue | null>> | undefined,
      at: Date,
      /**
       * includeSensitive false on a link not mailed to the attendee: sensitive questions are not asked
       * there, their answers on record stay. noQuestions: the caller read in this transaction that the
       * event has no questions (then it has no answers either, and nothing is read here).
       */
      { includeSensitive = true, noQuestions = false }: { includeSensitive?: boolean; noQuestions?: boolean } = {},
    ): Promise<Answers> {
      const { defs: all, stored } = noQuestions ? { defs: [], stored: new Map<number, AnswerValue>() } : await q.questionsWithAnswers(tx, registration.eventId, registration.id);
      const defs = includeSensitive ? all : all.filter((d) => !d.sensitive);
      const skipped = new Set(all.filter((d) => !defs.includes(d)).map((d) => d.key));
      const input = given ?? answersByKey(defs, stored);
      const { values, errors } = checkAnswers(defs, registration, input, skipped);
      if (errors.length) throw badRequest(errors.map((e) => e.message).join(' '), errors);
      for (const d of all) if (skipped.has(d.key) && stored.has(d.id)) values.set(d.id, stored.get(d.id)!);
      await q.replaceAnswers(tx, registration.id, values, at, stored);
      return answersByKey(defs, values);
    },

    /** The console's detail: each answer with its question's label, sensitive ones marked. */
    async detailAnswers(dbOrTx: DbOrTx, registrationId: number): Promise<{ key: string; label: string; value: AnswerValue; text: string; sensitive: boolean }[]> {
      const registration = await q.answeringRegistration(dbOrTx, registrationId);
      if (!registration) return [];
      const defs = await q.questionsOf(dbOrTx, registration.eventId);
      const stored = await q.answersOf(dbOrTx, registration.id);
      return defs.filter((d) => stored.has(d.id)).map((d) => ({ key: d.key, label: d.label, value: stored.get(d.id)!, text: answerText(d, stored.get(d.id)!), sensitive: d.sensitive }));
    },

    /**
     * The answers of a registration for someone other than the organizers (a webhook body, a report
     * export): sensitive answers only when `includeSensitive`.
     */
    async answersFor(dbOrTx: DbOrTx, registration: { id: number; eventId: string }, { includeSensitive }: { includeSensitive: boolean }): Promise<Answers> {
      const defs = await q.questionsOf(dbOrTx, registration.eventId);
      return answersByKey(defs, await q.answersOf(dbOrTx, registration.id), (d) => includeSensitive || !d.sensitive);
    },

    /** Every live registration of the event with its answers (organizers only: sensitive answers included). */
    async answersTable(eventId: string) {
      await eventOrThrow(eventId);
      const defs = await q.questionsOf(db, eventId);
      const rows = await q.registrationsWithAnswers(db, eventId, ['Enrolled', 'Waitlisted', 'Offered']);
      return {
        questions: defs.map(toQuestion),
        rows: rows.map((r) => ({ registrationId: r.registrationId, firstName: r.firstName, lastName: r.lastName, email: r.email, status: r.status, storeCode: r.storeCode, storeName: r.storeName, isVirtual: r.isVirtual, arrivalDate: r.arrivalDate, departureDate: r.departureDate, answers: answersByKey(defs, r.answers) })),
      };
    },

    async roomingList(eventId: string): Promise<RoomingNight[]> {
      const table = await service.answersTable(eventId);
      return roomingList(table.rows.filter((r) => r.status === 'Enrolled' && !r.isVirtual));
    },

    async cateringSummary(eventId: string): Promise<CateringSummary> {
      const event = await eventOrThrow(eventId);
      const table = await service.answersTable(eventId);
      return cateringSummary(event, table.questions, table.rows.filter((r) => r.status === 'Enrolled' && !r.isVirtual));
    },
  };
  return service;
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;

/** The columns a question request sets, with the defaults of the fields it may leave out. */
function storedFields(input: QuestionRequest) {
  return {
    label: input.label,
    help: input.help ?? null,
    type: input.type,
    options: input.options?.length ? input.options : null,
    required: input.required ?? false,
    audience: input.audience ?? null,
    when: input.when ?? 'both',
    sensitive: input.sensitive ?? false,
    order: input.order ?? 0,
  };
}
