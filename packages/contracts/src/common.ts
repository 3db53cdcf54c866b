/**
 * Fragments the contracts share: list paging (`page`, `pageSize`) and `{ rows, total }` answers,
 * numeric id path params, ISO days and times, and query-string booleans and search text.
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
