/**
 * Statements per login: the real app under login load, every statement sent to the database counted
 * by its text (PostgreSQL: the pool's query; PGlite: query and exec).
 *   npx tsx bench/login/count-statements.ts [--engine postgres|pglite] [--seconds 3]
 */
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { dealerLoginBodies, startBenchServer, type Engine } from '../lib/bench-server.ts';
import { runLoad } from '../lib/load.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 3);
const engine = (args.get('--engine') || 'postgres') as Engine;

const counts = new Map<string, number>();
let counting = false;
const count = (text: unknown) => {
  if (!counting) return;
  const key = String(typeof text === 'object' && text !== null ? ((text as { name?: string }).name ?? (text as { text?: string }).text) : text)
    .replace(/\s+/g, ' ')
    // PGlite's EXECUTE carries its values in the text: counted by the statement's name.
    .replace(/^(EXECUTE \w+).*$/, '$1')
    .slice(0, 90);
  counts.set(key, (counts.get(key) ?? 0) + 1);
};
for (const proto of [pg.Pool.prototype, pg.Client.prototype, PGlite.prototype] as unknown as Array<Record<string, unknown>>) {
  for (const method of ['query', 'exec']) {
    const original = proto[method] as ((...a: unknown[]) => unknown) | undefined;
    if (typeof original !== 'function') continue;
    proto[method] = function (this: unknown, ...a: unknown[]) {
      count(a[0]);
      return original.apply(this, a);
    };
  }
}

const server = await startBenchServer(engine, 5000);
try {
  const bodies = await dealerLoginBodies(server.database.db, 2000);
  const spec = { url: server.url, connections: 50, method: 'POST' as const, path: '/User/ProcessLogin', headers: { 'content-type': 'application/json' }, bodies };
  await runLoad({ ...spec, duration: 1 });
  counting = true;
  const load = await runLoad({ ...spec, duration: seconds });
  await new Promise((resolve) => setTimeout(resolve, 100));
  counting = false;
  console.log(`${engine}: ${load.total} logins`);
  for (const [text, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${(n / load.total).toFixed(3)} per login  ${n}  ${text}`);
} finally {
  await server.close();
}
