/**
 * The waiting list (docs/waiting-lists.md, docs/decisions/012-waiting-list-offers.md) on the
 * engine of the run: positions, offers, claim, expiry with a clock that moves, leave, the
 * organizer's hand offer and move, seats of a per-store code, the queue closing, store-first; and
 * under load: 200 parallel submits for 20 places, 20 parallel cancels, two instances on one database.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, adminEventSchema, pagedSchema, type AdminWaitlist } from '@portal/contracts';
import { openDatabase, rowsOf, schema, type Database } from '@portal/db';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { hashAccessCode } from '../../lib/access-code.ts';
import { bearer, buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { mailsTo } from '../../testing/mail-helpers.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../testing/smtp-catcher.ts';
import { issueToken } from '../../lib/registration-tokens.ts';
import { DEMO_WAITLIST_CODE, loadDemoWaitlist } from '../../demo/demo-waitlist.ts';
import { offerFreedPlaces } from './waitlist.service.ts';

const { events, people, registrations, outbox } = schema;
const ATTEND = { isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-03' } as const;
const HOUR = 3_600_000;

let t: TestApp;
let smtp: SmtpCatcher;
let clock = Date.now();
let organizer: Record<string, string>;
let seq = 0;
const db = () => t.database.db;
const isPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

interface Person {
  id: number;
  email: string;
  token: string;
}

/** `n` new people with a pending nbc registration each and its registration link's token. */
async function pending(n: number, options: { accessCodeId?: number; store?: string } = {}): Promise<Person[]> {
  const run = ++seq;
  return db().transaction(async (tx) => {
    const out: Person[] = [];
    for (let i = 0; i < n; i++) {
      const email = `wait.${run}.${i}.${clock}@queue.example.com`;
      const [person] = await tx.insert(people).values({ email, firstName: 'Wai', lastName: `Ter${i}`, category: 'expo', storeDlrnum: options.store ?? null }).returning();
      const [reg] = await tx
        .insert(registrations)
        .values({
          eventId: 'nbc',
          attendeeId: person!.id,
          registeredById: person!.id,
          attendeeType: 'expo',
          storeDlrnum: options.store ?? null,
          providerRef: `pr_wait_${run}_${i}_${clock}`,
          accessCodeId: options.accessCodeId ?? null,
        })
        .returning();
      out.push({ id: reg!.id, email, token: await issueToken(tx, reg!.id, 'register', new Date()) });
    }
    return out;
  });
}

const submit = (p: Person, app = t.app) =>
  app.inject({ method: 'POST', url: `/api/Registration/${p.token}`, payload: { action: 'submit', firstName: 'Wai', lastName: 'Ter', email: p.email, ...ATTEND } });

/** A submit sent again after a 503 (nothing was written: the request never got a connection). */
async function submitRetrying(p: Person, app = t.app) {
  for (let attempt = 0; ; attempt++) {
    const res = await submit(p, app);
    if (res.statusCode !== 503 || attempt >= 20) return res;
    await new Promise((r) => setTimeout(r, 200 + Math.random() * 800));
  }
}

async function heldAtNbc(): Promise<number> {
  return rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from registrations where event_id = 'nbc' and status in ('Enrolled', 'Offered')`))[0]!.n;
}

const statusOf = async (id: number) => (await db().select({ s: registrations.status }).from(registrations).where(eq(registrations.id, id)))[0]!.s;

/** The link mailed to a person (their own page), as a token. */
async function mailedToken(email: string, kind: string): Promise<string> {
  const mails = await mailsTo(db(), email, kind);
  const link = (mails.at(-1)!.data as { link: string }).link;
  return link.split('/').pop()!;
}

const view = (token: string) => t.app.inject({ method: 'GET', url: `/api/Registration/${token}` });
const act = (token: string, action: 'claim' | 'cancel') => t.app.inject({ method: 'POST', url: `/api/Registration/${token}`, payload: { action } });
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => t.app.inject({ method, url, headers: organizer, ...(payload === undefined ? {} : { payload: payload as object }) });
const offerJob = (at = clock) => offerFreedPlaces(db(), 'nbc', new Date(at), 'http://portal.test');

/** Takes the other waiting and offered registrations of earlier tests out of the queues. */
async function clearQueues() {
  await db().execute(sql`update registrations set status = 'Cancelled', waitlist_order = null, offer_expires_at = null where status in ('Waitlisted', 'Offered')`);
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await buildTestApp({ stores: 20, now: () => clock, env: { SMTP_URL: smtp.url }, mailDelivery: { pollMs: 50, backoffBaseMs: 50 } });
  const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
  organizer = bearer((res.json() as { data: { accessToken: string } }).data.accessToken);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(async () => {
  clock = Date.now();
  await clearQueues();
  await db().update(events).set({ capacity: null, registrationClosesAt: null, registrationOpensAt: null, waitlistStoreFirst: false, waitlistOfferMinutes: 2880 }).where(eq(events.id, 'nbc'));
});

describe('the waiting list of an event', () => {
  it('positions, an offer per freed place, claim with confirmation mail and calendar file, expiry, leave', async () => {
    const [a, b, c, d] = await pending(4);
    await db().update(events).set({ capacity: (await heldAtNbc()) + 1 }).where(eq(events.id, 'nbc'));

    const first = await submit(a!);
    expect(first.json().data.status).toBe('Enrolled');
    const second = await submit(b!);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 1 });
    expect((await submit(c!)).json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 2 });
    expect((await submit(d!)).json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 3 });

    // Each is mailed their position and a link to their own page, which shows it.
    const bToken = await mailedToken(b!.email, 'waitlist-joined');
    expect((await view(bToken)).json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 1, purpose: 'revisit' });
    // No place is free: the job offers nothing.
    expect((await offerJob()).offered).toEqual([]);

    // The console counts them beside the others; the enrolled figures do not include them.
    const listed = pagedSchema(adminEventSchema).parse((await admin('GET', ADMIN_PATHS.events)).json().data).rows.find((e) => e.id === 'nbc')!;
    expect(listed.registrations.waitlisted).toBe(3);
    expect(listed.registrations.offered).toBe(0);
    expect(listed.waitlistOfferMinutes).toBe(2880);

    // A cancels (in the console): the place goes to B, once, however often the job runs.
    expect((await admin('POST', `/api/Admin/Registrations/${a!.id}/Cancel`, {})).statusCode).toBe(200);
    const run = await offerJob();
    expect(run.offered).toEqual([b!.id]);
    expect((await offerJob()).offered).toEqual([]);
    expect((await Promise.all([offerJob(), offerJob()])).flatMap((r) => r.offered)).toEqual([]);
    const offerToken = await mailedToken(b!.email, 'waitlist-offer');
    const offered = (await view(offerToken)).json().data;
    expect(offered.status).toBe('Offered');
    expect(Date.parse(offered.offerExpiresAt)).toBe(clock + 2880 * 60_000);
    expect((await view(await mailedToken(c!.email, 'waitlist-joined'))).json().data.waitlistPosition).toBe(1);
    // The console's detail and list rows answer the offer's expiry and the positions.
    expect((await admin('GET', `/api/Admin/Registrations/${b!.id}`)).json().data).toMatchObject({ status: 'Offered', offerExpiresAt: offered.offerExpiresAt });
    expect((await admin('GET', `/api/Admin/Registrations/${d!.id}`)).json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 2 });
    const queues = (await admin('GET', `${ADMIN_PATHS.waitlists}?event=nbc`)).json().data.rows as AdminWaitlist[];
    const queue = queues.find((q) => q.kind === 'event')!;
    expect(queue.entries.map((e) => [e.registrationId, e.status, e.position])).toEqual([
      [b!.id, 'Offered', null],
      [c!.id, 'Waitlisted', 1],
      [d!.id, 'Waitlisted', 2],
    ]);

    // B claims: enrolled, with the confirmation mail of a submit (calendar file), delivered over SMTP.
    const claimed = await act(offerToken, 'claim');
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data.status).toBe('Enrolled');
    await t.app.mailDelivery.drain();
    const confirmation = smtp.mails.find((m) => m.subject?.includes('confirmed') && JSON.stringify(m.to).includes(b!.email));
    expect(confirmation?.attachments.some((f) => f.contentType.startsWith('text/calendar'))).toBe(true);
    const offerMail = smtp.mails.find((m) => m.subject?.includes('claim') && JSON.stringify(m.to).includes(b!.email));
    expect(offerMail?.text).toContain(`http://portal.test/register/${offerToken}`);

    // B cancels their place: C is offered; C lets it lapse (the clock moves 49 hours), D is offered.
    // (Links are taken out of the outbox once sent: the one to change or cancel is read from the mail received.)
    const bRevisit = /http:\/\/portal\.test\/register\/([A-Za-z0-9_-]{43})/.exec(confirmation!.text ?? '')![1]!;
    expect((await act(bRevisit, 'cancel')).json().data.status).toBe('Cancelled');
    expect((await offerJob()).offered).toEqual([c!.id]);
    const cOffer = await mailedToken(c!.email, 'waitlist-offer');
    clock += 49 * HOUR;
    const lapse = await offerJob();
    expect(lapse.expired).toEqual([c!.id]);
    expect(lapse.offered).toEqual([d!.id]);
    expect(await statusOf(c!.id)).toBe('Expired');
    expect(await mailsTo(db(), c!.email, 'waitlist-offer-expired')).toHaveLength(1);
    expect((await act(cOffer, 'claim')).statusCode).toBe(409);

    // D declines the offer (leaves the list): the place is free again, no one waits.
    const dOffer = await mailedToken(d!.email, 'waitlist-offer');
    expect((await act(dOffer, 'cancel')).json().data.status).toBe('Cancelled');
    expect((await offerJob()).offered).toEqual([]);
  });

  it('leave, move and hand offer; a claim is refused without an offer; the queue closes with a mail when registration closes', async () => {
    const [a, b, c, d] = await pending(4);
    await db().update(events).set({ capacity: await heldAtNbc() }).where(eq(events.id, 'nbc'));
    for (const p of [a, b, c, d]) expect((await submit(p!)).json().data.status).toBe('Waitlisted');
    const aToken = await mailedToken(a!.email, 'waitlist-joined');
    expect((await act(aToken, 'claim')).statusCode).toBe(409);
    // A leaves: the others move up.
    expect((await act(await mailedToken(a!.email, 'waitlist-joined'), 'cancel')).json().data.status).toBe('Cancelled');
    expect((await admin('GET', `/api/Admin/Registrations/${b!.id}`)).json().data.waitlistPosition).toBe(1);

    // The organizer moves D to the front, then offers C a place by hand (no place is free).
    const moved = await admin('POST', `/api/Admin/Registrations/${d!.id}/WaitlistPosition`, { position: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.waitlistPosition).toBe(1);
    expect((await admin('GET', `/api/Admin/Registrations/${b!.id}`)).json().data.waitlistPosition).toBe(2);
    expect((await admin('POST', `/api/Admin/Registrations/${d!.id}/WaitlistPosition`, { position: 0 })).statusCode).toBe(400);
    const handed = await admin('POST', `/api/Admin/Registrations/${c!.id}/Offer`);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data.status).toBe('Offered');
    expect(await mailsTo(db(), c!.email, 'waitlist-offer')).toHaveLength(1);
    expect((await admin('POST', `/api/Admin/Registrations/${c!.id}/Offer`)).statusCode).toBe(409);

    // Registration closes: no offer goes out, the waiting are told the list has closed.
    await db().update(events).set({ capacity: null, registrationClosesAt: new Date(clock - 1000) }).where(eq(events.id, 'nbc'));
    const closed = await offerJob();
    expect(closed.offered).toEqual([]);
    expect(closed.closed.sort()).toEqual([b!.id, d!.id].sort());
    expect(await mailsTo(db(), b!.email, 'waitlist-closed')).toHaveLength(1);
    expect(await statusOf(d!.id)).toBe('Expired');
  });

  it("a per-store code's seats: its own queue, offered when a seat frees", async () => {
    const code = `WAITSEATS-${Date.now()}`;
    const [row] = rowsOf<{ id: number }>(
      await db().execute(sql`
        insert into access_codes (event_id, code_hash, label, policies, reg_type, attendee_type, person_category, requires_roster,
          agenda_group, conference_group, faq_group, active, store_dlrnum, seats)
        select event_id, ${hashAccessCode(code, t.config.codeHashKey)}, 'Store seats', policies, reg_type, attendee_type, person_category, false,
          agenda_group, conference_group, faq_group, true, '10002', 1
        from access_codes where event_id = 'nbc' and label = 'Expo' returning id`),
    );
    const [a, b, c] = await pending(3, { accessCodeId: row!.id, store: '10002' });
    expect((await submit(a!)).json().data.status).toBe('Enrolled');
    expect((await submit(b!)).json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 1 });
    expect((await submit(c!)).json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 2 });
    const [queued] = await db().select().from(registrations).where(eq(registrations.id, b!.id));
    expect(queued!.waitlistCodeId).toBe(row!.id);
    // The event has room, the code none: nothing offered until its seat frees.
    expect((await offerJob()).offered).toEqual([]);
    await admin('POST', `/api/Admin/Registrations/${a!.id}/Cancel`, {});
    expect((await offerJob()).offered).toEqual([b!.id]);
    const queues = (await admin('GET', ADMIN_PATHS.waitlists)).json().data.rows as AdminWaitlist[];
    expect(queues.find((q) => q.accessCodeId === row!.id)).toMatchObject({ kind: 'code', places: 1, held: 1, waiting: 1, offered: 1 });

    // A seat raise in the console frees a place: the next in the code's queue is offered it.
    const seatsUrl = ADMIN_PATHS.accessCodeSeats.replace('{id}', String(row!.id));
    expect((await admin('POST', seatsUrl, { seats: 0 })).statusCode).toBe(400);
    expect((await admin('POST', seatsUrl, { seats: 'two' })).statusCode).toBe(400);
    const expo = rowsOf<{ id: number }>(await db().execute(sql`select id from access_codes where event_id = 'nbc' and label = 'Expo' limit 1`))[0]!;
    const notPerStore = await admin('POST', ADMIN_PATHS.accessCodeSeats.replace('{id}', String(expo.id)), { seats: 5 });
    expect(notPerStore.statusCode).toBe(400);
    expect(notPerStore.json().errors[0]).toMatchObject({ field: 'seats' });
    expect((await admin('POST', ADMIN_PATHS.accessCodeSeats.replace('{id}', '999999'), { seats: 5 })).statusCode).toBe(404);
    expect((await offerJob()).offered).toEqual([]);
    const raised = await admin('POST', seatsUrl, { seats: 2 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().data).toMatchObject({ id: row!.id, seats: 2 });
    expect((await offerJob()).offered).toEqual([c!.id]);
    expect(await statusOf(c!.id)).toBe('Offered');
    // Nothing more to offer: both seats are held now.
    expect((await offerJob()).offered).toEqual([]);
  });

  it('store first: an offer goes to someone of a store without a place before an earlier one of a store with one', async () => {
    await db().update(events).set({ waitlistStoreFirst: true }).where(eq(events.id, 'nbc'));
    const [storeHolding] = rowsOf<{ s: string }>(await db().execute(sql`select store_dlrnum as s from registrations where event_id = 'nbc' and status = 'Enrolled' and store_dlrnum is not null limit 1`));
    const [fresh] = rowsOf<{ s: string }>(
      await db().execute(sql`select dlrnum as s from stores where dlrnum not in (select store_dlrnum from registrations where event_id = 'nbc' and store_dlrnum is not null and status in ('Enrolled', 'Offered')) limit 1`),
    );
    await db().update(events).set({ capacity: await heldAtNbc() }).where(eq(events.id, 'nbc'));
    const [early] = await pending(1, { store: storeHolding!.s });
    const [late] = await pending(1, { store: fresh!.s });
    expect((await submit(early!)).json().data.waitlistPosition).toBe(1);
    // Shown positions reflect it: the later one of a store without a place is ahead.
    expect((await submit(late!)).json().data.waitlistPosition).toBe(1);
    await db().update(events).set({ capacity: (await heldAtNbc()) + 1 }).where(eq(events.id, 'nbc'));
    expect((await offerJob()).offered).toEqual([late!.id]);
  });
});

describe('the demo waiting list', () => {
  it('a per-store code of a store no README account uses, its seats taken, one offered and two waiting; the event stays open', async () => {
    expect(await loadDemoWaitlist(db(), { codeHashKey: t.config.codeHashKey, now: new Date(clock) })).toBe(true);
    expect(await loadDemoWaitlist(db(), { codeHashKey: t.config.codeHashKey, now: new Date(clock) })).toBe(false);
    const queues = (await admin('GET', `${ADMIN_PATHS.waitlists}?event=nbc`)).json().data.rows as AdminWaitlist[];
    const queue = queues.find((q) => q.kind === 'code')!;
    expect(queue).toMatchObject({ places: 2, held: 2, waiting: 2, offered: 1 });
    expect(queue.entries.map((e) => [e.status, e.position])).toEqual([
      ['Offered', null],
      ['Waitlisted', 1],
      ['Waitlisted', 2],
    ]);
    expect(queue.entries.every((e) => e.storeDlrnum !== '10001')).toBe(true);
    // Nothing to offer: the seats are held.
    expect((await offerJob()).offered).toEqual([]);
    const session = await t.app.inject({ method: 'POST', url: '/User/ProcessLogin', payload: { userName: 'new.guest@guests.example.com', password: DEMO_WAITLIST_CODE } });
    expect(session.json().succeeded).toBe(true);
  });
});

describe('the waiting list under load', () => {
  it('200 parallel submits for 20 places: exactly 20 enrolled, positions 1..180; 20 parallel cancels: 20 offers to the first 20', async () => {
    const crowd = await pending(200);
    await db().update(events).set({ capacity: (await heldAtNbc()) + 20 }).where(eq(events.id, 'nbc'));
    // All at once. The submits of one event queue on its row lock; on a loaded machine a request can
    // wait longer for a pool connection than the pool allows (5 s), and is answered 503 with
    // Retry-After before its transaction began: the client sends it again, as a browser would.
    const answers = await Promise.all(crowd.map((p) => submitRetrying(p)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const data = answers.map((a) => a.json().data as { status: string; waitlistPosition?: number });
    expect(data.filter((d) => d.status === 'Enrolled')).toHaveLength(20);
    const positions = data.filter((d) => d.status === 'Waitlisted').map((d) => d.waitlistPosition!);
    expect(positions.sort((x, y) => x - y)).toEqual(Array.from({ length: 180 }, (_, i) => i + 1));

    // The queue by position, as the console shows it.
    const queue = ((await admin('GET', `${ADMIN_PATHS.waitlists}?event=nbc`)).json().data.rows as AdminWaitlist[]).find((q) => q.kind === 'event')!;
    const firstTwenty = queue.entries.slice(0, 20).map((e) => e.registrationId);
    const enrolled = crowd.filter((_, i) => data[i]!.status === 'Enrolled');
    // 20 parallel cancels, each followed by its job run, plus extra runs in parallel.
    await Promise.all(enrolled.map((p) => admin('POST', `/api/Admin/Registrations/${p.id}/Cancel`, {}).then(() => offerJob())));
    await Promise.all([offerJob(), offerJob(), offerJob()]);
    const offered = await db().select({ id: registrations.id }).from(registrations).where(and(eq(registrations.eventId, 'nbc'), eq(registrations.status, 'Offered')));
    expect(offered.map((o) => o.id).sort()).toEqual([...firstTwenty].sort());
    expect(await heldAtNbc()).toBe((await db().select({ c: events.capacity }).from(events).where(eq(events.id, 'nbc')))[0]!.c);
    const offerMails = await db().select({ id: outbox.id }).from(outbox).where(and(eq(outbox.kind, 'waitlist-offer'), inArray(outbox.toEmail, crowd.map((p) => p.email))));
    expect(offerMails).toHaveLength(20);
  }, 180_000);

  it('two instances on one database: parallel cancels and job runs on both give one live offer per freed place', async () => {
    // A second instance with its own pool on PostgreSQL; on PGlite one database has one owner, so both share it.
    let secondDatabase: Database = t.database;
    if (isPostgres()) {
      const [row] = rowsOf<{ name: string }>(await db().execute(sql`select current_database() as name`));
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      secondDatabase = await openDatabase({ url: url.toString(), poolSize: 5, poolWaitMs: 60_000 });
    }
    const second = await buildTestApp({ database: secondDatabase, now: () => clock });
    try {
      const crowd = await pending(40);
      await db().update(events).set({ capacity: (await heldAtNbc()) + 10 }).where(eq(events.id, 'nbc'));
      const answers = await Promise.all(crowd.map((p, i) => submitRetrying(p, i % 2 ? second.app : t.app)));
      const enrolled = crowd.filter((_, i) => answers[i]!.json().data.status === 'Enrolled');
      expect(enrolled).toHaveLength(10);
      const secondJob = () => offerFreedPlaces(second.database.db, 'nbc', new Date(clock), 'http://portal.test');
      await Promise.all(
        enrolled.map((p, i) =>
          (i % 2 ? second.app : t.app).inject({ method: 'POST', url: `/api/Admin/Registrations/${p.id}/Cancel`, headers: organizer, payload: {} }).then(() => (i % 2 ? secondJob() : offerJob())),
        ),
      );
      await Promise.all([offerJob(), secondJob(), offerJob(), secondJob()]);
      const offered = await db().select({ id: registrations.id }).from(registrations).where(and(eq(registrations.eventId, 'nbc'), eq(registrations.status, 'Offered')));
      expect(offered).toHaveLength(10);
      // A restart in the middle: a new instance's run finds nothing left to offer.
      const third = await buildTestApp({ database: secondDatabase, now: () => clock });
      expect((await offerFreedPlaces(third.database.db, 'nbc', new Date(clock), 'http://portal.test')).offered).toEqual([]);
      await third.close();
    } finally {
      await second.close();
      if (secondDatabase !== t.database) await secondDatabase.close();
    }
  }, 180_000);
});
