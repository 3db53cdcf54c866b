/**
 * Where a login's time goes: the real app on PostgreSQL (5,000 demo stores) under 50 connections of
 * logins from a load generator in its own process, this process under the V8 CPU profiler. Prints the
 * self time per function and per package, and writes the profile for Chrome DevTools.
 *   node --import tsx bench/login/profile-login.ts [--seconds 10] [--engine postgres|pglite] [--out /tmp/login.cpuprofile]
 */
import { dealerLoginBodies, startBenchServer, type Engine } from '../lib/bench-server.ts';
import { profileLoad } from '../lib/cpu-profile.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 10);
const engine = (args.get('--engine') || 'postgres') as Engine;
const out = args.get('--out') || '/tmp/login.cpuprofile';

const server = await startBenchServer(engine, 5000);
try {
  const bodies = await dealerLoginBodies(server.database.db, 2000);
  const spec = { url: server.url, connections: 50, method: 'POST' as const, path: '/User/ProcessLogin', headers: { 'content-type': 'application/json' }, bodies };
  console.log(`${engine}, logins:`);
  await profileLoad(spec, seconds, out);
} finally {
  await server.close();
}
