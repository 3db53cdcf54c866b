/**
 * `namedStatement` on both engines: on PGlite the values travel as literals inside EXECUTE, so what
 * matters is that every value comes back exactly as sent (quotes, backslashes, unicode, nulls) and
 * that none of them can end the statement early.
 */
import { describe, expect, it } from 'vitest';
import { namedStatement, sqlLiteral } from '@portal/db';
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

  it('refuses names and values it cannot write safely', () => {
    expect(() => namedStatement(t.database.db, 'bad name; drop', 'select 1')).toThrow(/invalid name/);
    expect(() => sqlLiteral(Number.NaN)).toThrow(/finite/);
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
    expect(() => sqlLiteral({})).toThrow(/unsupported/);
    expect(sqlLiteral("o'neil")).toBe("'o''neil'");
  });
});
