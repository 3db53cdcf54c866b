/**
 * Logins per second and p50/p99 latency at 50 connections, beside /healthz of the same server and
 * /readyz (the same plus one `select 1`: the floor for any answer that reads the database).
 * The load generator runs in its own process.
 *   npx tsx bench/login/login.bench.ts [--engine pglite|postgres|both] [--seconds 10]
 */
import { isNotNull, sql } from 'drizzle-orm';
import { schema } from '@portal/db';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';
import { runLoad } from '../lib/load.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 10);
const engineArg = args.get('--engine') ?? 'both';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];

for (const engine of engines) {
  const server = await startBenchServer(engine, 5000);
  try {
    // Returning dealers: roster e-mails with the dealer code (the common login at a conference).
    const rows = await server.database.db
      .select({ email: schema.people.email })
      .from(schema.people)
      .where(isNotNull(schema.people.storeDlrnum))
      .orderBy(sql`random()`)
      .limit(2000);
    const bodies = rows.map((r) => JSON.stringify({ userName: r.email, password: 'DEALER27', eventType: 'nbc', IsReporting: false }));
    const common = { url: server.url, connections: 50, duration: seconds };
    // The app's own CPU (this process) per answered request, beside the rates.
    const measured = async (options: Parameters<typeof runLoad>[0]) => {
      const cpu0 = process.cpuUsage();
      const result = await runLoad(options);
      const cpu = process.cpuUsage(cpu0);
      const per = (micros: number) => Math.round(micros / Math.max(1, result.total));
      return { ...result, appCpuMicrosPerRequest: per(cpu.user + cpu.system), appSystemCpuMicrosPerRequest: per(cpu.system) };
    };
    await runLoad({ ...common, duration: 2, path: '/healthz' });
    const healthz = await measured({ ...common, path: '/healthz' });
    // The floor for any answer that reads the database: /readyz is /healthz plus one `select 1`.
    await runLoad({ ...common, duration: 2, path: '/readyz' });
    const readyz = await measured({ ...common, path: '/readyz' });
    await runLoad({ ...common, duration: 2, method: 'POST', path: '/User/ProcessLogin', headers: { 'content-type': 'application/json' }, bodies });
    const login = await measured({ ...common, method: 'POST', path: '/User/ProcessLogin', headers: { 'content-type': 'application/json' }, bodies });
    const share = (r: { reqPerSec: number }) => +(r.reqPerSec / healthz.reqPerSec).toFixed(3);
    console.log(JSON.stringify({ engine, stores: 5000, seconds, connections: 50, healthz, readyz, login, readyzShareOfHealthz: share(readyz), loginShareOfHealthz: share(login) }));
  } finally {
    await server.close();
  }
}
