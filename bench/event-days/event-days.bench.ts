/**
 * The event days (docs/event-days.md), three aims against the real app on a loopback port:
 *  1. scans: four doors in parallel, each sending batches of 500 scans (overlapping people between
 *     doors, every batch sent twice as a retry after a lost answer): p99 of a batch <= 250 ms on
 *     PostgreSQL; the bench fails unless every scanned person has exactly one arrival;
 *  2. roster: a full sync of a 10,000-person roster (pages of 5,000 until `more` is false) <= 2 s;
 *  3. pdf: 5,000 badges as one PDF (a4-4up) <= 10 s with the server's RSS growth <= 100 MB.
 *   npx tsx bench/event-days/event-days.bench.ts [--engine postgres|pglite] [--only scans,roster,pdf]
 *     [--batches 10] [--roster 10000] [--badges 5000]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { ADMIN_PATHS, CHECKIN_PATHS, EVENT_DAYS_ADMIN_PATHS } from '@portal/contracts';
import { openDatabase, rowsOf, type Database } from '@portal/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { DEMO_ORGANIZER } from '../../apps/server/src/demo/demo-accounts.ts';
import { loadDemoData } from '../../apps/server/src/demo/load-demo-data.ts';
import { createBenchPostgres } from '../lib/bench-database.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const engine = (args.get('--engine') ?? 'postgres') as 'postgres' | 'pglite';
const only = new Set((args.get('--only') ?? 'scans,roster,pdf').split(','));
const batches = Number(args.get('--batches') ?? 10);
const rosterSize = Number(args.get('--roster') ?? 10_000);
const badgeCount = Number(args.get('--badges') ?? 5_000);
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void>; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-days-'));
  const removeDataDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') return { database: await openDatabase({ dataDir: join(dataDir, 'pglite') }), drop: removeDataDir, dataDir };
  const created = await createBenchPostgres('portal_bench_days');
  return {
    database: await openDatabase({ url: created.url, poolSize: 10 }),
    dataDir,
    drop: async () => {
      await created.drop();
      await removeDataDir();
    },
  };
}

const { database, drop, dataDir } = await openBenchDatabase();
const db = database.db;
try {
  await database.migrate();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'true' });
  await loadDemoData(db, { stores: 500, codeHashKey: config.codeHashKey });

  /** Tops an event up to exactly `n` enrolled registrations: new people at demo stores, or extra ones cancelled. */
  async function enrolledExactly(event: string, n: number): Promise<void> {
    const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from registrations where event_id = ${event} and status = 'Enrolled'`));
    const missing = n - have!.n;
    if (missing > 0) {
      await db.execute(sql`
        with s as (select dlrnum, row_number() over (order by dlrnum) as i, count(*) over () as c from stores),
        p as (
          insert into people (email, first_name, last_name, store_dlrnum, category)
          select 'bench-' || ${event} || '-' || g || '@bench.example.com', 'Bench' || g, 'Person' || (g % 977), s.dlrnum, 'dealer_staff'
          from generate_series(1, ${missing}::int) g join s on s.i = 1 + (g % s.c)
          returning id, store_dlrnum)
        insert into registrations (event_id, attendee_id, store_dlrnum, registered_by_id, attendee_type, status, enrolled_at, provider, provider_ref)
        select ${event}, p.id, p.store_dlrnum, p.id, 'dealer', 'Enrolled', now(), 'builtin', 'bench-' || ${event} || '-' || p.id from p`);
    } else if (missing < 0) {
      await db.execute(sql`update registrations set status = 'Cancelled' where id in (
        select id from registrations where event_id = ${event} and status = 'Enrolled' order by id desc limit ${-missing}::int)`);
    }
    // Scans and arrivals start from none.
    await db.execute(sql`update badges set checked_in_at = null, checked_in_door = null, checked_in_device_id = null, checked_in_recorded_at = null where event_id = ${event}`);
    await db.execute(sql`analyze`);
  }
  await enrolledExactly('nbc', rosterSize);
  await enrolledExactly('abc', badgeCount);

  const app = await buildApp({ config, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const keys = app.badgeKeys;
  console.log(`engine ${engine}, load ${load()}, node ${process.version}`);
  const json = async (res: Response) => (await res.json()) as { data: unknown; message: string | null };
  const organizer = ((await json(await fetch(`${base}${ADMIN_PATHS.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password }) }))).data as { accessToken: string }).accessToken;
  async function pairDoor(name: string): Promise<string> {
    const created = (await json(await fetch(`${base}${EVENT_DAYS_ADMIN_PATHS.devices}`, { method: 'POST', headers: { authorization: `Bearer ${organizer}`, 'content-type': 'application/json' }, body: JSON.stringify({ event: 'nbc', name }) }))).data as { pairingCode: string };
    const paired = (await json(await fetch(`${base}${CHECKIN_PATHS.pair}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pairingCode: created.pairingCode }) }))).data as { accessToken: string };
    return paired.accessToken;
  }
  const people = rowsOf<{ id: number; version: number }>(
    await db.execute(sql`select b.registration_id as id, b.version from badges b join registrations r on r.id = b.registration_id where r.event_id = 'nbc' and r.status = 'Enrolled' order by b.registration_id`),
  );

  if (only.has('scans')) {
    const doors = await Promise.all([1, 2, 3, 4].map((i) => pairDoor(`Bench door ${i}`)));
    // Each door's batches: 500 people each, doors overlapping (door d starts d * 250 people further on).
    const plan = doors.map((token, d) =>
      Array.from({ length: batches }, (_, b) =>
        Array.from({ length: 500 }, (_, k) => {
          const p = people[(d * 250 + b * 500 + k) % people.length]!;
          return { scanId: randomUUID(), code: keys.sign({ registrationId: p.id, eventId: 'nbc', version: p.version }), scannedAt: new Date().toISOString(), door: `Door ${d + 1}` };
        }),
      ).map((scans) => ({ token, body: JSON.stringify({ scans }) })),
    );
    const times: number[] = [];
    let failed = 0;
    const started = performance.now();
    await Promise.all(
      plan.map(async (door) => {
        for (const batch of door) {
          // Sent twice: the second is the retry after an answer lost on the way back.
          for (let attempt = 0; attempt < 2; attempt++) {
            const t0 = performance.now();
            const res = await fetch(`${base}${CHECKIN_PATHS.scans}`, { method: 'POST', headers: { authorization: `Bearer ${batch.token}`, 'content-type': 'application/json' }, body: batch.body });
            await res.arrayBuffer();
            times.push(performance.now() - t0);
            if (res.status !== 200) failed++;
          }
        }
      }),
    );
    const wall = performance.now() - started;
    const scanned = new Set(plan.flatMap((door) => door.flatMap((b) => (JSON.parse(b.body) as { scans: Array<{ code: string }> }).scans.map((s) => keys.verify(s.code)!.registrationId))));
    const [check] = rowsOf<{ arrived: number; checkins: number; logged: number }>(
      await db.execute(sql`select (select count(*)::int from badges where event_id = 'nbc' and checked_in_at is not null) as arrived,
        (select count(*)::int from checkin_scans where event_id = 'nbc' and result = 'checked_in' and device_id in (select id from checkin_devices where name like 'Bench door %')) as checkins,
        (select count(*)::int from checkin_scans where device_id in (select id from checkin_devices where name like 'Bench door %')) as logged`),
    );
    console.log(
      `scans: ${times.length} batches of 500 (4 doors in parallel, each batch sent twice): p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; ${Math.round((times.length * 500) / (wall / 1000))} scans/s; non-200 ${failed}`,
    );
    console.log(`scans: ${scanned.size} people scanned, ${check!.arrived} arrived, ${check!.checkins} check-in scans, ${check!.logged} scans logged (${doors.length * batches * 500} distinct)`);
    if (failed || check!.arrived !== scanned.size || check!.checkins !== scanned.size || check!.logged !== doors.length * batches * 500) {
      throw new Error('scans: not exactly one arrival per scanned person');
    }
  }

  if (only.has('roster')) {
    const token = await pairDoor('Bench roster door');
    for (let run = 1; run <= 3; run++) {
      const t0 = performance.now();
      let rows = 0;
      let pages = 0;
      let bytes = 0;
      let cursor: string | undefined;
      for (let more = true; more; ) {
        const res = await fetch(`${base}${CHECKIN_PATHS.roster}?limit=5000${cursor ? `&after=${cursor}` : ''}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
        const text = await res.text();
        bytes += Number(res.headers.get('content-length') ?? text.length);
        const data = (JSON.parse(text) as { data: { rows: unknown[]; cursor: string; more: boolean } }).data;
        rows += data.rows.length;
        cursor = data.cursor;
        more = data.more;
        pages++;
      }
      console.log(`roster: run ${run}: full sync of ${rows} rows in ${pages} pages: ${(performance.now() - t0).toFixed(0)} ms (${mb(bytes)} MB on the wire)`);
      if (rows < rosterSize) throw new Error(`roster: ${rows} rows, expected at least ${rosterSize}`);
    }
  }

  if (only.has('pdf')) {
    for (let run = 1; run <= 2; run++) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const t0 = performance.now();
      const res = await fetch(`${base}${EVENT_DAYS_ADMIN_PATHS.badges}?event=abc&layout=a4-4up`, { headers: { authorization: `Bearer ${organizer}` } });
      let bytes = 0;
      let first = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (!first) first = performance.now() - t0;
        bytes += chunk.length;
      }
      const took = performance.now() - t0;
      clearInterval(sampler);
      console.log(
        `pdf: run ${run}: ${badgeCount} badges (a4-4up, ${Math.ceil(badgeCount / 4)} pages) in ${(took / 1000).toFixed(2)} s, first byte ${first.toFixed(0)} ms, ${mb(bytes)} MB; RSS growth ${mb(peak - before)} MB (server and client in this process)`,
      );
      if (res.status !== 200) throw new Error(`pdf: ${res.status}`);
    }
  }
  console.log(`load at the end ${load()}`);
  await app.close();
} finally {
  await drop();
}
