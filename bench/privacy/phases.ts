/**
 * Where one erasure's time goes (targeted pass, catalogue sweep), each phase in its own rolled-back
 * transaction, on a bench server with demo data:
 *   npx tsx bench/privacy/phases.ts [--engine postgres|pglite] [--stores 5000] [--people 5]  [--template 1] [--tables 1]
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { catalogueColumns, lockTargets, searchableText } from '../../apps/server/src/modules/privacy/erasure.queries.ts';
import { eraseTargeted, sweepCatalogue } from '../../apps/server/src/modules/privacy/erasure.ts';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const server = await startBenchServer((args.get('--engine') || 'postgres') as Engine, Number(args.get('--stores') || 5000), {}, { template: args.has('--template') && args.get('--template') !== '0' });
const db = server.database.db;
class Rollback extends Error {}
try {
  const ids = rowsOf<{ id: number }>(await db.execute(sql`select attendee_id as id from registrations order by id limit ${Number(args.get('--people') || 5)}`)).map((r) => Number(r.id));
  for (const id of ids) {
    const times: Record<string, number> = {};
    await db
      .transaction(async (tx) => {
        let t = performance.now();
        const targets = await lockTargets(tx, [id]);
        await eraseTargeted(tx, targets, { now: new Date(), via: 'console', organizerId: null });
        times.targeted = performance.now() - t;
        t = performance.now();
        await sweepCatalogue(tx, targets);
        times.sweep = performance.now() - t;
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    if (args.has('--tables')) {
      const columns = await catalogueColumns(db);
      const tables = new Map<string, typeof columns>();
      for (const c of columns) tables.set(`${c.schema}.${c.table}`, [...(tables.get(`${c.schema}.${c.table}`) ?? []), c]);
      const slow: string[] = [];
      for (const [name, cols] of tables) {
        const t = performance.now();
        const cond = cols.map((c) => `${searchableText(c)} ilike '%nobody.here@example.com%'`).join(' or ');
        await db.execute(sql.raw(`select exists (select 1 from ${name.split('.').map((p) => `"${p}"`).join('.')} where ${cond})`));
        const ms = performance.now() - t;
        if (ms > 5) slow.push(`${name} ${ms.toFixed(0)} ms`);
      }
      console.log(`tables over 5 ms: ${slow.join(', ')}`);
    }
    console.log(`person ${id}: targeted ${times.targeted!.toFixed(0)} ms, sweep ${times.sweep!.toFixed(0)} ms`);
  }
} finally {
  await server.close();
}
