/**
 * Multi-row INSERT (optionally ON CONFLICT DO UPDATE) in chunks, for the demo loader and the CSV
 * import. Drizzle's insert builder spends ~100 µs per row checking and wrapping each value, which is most
 * of a 100,000-row load; this builds the same parameterised statement directly and lets each column
 * convert its values (dates, arrays) exactly as Drizzle would.
 */
import { getTableColumns, getTableName, SQL, StringChunk } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@portal/db';

/** PostgreSQL allows 65,535 bind parameters per statement; stay far below it. */
export const PARAMS_PER_STATEMENT = 8_000;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

export interface OnConflictUpdate {
  /** The unique columns a proposed row may collide on. */
  target: PgColumn[];
  /** The columns that take the proposed row's value on a collision. */
  set: PgColumn[];
}

/**
 * Inserts `rows` (all with the same keys; absent values are null) in statements of at most
 * PARAMS_PER_STATEMENT parameters.
 */
export async function bulkInsert<T extends PgTable>(db: DbOrTx, table: T, rows: T['$inferInsert'][], onConflict?: OnConflictUpdate): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first);
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column;
  });
  const head = `insert into ${quote(getTableName(table))} (${columns.map((c) => quote(c.name)).join(', ')}) values `;
  const tail = onConflict
    ? ` on conflict (${onConflict.target.map((c) => quote(c.name)).join(', ')}) do update set ${onConflict.set.map((c) => `${quote(c.name)} = excluded.${quote(c.name)}`).join(', ')}`
    : '';
  const comma = new StringChunk(', ');
  const open = new StringChunk('(');
  const between = new StringChunk('), (');
  const perStatement = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / columns.length));

  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    // Plain values between string chunks are bound as parameters, exactly as in a sql`` template.
    const parts: unknown[] = [new StringChunk(head)];
    chunk.forEach((row, r) => {
      parts.push(r === 0 ? open : between);
      const record = row as Record<string, unknown>;
      columns.forEach((column, c) => {
        if (c > 0) parts.push(comma);
        const value = record[keys[c]!];
        parts.push(value === undefined || value === null ? null : column.mapToDriverValue(value));
      });
    });
    parts.push(new StringChunk(`)${tail}`));
    await db.execute(new SQL(parts as SQL['queryChunks']));
  }
}
