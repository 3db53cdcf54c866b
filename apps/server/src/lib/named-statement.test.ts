/**
 * `namedStatement` on both engines: on PGlite the values are bound as text to a prepared statement,
 * so what matters is that every value comes back exactly as sent (quotes, backslashes, unicode,
 * nulls), that none of them can end the statement early, and that a failed run leaves the session
 * usable. `statementIn` runs inside a transaction, on its connection.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { arrayParam, namedStatement, rowsOf, statementIn } from '@portal/db';
import { useTestDatabase } from '../testing/test-database.ts';

const t = useTestDatabase();

describe('namedStatement', () => {
  it('answers the same rows as the statement with its parameters, for hostile strings too', async () => {
    const echo = namedStatement<{ t: string | null; n: number | null; b: boolean | null }>(
      t.database.db,
      'test_echo',
      'select $1::text as t, $2::int as n, $3::boolean as b',
    );
    const strings = ["plain", "it's", "a''b", "back\\slash", "\\'; drop table people; --", "E'x'", "$$dollar$$", 'ünïcødé ✓', '', 'line\nbreak'];
    for (const t of strings) {
      expect(await echo([t, 42, true])).toEqual([{ t, n: 42, b: true }]);
    }
    expect(await echo([null, null, null])).toEqual([{ t: null, n: null, b: null }]);
    expect(await echo(['x', -7, false])).toEqual([{ t: 'x', n: -7, b: false }]);
    // The table the hostile string named is still there.
    const count = namedStatement<{ c: number }>(t.database.db, 'test_people_count', 'select count(*)::int as c from people');
    expect((await count([]))[0]!.c).toBeGreaterThanOrEqual(0);
  });

  it('can be created twice under one name (two apps on one database), not with another text', async () => {
    const a = namedStatement<{ v: number }>(t.database.db, 'test_twice', 'select $1::int + 1 as v');
    const b = namedStatement<{ v: number }>(t.database.db, 'test_twice', 'select $1::int + 1 as v');
    expect(await a([1])).toEqual([{ v: 2 }]);
    expect(await b([2])).toEqual([{ v: 3 }]);
    if (t.database.kind === 'pglite') {
      const other = namedStatement<{ v: number }>(t.database.db, 'test_twice', 'select $1::int + 2 as v');
      await expect(other([1])).rejects.toThrow(/already prepared/);
    }
  });

  it('recovers from a statement that failed to prepare', async () => {
    const bad = namedStatement(t.database.db, 'test_bad', 'select * from no_such_table where id = $1');
    await expect(bad([1])).rejects.toThrow();
    await expect(bad([1])).rejects.toThrow(/no_such_table/);
  });

  it('refuses values it cannot send as they are, on either engine, and stays usable', async () => {
    const echo = namedStatement<{ t: string | null }>(t.database.db, 'test_refused', 'select $1::text as t');
    if (t.database.kind === 'pglite') {
      await expect(echo(['a\0b'])).rejects.toThrow(/NUL/);
      await expect(echo([Number.NaN])).rejects.toThrow(/finite/);
      await expect(echo([{}])).rejects.toThrow(/unsupported/);
    }
    // A failing statement leaves the session idle: the next run answers.
    const failing = namedStatement<{ v: number }>(t.database.db, 'test_failing', 'select 1 / $1::int as v');
    await expect(failing([0])).rejects.toThrow(/division by zero/);
    // The database's own error, with its SQLSTATE, as the driver gives it.
    await expect(failing([0])).rejects.toMatchObject({ code: '22012' });
    expect(await echo(['after'])).toEqual([{ t: 'after' }]);
    expect(await failing([1])).toEqual([{ v: 1 }]);
  });

  it("answers every row, each column typed as the driver's own query types it", async () => {
    const text = `select g as n, g::bigint * 1000000007 as big, (g / 3.0)::numeric(12, 4) as num, g::float8 / 7 as f, g % 2 = 0 as even,
      ('2026-11-29 21:00:00+00'::timestamptz + g * interval '1 minute') as at, ('2026-11-29'::date + g) as day,
      json_build_object('g', g, 'name', 'n' || g) as js, jsonb_build_object('k', repeat('x', g % 50)) as jb, array[g, g + 1] as arr,
      case when g % 5 = 0 then null else 'v' || g end as maybe, $1::text as echo
      from generate_series(1, $2::int) g`;
    const typed = namedStatement<Record<string, unknown>>(t.database.db, 'test_typed', text);
    for (const n of [0, 1, 3, 2000]) {
      // The driver's own parameterized query (PGlite's query, node-postgres' pool) is the reference.
      const driver = (t.database.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client;
      const expected = (await driver.query(text, ['é \\x', n])).rows;
      const rows = await typed(['é \\x', n]);
      expect(rows).toHaveLength(n);
      expect(rows).toEqual(expected);
    }
  });

  it('refuses a name it cannot write safely', () => {
    expect(() => namedStatement(t.database.db, 'bad name; drop', 'select 1')).toThrow(/invalid name/);
  });
});

describe('statementIn', () => {
  it("runs on the transaction's own connection: its writes are seen inside and undone by a rollback", async () => {
    const { db } = t.database;
    await db.execute(sql`create table if not exists statement_in_probe (id int primary key, label text)`);
    const insert = statementIn<{ id: number }>('test_statement_in_insert', 'insert into statement_in_probe (id, label) select x, $2::text from unnest($1::int[]) as x returning id');
    const count = statementIn<{ c: number }>('test_statement_in_count', 'select count(*)::int as c from statement_in_probe');
    await expect(
      db.transaction(async (tx) => {
        expect((await insert(tx, [arrayParam([1, 2, 3]), "it's \\ ünïcødé"])).map((r) => Number(r.id))).toEqual([1, 2, 3]);
        // Inside: seen by the same transaction, through drizzle as well.
        expect((await count(tx, []))[0]!.c).toBe(3);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await count(db, []))[0]!.c).toBe(0);
    await db.transaction(async (tx) => {
      await insert(tx, [arrayParam([7]), 'kept']);
    });
    expect(await db.execute(sql`select id, label from statement_in_probe`).then((r) => rowsOf(r))).toEqual([{ id: 7, label: 'kept' }]);
    await db.execute(sql`drop table statement_in_probe`);
  });

  it('writes arrays only of values that need no quoting', () => {
    expect(arrayParam([1, 2.5, null, '2026-11-26T16:00:00.000Z'])).toBe('{1,2.5,NULL,2026-11-26T16:00:00.000Z}');
    expect(arrayParam([])).toBe('{}');
    expect(() => arrayParam(['a,b'])).toThrow(/quoting/);
    expect(() => arrayParam(['"x"'])).toThrow(/quoting/);
    expect(() => arrayParam(['NULL'])).toThrow(/quoting/);
    expect(() => arrayParam([Number.POSITIVE_INFINITY])).toThrow(/finite/);
    expect(() => statementIn('bad name', 'select 1')).toThrow(/invalid name/);
  });
});
