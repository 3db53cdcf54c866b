/**
 * Logins per second and p50/p99 latency at 50 connections, beside /healthz of the same server and
 * /readyz (the same plus one `select 1`: the floor for any answer that reads the database).
 * The load generator runs in its own process. Each figure carries the load average and the CPU
 * steal it ran under (`machine`).
 * With `--rounds N` the /healthz and login runs alternate N times and the share printed is the
 * median of the rounds' shares: a VM whose speed drifts within minutes (one measured /healthz at
 * 22,700 and 46,100/s ten minutes apart) then moves both sides of each share alike.
 *   npx tsx bench/login/login.bench.ts [--engine pglite|postgres|both] [--seconds 10] [--rounds 1]
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { dealerLoginBodies, startBenchServer, type Engine } from '../lib/bench-server.ts';
import { databaseBackendsCpu, postgresCpuMicros, runLoad } from '../lib/load.ts';
import { machineSample, machineSince } from '../lib/machine.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 10);
const rounds = Number(args.get('--rounds') ?? 1);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive integer');
const engineArg = args.get('--engine') ?? 'both';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];

for (const engine of engines) {
  const server = await startBenchServer(engine, 5000);
  try {
    // Returning dealers: roster e-mails with the dealer code (the common login at a conference).
    const bodies = await dealerLoginBodies(server.database.db, 2000);
    const common = { url: server.url, connections: 50, duration: seconds };
    // Where a request's CPU goes, per answered request: the app (this process), the load generator
    // (its own process) and PostgreSQL (the backends serving the bench's database; 0 on PGlite, which
    // runs inside the app). With two cores busy, requests per second ≈ 2 s / (their sum). The CPU of
    // every postgres process of the machine (the server is shared) is printed beside it.
    const measured = async (options: Parameters<typeof runLoad>[0]) => {
      const machine0 = machineSample();
      const cpu0 = process.cpuUsage();
      const server0 = postgresCpuMicros();
      const ownBackends = engine === 'postgres' ? await databaseBackendsCpu(server.database.db) : async () => 0;
      const result = await runLoad(options);
      const machine = machineSince(machine0);
      const cpu = process.cpuUsage(cpu0);
      const pgMicros = await ownBackends();
      const serverMicros = postgresCpuMicros() - server0;
      const per = (micros: number) => Math.round(micros / Math.max(1, result.total));
      const app = per(cpu.user + cpu.system);
      const database = per(pgMicros);
      return {
        ...result,
        appCpuMicrosPerRequest: app,
        appSystemCpuMicrosPerRequest: per(cpu.system),
        postgresCpuMicrosPerRequest: database,
        postgresServerCpuMicrosPerRequest: engine === 'postgres' ? per(serverMicros) : 0,
        totalCpuMicrosPerRequest: app + database + result.loadCpuMicrosPerRequest,
        // The load average and CPU steal it ran under: beside every figure, as rates move with them.
        machine,
      };
    };
    const loginLoad = { ...common, method: 'POST' as const, path: '/User/ProcessLogin', headers: { 'content-type': 'application/json' }, bodies };
    await runLoad({ ...common, duration: 2, path: '/healthz' });
    const healthzRuns = [await measured({ ...common, path: '/healthz' })];
    // The floor for any answer that reads the database: /readyz is /healthz plus one `select 1`.
    await runLoad({ ...common, duration: 2, path: '/readyz' });
    const readyz = await measured({ ...common, path: '/readyz' });
    await runLoad({ ...loginLoad, duration: 2 });
    const loginRuns = [await measured(loginLoad)];
    for (let round = 1; round < rounds; round++) {
      healthzRuns.push(await measured({ ...common, path: '/healthz' }));
      loginRuns.push(await measured(loginLoad));
    }
    // Every login must have been a successful one (a refused login is a 200 answer too): the audit
    // log, flushed every 25 ms, says how many of each there were.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const audited = await server.database.db.execute<{ success: boolean; n: number }>(
      sql`select success, count(*)::int as n from audit_log where action = 'login' group by success`,
    );
    const outcomes = Object.fromEntries(rowsOf<{ success: boolean; n: number }>(audited).map((r) => [r.success ? 'succeeded' : 'refused', r.n]));
    if (outcomes.refused) throw new Error(`${outcomes.refused} logins were refused; the figures would not be logins`);
    const shareIn = (round: number, r: { reqPerSec: number }) => +(r.reqPerSec / healthzRuns[round]!.reqPerSec).toFixed(3);
    const shares = loginRuns.map((login, round) => shareIn(round, login));
    // The round whose share is the median (the lower middle of an even count) stands for the run.
    const middle = shares.map((share, round) => ({ share, round })).sort((a, b) => a.share - b.share)[Math.floor((shares.length - 1) / 2)]!.round;
    const healthz = healthzRuns[middle]!;
    const login = loginRuns[middle]!;
    console.log(
      JSON.stringify({
        engine, stores: 5000, seconds, connections: 50, rounds, healthz, readyz, login, loginOutcomes: outcomes,
        readyzShareOfHealthz: shareIn(0, readyz), loginShareOfHealthz: shareIn(middle, login), loginSharesByRound: shares,
        ...(rounds > 1 ? { healthzRuns, loginRuns } : {}),
      }),
    );
    const line = (name: string, r: typeof login) =>
      `  ${name}: ${r.reqPerSec}/s, p99 ${r.p99} ms; CPU per request: app ${r.appCpuMicrosPerRequest} µs, PostgreSQL ${r.postgresCpuMicrosPerRequest} µs` +
      `${engine === 'postgres' ? ` (whole server ${r.postgresServerCpuMicrosPerRequest})` : ''}, generator ${r.loadCpuMicrosPerRequest} µs; load ${r.machine.load1.join('→')}, steal ${r.machine.stealPercent}%`;
    const byRound = rounds > 1 ? ` (median of ${rounds} rounds: ${shares.join(', ')})` : '';
    console.log(`${engine}: logins at ${shareIn(middle, login)} of /healthz${byRound} (/readyz ${shareIn(0, readyz)})\n${line('/healthz', healthz)}\n${line('/readyz', readyz)}\n${line('login', login)}`);
    for (let round = 0; round < rounds && rounds > 1; round++) {
      console.log(`  round ${round + 1}: /healthz ${healthzRuns[round]!.reqPerSec}/s (app ${healthzRuns[round]!.appCpuMicrosPerRequest} µs), login ${loginRuns[round]!.reqPerSec}/s (app ${loginRuns[round]!.appCpuMicrosPerRequest} µs, PostgreSQL ${loginRuns[round]!.postgresCpuMicrosPerRequest} µs), share ${shares[round]}`);
    }
  } finally {
    await server.close();
  }
}
