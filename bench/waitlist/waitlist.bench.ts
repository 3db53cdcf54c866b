/**
 * Waiting lists (docs/waiting-lists.md), against the real app on a demo database:
 *  1. offer latency: with the job queue running, an organizer cancels an enrolled attendee of a full
 *     event; timed until the offer mail to the first in line is in the outbox (aim <= 10 s);
 *  2. submit at capacity: p99 of `POST /api/Registration/{token}` that joins the waiting list, against
 *     the same submit under a capacity with free places (aim: within 1.3x). Alternating rounds, one request at a time.
 *   npx tsx bench/waitlist/waitlist.bench.ts [--engine postgres|pglite] [--stores 50000] [--cancels 5] [--submits 300]
 */
import { loadavg } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_PATHS } from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { DEMO_ORGANIZER } from '../../apps/server/src/demo/demo-accounts.ts';
import { issueToken } from '../../apps/server/src/lib/registration-tokens.ts';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';
import { percentile } from '../lib/stats.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engine = (args.get('--engine') ?? 'postgres') as Engine;
const stores = Number(args.get('--stores') ?? 50_000);
const cancels = Number(args.get('--cancels') ?? 5);
const submits = Number(args.get('--submits') ?? 300);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const { events, people, registrations, outbox } = schema;

async function main() {
  const started = Date.now();
  const server = await startBenchServer(engine, stores, { PUBLIC_URL: 'http://portal.test' });
  try {
    console.log(`engine ${engine}, ${stores} demo stores loaded and the app started in ${((Date.now() - started) / 1000).toFixed(1)} s; load ${load()}`);
    const { app, database } = server;
    const db = database.db;
    await app.jobs.start();
    const login = await app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
    const organizer = { authorization: `Bearer ${(login.json() as { data: { accessToken: string } }).data.accessToken}` };

    let seq = 0;
    const pending = async (n: number) =>
      db.transaction(async (tx) => {
        const out: { id: number; email: string; token: string }[] = [];
        for (let i = 0; i < n; i++) {
          const email = `bench.wait.${++seq}.${Date.now()}@queue.example.com`;
          const [person] = await tx.insert(people).values({ email, firstName: 'Ben', lastName: `Wait${seq}`, category: 'expo' }).returning();
          const [reg] = await tx
            .insert(registrations)
            .values({ eventId: 'nbc', attendeeId: person!.id, registeredById: person!.id, attendeeType: 'expo', providerRef: `pr_bench_${seq}_${Date.now()}` })
            .returning();
          out.push({ id: reg!.id, email, token: await issueToken(tx, reg!.id, 'register', new Date()) });
        }
        return out;
      });
    const submit = (p: { email: string; token: string }) =>
      app.inject({ method: 'POST', url: `/api/Registration/${p.token}`, payload: { action: 'submit', firstName: 'Ben', lastName: 'Wait', email: p.email, isVirtual: true } });
    const held = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from registrations where event_id = 'nbc' and status in ('Enrolled', 'Offered')`))[0]!.n;

    // 1. Offer latency after a cancel.
    await db.update(events).set({ capacity: await held() }).where(eq(events.id, 'nbc'));
    const waiting = await pending(cancels);
    for (const w of waiting) if ((await submit(w)).json().data.status !== 'Waitlisted') throw new Error('expected Waitlisted');
    const enrolled = rowsOf<{ id: number }>(await db.execute(sql`select id from registrations where event_id = 'nbc' and status = 'Enrolled' order by id limit ${cancels}`));
    const latencies: number[] = [];
    for (let i = 0; i < cancels; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: `/api/Admin/Registrations/${enrolled[i]!.id}/Cancel`, headers: organizer, payload: {} });
      if (res.statusCode !== 200) throw new Error(res.body);
      for (;;) {
        const rows = await db.select({ id: outbox.id }).from(outbox).where(and(eq(outbox.kind, 'waitlist-offer'), eq(outbox.toEmail, waiting[i]!.email)));
        if (rows.length) break;
        if (performance.now() - t0 > 120_000) throw new Error('no offer within 120 s');
        await new Promise((r) => setTimeout(r, 50));
      }
      latencies.push(performance.now() - t0);
    }
    console.log(`offer mail in the outbox after a cancel (${cancels} cancels): ${latencies.map((l) => `${(l / 1000).toFixed(2)} s`).join(', ')}; max ${(Math.max(...latencies) / 1000).toFixed(2)} s (aim <= 10 s); load ${load()}`);
    await app.jobs.stop();

    // 2. Submit with free places against submit at capacity, alternating rounds of 50.
    const free: number[] = [];
    const full: number[] = [];
    const round = 50;
    for (let done = 0; done < submits; done += round) {
      for (const [capacity, into] of [
        [null, free],
        ['full', full],
      ] as const) {
        // Both under a capacity (the waiting list's setting): free places left, or none.
        await db.update(events).set({ capacity: capacity === null ? (await held()) + 100_000 : await held() }).where(eq(events.id, 'nbc'));
        const crowd = await pending(round);
        for (const p of crowd) {
          const t0 = performance.now();
          const res = await submit(p);
          into.push(performance.now() - t0);
          const status = (res.json() as { data: { status: string } }).data.status;
          if (status !== (capacity === null ? 'Enrolled' : 'Waitlisted')) throw new Error(`unexpected ${status}`);
        }
      }
    }
    const fmt = (v: number[]) => `p50 ${percentile(v, 50).toFixed(1)} ms, p99 ${percentile(v, 99).toFixed(1)} ms`;
    console.log(`submit with free places (${free.length}): ${fmt(free)}`);
    console.log(`submit at capacity, joins the waiting list (${full.length}): ${fmt(full)}`);
    console.log(`p99 ratio ${(percentile(full, 99) / percentile(free, 99)).toFixed(2)}x (aim <= 1.3x); load ${load()}`);
  } finally {
    await server.close();
  }
}

await main();
