/**
 * A closed registration is closed (links handed out earlier stop completing
 * registrations, the reminder job mints no link for a closed or past event, unused links expire after
 * LINK_TTL_HOURS), and throw-away logins cannot fill the house (a link never submitted holds no
 * place; an any-e-mail code creates at most NEW_PEOPLE_PER_CODE_HOUR new people an hour).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf, schema } from '@portal/db';
import { hashAccessCode } from '../../lib/access-code.ts';
import { bearer, buildTestApp, login, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { NEW_PEOPLE_BUDGET_MESSAGE } from '../auth/auth.service.ts';
import { LINK_REMINDER_AFTER_MS, queueLinkReminders } from './reminders.ts';
import { hashToken } from '../../lib/registration-tokens.ts';

const { events, registrationTokens } = schema;
const ATTEND = { isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-04' } as const;
const LINK_TTL_HOURS = 5;
const NEW_PEOPLE = 4;

let seq = 0;
/** A new expo visitor's login and a builtin registration link of their own (the token at its end). */
async function newVisitorLink(app: FastifyInstance, code = 'EXPO27'): Promise<{ email: string; token: string }> {
  const email = `visitor.${++seq}.${Date.now()}@limits.example.com`;
  const data = await loginAs(app, email, code);
  const res = await app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(data.accessToken), payload: { firstName: 'Vi', lastName: `Sitor${seq}`, isVirtual: false } });
  expect(res.statusCode, res.body).toBe(200);
  const token = /\/register\/([A-Za-z0-9_-]{43})$/.exec((res.json() as { data: string }).data)?.[1];
  if (!token) throw new Error(`no builtin link: ${res.body}`);
  return { email, token };
}

const submit = (app: FastifyInstance, token: string, email: string) =>
  app.inject({ method: 'POST', url: `/api/Registration/${token}`, payload: { action: 'submit', firstName: 'Vi', lastName: 'Sitor', email, ...ATTEND } });

describe('closed registrations and throw-away logins', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const enrolledCount = async () =>
    rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from registrations where event_id = 'nbc' and status = 'Enrolled'`))[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp({ env: { LINK_TTL_HOURS: String(LINK_TTL_HOURS) } });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await db().update(events).set({ registrationOpensAt: null, registrationClosesAt: null, capacity: null }).where(eq(events.id, 'nbc'));
  });

  it('a link handed out before registration closed completes nothing after it: the page and the API say so (409)', async () => {
    const { email, token } = await newVisitorLink(t.app);
    await db().update(events).set({ registrationClosesAt: new Date(Date.now() - 60_000) }).where(eq(events.id, 'nbc'));
    const page = await t.app.inject({ method: 'GET', url: `/api/Registration/${token}` });
    expect(page.statusCode).toBe(409);
    expect(page.json().message).toMatch(/^Registration for .+ closed on \d{4}-\d{2}-\d{2}\.$/);
    const res = await submit(t.app, token, email);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/closed on/);
    const [row] = rowsOf<{ status: string }>(await db().execute(sql`select r.status from registrations r join people p on p.id = r.attendee_id where p.email = ${email}`));
    expect(row?.status).toBe('Pending');
    // The link was not used up by the refusal.
    const [tokenRow] = await db().select().from(registrationTokens).where(eq(registrationTokens.tokenHash, hashToken(token)));
    expect(tokenRow?.usedAt).toBeNull();
  });

  it('names the event in the reader’s language on the page', async () => {
    const { token } = await newVisitorLink(t.app);
    const english = await t.app.inject({ method: 'GET', url: `/api/Registration/${token}` });
    expect(english.json().data.event.name).toBe('National Business Conference 2027');
    const french = await t.app.inject({ method: 'GET', url: `/api/Registration/${token}`, headers: { 'accept-language': 'fr-CA' } });
    expect(french.statusCode, french.body).toBe(200);
    expect(french.json().data.event.name).toBe('Congrès national des affaires 2027');
  });

  it('issues registration links that expire after LINK_TTL_HOURS', async () => {
    const { token } = await newVisitorLink(t.app);
    const [row] = await db().select().from(registrationTokens).where(eq(registrationTokens.tokenHash, hashToken(token)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(LINK_TTL_HOURS * 3_600_000 - 5_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(LINK_TTL_HOURS * 3_600_000 + 5_000);
    // Past it, the link answers 410.
    await db().update(registrationTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(registrationTokens.tokenHash, hashToken(token)));
    expect((await t.app.inject({ method: 'GET', url: `/api/Registration/${token}` })).statusCode).toBe(410);
  });

  it('the reminder job mints no link for a closed or past event, and links of LINK_TTL_HOURS for an open one', async () => {
    const { email } = await newVisitorLink(t.app);
    const [reg] = rowsOf<{ id: number }>(await db().execute(sql`select r.id from registrations r join people p on p.id = r.attendee_id where p.email = ${email}`));
    const now = new Date(Date.now() + LINK_REMINDER_AFTER_MS + 3_600_000);
    const tokensOf = async () => (await db().select().from(registrationTokens).where(eq(registrationTokens.registrationId, reg!.id))).length;
    const before = await tokensOf();
    const remindersTo = async () => (await db().select().from(schema.outbox).where(and(eq(schema.outbox.kind, 'link-reminder'), eq(schema.outbox.toEmail, email)))).length;

    await db().update(events).set({ registrationClosesAt: new Date(now.getTime() - 60_000) }).where(eq(events.id, 'nbc'));
    await queueLinkReminders(db(), now, 'http://portal.test', { linkTtlHours: LINK_TTL_HOURS });
    expect(await tokensOf()).toBe(before);
    expect(await remindersTo()).toBe(0);

    // Open, but the event is over.
    await db().update(events).set({ registrationClosesAt: null }).where(eq(events.id, 'nbc'));
    const [nbc] = await db().select().from(events).where(eq(events.id, 'nbc'));
    const afterEvent = new Date(`${nbc!.endsOn}T12:00:00Z`);
    afterEvent.setUTCDate(afterEvent.getUTCDate() + 1);
    await queueLinkReminders(db(), new Date(Math.max(afterEvent.getTime(), now.getTime())), 'http://portal.test', { linkTtlHours: LINK_TTL_HOURS });
    expect(await tokensOf()).toBe(before);

    // Open and ahead: one reminder with a fresh link of LINK_TTL_HOURS (to a confirmed address: only confirmed addresses get unsolicited mail).
    await db().execute(sql`update people set email_verified = true where email = ${email}`);
    if (now.getTime() < afterEvent.getTime() - 86_400_000) {
      await queueLinkReminders(db(), now, 'http://portal.test', { linkTtlHours: LINK_TTL_HOURS });
      expect(await remindersTo()).toBe(1);
      expect(await tokensOf()).toBe(before + 1);
      const expiry = new Date(now.getTime() + LINK_TTL_HOURS * 3_600_000);
      const fresh = await db().select().from(registrationTokens).where(and(eq(registrationTokens.registrationId, reg!.id), eq(registrationTokens.expiresAt, expiry)));
      expect(fresh.length).toBe(1);
    }
  });

  it('a link issued but never submitted holds no place: links stay available, the submit takes the place or joins the waiting list', async () => {
    const first = await newVisitorLink(t.app);
    await db().update(events).set({ capacity: (await enrolledCount()) + 1 }).where(eq(events.id, 'nbc'));
    // Pending registrations (throw-away logins that asked for a link) do not fill the house.
    const second = await newVisitorLink(t.app);
    const third = await newVisitorLink(t.app);
    expect((await submit(t.app, second.token, second.email)).statusCode).toBe(200);
    // A full house no longer turns people away (docs/waiting-lists.md): the submit joins the waiting list.
    const full = await submit(t.app, third.token, third.email);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 1 });
    expect((await submit(t.app, first.token, first.email)).json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 2 });
    // A new link is still handed out while the house is full.
    const late = await loginAs(t.app, `late.${Date.now()}@limits.example.com`, 'SBR27');
    const res = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(late.accessToken), payload: { firstName: 'La', lastName: 'Te', isVirtual: false } });
    expect(res.statusCode).toBe(200);
    await db().execute(sql`update registrations set status = 'Cancelled', waitlist_order = null where status = 'Waitlisted'`);
  });

  it("a per-store code's seats count only submitted registrations", async () => {
    const code = `SEATS-${Date.now()}`;
    await db().execute(sql`
      insert into access_codes (event_id, code_hash, label, policies, reg_type, attendee_type, person_category, requires_roster,
        agenda_group, conference_group, faq_group, active, store_dlrnum, seats)
      select event_id, ${hashAccessCode(code, t.config.codeHashKey)}, 'Store seats', policies, reg_type, attendee_type, person_category, false,
        agenda_group, conference_group, faq_group, true, '10002', 1
      from access_codes where event_id = 'nbc' and label = 'Expo'`);
    const a = await newVisitorLink(t.app, code);
    const b = await newVisitorLink(t.app, code);
    expect((await submit(t.app, b.token, b.email)).statusCode).toBe(200);
    const taken = await submit(t.app, a.token, a.email);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toMatchObject({ status: 'Waitlisted', waitlistPosition: 1 });
  });

  it('an any-e-mail code creates at most NEW_PEOPLE_PER_CODE_HOUR new people an hour; people on file still log in', async () => {
    // An instance of its own on the same database: a budget of NEW_PEOPLE, nothing spent yet.
    const budgeted = await buildTestApp({ env: { NEW_PEOPLE_PER_CODE_HOUR: String(NEW_PEOPLE) }, database: t.database });
    const app = budgeted.app;
    const emails = Array.from({ length: NEW_PEOPLE }, (_, i) => `throwaway.${i}.${Date.now()}@burner.example.com`);
    for (const email of emails) await loginAs(app, email, 'EXPO27');
    const refused = await login(app, { userName: `one.more.${Date.now()}@burner.example.com`, password: 'EXPO27' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(NEW_PEOPLE_BUDGET_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone already on file, also by a plus-alias, and another code's budget are untouched.
    await loginAs(app, emails[0]!, 'EXPO27');
    await loginAs(app, emails[1]!.replace('@', '+again@'), 'EXPO27');
    await loginAs(app, `vendor.${Date.now()}@burner.example.com`, 'VENDOR27');
    const [{ n }] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from people where email like '%@burner.example.com'`)) as [{ n: number }];
    expect(n).toBe(NEW_PEOPLE + 1);
    await budgeted.close();
  });
});
