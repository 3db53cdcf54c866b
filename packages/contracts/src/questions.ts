/**
 * Registration questions (docs/questions.md): the questions an event asks beyond name and dates,
 * defined by organizers, asked on the registration page and answered per registration as
 * `answers: { key: value }`. Fields are only ever added once published.
 */
import { z } from 'zod';
import { ADMIN_ATTENDEE_TYPES } from './admin.ts';
import { eventTypeSchema } from './auth.ts';
import { answerValueSchema, nameAndEmailFields, type AnswerValue } from './common.ts';

export const QUESTIONS_PATHS = {
  /** GET ?event= the event's questions; POST a new one; PUT ?event= changes the question named by its `key`. */
  adminQuestions: '/api/Admin/Questions',
  /** xlsx: one row per registration, one column per question. */
  adminAnswers: '/api/Admin/Answers',
  /** xlsx: night by night from arrival to departure, room sharing paired. */
  adminRoomingList: '/api/Admin/RoomingList',
  /** xlsx: counts per dietary need and day, gala guests. */
  adminCatering: '/api/Admin/CateringSummary',
} as const;

export const QUESTION_TYPES = ['text', 'longtext', 'choice', 'multichoice', 'date', 'boolean', 'number'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_WHEN = ['physical', 'virtual', 'both'] as const;
export type QuestionWhen = (typeof QUESTION_WHEN)[number];

/** The longest text answer (text and longtext alike). */
export const ANSWER_TEXT_MAX = 1000;
export const QUESTION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export const questionOptionSchema = z.object({
  value: z.string({ error: 'is required' }).trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  label: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

const questionFields = {
  key: z.string({ error: 'is required' }).regex(QUESTION_KEY_PATTERN, 'must be 1 to 40 lower-case letters, digits or _, starting with a letter'),
  label: z.string({ error: 'is required' }).trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
  help: z.string().trim().max(1000, 'must be at most 1000 characters').nullish(),
  type: z.enum(QUESTION_TYPES, { error: `must be one of ${QUESTION_TYPES.join(', ')}` }),
  options: z.array(questionOptionSchema).max(50, 'must have at most 50 options').nullish(),
  required: z.boolean().default(false),
  audience: z
    .array(z.enum(ADMIN_ATTENDEE_TYPES, { error: `must be one of ${ADMIN_ATTENDEE_TYPES.join(', ')}` }))
    .min(1, 'must name at least one attendee type (or be null: everyone)')
    .max(ADMIN_ATTENDEE_TYPES.length)
    .nullish(),
  when: z.enum(QUESTION_WHEN, { error: 'must be physical, virtual or both' }).default('both'),
  sensitive: z.boolean().default(false),
  order: z.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(10_000).default(0),
};

const CHOICE_TYPES: readonly QuestionType[] = ['choice', 'multichoice'];
/** Choice types need options with distinct values; the other types take none. */
function checkOptions(q: { type: QuestionType; options?: QuestionOption[] | null | undefined }, ctx: z.RefinementCtx): void {
  const options = q.options ?? [];
  if (CHOICE_TYPES.includes(q.type) && options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'are required for a choice question' });
  if (!CHOICE_TYPES.includes(q.type) && options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'are only for choice questions' });
  if (new Set(options.map((o) => o.value)).size !== options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'must have distinct values' });
}

/** `POST /api/Admin/Questions` (and `PUT ?event=`, which changes the question of that `key`). */
export const questionRequestSchema = z.object({ event: eventTypeSchema.optional(), ...questionFields }).superRefine(checkOptions);
export type QuestionRequest = z.input<typeof questionRequestSchema>;
export const adminQuestionsQuerySchema = z.object({ event: eventTypeSchema });
export const adminQuestionExportQuerySchema = z.object({ event: eventTypeSchema, format: z.enum(['xlsx', 'json']).default('json') });

export const questionSchema = z.object({
  key: z.string(),
  label: z.string(),
  help: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(questionOptionSchema).nullable(),
  required: z.boolean(),
  audience: z.array(z.enum(ADMIN_ATTENDEE_TYPES)).nullable(),
  when: z.enum(QUESTION_WHEN),
  sensitive: z.boolean(),
  order: z.number().int(),
});
export type Question = z.infer<typeof questionSchema>;

/** What the registration page asks: the event's questions for the attendee's type, in order. */
export const registrationQuestionSchema = questionSchema.omit({ audience: true });
export type RegistrationQuestion = z.infer<typeof registrationQuestionSchema>;

/** `answers` of the submit; null or '' clears an answer. Checked against the definitions on the server. */
export const answersSchema = z.record(z.string().max(40), answerValueSchema.nullable()).refine((a) => Object.keys(a).length <= 100, 'must have at most 100 answers');
export type Answers = Record<string, AnswerValue>;

/** The two fields the registration page and its submit carry. */
export const registrationQuestionsFields = {
  questions: z.array(registrationQuestionSchema).optional(),
  answers: z.record(z.string(), answerValueSchema).optional(),
};

/** Whether a question applies to an attendance (physical or virtual). */
export function questionAppliesTo(q: { when: QuestionWhen }, isVirtual: boolean): boolean {
  return q.when === 'both' || q.when === (isVirtual ? 'virtual' : 'physical');
}

/** An empty answer counts as not given: null, '', whitespace, an empty list. */
export function isBlankAnswer(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** `GET /api/Admin/Answers?event=` without format: the answers as rows (the console's detail uses the registration's own). */
export const answersTableSchema = z.object({
  questions: z.array(questionSchema),
  rows: z.array(z.object({ registrationId: z.number().int(), ...nameAndEmailFields, status: z.string(), answers: z.record(z.string(), answerValueSchema) })),
});
export type AnswersTable = z.infer<typeof answersTableSchema>;
