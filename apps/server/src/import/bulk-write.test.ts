import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, schema } from '@portal/db';
import { useTestDatabase } from '../testing/test-database.ts';
import { bulkInsert, PARAMS_PER_STATEMENT } from './bulk-write.ts';

const t = useTestDatabase();

describe('bulkInsert', () => {
  it('splits rows over several statements below the parameter budget, and upserts on conflict', async () => {
    // 75,000 parameters in all: more than one PostgreSQL statement may carry, so this only passes in chunks.
    const n = 25_000;
    expect(n * 3).toBeGreaterThan(65_535);
    expect(n % Math.floor(PARAMS_PER_STATEMENT / 3)).not.toBe(0); // the last chunk is partial
    const rows = Array.from({ length: n }, (_, i) => ({ code: `r${i}`, description: `Region ${i}`, objectivePct: i % 101 }));
    await bulkInsert(t.database.db, schema.regions, rows);
    const count = async () => rowsOf<{ n: number; pct: number }>(await t.database.db.execute(sql`select count(*)::int as n, sum(objective_pct)::int as pct from regions where description like 'Region %'`))[0];
    expect(await count()).toEqual({ n, pct: rows.reduce((a, r) => a + r.objectivePct, 0) });

    const r = schema.regions;
    await bulkInsert(t.database.db, r, rows.map((row) => ({ ...row, description: `Renamed ${row.code}` })), { target: [r.code], set: [r.description] });
    const [renamed] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from regions where description like 'Renamed %'`));
    expect(renamed!.n).toBe(n);
  });

  it('converts values as the columns do: dates, timestamps, arrays and nulls', async () => {
    const e = schema.events;
    await bulkInsert(t.database.db, e, [
      { id: 'nbc', name: 'N', providerEventCode: 'N27', isVirtual: true, contentEnvironmentId: '3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01', startsOn: '2027-03-01', endsOn: '2027-03-04' },
    ]);
    await bulkInsert(t.database.db, schema.accessCodes, [
      { eventId: 'nbc', codeHash: 'h1', label: 'A', policies: ['expo', 'field'], regType: 'EXP', attendeeType: 'expo', personCategory: 'expo', createdAt: new Date('2026-10-01T12:34:56Z') },
      { eventId: 'nbc', codeHash: 'h2', label: 'B', policies: [], regType: 'DLR', attendeeType: 'dealer', personCategory: 'dealer_staff', createdAt: new Date('2026-10-02T00:00:00Z') },
    ]);
    const rows = await t.database.db.select().from(schema.accessCodes).orderBy(schema.accessCodes.codeHash);
    expect(rows.map((c) => [c.policies, c.createdAt.toISOString(), c.agendaGroup])).toEqual([
      [['expo', 'field'], '2026-10-01T12:34:56.000Z', 'general'],
      [[], '2026-10-02T00:00:00.000Z', 'general'],
    ]);
    await bulkInsert(t.database.db, schema.people, [{ email: 'a@x.example.com', firstName: 'A', lastName: 'B', category: 'expo', storeDlrnum: null, company: undefined }]);
    const [person] = await t.database.db.select().from(schema.people);
    expect(person).toMatchObject({ storeDlrnum: null, company: null, zoneCode: null });
  });

  it('does nothing for no rows and names an unknown column', async () => {
    await expect(bulkInsert(t.database.db, schema.regions, [])).resolves.toBeUndefined();
    await expect(bulkInsert(t.database.db, schema.regions, [{ code: 'x', description: 'x', objectivePct: 1, bogus: 1 } as never])).rejects.toThrow('regions has no column bogus');
  });
});
