/**
 * The catalogue walk of the privacy tests (docs/privacy.md): every text, character, JSON, binary
 * and text-array column of every table in every non-system schema, read from information_schema at
 * the time of the walk (not from a list kept by hand, so a table added later is walked too), searched
 * for each needle case-insensitively; JSON is searched as its text, binary values as their bytes.
 * Written apart from the erasure's own catalogue code, so a mistake there cannot hide here.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@portal/db';

export interface WalkedColumn {
  schema: string;
  table: string;
  column: string;
  dataType: string;
}

export interface Finding extends WalkedColumn {
  needle: string;
  rows: number;
}

export async function walkedColumns(db: Db): Promise<WalkedColumn[]> {
  return rowsOf<{ schema: string; table: string; column: string; data_type: string }>(
    await db.execute(sql`
      select c.table_schema as schema, c.table_name as table, c.column_name as column, c.data_type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE'
        and c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg\\_%'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'xml', 'name')
          or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar', '_bpchar', '_json', '_jsonb'))
          or (c.data_type = 'USER-DEFINED' and c.udt_name = 'citext'))
      order by 1, 2, 3`),
  ).map((r) => ({ schema: r.schema, table: r.table, column: r.column, dataType: r.data_type }));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every column holding a needle, with how many rows hold it. */
export async function findInCatalogue(db: Db, needles: readonly string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const column of await walkedColumns(db)) {
    const c = quote(column.column);
    const asText = column.dataType === 'bytea' ? `encode(${c}, 'escape')` : `${c}::text`;
    const table = sql.raw(`${quote(column.schema)}.${quote(column.table)}`);
    const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    const [any] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*)::int as n from ${table} where ${sql.raw(asText)} ilike any(array(select jsonb_array_elements_text(${JSON.stringify(patterns)}::jsonb)))`),
    );
    if (!Number(any?.n ?? 0)) continue;
    for (const needle of needles) {
      const pattern = `%${needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const [row] = rowsOf<{ n: number | string }>(
        await db.execute(sql`select count(*)::int as n from ${sql.raw(`${quote(column.schema)}.${quote(column.table)}`)} where ${sql.raw(asText)} ilike ${pattern}`),
      );
      const n = Number(row?.n ?? 0);
      if (n > 0) findings.push({ ...column, needle, rows: n });
    }
  }
  return findings;
}
