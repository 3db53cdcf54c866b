/**
 * Self-service changes and hand-overs by the attendee (docs/transfers.md): a place offered to a
 * colleague of the same store or company domain, accepted through the colleague's own mailed link,
 * withdrawn or lapsed; the door's answers for the old and the new badge; changes after the event's
 * `changesCloseAt` refused. Both engines (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  CHECKIN_PATHS,
  createdCheckInDeviceSchema,
  EVENT_DAYS_ADMIN_PATHS,
  pairDataSchema,
  registrationPageSchema,
  registrationSummarySchema,
  scansDataSchema,
  SESSIONS_PATHS,
} from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { body, buildTestApp, injectAs, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { mailsTo } from '../../testing/mail-helpers.ts';
import { issueToken } from '../../lib/registration-tokens.ts';
import { lapseTransfers, TRANSFER_TTL_MS } from './transfers.ts';

interface Holder {
  id: number;
  attendeeId: number;
  store: string | null;
  email: string;
  firstName: string;
  lastName: string;
}

describe('changes and transfers by the attendee', () => {
  let t: TestApp;
  let admin: string;
  const used = new Set<number>();

  const db = () => t.database.db;
  const page = (token: string) => t.app.inject({ method: 'GET', url: `/api/Registration/${token}` });
  const post = (token: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/Registration/${token}`, payload });
  const revisit = (registrationId: number) => db().transaction((tx) => issueToken(tx, registrationId, 'revisit', new Date(), undefined, { mailed: true }));
  const tokenOf = (link: unknown) => new URL(String(link)).pathname.split('/').pop()!;

  /** An Enrolled nbc registration not used by another test, of a store (with a colleague not registered) or of a traveller. */
  async function holder(kind: 'store' | 'traveller'): Promise<Holder> {
    const rows = rowsOf<Holder>(
      await db().execute(sql`
        select r.id, r.attendee_id as "attendeeId", r.store_dlrnum as store, p.email, p.first_name as "firstName", p.last_name as "lastName"
        from registrations r join people p on p.id = r.attendee_id left join badges b on b.registration_id = r.id
        where r.event_id = 'nbc' and r.status = 'Enrolled' and b.checked_in_at is null and p.email not like '%.invalid'
          and ${kind === 'store' ? sql`r.store_dlrnum is not null and exists (
            select 1 from people c where c.store_dlrnum = r.store_dlrnum and c.id <> p.id
              and not exists (select 1 from registrations o where o.event_id = 'nbc' and o.attendee_id = c.id))` : sql`r.store_dlrnum is null and p.email like '%@%'`}
        order by r.id`),
    );
    const row = rows.find((r) => !used.has(r.id));
    if (!row) throw new Error(`no ${kind} registration left`);
    used.add(row.id);
    return row;
  }

  /** A colleague of the store who holds no registration for nbc. */
  async function colleagueOf(store: string, except: number) {
    const [row] = rowsOf<{ id: number; email: string; firstName: string; lastName: string }>(
      await db().execute(sql`
        select c.id, c.email, c.first_name as "firstName", c.last_name as "lastName" from people c
        where c.store_dlrnum = ${store} and c.id <> ${except} and c.email not like '%.invalid'
          and not exists (select 1 from registrations o where o.event_id = 'nbc' and o.attendee_id = c.id)
        order by c.id limit 1`),
    );
    if (!row) throw new Error(`no colleague at ${store}`);
    return row;
  }

  async function otherStorePerson(store: string) {
    const [row] = rowsOf<{ email: string }>(
      await db().execute(sql`select email from people where store_dlrnum is not null and store_dlrnum <> ${store} and email not like '%.invalid' order by id limit 1`),
    );
    return row!;
  }

  async function badgeVersion(registrationId: number): Promise<number> {
    const [row] = await db().select({ version: schema.badges.version }).from(schema.badges).where(eq(schema.badges.registrationId, registrationId));
    return row!.version;
  }

  async function door() {
    const res = await injectAs(t.app, admin, 'POST', EVENT_DAYS_ADMIN_PATHS.devices, { event: 'nbc', name: `Door ${randomUUID().slice(0, 6)}` });
    expect(res.statusCode, res.body).toBe(201);
    const created = createdCheckInDeviceSchema.parse(body(res).data);
    const pair = await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.pair, payload: { pairingCode: created.pairingCode } });
    return pairDataSchema.parse(body(pair).data).accessToken;
  }

  async function scan(deviceToken: string, code: string) {
    const res = await injectAs(t.app, deviceToken, 'POST', CHECKIN_PATHS.scans, { scans: [{ scanId: randomUUID(), scannedAt: new Date().toISOString(), door: 'Hall A', code }] });
    expect(res.statusCode, res.body).toBe(200);
    return scansDataSchema.parse(body(res).data).results[0]!.result;
  }

  /** A picked nbc session for the test, made in the console. */
  async function newSession(): Promise<number> {
    const res = await injectAs(t.app, admin, 'POST', SESSIONS_PATHS.adminSessions, {
      event: 'nbc',
      title: `Transfers ${randomUUID().slice(0, 6)}`,
      startsAt: '2027-03-02T09:00',
      endsAt: '2027-03-02T10:00',
      room: 'Room T',
      capacity: 50,
      entry: 'picked',
    });
    expect(res.statusCode, res.body).toBe(201);
    return body<{ id: number }>(res).data.id;
  }

  /** The colleague's link from the offer mailed to them. */
  async function offerLink(email: string): Promise<string> {
    const [mail] = await mailsTo(db(), email, 'transfer-offer');
    if (!mail) throw new Error(`no offer mailed to ${email}`);
    return tokenOf(mail.data.link);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await loginOrganizer(t.app)).accessToken;
  });
  afterAll(async () => t?.close());

  describe('who may take the place', () => {
    it('refuses a person of another store, an unknown address for a store place, and another company domain for a traveller: 400 naming email', async () => {
      const reg = await holder('store');
      const other = await otherStorePerson(reg.store!);
      const res = await post(await revisit(reg.id), { action: 'transfer', firstName: 'Other', lastName: 'Store', email: other.email });
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).errors?.[0]?.field).toBe('email');
      expect(body(res).message).toContain(reg.store!);

      const unknown = await post(await revisit(reg.id), { action: 'transfer', firstName: 'New', lastName: 'Hire', email: `new.hire.${randomUUID().slice(0, 6)}@example.com` });
      expect(unknown.statusCode).toBe(400);
      expect(body(unknown).errors?.[0]?.field).toBe('email');

      const own = await post(await revisit(reg.id), { action: 'transfer', firstName: reg.firstName, lastName: reg.lastName, email: reg.email });
      expect(own.statusCode).toBe(400);

      const missing = await post(await revisit(reg.id), { action: 'transfer', firstName: 'No', lastName: 'Mail' });
      expect(missing.statusCode).toBe(400);
      expect(body(missing).errors?.some((e) => e.field === 'email')).toBe(true);

      // A link the portal handed to a signed-in session, not one mailed to the holder, hands over nothing: 403.
      const colleague = await colleagueOf(reg.store!, reg.attendeeId);
      const unmailed = await db().transaction((tx) => issueToken(tx, reg.id, 'revisit', new Date()));
      const guarded = await post(unmailed, { action: 'transfer', firstName: colleague.firstName, lastName: colleague.lastName, email: colleague.email });
      expect(guarded.statusCode, guarded.body).toBe(403);

      const traveller = await holder('traveller');
      const elsewhere = await post(await revisit(traveller.id), { action: 'transfer', firstName: 'Out', lastName: 'Side', email: 'out.side@elsewhere.example.org' });
      expect(elsewhere.statusCode).toBe(400);
      expect(body(elsewhere).errors?.[0]?.field).toBe('email');
      // Nothing was offered or moved.
      const offers = await db().select().from(schema.registrationTransfers).where(eq(schema.registrationTransfers.registrationId, reg.id));
      expect(offers).toHaveLength(0);
    });
  });

  describe('an accepted transfer', () => {
    it('moves the registration and its picks to the colleague; the old badge answers replaced at the door, the new one checked_in', async () => {
      const reg = await holder('store');
      const colleague = await colleagueOf(reg.store!, reg.attendeeId);
      const oldVersion = await badgeVersion(reg.id);
      const oldCode = t.app.badgeKeys.sign({ registrationId: reg.id, eventId: 'nbc', version: oldVersion });
      // A session pick of the registration, to see it move with it.
      const sessionId = await newSession();
      const joined = await t.app.inject({ method: 'POST', url: `/api/Registration/${await revisit(reg.id)}/Sessions/${sessionId}/Join` });
      expect(joined.statusCode, joined.body).toBe(200);

      // An answer of the holder's own (their diet, their emergency contact) does not pass to the colleague.
      const [question] = await db().select({ id: schema.questions.id }).from(schema.questions).where(eq(schema.questions.eventId, 'nbc')).limit(1);
      if (question) {
        await db().execute(sql`insert into registration_answers (registration_id, question_id, value) values (${reg.id}, ${question.id}, '"mine"'::jsonb) on conflict do nothing`);
      }
      const offered = await post(await revisit(reg.id), { action: 'transfer', firstName: 'Ignored', lastName: 'Names', email: colleague.email.toUpperCase() });
      expect(offered.statusCode, offered.body).toBe(200);
      const summary = registrationSummarySchema.parse(body(offered).data);
      expect(summary.transfer).toMatchObject({ status: 'Offered', to: { email: colleague.email, firstName: colleague.firstName } });

      // Nothing moves until the colleague accepts; the sender's new link shows the pending offer.
      const [pending] = await mailsTo(db(), reg.email, 'transfer-notice');
      expect(pending?.data).toMatchObject({ what: 'offered' });
      const senderLink = tokenOf(pending!.data.link);
      const senderPage = registrationPageSchema.parse(body(await page(senderLink)).data);
      expect(senderPage.transfer?.status).toBe('Offered');
      expect(senderPage.attendee.email).toBe(reg.email);
      const device = await door();
      const colleagueLink = await offerLink(colleague.email);
      const offerPage = await page(colleagueLink);
      expect(offerPage.statusCode, offerPage.body).toBe(200);
      const offer = registrationPageSchema.parse(body(offerPage).data);
      expect(offer).toMatchObject({ purpose: 'transfer', badge: null, attendee: { email: null }, transfer: { from: { firstName: reg.firstName } } });

      const accepted = await post(colleagueLink, { action: 'acceptTransfer' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const after = registrationSummarySchema.parse(body(accepted).data);
      expect(after.attendee.email).toBe(colleague.email);
      expect(after.status).toBe('Enrolled');
      expect(after.badge?.code).toBeTruthy();

      const [moved] = await db().select().from(schema.registrations).where(eq(schema.registrations.id, reg.id));
      expect(moved!.attendeeId).toBe(colleague.id);
      const picks = await db().select().from(schema.sessionPicks).where(and(eq(schema.sessionPicks.registrationId, reg.id), eq(schema.sessionPicks.status, 'Enrolled')));
      expect(picks).toHaveLength(1);
      expect(await db().select().from(schema.registrationAnswers).where(eq(schema.registrationAnswers.registrationId, reg.id))).toHaveLength(0);

      expect(await scan(device, oldCode)).toBe('replaced');
      expect(await scan(device, after.badge!.code)).toBe('checked_in');

      // Both are told; the change is audited; the sender's links and the colleague's offer link are used up.
      expect(await mailsTo(db(), colleague.email, 'registration-confirmed')).toHaveLength(1);
      expect((await mailsTo(db(), reg.email, 'transfer-notice'))[0]?.data).toMatchObject({ what: 'accepted' });
      const audits = await db().select().from(schema.auditLog).where(eq(schema.auditLog.action, 'registration-transferred'));
      expect(audits.some((a) => a.detail?.registrationId === reg.id && a.detail?.previousPersonId === reg.attendeeId && a.detail?.personId === colleague.id)).toBe(true);
      const ended = await page(senderLink);
      expect(ended.statusCode).toBe(410);
      expect(body(ended).message).toContain(`Your place has passed to ${colleague.firstName} ${colleague.lastName}`);
      expect((await post(colleagueLink, { action: 'acceptTransfer' })).statusCode).toBe(409);
    });

    it('a traveller hands the place to a new colleague of the same company domain, sent as registration.transferred', async () => {
      const [endpoint] = await db()
        .insert(schema.webhookEndpoints)
        .values({ url: 'https://crm.example.com/hooks', events: ['registration.transferred'], secret: 'not used here' })
        .returning({ id: schema.webhookEndpoints.id });
      try {
        const reg = await holder('traveller');
        const domain = reg.email.slice(reg.email.indexOf('@') + 1);
        const email = `taker.${randomUUID().slice(0, 8)}@${domain}`;
        const offered = await post(await revisit(reg.id), { action: 'transfer', firstName: 'Tara', lastName: 'Taker', email });
        expect(offered.statusCode, offered.body).toBe(200);
        const accepted = await post(await offerLink(email), { action: 'acceptTransfer' });
        expect(accepted.statusCode, accepted.body).toBe(200);
        expect(registrationSummarySchema.parse(body(accepted).data).attendee).toEqual({ firstName: 'Tara', lastName: 'Taker', email });
        const [person] = await db().select().from(schema.people).where(eq(schema.people.email, email));
        expect(person).toMatchObject({ firstName: 'Tara', storeDlrnum: null, emailVerified: true });
        const deliveries = await db().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.endpointId, endpoint!.id));
        expect(deliveries).toHaveLength(1);
        const sent = JSON.parse(deliveries[0]!.body) as { type: string; data: { id: number; previousAttendee: { personId: number } } };
        expect(sent.type).toBe('registration.transferred');
        expect(sent.data.previousAttendee.personId).toBe(reg.attendeeId);
      } finally {
        await db().execute(sql`delete from webhook_deliveries where endpoint_id = ${endpoint!.id}`);
        await db().delete(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint!.id));
      }
    });
  });

  describe('before acceptance', () => {
    it('the sender withdraws the offer: the colleague can no longer accept, and is told', async () => {
      const reg = await holder('store');
      const colleague = await colleagueOf(reg.store!, reg.attendeeId);
      expect((await post(await revisit(reg.id), { action: 'transfer', firstName: colleague.firstName, lastName: colleague.lastName, email: colleague.email })).statusCode).toBe(200);
      const colleagueLink = await offerLink(colleague.email);
      const [pending] = await mailsTo(db(), reg.email, 'transfer-notice');
      // A second offer while one waits: 409.
      expect((await post(tokenOf(pending!.data.link), { action: 'transfer', firstName: colleague.firstName, lastName: colleague.lastName, email: colleague.email })).statusCode).toBe(409);
      const [again] = await mailsTo(db(), reg.email, 'transfer-notice');
      expect(again!.id).toBe(pending!.id);

      const withdrawn = await post(tokenOf(pending!.data.link), { action: 'withdrawTransfer' });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(registrationSummarySchema.parse(body(withdrawn).data).attendee.email).toBe(reg.email);
      expect(await mailsTo(db(), colleague.email, 'transfer-offer-ended')).toHaveLength(1);
      expect((await page(colleagueLink)).statusCode).toBe(409);
      expect((await post(colleagueLink, { action: 'acceptTransfer' })).statusCode).toBe(409);
      const [kept] = await db().select().from(schema.registrations).where(eq(schema.registrations.id, reg.id));
      expect(kept!.attendeeId).toBe(reg.attendeeId);
      // Nothing left to withdraw.
      expect((await post(await revisit(reg.id), { action: 'withdrawTransfer' })).statusCode).toBe(409);
    });

    it('an acceptance and a withdrawal at the same moment: exactly one wins, and the registration agrees with the offer', async () => {
      const reg = await holder('store');
      const colleague = await colleagueOf(reg.store!, reg.attendeeId);
      expect((await post(await revisit(reg.id), { action: 'transfer', firstName: colleague.firstName, lastName: colleague.lastName, email: colleague.email })).statusCode).toBe(200);
      const [pending] = await mailsTo(db(), reg.email, 'transfer-notice');
      const [accepted, withdrawn] = await Promise.all([post(await offerLink(colleague.email), { action: 'acceptTransfer' }), post(tokenOf(pending!.data.link), { action: 'withdrawTransfer' })]);
      // The loser: an accept after the withdrawal finds the offer ended (409); a withdrawal after the
      // acceptance finds the holder's links retired with the place (410).
      if (accepted.statusCode === 200) {
        expect(withdrawn.statusCode).toBe(410);
        expect(body(withdrawn).message).toContain('Your place has passed to');
      }
      else expect([accepted.statusCode, withdrawn.statusCode]).toEqual([409, 200]);
      const [offer] = await db().select().from(schema.registrationTransfers).where(eq(schema.registrationTransfers.registrationId, reg.id));
      const [row] = await db().select().from(schema.registrations).where(eq(schema.registrations.id, reg.id));
      if (accepted.statusCode === 200) expect([offer!.status, row!.attendeeId]).toEqual(['Accepted', colleague.id]);
      else expect([offer!.status, row!.attendeeId]).toEqual(['Withdrawn', reg.attendeeId]);
    });

    it('an offer not accepted within its time lapses: the job ends it, the colleague link answers 410, the sender is told', async () => {
      const reg = await holder('store');
      const colleague = await colleagueOf(reg.store!, reg.attendeeId);
      expect((await post(await revisit(reg.id), { action: 'transfer', firstName: colleague.firstName, lastName: colleague.lastName, email: colleague.email })).statusCode).toBe(200);
      const colleagueLink = await offerLink(colleague.email);
      const later = new Date(Date.now() + TRANSFER_TTL_MS + 60_000);
      expect(await lapseTransfers(db(), new Date(), t.config.publicUrl)).toBe(0);
      expect(await lapseTransfers(db(), later, t.config.publicUrl)).toBeGreaterThanOrEqual(1);
      const [offer] = await db().select().from(schema.registrationTransfers).where(eq(schema.registrationTransfers.registrationId, reg.id));
      expect(offer!.status).toBe('Expired');
      expect((await page(colleagueLink)).statusCode).toBe(410);
      expect((await post(colleagueLink, { action: 'acceptTransfer' })).statusCode).toBe(410);
      expect((await mailsTo(db(), reg.email, 'transfer-notice'))[0]?.data).toMatchObject({ what: 'lapsed' });
      const [kept] = await db().select().from(schema.registrations).where(eq(schema.registrations.id, reg.id));
      expect(kept!.attendeeId).toBe(reg.attendeeId);
    });
  });

  describe('after the event’s changesCloseAt', () => {
    it('the page is read-only with the help desk, and a change, a cancel, a transfer or a session pick answers 409', async () => {
      const reg = await holder('store');
      const sessionId = await newSession();
      const open = await revisit(reg.id);
      const before = registrationPageSchema.parse(body(await page(open)).data);
      expect(before).toMatchObject({ changesClosed: false, helpDesk: { email: 'nbc.helpdesk@corp.example.com' } });
      expect(before.changesCloseAt).toBe('2027-02-20T05:59:59.000Z');
      const closed = await injectAs(t.app, admin, 'PUT', '/api/Admin/Events/nbc', { changesCloseAt: new Date(Date.now() - 60_000).toISOString() });
      expect(closed.statusCode, closed.body).toBe(200);
      try {
        const token = await revisit(reg.id);
        const view = registrationPageSchema.parse(body(await page(token)).data);
        expect(view.changesClosed).toBe(true);
        const change = await post(token, { action: 'submit', firstName: reg.firstName, lastName: reg.lastName, email: reg.email, isVirtual: true });
        expect(change.statusCode, change.body).toBe(409);
        expect(body(change).message).toMatch(/closed on .*help desk at \(800\) 555-0142 or nbc\.helpdesk@corp\.example\.com/);
        expect((await post(await revisit(reg.id), { action: 'cancel' })).statusCode).toBe(409);
        // In French, the telephone and the address joined in French ("ou"), not with the English "or".
        const french = await t.app.inject({ method: 'POST', url: `/api/Registration/${await revisit(reg.id)}`, headers: { 'accept-language': 'fr-CA' }, payload: { action: 'cancel' } });
        expect(french.statusCode).toBe(409);
        expect(body(french).message).toMatch(/service d’assistance au \(800\) 555-0142 ou à nbc\.helpdesk@corp\.example\.com\.$/);
        expect(body(french).message).not.toMatch(/\bor\b/);
        const colleague = await colleagueOf(reg.store!, reg.attendeeId);
        expect((await post(await revisit(reg.id), { action: 'transfer', firstName: 'A', lastName: 'B', email: colleague.email })).statusCode).toBe(409);
        const join = await t.app.inject({ method: 'POST', url: `/api/Registration/${await revisit(reg.id)}/Sessions/${sessionId}/Join` });
        expect(join.statusCode, join.body).toBe(409);
        const [kept] = await db().select().from(schema.registrations).where(eq(schema.registrations.id, reg.id));
        expect(kept!.status).toBe('Enrolled');
      } finally {
        await injectAs(t.app, admin, 'PUT', '/api/Admin/Events/nbc', { changesCloseAt: '2027-02-20T05:59:59.000Z' });
      }
    });
  });
});
