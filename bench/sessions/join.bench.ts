/**
 * A session join against an enrollment submit (docs/sessions.md; aim: join p99 within 1.3x of the
 * submit's on PostgreSQL at the 50,000-store demo), the real app on a loopback port:
 *  - submit: `POST /api/Registration/{token}` `{ action: "submit" }` of a new pending registration
 *    (a new person each time, enrolled virtually: the enrollment page's last step);
 *  - join: `POST /api/Sessions/{id}/Join` of an enrolled attendee signed in to the event (a new
 *    person each time), spread over the program's breakouts (24 sessions of 300 seats: every join
 *    gets a seat), or with `--hot` all into one 50-seat session (a queue after the 50th).
 * Both under the same load in the same run: alternating rounds of `--round` requests of one kind,
 * `--connections` at a time, sent from a process of their own; latencies of each kind pooled over
 * its rounds (p50 / p95 / p99), its rate, and CPU per request of the app (this process, which hosts
 * it), the database (every `postgres` process) and the load generator; the machine's load average
 * and CPU steal over the run (bench/lib/machine.ts).
 *   npx tsx bench/sessions/join.bench.ts [--engine postgres|pglite] [--stores 50000] [--rounds 6]
 *     [--round 200] [--connections 8] [--hot]
 * PostgreSQL uses the 50,000-store demo kept as a template database (bench/lib/bench-server.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { ADMIN_PATHS, SESSIONS_PATHS } from '@portal/contracts';
import { rowsOf, type Db } from '@portal/db';
import { DEMO_ORGANIZER } from '../../apps/server/src/demo/demo-accounts.ts';
import { issueToken } from '../../apps/server/src/lib/registration-tokens.ts';
import { startBenchServer, type BenchServer, type Engine } from '../lib/bench-server.ts';
import { postgresCpuMicros } from '../lib/load.ts';
import { machineSample, machineSince } from '../lib/machine.ts';
import { percentile } from '../lib/stats.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engine = (args.get('--engine') ?? 'postgres') as Engine;
const stores = Number(args.get('--stores') ?? 50_000);
const rounds = Number(args.get('--rounds') ?? 6);
const round = Number(args.get('--round') ?? 200);
const connections = Number(args.get('--connections') ?? 8);
const hot = process.argv.includes('--hot');

interface Prepared {
  method: 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface RunResult {
  latencies: number[];
  statuses: number[];
  wallMs: number;
  cpuMicros: number;
}
type Kind = 'submit' | 'join';
interface Tally {
  latencies: number[];
  requests: number;
  wallMs: number;
  appCpu: number;
  dbCpu: number;
  loadCpu: number;
  non2xx: number;
  answers: Map<string, number>;
}

/**
 * Sends `requests` from bench/lib/request-list-runner.mjs (its own process): `connections` keep-alive
 * clients, the requests dealt to them in turn, all starting together.
 */
async function send(url: string, requests: Prepared[]): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-join-'));
  try {
    const file = join(dir, 'spec.json');
    const lanes: object[][] = Array.from({ length: Math.min(connections, requests.length) }, () => []);
    requests.forEach((r, i) => lanes[i % lanes.length]!.push({ method: r.method, path: r.path, headers: r.headers, body: r.body === undefined ? undefined : (JSON.parse(r.body) as unknown) }));
    writeFileSync(file, JSON.stringify({ url, lanes }));
    const runner = new URL('../lib/request-list-runner.mjs', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, [runner, file], { maxBuffer: 64 * 1024 * 1024 });
    const out = JSON.parse(stdout) as { wallMs: number; loadCpuMicros: number; answers: { status: number; ms: number }[] };
    return { latencies: out.answers.map((a) => a.ms), statuses: out.answers.map((a) => a.status), wallMs: out.wallMs, cpuMicros: out.loadCpuMicros };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let seq = 0;
const tag = Date.now().toString(36);

/** `n` new people, each with a pending nbc registration and its registration link: submits to come. */
async function pendingSubmits(db: Db, n: number): Promise<Prepared[]> {
  const rows = rowsOf<{ id: number; email: string }>(
    await db.execute(sql`
      with p as (
        insert into people (email, first_name, last_name, category)
        select 'bench.submit.' || ${tag} || '.' || (${seq} + i) || '@enrol.example.com', 'Ben', 'Submit' || (${seq} + i), 'expo' from generate_series(1, ${n}::int) i
        returning id, email
      )
      , r as (
        insert into registrations (event_id, attendee_id, registered_by_id, attendee_type, provider_ref)
        select 'nbc', p.id, p.id, 'expo', 'pr_bench_submit_' || ${tag} || '_' || p.id from p
        returning id, attendee_id
      )
      select r.id, p.email from r join p on p.id = r.attendee_id order by r.id`),
  );
  seq += n;
  const out: Prepared[] = [];
  for (const row of rows) {
    const token = await db.transaction((tx) => issueToken(tx, Number(row.id), 'register', new Date()));
    out.push({ method: 'POST', path: `/api/Registration/${token}`, body: JSON.stringify({ action: 'submit', firstName: 'Ben', lastName: 'Submit', email: row.email, isVirtual: true }) });
  }
  return out;
}

/** `n` new people, each enrolled at nbc and signed in to the event, each joining one of `sessionIds` in turn. */
async function pendingJoins(server: BenchServer, sessionIds: readonly number[], n: number): Promise<Prepared[]> {
  const rows = rowsOf<{ person_id: number; email: string }>(
    await server.database.db.execute(sql`
      with p as (
        insert into people (email, first_name, last_name, category)
        select 'bench.join.' || ${tag} || '.' || (${seq} + i) || '@picks.example.com', 'Jo', 'Join' || (${seq} + i), 'expo' from generate_series(1, ${n}::int) i
        returning id, email
      ), r as (
        insert into registrations (event_id, attendee_id, registered_by_id, attendee_type, status, enrolled_at, provider_ref)
        select 'nbc', p.id, p.id, 'expo', 'Enrolled', now(), 'pr_bench_join_' || ${tag} || '_' || p.id from p
        returning attendee_id
      )
      select p.id as person_id, p.email from p join r on r.attendee_id = p.id order by p.id`),
  );
  seq += n;
  const out: Prepared[] = [];
  for (const [i, row] of rows.entries()) {
    const { token } = await server.app.tokens.sign({ personId: Number(row.person_id), email: row.email, eventType: 'nbc', policies: ['expo'], regType: 'expo', isDealer: false, storeCode: null });
    out.push({ method: 'POST', path: SESSIONS_PATHS.join.replace('{id}', String(sessionIds[i % sessionIds.length])), headers: { authorization: `Bearer ${token}` } });
  }
  return out;
}

/** The breakouts the joins go to, made through the console's API: 24 of 300 seats over four days, or one of 50 (`--hot`). */
async function benchSessions(server: BenchServer): Promise<number[]> {
  const login = await server.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
  const authorization = `Bearer ${(login.json() as { data: { accessToken: string } }).data.accessToken}`;
  const ids: number[] = [];
  const count = hot ? 1 : 24;
  for (let i = 0; i < count; i++) {
    const day = 1 + (i % 4);
    const hour = 8 + Math.floor(i / 4);
    const payload = {
      event: 'nbc',
      title: `Bench breakout ${i + 1}`,
      startsAt: `2027-03-0${day}T${String(hour).padStart(2, '0')}:00`,
      endsAt: `2027-03-0${day}T${String(hour).padStart(2, '0')}:45`,
      room: `Bench room ${i + 1}`,
      capacity: hot ? 50 : 300,
      entry: 'picked',
    };
    const res = await server.app.inject({ method: 'POST', url: SESSIONS_PATHS.adminSessions, headers: { authorization }, payload });
    if (res.statusCode !== 201) throw new Error(`session not created: ${res.body}`);
    ids.push((res.json() as { data: { id: number } }).data.id);
  }
  return ids;
}

/** The `status` of an answer's data (a submit's registration, a join's pick). */
function statusOf(body: unknown): string {
  return String((body as { data?: { status?: string } }).data?.status);
}

async function main() {
  const started = performance.now();
  const server = await startBenchServer(engine, stores, { PUBLIC_URL: 'http://portal.test' }, { template: true });
  try {
    const db = server.database.db;
    await db.execute(sql`analyze`);
    const [{ registrations, sessions } = { registrations: 0, sessions: 0 }] = rowsOf<{ registrations: number; sessions: number }>(
      await db.execute(sql`select (select count(*)::int from registrations) as registrations, (select count(*)::int from sessions) as sessions`),
    );
    console.log(`engine ${engine}, ${stores} demo stores (${registrations} registrations, ${sessions} sessions) ready in ${((performance.now() - started) / 1000).toFixed(1)} s; node ${process.version}`);
    const sessionIds = await benchSessions(server);
    // A quiet check that both requests answer as expected before anything is timed.
    const probeSubmit = (await pendingSubmits(db, 1))[0]!;
    const probeJoin = (await pendingJoins(server, sessionIds, 1))[0]!;
    for (const [kind, probe] of [['submit', probeSubmit], ['join', probeJoin]] as const) {
      const res = await fetch(`${server.url}${probe.path}`, { method: 'POST', headers: { ...(probe.body ? { 'content-type': 'application/json' } : {}), ...(probe.headers ?? {}) }, ...(probe.body ? { body: probe.body } : {}) });
      const body: unknown = await res.json();
      if (res.status !== 200 || statusOf(body) !== 'Enrolled') throw new Error(`${kind}: ${res.status} ${JSON.stringify(body)}`);
    }

    const tallies: Record<Kind, Tally> = {
      submit: { latencies: [], requests: 0, wallMs: 0, appCpu: 0, dbCpu: 0, loadCpu: 0, non2xx: 0, answers: new Map() },
      join: { latencies: [], requests: 0, wallMs: 0, appCpu: 0, dbCpu: 0, loadCpu: 0, non2xx: 0, answers: new Map() },
    };
    const machine = machineSample();
    // Round 0 of each kind warms the app and the database up and is not counted.
    for (let r = 0; r <= rounds; r++) {
      for (const kind of ['submit', 'join'] as const) {
        const requests = kind === 'submit' ? await pendingSubmits(db, round) : await pendingJoins(server, sessionIds, round);
        const app0 = process.cpuUsage();
        const db0 = engine === 'postgres' ? postgresCpuMicros() : 0;
        const result = await send(server.url, requests);
        const app = process.cpuUsage(app0);
        const dbCpu = engine === 'postgres' ? postgresCpuMicros() - db0 : 0;
        if (r === 0) continue;
        const tally = tallies[kind];
        tally.latencies.push(...result.latencies);
        tally.requests += requests.length;
        tally.wallMs += result.wallMs;
        tally.appCpu += app.user + app.system;
        tally.dbCpu += dbCpu;
        tally.loadCpu += result.cpuMicros;
        tally.non2xx += result.statuses.filter((s) => s < 200 || s >= 300).length;
      }
    }
    const report = machineSince(machine);

    // Every join got a seat (or a queue place with --hot); every submit enrolled.
    const picks = rowsOf<{ status: string; n: number }>(
      await db.execute(sql`select status, count(*)::int as n from session_picks where session_id in ${sql.raw(`(${sessionIds.join(',')})`)} group by status`),
    );
    const [submitted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from registrations where provider_ref like ${`pr_bench_submit_${tag}_%`} and status = 'Enrolled'`));
    for (const { status, n } of picks) tallies.join.answers.set(status, n);
    tallies.submit.answers.set('Enrolled', submitted!.n);

    const ms = (v: number) => v.toFixed(1);
    const line = (kind: Kind) => {
      const t = tallies[kind];
      const perRequest = (micros: number) => Math.round(micros / Math.max(1, t.requests));
      return {
        kind,
        requests: t.requests,
        p50: percentile(t.latencies, 50),
        p95: percentile(t.latencies, 95),
        p99: percentile(t.latencies, 99),
        max: Math.max(...t.latencies),
        rate: t.requests / (t.wallMs / 1000),
        appCpu: perRequest(t.appCpu),
        dbCpu: perRequest(t.dbCpu),
        loadCpu: perRequest(t.loadCpu),
        non2xx: t.non2xx,
        answers: [...t.answers].map(([k, v]) => `${k} ${v}`).join(', '),
      };
    };
    const submit = line('submit');
    const joined = line('join');
    console.log(`${rounds} alternating rounds of ${round} requests of each kind, ${connections} at a time${hot ? ', joins into one 50-seat session' : ', joins over 24 sessions of 300 seats'}:`);
    console.log('| request | n | p50 ms | p95 ms | p99 ms | max ms | req/s | app CPU µs/req | db CPU µs/req | load CPU µs/req | non-2xx | answers |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const l of [submit, joined]) {
      console.log(`| ${l.kind} | ${l.requests} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} | ${Math.round(l.rate)} | ${l.appCpu} | ${l.dbCpu} | ${l.loadCpu} | ${l.non2xx} | ${l.answers} |`);
    }
    const ratio = joined.p99 / submit.p99;
    console.log(`join p99 / submit p99 = ${ratio.toFixed(2)}x (aim <= 1.3x): ${ratio <= 1.3 ? 'met' : 'NOT met'}; p50 ratio ${(joined.p50 / submit.p50).toFixed(2)}x`);
    console.log(`machine: load average ${report.load1[0]} -> ${report.load1[1]}, CPU steal ${report.stealPercent}% over the run`);
    if (submit.non2xx || joined.non2xx) throw new Error('some requests failed');
  } finally {
    await server.close();
  }
}

await main();
