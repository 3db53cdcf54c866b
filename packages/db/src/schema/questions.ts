/**
 * Registration questions (docs/questions.md): what an event asks its attendees beyond name and
 * dates, and each registration's answers.
 *
 * - `questions`: one row per event and `key`; `options` for the choice types; `audience` null asks
 *   every attendee type; `sensitive` marks special-category answers (health, accessibility), which
 *   only organizers and the person see.
 * - `registration_answers`: one row per registration and question, the value as JSON (a string, a
 *   list of strings, a boolean or a number). They hang on the registration and go with it (cascade),
 *   so an erased or purged registration takes its answers along.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { eventRowKeys, registrations, type AttendeeType } from './domain.ts';
import { createdAt, requiredIntRef, updatedAt } from './columns.ts';

export const QUESTION_TYPES = ['text', 'longtext', 'choice', 'multichoice', 'date', 'boolean', 'number'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_WHEN = ['physical', 'virtual', 'both'] as const;
export type QuestionWhen = (typeof QUESTION_WHEN)[number];
export interface QuestionOption {
  value: string;
  label: string;
}
export type AnswerValue = string | string[] | boolean | number;

export const questions = pgTable(
  'questions',
  {
    ...eventRowKeys(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    help: text('help'),
    type: text('type').$type<QuestionType>().notNull(),
    options: jsonb('options').$type<QuestionOption[]>(),
    required: boolean('required').notNull().default(false),
    /** Attendee types asked; null: everyone. */
    audience: text('audience').array().$type<AttendeeType[]>(),
    when: text('when').$type<QuestionWhen>().notNull().default('both'),
    sensitive: boolean('sensitive').notNull().default(false),
    order: integer('order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('questions_event_key_uq').on(t.eventId, t.key), index('questions_event_order_idx').on(t.eventId, t.order)],
);

export const registrationAnswers = pgTable(
  'registration_answers',
  {
    registrationId: requiredIntRef('registration_id', () => registrations.id, 'cascade'),
    questionId: requiredIntRef('question_id', () => questions.id, 'cascade'),
    value: jsonb('value').$type<AnswerValue>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.questionId] }), index('registration_answers_question_idx').on(t.questionId)],
);
