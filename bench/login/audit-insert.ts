/**
 * CPU per audit row of a login, as the audit writer inserts them (one statement of 250 rows), on two
 * file-backed PGlite databases side by side, each migrated from its own migrations folder (e.g. the
 * current one and an older commit's), measured in alternating rounds of 1,000 rows.
 *   git archive <older commit> packages/db/drizzle | tar -x -C /tmp/before
 *   npx tsx bench/login/audit-insert.ts /tmp/before/packages/db/drizzle packages/db/drizzle [rounds]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { namedStatement, openDatabase, rowsOf } from '@portal/db';
import { sql } from 'drizzle-orm';
import { INSERT_ROWS_SQL } from '../../apps/server/src/lib/audit-writer.ts';

async function open(folder: string) {
  const database = await openDatabase({ dataDir: join(mkdtempSync(join(tmpdir(), 'portal-audit-')), 'pglite'), migrationsFolder: folder });
  await database.migrate();
  const indexes = rowsOf<{ name: string; partial: boolean }>(
    await database.db.execute(sql`select indexname as name, indexdef like '%WHERE%' as partial from pg_indexes where tablename = 'audit_log'`),
  );
  const partial = indexes.filter((i) => i.partial).map((i) => i.name);
  return {
    database,
    insert: namedStatement(database.db, 'audit_log_insert_rows', INSERT_ROWS_SQL),
    label: `${folder}: ${indexes.length} indexes, partial: ${partial.join(', ') || 'none'}`,
    times: [] as number[],
  };
}

const [before, after, roundsArg] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: audit-insert.ts <migrations folder> <migrations folder> [rounds]');
const rounds = Number(roundsArg ?? 15);
let n = 0;
const batch = () =>
  JSON.stringify(
    Array.from({ length: 250 }, () => ({
      at: new Date().toISOString(), action: 'login', success: true, actorEmail: `dealer${n++ % 5000}@store${n % 5000}.example.com`,
      eventId: 'nbc', ip: '127.0.0.1', detail: { accessCode: 'NBC-DEALERS-2026', accessCodeId: 3 },
    })),
  );
const sides = [await open(before), await open(after)];
for (const side of sides) for (let w = 0; w < 20; w++) await side.insert([batch()]);
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const batches = [batch(), batch(), batch(), batch()];
    const start = process.cpuUsage();
    for (const rows of batches) await side.insert([rows]);
    const used = process.cpuUsage(start);
    side.times.push((used.user + used.system) / 1000); // ms per 1,000 rows = µs per row
  }
}
for (const side of sides) {
  const sorted = [...side.times].sort((a, b) => a - b);
  console.log(`${side.label}: µs per row min ${sorted[0]!.toFixed(1)}, median ${sorted[sorted.length >> 1]!.toFixed(1)} (${rounds} rounds of 1,000 rows)`);
  await side.database.close();
}
