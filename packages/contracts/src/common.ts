/**
 * Fragments the contracts share: list paging (`page`, `pageSize`) and `{ rows, total }` answers,
 * numeric id path params, ISO days and times, query-string booleans and search text, and the fields
 * every answer about a person or a registration spells the same way (names and e-mail, store,
 * attendance, counts by status, a question's answer).
 */
import { z } from 'zod';
import { isIsoDate } from './rules.ts';

/** Page sizes of the organizer console's lists. */
export const ADMIN_PAGE_SIZE_MAX = 200;
export const ADMIN_PAGE_SIZE_DEFAULT = 50;

export const isoDay = z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD)');
export const isoDateTime = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601 with zone)' });
export const idParam = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').max(2_147_483_647);
/** Query-string booleans: `true`/`false` (also `1`/`0`). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');
export const optionalQueryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(1_000_000).default(1),
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(ADMIN_PAGE_SIZE_MAX, `must be at most ${ADMIN_PAGE_SIZE_MAX}`)
    .default(ADMIN_PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.input<typeof pageQuerySchema>;

/** `data` of every list route. */
export function pagedSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}
export interface Paged<T> {
  rows: T[];
  total: number;
}

export const idParamsSchema = z.object({ id: idParam });

/**
 * A person's names and e-mail as answers show them: `email` is null for a person without a real
 * address (a roster entry, someone enrolled by name only, or after erasure). Spread into an object's fields.
 */
export const nameAndEmailFields = { firstName: z.string(), lastName: z.string(), email: z.string().nullable() };

/** The store a person, a registration or a code belongs to: its dealer number and name, null without one. */
export const storeFields = { storeDlrnum: z.string().nullable(), storeName: z.string().nullable() };

/**
 * How a registration attends: virtually or in person, its arrival and departure days (YYYY-MM-DD,
 * null when not given), and when it became Enrolled (null: not yet).
 */
export const attendanceFields = { isVirtual: z.boolean(), arrivalDate: z.string().nullable(), departureDate: z.string().nullable(), enrolledAt: z.string().nullable() };

/**
 * One whole-number count per status, each named by its status in lower case (`Enrolled` ->
 * `enrolled`), in the statuses' order. Spread into an object's fields.
 */
export function countsByStatus<S extends string>(statuses: readonly S[]) {
  return Object.fromEntries(statuses.map((status) => [status.toLowerCase(), z.number().int()])) as { [K in S as Lowercase<K>]: z.ZodNumber };
}

/** An answer to a question: text, a date (YYYY-MM-DD) or a choice's value; a list of values; yes/no; a number. */
export const answerValueSchema = z.union([z.string(), z.array(z.string()), z.boolean(), z.number()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
