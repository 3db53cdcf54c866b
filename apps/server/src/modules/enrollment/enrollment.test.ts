import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { registrationPageSchema, registrationSummarySchema, type EnrollmentLinkRequest, type LoginData, type RegistrationSubmit } from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { confirmEmailFromOutbox, mailsTo } from '../../testing/mail-helpers.ts';
import { hashToken } from '../../lib/registration-tokens.ts';

const { registrations, registrationTokens, people, stores, auditLog } = schema;

const LINK = '/api/Enrollment/GetBuiltinLink';
const REVISIT = '/api/Enrollment/GetRevisitURL';
const ATTEND = { isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-04' } as const;

function requestLink(app: FastifyInstance, token: string | null, body: Partial<EnrollmentLinkRequest> | string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: LINK,
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The token at the end of a builtin link. */
function tokenOf(link: string): string {
  const match = /^http:\/\/portal\.test\/register\/([A-Za-z0-9_-]{43})$/.exec(link);
  if (!match?.[1]) throw new Error(`not a builtin registration link: ${link}`);
  return match[1];
}

async function linkFor(app: FastifyInstance, token: string, body: Partial<EnrollmentLinkRequest>): Promise<string> {
  const res = await requestLink(app, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return tokenOf((res.json() as { data: string }).data);
}

const page = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: `/api/Registration/${token}` });
const submit = (app: FastifyInstance, token: string, body: RegistrationSubmit) =>
  app.inject({ method: 'POST', url: `/api/Registration/${token}`, payload: body as object });

async function registrationOf(t: TestApp, email: string, eventId = 'nbc') {
  const [row] = await t.database.db
    .select({ registration: registrations, email: people.email })
    .from(registrations)
    .innerJoin(people, eq(people.id, registrations.attendeeId))
    .where(and(eq(people.email, email), eq(registrations.eventId, eventId)));
  return row?.registration;
}

async function personId(t: TestApp, email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: people.id }).from(people).where(eq(people.email, email));
  if (!row) throw new Error(`no person ${email}`);
  return row.id;
}

describe('enrollment', () => {
  let t: TestApp;
  let pat: LoginData;
  let jordan: LoginData;
  let corp: LoginData;
  const morgan = '10001';

  beforeAll(async () => {
    t = await buildTestApp();
    pat = await loginAs(t.app, DEMO.em, 'DEALER27');
    jordan = await loginAs(t.app, DEMO.gm, 'DEALER27');
    corp = await loginAs(t.app, DEMO.corporate, 'CORP27');
  });
  afterAll(() => t.close());

  describe('Get{Provider}Link validation', () => {
    it('needs a login', async () => {
      const res = await requestLink(t.app, null, { firstName: 'Pat', lastName: 'Morgan' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ succeeded: false, data: null });
    });

    it('requires both names and limits them to 30 and 50 characters', async () => {
      const cases: Array<[Partial<EnrollmentLinkRequest>, string[]]> = [
        [{}, ['firstName', 'lastName']],
        [{ firstName: '  ', lastName: 'Morgan' }, ['firstName']],
        [{ firstName: 'Pat', lastName: '' }, ['lastName']],
        [{ firstName: 'x'.repeat(31), lastName: 'Morgan' }, ['firstName']],
        [{ firstName: 'Pat', lastName: 'y'.repeat(51) }, ['lastName']],
        [{ firstName: 'Pat', lastName: 'Morgan', isVirtual: 'yes' as unknown as boolean }, ['isVirtual']],
      ];
      for (const [body, fields] of cases) {
        const res = await requestLink(t.app, pat.accessToken, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        const errors = (res.json() as { errors: Array<{ field: string }> }).errors;
        expect(errors.map((e) => e.field).sort()).toEqual(fields);
      }
      expect(await registrationOf(t, DEMO.em)).toBeUndefined();
    });

    it('answers malformed JSON with 400 and the other provider route with 404', async () => {
      expect((await requestLink(t.app, pat.accessToken, '{"firstName":')).statusCode).toBe(400);
      const cvent = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetCventLink', headers: bearer(pat.accessToken), payload: { firstName: 'A', lastName: 'B' } });
      expect(cvent.statusCode).toBe(404);
    });

    it('refuses an eventType of another event, and virtual attendance where the program has none', async () => {
      const wrongEvent = await requestLink(t.app, pat.accessToken, { firstName: 'Pat', lastName: 'Morgan', isManager: true, eventType: 'abc' });
      expect(wrongEvent.statusCode).toBe(400);
      const abc = await loginAs(t.app, 'virtual.hopeful@mail.example.net', 'ABC27', { eventType: 'abc', firstName: 'Vera', lastName: 'Hope' });
      const res = await requestLink(t.app, abc.accessToken, { firstName: 'Vera', lastName: 'Hope', isVirtual: true, eventType: 'abc' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ field: 'isVirtual' }] });
    });
  });

  describe('who is enrolled', () => {
    it('enrols the executive manager in the manager flow and records the pending row with its audit entry', async () => {
      const res = await requestLink(t.app, pat.accessToken, { firstName: 'Pat', lastName: 'Morgan', isManager: true, isGeneralManager: false, isVirtual: false, regType: 'DLR', eventType: '1' });
      expect(res.statusCode, res.body).toBe(200);
      const link = (res.json() as { data: string }).data;
      const token = tokenOf(link);

      const row = await registrationOf(t, DEMO.em);
      expect(row).toMatchObject({ status: 'Pending', storeDlrnum: morgan, attendeeType: 'dealer', isVirtual: false, enrolledAt: null, provider: 'builtin' });
      expect(row!.registeredById).toBe(await personId(t, DEMO.em));

      // Only the token's hash is stored.
      const tokens = await t.database.db.select().from(registrationTokens).where(eq(registrationTokens.registrationId, row!.id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatchObject({ tokenHash: hashToken(token), purpose: 'register', usedAt: null });
      expect(tokens[0]!.tokenHash).not.toContain(token);
      expect(tokens[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);

      const audits = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from ${auditLog} where action = 'enrollment-link' and (detail->>'registrationId')::int = ${row!.id}`),
      );
      expect(audits[0]?.n).toBe(1);
    });

    it('enrols the general manager for a colleague of the store, and keeps one row per attendee', async () => {
      await linkFor(t.app, pat.accessToken, { firstName: 'Jordan', lastName: 'Lee', isManager: true, isGeneralManager: true, isVirtual: true, eventType: '1' });
      const first = await registrationOf(t, DEMO.gm);
      expect(first).toMatchObject({ status: 'Pending', storeDlrnum: morgan, isVirtual: true, registeredById: await personId(t, DEMO.em) });
      // Jordan asks again for themself: the same registration, now physical and registered by Jordan.
      await linkFor(t.app, jordan.accessToken, { firstName: 'Jordan', lastName: 'Lee', isManager: true, isGeneralManager: true, isVirtual: false, eventType: '1' });
      const second = await registrationOf(t, DEMO.gm);
      expect(second).toMatchObject({ id: first!.id, isVirtual: false, registeredById: await personId(t, DEMO.gm), providerRef: first!.providerRef });
    });

    it('takes the names typed in the manager flow as the attendee name', async () => {
      await linkFor(t.app, pat.accessToken, { firstName: 'Patricia', lastName: 'Morgan', isManager: true, eventType: '1' });
      const [person] = await t.database.db.select().from(people).where(eq(people.email, DEMO.em));
      expect(person).toMatchObject({ firstName: 'Patricia', lastName: 'Morgan' });
      await linkFor(t.app, pat.accessToken, { firstName: 'Pat', lastName: 'Morgan', isManager: true, eventType: '1' });
    });

    it('enrols "Other" by name at the caller store: a roster match, or one new roster person reused afterwards', async () => {
      await linkFor(t.app, pat.accessToken, { firstName: 'Casey', lastName: 'Rivers', eventType: 'nbc' });
      const created = await t.database.db.select().from(people).where(and(eq(people.firstName, 'Casey'), eq(people.lastName, 'Rivers')));
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ storeDlrnum: morgan, category: 'dealer_staff' });
      expect(created[0]!.email).toMatch(/^pending-[0-9a-f]{24}@unconfirmed\.invalid$/);

      await linkFor(t.app, jordan.accessToken, { firstName: 'casey', lastName: 'RIVERS', eventType: 'nbc' });
      const again = await t.database.db.select().from(people).where(sql`lower(${people.firstName}) = 'casey' and lower(${people.lastName}) = 'rivers'`);
      expect(again).toHaveLength(1);
      expect(again[0]!.firstName).toBe('Casey');
      const regs = await t.database.db.select().from(registrations).where(eq(registrations.attendeeId, created[0]!.id));
      expect(regs).toHaveLength(1);
      expect(regs[0]).toMatchObject({ storeDlrnum: morgan, status: 'Pending', registeredById: await personId(t, DEMO.gm) });
    });

    it('lets a non-dealer enrol only themself, under the names typed', async () => {
      await linkFor(t.app, corp.accessToken, { firstName: 'Corinne', lastName: 'User', regType: 'CORP', eventType: 'nbc' });
      const row = await registrationOf(t, DEMO.corporate);
      expect(row).toMatchObject({ status: 'Pending', storeDlrnum: null, attendeeType: 'corporate', registeredById: await personId(t, DEMO.corporate) });
      const [person] = await t.database.db.select().from(people).where(eq(people.email, DEMO.corporate));
      expect(person).toMatchObject({ firstName: 'Corinne', lastName: 'User' });
    });

    it('refuses enrollments on behalf of others outside a dealer own store (403)', async () => {
      const manager = await requestLink(t.app, corp.accessToken, { firstName: 'Pat', lastName: 'Morgan', isManager: true, eventType: '1' });
      expect(manager.statusCode).toBe(403);
      const gm = await requestLink(t.app, corp.accessToken, { firstName: 'Jordan', lastName: 'Lee', isGeneralManager: true });
      expect(gm.statusCode).toBe(403);
      const report = await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true });
      expect((await requestLink(t.app, report.accessToken, { firstName: 'Rita', lastName: 'Ports' })).statusCode).toBe(403);

      // A dealer whose roster entry moved to another store since login enrols nobody with that token.
      const [other] = await t.database.db.select({ dlrnum: stores.dlrnum }).from(stores).where(sql`${stores.dlrnum} <> ${morgan}`).limit(1);
      await t.database.db.update(people).set({ storeDlrnum: other!.dlrnum }).where(eq(people.email, DEMO.gm));
      try {
        const moved = await requestLink(t.app, jordan.accessToken, { firstName: 'Sam', lastName: 'Stone' });
        expect(moved.statusCode).toBe(403);
      } finally {
        await t.database.db.update(people).set({ storeDlrnum: morgan }).where(eq(people.email, DEMO.gm));
      }
    });

    it('answers 400 for the general manager of a store that has none', async () => {
      const rows = rowsOf<{ email: string }>(
        await t.database.db.execute(sql`select p.email from ${stores} s join ${people} p on p.id = s.executive_manager_id where s.general_manager_id is null order by s.dlrnum limit 1`),
      );
      const email = rows[0]?.email;
      expect(email).toBeDefined();
      const em = await loginAs(t.app, email!, 'DEALER27');
      expect(em.dealerInfo?.generalManager).toBeNull();
      const res = await requestLink(t.app, em.accessToken, { firstName: 'Gina', lastName: 'Manager', isManager: true, isGeneralManager: true, eventType: '1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Your store has no general manager.' });
    });
  });

  describe('the hosted registration page', () => {
    it('shows the pending registration, refuses bad attendance with field errors, and keeps the token for a corrected submit', async () => {
      const token = await linkFor(t.app, pat.accessToken, { firstName: 'Pat', lastName: 'Morgan', isManager: true, eventType: '1' });
      const view = await page(t.app, token);
      expect(view.statusCode).toBe(200);
      expect(view.headers['cache-control']).toBe('no-store');
      const data = registrationPageSchema.parse((view.json() as { data: unknown }).data);
      expect(data).toMatchObject({
        purpose: 'register',
        status: 'Pending',
        emailEditable: false,
        attendee: { firstName: 'Pat', lastName: 'Morgan', email: DEMO.em },
        store: { code: morgan, name: 'Morgan Motors' },
        event: { eventType: 'nbc', startsOn: '2027-03-01', endsOn: '2027-03-04', isVirtual: true },
      });

      const base = { action: 'submit', firstName: 'Pat', lastName: 'Morgan', email: DEMO.em } as const;
      const bad: Array<[RegistrationSubmit, string[]]> = [
        [{ ...base, isVirtual: false }, ['arrivalDate', 'departureDate']],
        [{ ...base, isVirtual: false, arrivalDate: '2027-02-28', departureDate: '2027-03-02' }, ['arrivalDate']],
        [{ ...base, isVirtual: false, arrivalDate: '2027-03-02', departureDate: '2027-03-05' }, ['departureDate']],
        [{ ...base, isVirtual: false, arrivalDate: '2027-03-03', departureDate: '2027-03-02' }, ['departureDate']],
        [{ ...base, isVirtual: false, arrivalDate: '2027-02-30', departureDate: '2027-03-02' }, ['arrivalDate']],
        [{ ...base, firstName: '', isVirtual: true }, ['firstName']],
        [{ ...base, email: 'not-an-address', isVirtual: true }, ['email']],
        [{ ...base, email: 'someone.else@morgan-motors.example.com', isVirtual: true }, ['email']],
      ];
      for (const [body, fields] of bad) {
        const res = await submit(t.app, token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect((res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(fields);
      }
      expect((await page(t.app, token)).statusCode).toBe(200);

      const done = await submit(t.app, token, { ...base, ...ATTEND });
      expect(done.statusCode, done.body).toBe(200);
      const summary = registrationSummarySchema.parse((done.json() as { data: unknown }).data);
      expect(summary).toMatchObject({ status: 'Enrolled', isFree: true, arrivalDate: '2027-03-01', departureDate: '2027-03-04', isVirtual: false });
      expect(Date.now() - Date.parse(summary.enrolledAt!)).toBeLessThan(60_000);
      expect(await registrationOf(t, DEMO.em)).toMatchObject({ status: 'Enrolled', isFree: true, arrivalDate: '2027-03-01' });
    });

    it('answers a used token with 409, an expired one with 410 and an unknown one with 404', async () => {
      const again = await linkFor(t.app, jordan.accessToken, { firstName: 'Dana', lastName: 'Fresh' });
      expect((await submit(t.app, again, { action: 'submit', firstName: 'Dana', lastName: 'Fresh', email: 'dana.fresh@morgan-motors.example.com', isVirtual: true })).statusCode).toBe(200);
      const reuse = await submit(t.app, again, { action: 'submit', firstName: 'Dana', lastName: 'Fresh', email: 'dana.fresh@morgan-motors.example.com', isVirtual: true });
      expect(reuse.statusCode).toBe(409);
      expect(reuse.json()).toMatchObject({ succeeded: false, message: expect.stringContaining('already been used') });
      expect((await page(t.app, again)).statusCode).toBe(409);

      const stale = await linkFor(t.app, jordan.accessToken, { firstName: 'Eli', lastName: 'Late' });
      await t.database.db.update(registrationTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(registrationTokens.tokenHash, hashToken(stale)));
      const expired = await page(t.app, stale);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ message: expect.stringContaining('expired') });
      const lateSubmit = await submit(t.app, stale, { action: 'submit', firstName: 'Eli', lastName: 'Late', email: 'eli.late@morgan-motors.example.com', isVirtual: true });
      expect(lateSubmit.statusCode).toBe(410);
      expect((await registrationOf(t, 'eli.late@morgan-motors.example.com'))).toBeUndefined();

      expect((await page(t.app, 'A'.repeat(43))).statusCode).toBe(404);
      expect((await page(t.app, 'short')).statusCode).toBe(404);
      expect((await submit(t.app, 'nope', { action: 'cancel' })).statusCode).toBe(404);
    });

    it('asks a person enrolled by name for an e-mail, refusing one that belongs to someone else', async () => {
      const token = await linkFor(t.app, pat.accessToken, { firstName: 'Frankie', lastName: 'New' });
      const view = registrationPageSchema.parse((await page(t.app, token)).json().data);
      expect(view).toMatchObject({ emailEditable: true, attendee: { email: null, firstName: 'Frankie' } });
      const taken = await submit(t.app, token, { action: 'submit', firstName: 'Frankie', lastName: 'New', email: DEMO.corporate, ...ATTEND });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ errors: [{ field: 'email' }] });
      const ok = await submit(t.app, token, { action: 'submit', firstName: 'Frankie', lastName: 'Newman', email: 'Frankie.Newman@Morgan-Motors.example.com', ...ATTEND });
      expect(ok.statusCode, ok.body).toBe(200);
      const [person] = await t.database.db.select().from(people).where(eq(people.email, 'frankie.newman@morgan-motors.example.com'));
      expect(person).toMatchObject({ firstName: 'Frankie', lastName: 'Newman', storeDlrnum: morgan });
    });

    it('gives a store free seats to its first enrolled attendees and passes a cancelled free seat on', async () => {
      // Morgan Motors has two complimentary seats: Pat (first) and Dana (second) took them; Frankie pays.
      const seats = async () =>
        Object.fromEntries(
          (await t.database.db.select({ email: people.email, isFree: registrations.isFree, status: registrations.status }).from(registrations).innerJoin(people, eq(people.id, registrations.attendeeId)).where(and(eq(registrations.storeDlrnum, morgan), eq(registrations.eventId, 'nbc'))))
            .filter((r) => r.status === 'Enrolled')
            .map((r) => [r.email, r.isFree]),
        );
      expect(await seats()).toEqual({ [DEMO.em]: true, 'dana.fresh@morgan-motors.example.com': true, 'frankie.newman@morgan-motors.example.com': false });

      // Dana cancels through a revisit link: Frankie gets the seat.
      const dana = await personId(t, 'dana.fresh@morgan-motors.example.com');
      // Dana typed her address on the hosted page: it opens her store once she confirmed it.
      await confirmEmailFromOutbox(t.app, t.database.db, 'dana.fresh@morgan-motors.example.com');
      const danaLogin = await loginAs(t.app, 'dana.fresh@morgan-motors.example.com', 'DEALER27');
      expect(danaLogin.user.firstName).toBe('Dana');
      const revisit = await t.app.inject({ method: 'GET', url: REVISIT, headers: bearer(danaLogin.accessToken) });
      const revisitToken = tokenOf((revisit.json() as { data: string }).data);
      expect(registrationPageSchema.parse((await page(t.app, revisitToken)).json().data).purpose).toBe('revisit');
      // A link from the portal cannot give the place up: the cancel goes through the link mailed to her.
      expect((await submit(t.app, revisitToken, { action: 'cancel' })).statusCode).toBe(403);
      const [mailed] = await mailsTo(t.database.db, 'dana.fresh@morgan-motors.example.com', 'confirm-action');
      const cancelled = await submit(t.app, tokenOf(mailed!.data.link as string), { action: 'cancel' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ data: { status: 'Cancelled', isFree: false } });
      expect(await seats()).toEqual({ [DEMO.em]: true, 'frankie.newman@morgan-motors.example.com': true });
      const [danaRow] = await t.database.db.select().from(registrations).where(eq(registrations.attendeeId, dana));
      expect(danaRow?.status).toBe('Cancelled');

      // Cancelled: nothing to revisit; a new link makes it Pending again.
      expect((await t.app.inject({ method: 'GET', url: REVISIT, headers: bearer(danaLogin.accessToken) })).json()).toMatchObject({ succeeded: true, data: null });
      await linkFor(t.app, danaLogin.accessToken, { firstName: 'Dana', lastName: 'Fresh' });
      const [reopened] = await t.database.db.select().from(registrations).where(eq(registrations.attendeeId, dana));
      expect(reopened).toMatchObject({ id: danaRow!.id, status: 'Pending', enrolledAt: null, isFree: false });
    });

    it('lets the attendee change the dates through GetRevisitURL, once per link', async () => {
      const revisit = await t.app.inject({ method: 'GET', url: REVISIT, headers: bearer(pat.accessToken) });
      expect(revisit.statusCode).toBe(200);
      expect(revisit.headers['cache-control']).toBe('no-store');
      const token = tokenOf((revisit.json() as { data: string }).data);
      const view = registrationPageSchema.parse((await page(t.app, token)).json().data);
      expect(view).toMatchObject({ purpose: 'revisit', status: 'Enrolled', arrivalDate: '2027-03-01' });
      const before = await registrationOf(t, DEMO.em);
      const changed = await submit(t.app, token, { action: 'submit', firstName: 'Pat', lastName: 'Morgan', email: DEMO.em, isVirtual: false, arrivalDate: '2027-03-02', departureDate: '2027-03-03' });
      expect(changed.statusCode, changed.body).toBe(200);
      const after = await registrationOf(t, DEMO.em);
      expect(after).toMatchObject({ status: 'Enrolled', arrivalDate: '2027-03-02', departureDate: '2027-03-03', isFree: true });
      expect(after!.enrolledAt).toEqual(before!.enrolledAt);
      expect((await submit(t.app, token, { action: 'cancel' })).statusCode).toBe(409);

      // Asking for a link for an enrolled attendee gives a revisit link too.
      const link = await linkFor(t.app, pat.accessToken, { firstName: 'Pat', lastName: 'Morgan', isManager: true, eventType: '1' });
      expect(registrationPageSchema.parse((await page(t.app, link)).json().data).purpose).toBe('revisit');
    });

    it('cannot cancel through a registration link, and a pending registration revisits as a registration link', async () => {
      const token = await linkFor(t.app, corp.accessToken, { firstName: 'Corinne', lastName: 'User' });
      expect((await submit(t.app, token, { action: 'cancel' })).statusCode).toBe(409);
      const revisit = await t.app.inject({ method: 'GET', url: REVISIT, headers: bearer(corp.accessToken) });
      const again = tokenOf((revisit.json() as { data: string }).data);
      expect(registrationPageSchema.parse((await page(t.app, again)).json().data).purpose).toBe('register');
      const field = await loginAs(t.app, DEMO.field, 'FIELD27');
      expect((await t.app.inject({ method: 'GET', url: REVISIT, headers: bearer(field.accessToken) })).json()).toMatchObject({ succeeded: true, data: null });
      expect((await t.app.inject({ method: 'GET', url: REVISIT })).statusCode).toBe(401);
    });
  });

  describe('reports', () => {
    it('show a registration completed on the hosted page at once', async () => {
      const rows = rowsOf<{ district: string; zone: string; region: string }>(
        await t.database.db.execute(sql`
          select d.code as district, z.code as zone, z.region_code as region
          from ${stores} s join ${schema.districts} d on d.code = s.district_code join ${schema.zones} z on z.code = d.zone_code
          where s.dlrnum = ${morgan}`),
      );
      const where = rows[0]!;
      const reportUser = await loginAs(t.app, DEMO.corporate, 'CORP27');
      const detail = async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/Report/GetEnrollments?reportLevel=District',
          headers: bearer(reportUser.accessToken),
          payload: { region: where.region, zone: where.zone, district: where.district, select: 'ALL' },
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { data: { dataSet: { table: Array<Record<string, unknown>> } } }).data.dataSet.table.filter((r) => r.dlrnum === morgan);
      };
      const before = (await detail()).map((r) => r.atdName);
      expect(before).not.toContain('Gale Report');

      const token = await linkFor(t.app, pat.accessToken, { firstName: 'Gale', lastName: 'Report' });
      const done = await submit(t.app, token, { action: 'submit', firstName: 'Gale', lastName: 'Report', email: 'gale.report@morgan-motors.example.com', ...ATTEND });
      expect(done.statusCode, done.body).toBe(200);
      const row = (await detail()).find((r) => r.atdName === 'Gale Report');
      expect(row).toMatchObject({ loginid: 'gale.report@morgan-motors.example.com', enrlStatusDesc: 'Enrolled' });
    });
  });

  describe('submitting twice', () => {
    it('turns 50 concurrent submits of one token into exactly one enrollment', async () => {
      const email = 'concurrent.cara@corp.example.com';
      const user = await loginAs(t.app, email, 'SBR27');
      const token = await linkFor(t.app, user.accessToken, { firstName: 'Cara', lastName: 'Concurrent' });
      const body: RegistrationSubmit = { action: 'submit', firstName: 'Cara', lastName: 'Concurrent', email, ...ATTEND };
      const answers = await Promise.all(Array.from({ length: 50 }, () => submit(t.app, token, body)));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);

      const id = await personId(t, email);
      const rows = await t.database.db.select().from(registrations).where(eq(registrations.attendeeId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe('Enrolled');
      const audits = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from ${auditLog} where action = 'registration-enrolled' and (detail->>'registrationId')::int = ${rows[0]!.id}`),
      );
      expect(audits[0]?.n).toBe(1);
    });

    it('completes a registration once when two tabs hold two links of it (the older one is retired)', async () => {
      const email = 'two.tabs@corp.example.com';
      const user = await loginAs(t.app, email, 'VENDOR27');
      const first = await linkFor(t.app, user.accessToken, { firstName: 'Tina', lastName: 'Tabs' });
      const second = await linkFor(t.app, user.accessToken, { firstName: 'Tina', lastName: 'Tabs' });
      expect(first).not.toBe(second);
      const body: RegistrationSubmit = { action: 'submit', firstName: 'Tina', lastName: 'Tabs', email, isVirtual: true };
      const answers = await Promise.all([first, second, first, second].map((tk) => submit(t.app, tk, body)));
      // Issuing the second link retired the first (410); of the second link's two submits one enrols.
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 410, 410]);
      const rows = await t.database.db.select().from(registrations).where(eq(registrations.attendeeId, await personId(t, email)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'Enrolled', isVirtual: true, arrivalDate: null, attendeeType: 'vendor' });
    });

    it('gives concurrent enrollments of one store each a distinct seat decision', async () => {
      // A store with one seat and several roster people: however the submits interleave, one is free.
      const rows = rowsOf<{ dlrnum: string; email: string }>(
        await t.database.db.execute(sql`
          select s.dlrnum, p.email from ${stores} s join ${people} p on p.id = s.executive_manager_id
          where s.complimentary_seats = 1
            and not exists (select 1 from ${registrations} r where r.store_dlrnum = s.dlrnum and r.event_id = 'nbc' and r.status = 'Enrolled')
            and (select count(*) from ${people} x where x.store_dlrnum = s.dlrnum) >= 3
          order by s.dlrnum limit 1`),
      );
      const store = rows[0];
      expect(store).toBeDefined();
      const em = await loginAs(t.app, store!.email, 'DEALER27');
      const names = [['Una', 'One'], ['Tom', 'Two'], ['Tara', 'Three']] as const;
      const tokens = await Promise.all(names.map(([f, l]) => linkFor(t.app, em.accessToken, { firstName: f, lastName: l })));
      const answers = await Promise.all(
        tokens.map((tk, i) => submit(t.app, tk, { action: 'submit', firstName: names[i]![0], lastName: names[i]![1], email: `${names[i]![0].toLowerCase()}@seat.example.com`, isVirtual: true })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const enrolled = await t.database.db
        .select({ isFree: registrations.isFree })
        .from(registrations)
        .where(and(eq(registrations.storeDlrnum, store!.dlrnum), eq(registrations.eventId, 'nbc'), eq(registrations.status, 'Enrolled')));
      expect(enrolled.filter((r) => r.isFree)).toHaveLength(1);
      expect(enrolled).toHaveLength(3);
    });
  });
});
