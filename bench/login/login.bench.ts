/**
 * Logins per second and p50/p99 latency at 50 connections, beside /healthz of the same server.
 *   npx tsx bench/login/login.bench.ts [--engine pglite|postgres|both] [--seconds 10]
 */
import autocannon from 'autocannon';
import { isNotNull, sql } from 'drizzle-orm';
import { schema } from '@portal/db';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 10);
const engineArg = args.get('--engine') ?? 'both';
const engines: Engine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as Engine];

function summarize(name: string, r: autocannon.Result) {
  return { name, reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

for (const engine of engines) {
  const server = await startBenchServer(engine, 5000);
  try {
    const rows = await server.database.db
      .select({ email: schema.people.email })
      .from(schema.people)
      .where(isNotNull(schema.people.storeDlrnum))
      .orderBy(sql`random()`)
      .limit(2000);
    const bodies = rows.map((r) => JSON.stringify({ userName: r.email, password: 'DEALER27', eventType: 'nbc', IsReporting: false }));
    let i = 0;
    const common = { url: server.url, connections: 50, duration: seconds };
    await autocannon({ ...common, duration: 2, url: `${server.url}/healthz` }); // warm-up
    const health = await autocannon({ ...common, url: `${server.url}/healthz` });
    const login = await autocannon({
      ...common,
      requests: [
        {
          method: 'POST',
          path: '/User/ProcessLogin',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length] }),
        },
      ],
    });
    const h = summarize('healthz', health);
    const l = summarize('login', login);
    console.log(JSON.stringify({ engine, stores: 5000, seconds, healthz: h, login: l, loginShareOfHealthz: +(l.reqPerSec / h.reqPerSec).toFixed(3) }));
  } finally {
    await server.close();
  }
}
