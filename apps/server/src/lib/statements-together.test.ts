/**
 * `writeTogether` on both engines: the parts' parameters renumbered into one statement, every part
 * written, the last part's rows answered, and all of it undone with the transaction.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@portal/db';
import { useTestDatabase } from '../testing/test-database.ts';
import { writeTogether, type StatementPart } from './statements-together.ts';

const t = useTestDatabase();

const label = (id: number, text: string): StatementPart => ({ name: 'label', texts: [`insert into together_probe (id, label) values ($1::int, $2::text)`], params: [id, text] });
const relabel = (id: number, text: string): StatementPart => ({
  name: 'relabel',
  texts: [`update together_probe set label = $2::text where id = $1::int`, `insert into together_probe (id, label) values ($1::int + 100, $2::text) returning id, label`],
  params: [id, text],
});

describe('writeTogether', () => {
  it("writes every part in one statement, answers the last part's rows, and rolls back with the transaction", async () => {
    const { db } = t.database;
    await db.execute(sql`create table if not exists together_probe (id int primary key, label text)`);
    await db.execute(sql`insert into together_probe (id, label) values (1, 'one')`);
    await db.transaction(async (tx) => {
      const rows = await writeTogether<{ id: number; label: string }>(tx, [label(2, "it's $2"), label(3, 'three'), relabel(1, 'uno')]);
      expect(rows).toEqual([{ id: 101, label: 'uno' }]);
    });
    // The same combination again (its statement is reused), then one rolled back.
    await db.transaction(async (tx) => {
      await writeTogether(tx, [label(4, 'four'), label(5, 'five'), relabel(2, 'two')]);
    });
    await expect(
      db.transaction(async (tx) => {
        await writeTogether(tx, [label(6, 'six'), relabel(3, 'tres')]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const all = rowsOf<{ id: number; label: string }>(await db.execute(sql`select id, label from together_probe order by id`));
    expect(all).toEqual([
      { id: 1, label: 'uno' },
      { id: 2, label: 'two' },
      { id: 3, label: 'three' },
      { id: 4, label: 'four' },
      { id: 5, label: 'five' },
      { id: 101, label: 'uno' },
      { id: 102, label: 'two' },
    ]);
    // A failing part fails the whole statement: nothing of it is written.
    await expect(db.transaction((tx) => writeTogether(tx, [label(7, 'seven'), label(1, 'again')]))).rejects.toThrow();
    expect(rowsOf(await db.execute(sql`select id from together_probe where id = 7`))).toEqual([]);
    expect(await writeTogether(db, [])).toEqual([]);
    await db.execute(sql`drop table together_probe`);
  });
});
