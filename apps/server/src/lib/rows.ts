/**
 * The two read shapes most queries end in: the first row of a select (or undefined), and one page of
 * a list read together with the count of all its rows; and the column group of a registration that
 * several modules select alike.
 */
import { schema } from '@portal/db';

/**
 * A registration's attendance: in person or virtual, and the nights at the hotel. The registration
 * page, its mails, the console's views and the questions' rooming list select it alike.
 */
export const attendanceColumns = {
  isVirtual: schema.registrations.isVirtual,
  arrivalDate: schema.registrations.arrivalDate,
  departureDate: schema.registrations.departureDate,
};

/** The first row `query` finds, read with `limit 1`; undefined when there is none. */
export async function firstRow<T>(query: { limit(count: number): PromiseLike<T[]> }): Promise<T | undefined> {
  const [row] = await query.limit(1);
  return row;
}

/** The rows to skip before page `page` (from 1) of `pageSize` rows. */
export function pageOffset(filter: { page: number; pageSize: number }): number {
  return (filter.page - 1) * filter.pageSize;
}

/** One page of rows and the count of every row the list's filter matches (`select count(*)`), read at once. */
export async function pageWithTotal<T>(rows: PromiseLike<T[]>, total: PromiseLike<Array<{ n: number }>>): Promise<{ rows: T[]; total: number }> {
  const [page, [counted]] = await Promise.all([rows, total]);
  return { rows: page, total: counted?.n ?? 0 };
}
