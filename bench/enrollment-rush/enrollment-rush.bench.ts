/**
 * The enrollment rush: the moment registration opens, the dealers of 50 stores submit their staff's
 * registrations at once against one event with a capacity (default 2,000 places, 3,000 submits).
 * Each store is one client (a keep-alive connection) sending its 60 submits one after the other; the
 * 50 clients start together. Before the rush each dealer signs in and asks for a registration link
 * per colleague (`GetBuiltinLink`, "Other"); the rush is the hosted page's submit
 * (`POST /api/Registration/{token}`), where the place is taken or the waiting list joined.
 *
 * Checked after the run: no overbooking (exactly `capacity` of the rush's registrations Enrolled, the
 * rest Waitlisted, and the event's places held equal to its capacity), every submit answered 200, the
 * waiting list dense and in the order the submits were served (positions 1..n, each once, in the
 * order of the queue's sequence). Printed: submits per minute, p50/p99, CPU per submit (the app, this
 * process; PostgreSQL, its processes; the load generator, its own process), the load average and the
 * CPU steal it ran under. On PostgreSQL also the statements per submit (every round trip the app's
 * pool sends during the rush) and the event's lock: statements sent from the lock of the event row
 * (`select ... from "events" ... for update`, from its answer: the lock granted) to the commit, and how
 * long that took.
 *
 * `--rate N` sends the submits as an open load instead: N a minute, dealt across the 50 stores in turn
 * and each sent when due whether or not earlier answers are back (latency counted from the due time).
 * The closed run (50 clients, each waiting for its answer) measures the most the server does; its
 * p99 is about 50 / rate by Little's law. The open run at 6,000 a minute measures the aim as stated:
 * that rate sustained, with its p99.
 *   npx tsx bench/enrollment-rush/enrollment-rush.bench.ts [--engine postgres|pglite|both] [--stores 50] [--submits 3000] [--capacity 2000] [--rate 6000] [--profile out.cpuprofile] [--statements] [--statement-cpu]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf, schema } from '@portal/db';
import { loginToken, startBenchServer, type Engine } from '../lib/bench-server.ts';
import { profileWhile } from '../lib/cpu-profile.ts';
import { postgresCpuMicros } from '../lib/load.ts';
import { machineSample, machineSince } from '../lib/machine.ts';
import { percentile } from '../lib/stats.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engineArg = args.get('--engine') ?? 'postgres';
const engines: Engine[] = engineArg === 'both' ? ['postgres', 'pglite'] : [engineArg as Engine];
const storeCount = Number(args.get('--stores') ?? 50);
const submits = Number(args.get('--submits') ?? 3000);
const capacity = Number(args.get('--capacity') ?? 2000);
const profileOut = args.get('--profile');
const ratePerMinute = args.has('--rate') ? Number(args.get('--rate')) : undefined;
if (ratePerMinute !== undefined && !(ratePerMinute > 0)) throw new Error('--rate takes submits per minute, e.g. --rate 6000');
const perStore = Math.ceil(submits / storeCount);
const EVENT = 'nbc';
const { events, people, registrations, stores } = schema;

interface Answer {
  lane: number;
  status: number;
  ms: number;
  /** When it was sent (or due), ms from the run's start. */
  at: number;
  body: { data?: { status?: string; waitlistPosition?: number } } | string;
}
interface Run {
  wallMs: number;
  loadCpuMicros: number;
  answers: Answer[];
}

/** Sends `lanes` of requests (each lane one client, one request after the other) from a process of its own. */
async function runLanes(url: string, lanes: { method: string; path: string; headers?: Record<string, string>; body?: unknown }[][], ratePerSecond?: number): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-rush-'));
  try {
    const file = join(dir, 'spec.json');
    writeFileSync(file, JSON.stringify({ url, lanes, ratePerSecond }));
    const runner = new URL('../lib/request-list-runner.mjs', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, [runner, file], { maxBuffer: 256 * 1024 * 1024 });
    return JSON.parse(stdout) as Run;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Counts the statements the app's PostgreSQL clients send while `counting`, and per transaction the
 * statements and the time from its lock of an event row to its commit or rollback.
 */
const statements = { counting: false, total: 0, underLock: 0, locks: 0, lockMs: [] as number[], texts: new Map<string, number>(), cpuNs: new Map<string, number>() };
const listStatements = process.argv.includes('--statements');
/** `--statement-cpu`: the serving backend's CPU time per statement text (its /proc schedstat, ns), read around each statement. */
const statementCpu = process.argv.includes('--statement-cpu');
const backendNs = (pid: number): number => {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
};
const lockedSince = new WeakMap<object, number>();
{
  const proto = pg.Client.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const original = proto.query!;
  /** Sends the statement; with `--statement-cpu` adds the backend's CPU while it ran to its text's total. */
  const send = (client: object, a: unknown[], key: string | undefined): unknown => {
    const pid = (client as { processID?: number }).processID;
    if (!statementCpu || key === undefined || !pid) return original.apply(client, a);
    const before = backendNs(pid);
    const answer = original.apply(client, a);
    const after = () => {
      const ns = backendNs(pid) - before;
      if (Number.isFinite(ns)) statements.cpuNs.set(key, (statements.cpuNs.get(key) ?? 0) + ns);
    };
    if (answer instanceof Promise) void answer.then(after, after);
    return answer;
  };
  proto.query = function (this: object, ...a: unknown[]) {
    if (statements.counting) {
      const first = a[0];
      const text = typeof first === 'string' ? first : String((first as { text?: string } | null)?.text ?? '');
      statements.total++;
      let key: string | undefined;
      if (listStatements || statementCpu) {
        key = text.replace(/\s+/g, ' ').slice(0, 110);
        statements.texts.set(key, (statements.texts.get(key) ?? 0) + 1);
      }
      const since = lockedSince.get(this);
      if (since !== undefined) {
        statements.underLock++;
        if (/^\s*(commit|rollback)\s*;?\s*$/i.test(text)) {
          statements.lockMs.push(performance.now() - since);
          lockedSince.delete(this);
        }
      } else if (/from "events"[\s\S]*for update/i.test(text)) {
        // Held from the moment the lock is granted: the statement's answer.
        statements.locks++;
        const answer = send(this, a, key);
        if (answer instanceof Promise) void answer.then(() => lockedSince.set(this, performance.now()), () => undefined);
        return answer;
      }
      return send(this, a, key);
    }
    return original.apply(this, a);
  };
}

const dataOf = (a: Answer) => (typeof a.body === 'object' ? a.body.data : undefined);

async function rush(engine: Engine) {
  const startedAt = performance.now();
  const server = await startBenchServer(engine, 5000, { PUBLIC_URL: 'http://portal.test' }, { template: true });
  try {
    const db = server.database.db;
    console.log(`${engine}: 5,000 demo stores ready and the app started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    // One dealer of each of the first `storeCount` stores with a roster (their login: the demo dealer code).
    const dealers = rowsOf<{ email: string; store: string }>(
      await db.execute(sql`
        select distinct on (p.store_dlrnum) p.email, p.store_dlrnum as store
        from ${people} p join ${stores} s on s.dlrnum = p.store_dlrnum
        where p.category = 'dealer_staff' order by p.store_dlrnum, p.id limit ${storeCount}`),
    );
    if (dealers.length < storeCount) throw new Error(`only ${dealers.length} stores with dealer staff`);
    const [event] = await db.select().from(events).where(eq(events.id, EVENT));
    if (!event) throw new Error(`no event ${EVENT}`);
    // The window open, no questions in the way of a submit (none are asked of the demo's dealers).
    await db.update(events).set({ registrationOpensAt: null, registrationClosesAt: null }).where(eq(events.id, EVENT));

    // Links: each dealer asks for one per colleague of theirs, by name (a new roster person each).
    const tokens = await Promise.all(dealers.map((d) => loginToken(server.url, { userName: d.email, password: 'DEALER27', eventType: EVENT, IsReporting: false })));
    const linkStarted = performance.now();
    // Ten stores at a time: the set-up is not what is measured, and on a loaded machine 50 at once can
    // wait out the pool's 5 s for a connection.
    const linkAnswers: Answer[] = [];
    for (let from = 0; from < dealers.length; from += 10) {
      const batch = await runLanes(
        server.url,
        dealers.slice(from, from + 10).map((d, b) =>
        Array.from({ length: perStore }, (_, i) => ({
          method: 'POST',
          path: '/api/Enrollment/GetBuiltinLink',
          headers: { authorization: `Bearer ${tokens[from + b]}` },
          body: { firstName: `Rush${i}`, lastName: `Store${d.store}`, isManager: false, isGeneralManager: false, isVirtual: false },
        })),
        ),
      );
      linkAnswers.push(...batch.answers.map((a) => ({ ...a, lane: a.lane + from })));
    }
    const linkRun = { answers: linkAnswers };
    const badLinks = linkRun.answers.filter((a) => a.status !== 200);
    if (badLinks.length) throw new Error(`${badLinks.length} link requests failed: ${JSON.stringify(badLinks[0])}`);
    console.log(`${linkRun.answers.length} links handed out in ${((performance.now() - linkStarted) / 1000).toFixed(1)} s`);
    const lanes = dealers.map((d, s) =>
      linkRun.answers
        .filter((a) => a.lane === s)
        .slice(0, s < submits % storeCount || submits % storeCount === 0 ? perStore : perStore - 1)
        .map((a, i) => {
          const link = (a.body as { data: string }).data;
          return {
            method: 'POST',
            path: `/api/Registration/${link.slice(link.lastIndexOf('/') + 1)}`,
            body: { action: 'submit', firstName: `Rush${i}`, lastName: `Store${d.store}`, email: `rush.${i}.${d.store}@dealers.example.com`, isVirtual: false, arrivalDate: event.startsOn, departureDate: event.endsOn },
          };
        }),
    );
    const total = lanes.reduce((n, l) => n + l.length, 0);

    // The capacity: the places held before the rush plus `capacity` for the rush's registrations.
    const heldNow = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from registrations where event_id = ${EVENT} and status in ('Enrolled', 'Offered')`))[0]!.n;
    const waitingBefore = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from registrations where event_id = ${EVENT} and status = 'Waitlisted' and waitlist_code_id is null`))[0]!.n;
    const heldBefore = await heldNow();
    await db.update(events).set({ capacity: heldBefore + capacity }).where(eq(events.id, EVENT));
    await db.execute(sql`analyze`);

    // The rush.
    const machine0 = machineSample();
    const cpu0 = process.cpuUsage();
    // PostgreSQL's CPU: the backends serving this database only (the server is shared with other work).
    const backends = async () => new Set(rowsOf<{ pid: number }>(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).map((r) => r.pid));
    const pids = engine === 'postgres' ? await backends() : new Set<number>();
    const pg0 = new Map([...pids].map((pid) => [pid, postgresCpuMicros(new Set([pid]))]));
    let run: Run | undefined;
    const go = async () => {
      run = await runLanes(server.url, lanes, ratePerMinute && ratePerMinute / 60);
    };
    statements.counting = true;
    if (profileOut) await profileWhile(go, profileOut);
    else await go();
    statements.counting = false;
    const cpu = process.cpuUsage(cpu0);
    let pgMicros = 0;
    if (engine === 'postgres') {
      // Backends the pool opened during the rush count from zero; one that ended meanwhile is not counted.
      for (const pid of await backends()) pgMicros += postgresCpuMicros(new Set([pid])) - (pg0.get(pid) ?? 0);
    }
    const machine = machineSince(machine0);
    const { answers, wallMs, loadCpuMicros } = run!;

    // Correctness: every submit answered, no overbooking, the waiting list in order.
    const failed = answers.filter((a) => a.status !== 200);
    const statuses = new Map<string, number>();
    for (const a of answers) statuses.set(dataOf(a)?.status ?? `http ${a.status}`, (statuses.get(dataOf(a)?.status ?? `http ${a.status}`) ?? 0) + 1);
    const rushIds = rowsOf<{ id: number; status: string; waitlist_order: string | null }>(
      await db.execute(sql`
        select r.id, r.status, r.waitlist_order::text from ${registrations} r join ${people} p on p.id = r.attendee_id
        where r.event_id = ${EVENT} and p.email like 'rush.%@dealers.example.com' order by r.waitlist_order nulls first, r.id`),
    );
    const enrolled = rushIds.filter((r) => r.status === 'Enrolled').length;
    const waitlisted = rushIds.filter((r) => r.status === 'Waitlisted');
    const heldAfter = await heldNow();
    const positions = answers.map((a) => dataOf(a)?.waitlistPosition).filter((p): p is number => p !== undefined);
    const expectedPositions = Array.from({ length: total - capacity }, (_, i) => waitingBefore + i + 1);
    const positionsDense = positions.length === expectedPositions.length && [...positions].sort((a, b) => a - b).every((p, i) => p === expectedPositions[i]);
    // Each position answered matches the queue's order: the registration with the k-th smallest waitlist_order got position waitingBefore + k.
    const orderOk = waitlisted.every((_, k) => k === 0 || BigInt(waitlisted[k]!.waitlist_order!) > BigInt(waitlisted[k - 1]!.waitlist_order!));
    const checks = {
      everySubmitAnswered200: failed.length === 0,
      enrolledExactlyCapacity: enrolled === capacity,
      restWaitlisted: waitlisted.length === total - capacity,
      placesHeldEqualCapacity: heldAfter === heldBefore + capacity,
      waitlistPositionsDenseAndUnique: positionsDense,
      waitlistInQueueOrder: orderOk,
    };
    const latencies = answers.map((a) => a.ms);
    // p99 of each tenth of the submits in the order they were sent: a cold start or a slow end shows.
    const bySend = [...answers].sort((a, b) => a.at - b.at);
    const tenths = Array.from({ length: 10 }, (_, t) => bySend.slice(Math.floor((t * bySend.length) / 10), Math.floor(((t + 1) * bySend.length) / 10)));
    const p99ByTenth = tenths.map((part) => Math.round(percentile(part.map((a) => a.ms), 99)));
    const per = (micros: number) => Math.round(micros / Math.max(1, answers.length));
    const result = {
      engine,
      stores: storeCount,
      submits: total,
      capacity,
      load: ratePerMinute ? { open: true, offeredPerMinute: ratePerMinute } : { open: false, clients: lanes.length },
      statuses: Object.fromEntries(statuses),
      submitsPerMinute: Math.round((answers.length / wallMs) * 60_000),
      wallSeconds: +(wallMs / 1000).toFixed(2),
      p50: +percentile(latencies, 50).toFixed(1),
      p99: +percentile(latencies, 99).toFixed(1),
      max: +Math.max(...latencies).toFixed(1),
      p99ByTenth,
      appCpuMicrosPerSubmit: per(cpu.user + cpu.system),
      postgresCpuMicrosPerSubmit: per(pgMicros),
      loadCpuMicrosPerSubmit: per(loadCpuMicros),
      ...(engine === 'postgres'
        ? {
            statementsPerSubmit: +(statements.total / Math.max(1, answers.length)).toFixed(1),
            eventLock: {
              takenPerSubmit: +(statements.locks / Math.max(1, answers.length)).toFixed(2),
              statementsHeldPerLock: +(statements.underLock / Math.max(1, statements.locks)).toFixed(1),
              heldMsP50: +percentile(statements.lockMs, 50).toFixed(1),
              heldMsP99: +percentile(statements.lockMs, 99).toFixed(1),
            },
          }
        : {}),
      machine,
      checks,
      aim: { submitsPerMinute: 6000, p99Ms: 200 },
    };
    console.log(JSON.stringify(result));
    if (listStatements || statementCpu) {
      for (const [text, n] of [...statements.texts].sort((a, b) => b[1] - a[1])) {
        const cpuUs = statementCpu ? ` ${((statements.cpuNs.get(text) ?? 0) / 1000 / answers.length).toFixed(0).padStart(5)} µs/submit ${((statements.cpuNs.get(text) ?? 0) / 1000 / n).toFixed(0).padStart(5)} µs each` : '';
        console.log(`${(n / answers.length).toFixed(2)} per submit${cpuUs}  ${text}`);
      }
    }
    if (failed.length) console.log(`first failure: ${JSON.stringify(failed[0])}`);
    if (!Object.values(checks).every(Boolean)) {
      process.exitCode = 1;
      console.log('CORRECTNESS CHECK FAILED');
    }
  } finally {
    await server.close();
  }
}

for (const engine of engines) await rush(engine);
