import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  ADMIN_PATHS,
  adminAccessCodeSchema,
  adminEventSchema,
  adminPersonSchema,
  adminRegistrationDetailSchema,
  adminRegistrationSchema,
  auditEntrySchema,
  importResultSchema,
  pagedSchema,
  resendLinkDataSchema,
} from '@portal/contracts';
import { schema } from '@portal/db';
import { bearer, body, buildTestApp, DEMO, injectAs, login, loginAs, loginOrganizer, type Method, type TestApp } from '../../testing/build-test-app.ts';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';

const { auditLog, accessCodes, events, people, registrations, registrationTokens, stores, outbox } = schema;


describe('organizer console API', () => {
  let t: TestApp;
  let token: string;
  let organizerId: number;

  const call = (method: Method, url: string, payload?: object | string, headers?: Record<string, string>) => injectAs(t.app, token, method, url, payload, headers);
  const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp();
    const data = await loginOrganizer(t.app);
    token = data.accessToken;
    organizerId = data.organizer.id;
  });
  afterAll(async () => t?.close());

  /** The audit rows of one console action, newest first. */
  const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

  describe('events', () => {
    it('lists both events with their settings and registration counts', async () => {
      const res = await call('GET', ADMIN_PATHS.events);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = pagedSchema(adminEventSchema).parse(body(res).data);
      expect(data.total).toBe(2);
      const nbc = data.rows.find((e) => e.id === 'nbc')!;
      expect(nbc).toMatchObject({ startsOn: '2027-03-01', endsOn: '2027-03-04', isVirtual: true, capacity: null, defaultComplimentarySeats: 2, registrationOpensAt: null });
      expect(nbc.registrations.enrolled).toBeGreaterThan(0);
    });

    it('changes the window, capacity, seats default and reminder days, audited with the organizer', async () => {
      const res = await call('PUT', '/api/Admin/Events/abc', {
        registrationOpensAt: '2026-01-01T00:00:00Z',
        registrationClosesAt: '2027-08-31T23:59:59Z',
        capacity: 5000,
        defaultComplimentarySeats: 3,
        reminderDaysBeforeClose: 7,
      });
      expect(res.statusCode, res.body).toBe(200);
      const event = adminEventSchema.parse(body(res).data);
      expect(event).toMatchObject({ capacity: 5000, defaultComplimentarySeats: 3, reminderDaysBeforeClose: 7, registrationClosesAt: '2027-08-31T23:59:59.000Z' });
      const [row] = await auditOf('admin-event-update');
      expect(row).toMatchObject({ organizerId, actorEmail: DEMO_ORGANIZER.email, eventId: 'abc', success: true });
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const before = await auditCount();
      const cases: Array<[string, object]> = [
        ['/api/Admin/Events/nbc', { endsOn: '2027-02-01' }],
        ['/api/Admin/Events/nbc', { startsOn: '2027-02-30' }],
        ['/api/Admin/Events/nbc', { capacity: -1 }],
        ['/api/Admin/Events/nbc', { capacity: 'many' }],
        ['/api/Admin/Events/nbc', { registrationOpensAt: '2027-02-01T00:00:00Z', registrationClosesAt: '2027-01-01T00:00:00Z' }],
        ['/api/Admin/Events/nbc', { registrationOpensAt: 'tomorrow' }],
        ['/api/Admin/Events/nbc', { reminderDaysBeforeClose: 5 }],
        ['/api/Admin/Events/xyz', { capacity: 1 }],
      ];
      for (const [url, payload] of cases) {
        const res = await call('PUT', url, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
        expect(body(res).succeeded).toBe(false);
      }
      const [nbc] = await t.database.db.select().from(events).where(eq(events.id, 'nbc'));
      expect(nbc).toMatchObject({ endsOn: '2027-03-04', startsOn: '2027-03-01', capacity: null, registrationOpensAt: null, reminderDaysBeforeClose: null });
      expect(await auditCount()).toBe(before);
    });

    it('enrollment honours the registration window and the capacity', async () => {
      const expo = await loginAs(t.app, 'window.tester@expo.example.com', 'EXPO27');
      const link = () => t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(expo.accessToken), payload: { firstName: 'Window', lastName: 'Tester' } });
      expect((await call('PUT', '/api/Admin/Events/nbc', { registrationClosesAt: '2020-01-01T00:00:00Z' })).statusCode).toBe(200);
      const closed = await link();
      expect(closed.statusCode).toBe(409);
      expect(body(closed).message).toMatch(/closed on 2020-01-01/);
      expect((await call('PUT', '/api/Admin/Events/nbc', { registrationClosesAt: null, capacity: 1 })).statusCode).toBe(200);
      // A full house still hands out links: the submit joins the waiting list (docs/waiting-lists.md).
      const full = await link();
      expect(full.statusCode).toBe(200);
      expect((await call('PUT', '/api/Admin/Events/nbc', { capacity: null })).statusCode).toBe(200);
      expect((await link()).statusCode).toBe(200);
    });
  });

  describe('access codes', () => {
    it('lists codes with logins and registrations counted per code', async () => {
      await loginAs(t.app, DEMO.em, 'DEALER27');
      await t.app.auditLog.flush();
      const res = await call('GET', `${ADMIN_PATHS.accessCodes}?event=nbc&pageSize=200`);
      expect(res.statusCode).toBe(200);
      const data = pagedSchema(adminAccessCodeSchema).parse(body(res).data);
      expect(data.total).toBe(data.rows.length);
      expect(data.rows.every((c) => c.event === 'nbc')).toBe(true);
      const dealer = data.rows.find((c) => c.label === 'Dealer')!;
      expect(dealer.logins).toBeGreaterThan(0);
      expect(JSON.stringify(data)).not.toMatch(/codeHash|DEALER27/);
      const paged = pagedSchema(adminAccessCodeSchema).parse(body(await call('GET', `${ADMIN_PATHS.accessCodes}?page=2&pageSize=5`)).data);
      expect(paged.rows).toHaveLength(5);
      expect(paged.total).toBe(11);
    });

    it('creates a code (generated when none is given), shown once; it logs in; disabling it stops that', async () => {
      const res = await call('POST', ADMIN_PATHS.accessCodes, { event: 'nbc', category: 'expo', label: 'Expo press' });
      expect(res.statusCode, res.body).toBe(201);
      const { id, code } = body<{ id: number; code: string }>(res).data;
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const [row] = await t.database.db.select().from(accessCodes).where(eq(accessCodes.id, id));
      expect(row?.codeHash).not.toContain(code);
      const [created] = await auditOf('admin-access-code-create');
      expect(created).toMatchObject({ organizerId, success: true });
      expect(JSON.stringify(created?.detail)).not.toContain(code);

      const first = await loginAs(t.app, 'press.one@news.example.com', code.toLowerCase());
      expect(first.authorizationPolicy).toEqual(['expo']);
      await t.app.auditLog.flush();
      const listed = pagedSchema(adminAccessCodeSchema).parse(body(await call('GET', `${ADMIN_PATHS.accessCodes}?pageSize=200`)).data).rows.find((c) => c.id === id)!;
      expect(listed).toMatchObject({ logins: 1, registrations: 0, active: true, usable: true, category: 'expo', label: 'Expo press' });

      const disabled = await call('POST', `/api/Admin/AccessCodes/${id}/Disable`);
      expect(disabled.statusCode).toBe(200);
      expect(adminAccessCodeSchema.parse(body(disabled).data)).toMatchObject({ active: false, usable: false });
      expect((await login(t.app, { userName: 'press.two@news.example.com', password: code })).json()).toMatchObject({ succeeded: false });
      expect((await call('POST', `/api/Admin/AccessCodes/${id}/Disable`)).statusCode).toBe(200);
      expect((await call('POST', '/api/Admin/AccessCodes/999999/Disable')).statusCode).toBe(404);
    });

    it('refuses weak, duplicate and malformed codes, unknown stores and past expiries (nothing written)', async () => {
      const before = (await t.database.db.select().from(accessCodes)).length;
      const cases: Array<[object, number, string?]> = [
        [{ event: 'nbc', category: 'expo', code: 'EXPO27' }, 400, 'code'],
        [{ event: 'nbc', category: 'expo', code: 'PASSWORD' }, 400, 'code'],
        [{ event: 'nbc', category: 'expo', code: 'NBC2027' }, 400, 'code'],
        [{ event: 'nbc', category: 'expo', code: 'short' }, 400, 'code'],
        [{ event: 'nbc', category: 'expo', code: 'has spaces in it' }, 400, 'code'],
        [{ event: 'nbc', category: 'wizard' }, 400, 'category'],
        [{ event: 'xyz', category: 'expo' }, 400, 'event'],
        [{ event: 'nbc', category: 'dealer_staff', storeDlrnum: '99999' }, 400, 'storeDlrnum'],
        [{ event: 'nbc', category: 'expo', seats: 0 }, 400, 'seats'],
        [{ event: 'nbc', category: 'expo', expiresAt: '2020-01-01T00:00:00Z' }, 400, 'expiresAt'],
        [{ event: 'nbc', category: 'expo', expiresAt: 'soon' }, 400, 'expiresAt'],
      ];
      for (const [payload, status, field] of cases) {
        const res = await call('POST', ADMIN_PATHS.accessCodes, payload);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
        if (field) expect(body(res).errors?.map((e) => e.field), JSON.stringify(payload)).toContain(field);
      }
      const good = await call('POST', ADMIN_PATHS.accessCodes, { event: 'nbc', category: 'vendor', code: 'Vendor-Hall-B7x2' });
      expect(good.statusCode).toBe(201);
      const again = await call('POST', ADMIN_PATHS.accessCodes, { event: 'nbc', category: 'vendor', code: 'vendor-hall-b7X2' });
      expect(again.statusCode).toBe(409);
      expect((await t.database.db.select().from(accessCodes)).length).toBe(before + 1);
    });

    it('an expired code is refused at login', async () => {
      const res = await call('POST', ADMIN_PATHS.accessCodes, { event: 'nbc', category: 'partner', expiresAt: new Date(Date.now() + 60_000).toISOString() });
      const { id, code } = body<{ id: number; code: string }>(res).data;
      expect((await login(t.app, { userName: 'partner.a@partner.example.com', password: code })).json()).toMatchObject({ succeeded: true });
      await t.database.db.update(accessCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accessCodes.id, id));
      expect((await login(t.app, { userName: 'partner.b@partner.example.com', password: code })).json()).toMatchObject({ succeeded: false });
    });

    it('a per-store code binds the login to its store and enrollment enforces its seats', async () => {
      const [store] = await t.database.db.select().from(stores).orderBy(desc(stores.dlrnum)).limit(1);
      const res = await call('POST', ADMIN_PATHS.accessCodes, { event: 'nbc', category: 'dealer_staff', storeDlrnum: store!.dlrnum, seats: 2 });
      expect(res.statusCode, res.body).toBe(201);
      const { id, code } = body<{ id: number; code: string }>(res).data;
      const enrol = async (email: string, first: string) => {
        const session = await loginAs(t.app, email, code);
        expect(session.dealerInfo).toMatchObject({ isDealer: true, storeCode: store!.dlrnum, storeName: store!.name });
        return t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(session.accessToken), payload: { firstName: first, lastName: 'Guest' } });
      };
      // Only a submitted registration holds a seat: the links are used before the seats count.
      const submitted = async (res: Awaited<ReturnType<typeof enrol>>, email: string, first: string) => {
        expect(res.statusCode, res.body).toBe(200);
        const token = /\/register\/([A-Za-z0-9_-]{43})$/.exec(body<string>(res).data)![1]!;
        const done = await t.app.inject({ method: 'POST', url: `/api/Registration/${token}`, payload: { action: 'submit', firstName: first, lastName: 'Guest', email, isVirtual: true } });
        expect(done.statusCode, done.body).toBe(200);
      };
      expect((await enrol('seat.one@guests.example.com', 'One')).statusCode).toBe(200);
      // Asking again for one's own registration takes no second seat.
      // (A dealer code enrols by name: the attendee is a new roster person, who gives their own address.)
      await submitted(await enrol('seat.one@guests.example.com', 'One'), 'one.guest.attendee@guests.example.com', 'One');
      await submitted(await enrol('seat.two@guests.example.com', 'Two'), 'two.guest.attendee@guests.example.com', 'Two');
      // The seats taken, a third still gets a link, and its submit joins the code's waiting list (docs/waiting-lists.md).
      const third = await enrol('seat.three@guests.example.com', 'Three');
      expect(third.statusCode).toBe(200);
      const thirdToken = /\/register\/([A-Za-z0-9_-]{43})$/.exec(body<string>(third).data)![1]!;
      const waiting = await t.app.inject({ method: 'POST', url: `/api/Registration/${thirdToken}`, payload: { action: 'submit', firstName: 'Three', lastName: 'Guest', email: 'three.guest.attendee@guests.example.com', isVirtual: true } });
      expect(body<{ status: string; waitlistPosition: number }>(waiting).data, waiting.body).toMatchObject({ status: 'Waitlisted', waitlistPosition: 1 });
      await t.database.db.update(registrations).set({ status: 'Cancelled', waitlistOrder: null }).where(and(eq(registrations.accessCodeId, id), eq(registrations.status, 'Waitlisted')));
      const rows = (await t.database.db.select().from(registrations).where(eq(registrations.accessCodeId, id))).filter((r) => r.status === 'Enrolled');
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.storeDlrnum === store!.dlrnum)).toBe(true);
      const listed = pagedSchema(adminAccessCodeSchema).parse(body(await call('GET', `${ADMIN_PATHS.accessCodes}?pageSize=200`)).data).rows.find((c) => c.id === id)!;
      expect(listed).toMatchObject({ registrations: 2, seats: 2, storeDlrnum: store!.dlrnum, requiresRoster: false });
      // Someone on another store's roster does not move stores with it.
      expect((await login(t.app, { userName: DEMO.gm, password: code })).json()).toMatchObject({ succeeded: false });

      // A cancelled registration gives its seat back.
      const cancelled = await call('POST', `/api/Admin/Registrations/${rows[0]!.id}/Cancel`, {});
      expect(cancelled.statusCode).toBe(200);
      expect((await enrol('seat.three@guests.example.com', 'Three')).statusCode).toBe(200);
    });
  });

  describe('registrations', () => {
    it('lists, pages, filters and sorts in the database', async () => {
      const all = pagedSchema(adminRegistrationSchema).parse(body(await call('GET', `${ADMIN_PATHS.registrations}?event=nbc&pageSize=10&sort=name`)).data);
      const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(registrations).where(eq(registrations.eventId, 'nbc'));
      expect(all.total).toBe(count!.n);
      expect(all.rows).toHaveLength(10);
      const names = all.rows.map((r) => `${r.lastName}\u0000${r.firstName}`);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const page2 = pagedSchema(adminRegistrationSchema).parse(body(await call('GET', `${ADMIN_PATHS.registrations}?event=nbc&pageSize=10&page=2&sort=name`)).data);
      expect(page2.rows[0]!.id).not.toBe(all.rows[0]!.id);

      const enrolled = pagedSchema(adminRegistrationSchema).parse(body(await call('GET', `${ADMIN_PATHS.registrations}?status=Enrolled&type=dealer&region=010&pageSize=200`)).data);
      expect(enrolled.rows.length).toBeGreaterThan(0);
      expect(enrolled.rows.every((r) => r.status === 'Enrolled' && r.attendeeType === 'dealer' && r.region === '010')).toBe(true);
      const desc = pagedSchema(adminRegistrationSchema).parse(body(await call('GET', `${ADMIN_PATHS.registrations}?sort=-createdAt&pageSize=50`)).data).rows.map((r) => r.createdAt);
      expect(desc).toEqual([...desc].sort().reverse());
    });

    it('searches name, e-mail and store, case-insensitively, and takes wildcards literally', async () => {
      const search = async (q: string) => pagedSchema(adminRegistrationSchema).parse(body(await call('GET', `${ADMIN_PATHS.registrations}?q=${encodeURIComponent(q)}&pageSize=200`)).data);
      const [someone] = await t.database.db
        .select({ id: registrations.id, firstName: people.firstName, lastName: people.lastName, email: people.email })
        .from(registrations)
        .innerJoin(people, eq(people.id, registrations.attendeeId))
        .where(sql`${people.email} not like '%.invalid'`)
        .orderBy(desc(registrations.id))
        .limit(1);
      const byName = await search(`${someone!.firstName.toLowerCase()} ${someone!.lastName.toUpperCase()}`);
      expect(byName.rows.map((r) => r.id)).toContain(someone!.id);
      const byMail = await search(someone!.email.slice(2, -3).toUpperCase());
      expect(byMail.rows.map((r) => r.id)).toContain(someone!.id);
      const [withStore] = await t.database.db.select({ dlrnum: registrations.storeDlrnum }).from(registrations).where(sql`${registrations.storeDlrnum} is not null`).limit(1);
      const dlrnum = withStore!.dlrnum!;
      const byStore = await search(dlrnum);
      expect(byStore.rows.length).toBeGreaterThan(0);
      expect(byStore.rows.every((r) => r.storeDlrnum === dlrnum || `${r.firstName} ${r.lastName} ${r.email} ${r.storeName}`.includes(dlrnum))).toBe(true);
      const [store] = await t.database.db.select({ name: stores.name }).from(stores).where(eq(stores.dlrnum, dlrnum));
      expect((await search(store!.name.toLowerCase())).rows.map((r) => r.storeDlrnum)).toContain(dlrnum);
      expect((await search('%')).total).toBe(0);
      expect((await search('zzz-nobody-has-this')).total).toBe(0);
    });

    it('refuses bad list parameters with 400', async () => {
      for (const query of ['pageSize=201', 'pageSize=0', 'page=0', 'page=x', 'status=Done', 'sort=salary', 'event=xyz', 'type=alien', `q=${'x'.repeat(101)}`]) {
        expect((await call('GET', `${ADMIN_PATHS.registrations}?${query}`)).statusCode, query).toBe(400);
      }
    });

    async function enrolledWithEmail() {
      const [row] = await t.database.db
        .select({ id: registrations.id })
        .from(registrations)
        .innerJoin(people, eq(people.id, registrations.attendeeId))
        .where(and(eq(registrations.eventId, 'nbc'), eq(registrations.status, 'Enrolled'), eq(registrations.isVirtual, false), sql`${people.email} not like '%.invalid'`, ne(people.email, DEMO.em)))
        .orderBy(desc(registrations.id))
        .limit(1);
      return row!.id;
    }

    it('shows a registration with its history; 404 for an unknown one', async () => {
      const id = await enrolledWithEmail();
      const res = await call('GET', `/api/Admin/Registrations/${id}`);
      expect(res.statusCode).toBe(200);
      const detail = adminRegistrationDetailSchema.parse(body(res).data);
      expect(detail).toMatchObject({ id, status: 'Enrolled', event: 'nbc' });
      expect((await call('GET', '/api/Admin/Registrations/99999999')).statusCode).toBe(404);
      expect((await call('GET', '/api/Admin/Registrations/abc')).statusCode).toBe(400);
    });

    it('changes dates inside the event window, checked with the shared rules; bad dates change nothing', async () => {
      const id = await enrolledWithEmail();
      const [before] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
      const bad: object[] = [
        { isVirtual: false, arrivalDate: '2027-02-27', departureDate: '2027-03-02' },
        { isVirtual: false, arrivalDate: '2027-03-03', departureDate: '2027-03-02' },
        { isVirtual: false, arrivalDate: '2027-03-02' },
        { isVirtual: false, arrivalDate: '03/02/2027', departureDate: '2027-03-03' },
      ];
      for (const payload of bad) {
        const res = await call('POST', `/api/Admin/Registrations/${id}/Dates`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const [unchanged] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
      expect(unchanged).toEqual(before);

      const res = await call('POST', `/api/Admin/Registrations/${id}/Dates`, { isVirtual: false, arrivalDate: '2027-03-02', departureDate: '2027-03-03' });
      expect(res.statusCode, res.body).toBe(200);
      const detail = adminRegistrationDetailSchema.parse(body(res).data);
      expect(detail).toMatchObject({ arrivalDate: '2027-03-02', departureDate: '2027-03-03' });
      expect(detail.history.at(-1)).toMatchObject({ action: 'admin-registration-dates', organizerId, success: true });
      auditEntrySchema.parse(detail.history.at(-1));
      const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'registration-changed')).orderBy(desc(outbox.id)).limit(1);
      expect(mail?.toEmail).toBe(detail.email);
    });

    it('resends the link: a new link, the older unused ones retired, a mail queued', async () => {
      const [pending] = await t.database.db
        .select({ id: registrations.id, email: people.email })
        .from(registrations)
        .innerJoin(people, eq(people.id, registrations.attendeeId))
        .where(and(eq(registrations.status, 'Pending'), sql`${people.email} not like '%.invalid'`))
        .limit(1);
      const first = resendLinkDataSchema.parse(body(await call('POST', `/api/Admin/Registrations/${pending!.id}/ResendLink`)).data);
      const second = resendLinkDataSchema.parse(body(await call('POST', `/api/Admin/Registrations/${pending!.id}/ResendLink`)).data);
      expect(second.link).toMatch(/^http:\/\/portal\.test\/register\/[A-Za-z0-9_-]{43}$/);
      expect(second.link).not.toBe(first.link);
      expect(second).toMatchObject({ queued: true });
      const live = await t.database.db.select().from(registrationTokens).where(and(eq(registrationTokens.registrationId, pending!.id), isNull(registrationTokens.usedAt)));
      expect(live).toHaveLength(1);
      const oldPage = await t.app.inject({ method: 'GET', url: `/api/Registration/${first.link.split('/').pop()}` });
      expect(oldPage.statusCode).toBe(409);
      expect((await t.app.inject({ method: 'GET', url: `/api/Registration/${second.link.split('/').pop()}` })).statusCode).toBe(200);
      const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.id, second.outboxId!));
      expect(mail).toMatchObject({ kind: 'registration-link', toEmail: pending!.email });
      expect((mail!.data as { link: string }).link).toBe(second.link);
    });

    it('cancels: status Cancelled, audited with the organizer, the attendee mailed; a second cancel answers 409', async () => {
      const id = await enrolledWithEmail();
      const res = await call('POST', `/api/Admin/Registrations/${id}/Cancel`, { reason: 'Asked by phone' });
      expect(res.statusCode, res.body).toBe(200);
      const detail = adminRegistrationDetailSchema.parse(body(res).data);
      expect(detail.status).toBe('Cancelled');
      expect(detail.history.at(-1)).toMatchObject({ action: 'admin-registration-cancel', organizerId, detail: { registrationId: id, reason: 'Asked by phone', previousStatus: 'Enrolled' } });
      const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'registration-cancelled')).orderBy(desc(outbox.id)).limit(1);
      expect(mail?.toEmail).toBe(detail.email);
      expect((await call('POST', `/api/Admin/Registrations/${id}/Cancel`, {})).statusCode).toBe(409);
      expect((await call('POST', `/api/Admin/Registrations/${id}/ResendLink`)).statusCode).toBe(409);
      expect((await call('POST', `/api/Admin/Registrations/${id}/Dates`, { isVirtual: true })).statusCode).toBe(409);
      expect((await call('POST', `/api/Admin/Registrations/${id}/Cancel`, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
      expect((await call('POST', '/api/Admin/Registrations/99999999/Cancel', {})).statusCode).toBe(404);
    });
  });

  describe('people', () => {
    it('searches people and edits a roster entry and a report scope, audited', async () => {
      const found = pagedSchema(adminPersonSchema).parse(body(await call('GET', `${ADMIN_PATHS.people}?q=${encodeURIComponent('jordan lee')}`)).data);
      const jordan = found.rows.find((p) => p.email === DEMO.gm)!;
      expect(jordan).toMatchObject({ storeDlrnum: '10001', category: 'dealer_staff' });
      const res = await call('PUT', `/api/Admin/People/${jordan.id}`, { firstName: 'Jordan', lastName: 'Lee-Smith', company: 'Morgan Motors' });
      expect(res.statusCode, res.body).toBe(200);
      expect(adminPersonSchema.parse(body(res).data)).toMatchObject({ lastName: 'Lee-Smith', company: 'Morgan Motors' });

      const field = pagedSchema(adminPersonSchema).parse(body(await call('GET', `${ADMIN_PATHS.people}?q=field.user`)).data).rows[0]!;
      const scoped = await call('PUT', `/api/Admin/People/${field.id}`, { scope: { level: 'zone', code: '011' } });
      expect(scoped.statusCode, scoped.body).toBe(200);
      expect(adminPersonSchema.parse(body(scoped).data).scope).toEqual({ level: 'zone', code: '011' });
      const network = await call('PUT', `/api/Admin/People/${field.id}`, { scope: { level: 'network', code: null } });
      expect(adminPersonSchema.parse(body(network).data).scope).toEqual({ level: 'network', code: null });
      const [row] = await auditOf('admin-person-update');
      expect(row).toMatchObject({ organizerId, success: true });
      expect((await call('GET', `/api/Admin/People/${field.id}`)).statusCode).toBe(200);
    });

    it('refuses bad edits with 400 or 409 and writes nothing', async () => {
      const field = pagedSchema(adminPersonSchema).parse(body(await call('GET', `${ADMIN_PATHS.people}?q=field.user`)).data).rows[0]!;
      const before = await auditCount();
      const cases: Array<[object, number]> = [
        [{ scope: { level: 'zone', code: '999' } }, 400],
        [{ scope: { level: 'galaxy', code: '1' } }, 400],
        [{ storeDlrnum: '99999' }, 400],
        [{ email: 'not-an-email' }, 400],
        [{ firstName: '' }, 400],
        [{ firstName: 'x'.repeat(31) }, 400],
        [{ email: DEMO.em }, 409],
      ];
      for (const [payload, status] of cases) {
        expect((await call('PUT', `/api/Admin/People/${field.id}`, payload)).statusCode, JSON.stringify(payload)).toBe(status);
      }
      expect((await call('PUT', '/api/Admin/People/99999999', { firstName: 'X' })).statusCode).toBe(404);
      expect(await auditCount()).toBe(before);
      const [after] = await t.database.db.select().from(people).where(eq(people.id, field.id));
      expect(after?.email).toBe(DEMO.field);
    });
  });

  describe('import', () => {
    const csv = { 'content-type': 'text/csv' };
    async function rosterOf(dlrnum: string) {
      const [store] = await t.database.db.select().from(stores).where(eq(stores.dlrnum, dlrnum));
      const staff = await t.database.db.select().from(people).where(eq(people.storeDlrnum, dlrnum));
      return staff
        .filter((p) => !p.email.endsWith('.invalid'))
        .map((p) => `${dlrnum},${p.email},${p.firstName},${p.lastName},${p.id === store!.executiveManagerId ? 'executive_manager' : p.id === store!.generalManagerId ? 'general_manager' : 'staff'}`);
    }

    it('dry run lists every row problem and writes nothing; the fixed file commits all rows', async () => {
      const rows = await rosterOf('10002');
      const bad = ['dlrnum,email,first_name,last_name,role', ...rows, '10002,new.hire@dealer.example.com,New,Hire,staff', '10002,not-an-email,Bad,Row,staff', '99999,x@dealer.example.com,No,Store,staff'].join('\n');
      const dry = await call('POST', `${ADMIN_PATHS.import}?kind=rosters&dryRun=true`, bad, csv);
      expect(dry.statusCode, dry.body).toBe(200);
      const result = importResultSchema.parse(body(dry).data);
      expect(result).toMatchObject({ ok: false, dryRun: true, committed: false });
      expect(result.problems.map((p) => p.line)).toEqual(expect.arrayContaining([rows.length + 3, rows.length + 4]));
      expect(result.problems[0]).toMatchObject({ file: 'rosters.csv' });

      const before = await auditCount();
      const commitBad = importResultSchema.parse(body(await call('POST', `${ADMIN_PATHS.import}?kind=rosters&dryRun=false`, bad, csv)).data);
      expect(commitBad).toMatchObject({ ok: false, committed: false });
      expect(await t.database.db.select().from(people).where(eq(people.email, 'new.hire@dealer.example.com'))).toHaveLength(0);
      expect(await auditCount()).toBe(before + 1);

      const good = ['dlrnum,email,first_name,last_name,role', ...rows, '10002,new.hire@dealer.example.com,New,Hire,staff'].join('\n');
      const checked = importResultSchema.parse(body(await call('POST', `${ADMIN_PATHS.import}?kind=rosters`, good, csv)).data);
      expect(checked).toMatchObject({ ok: true, dryRun: true, committed: false });
      expect(checked.counts?.people).toMatchObject({ inserted: 1 });
      expect(await t.database.db.select().from(people).where(eq(people.email, 'new.hire@dealer.example.com'))).toHaveLength(0);
      const committed = importResultSchema.parse(body(await call('POST', `${ADMIN_PATHS.import}?kind=rosters&dryRun=false`, good, csv)).data);
      expect(committed).toMatchObject({ ok: true, dryRun: false, committed: true });
      expect(await t.database.db.select().from(people).where(eq(people.email, 'new.hire@dealer.example.com'))).toHaveLength(1);
      const [row] = await auditOf('admin-import');
      expect(row).toMatchObject({ organizerId, success: true, detail: { kind: 'rosters' } });
    });

    it('lets a demo import keep weak codes, as the CLI does, and refuses them outside demo mode', async () => {
      const weak = 'event,code,label,reg_type,attendee_type,person_category\nnbc,EXPO29,Short,EXP,expo,expo\n';
      for (const [demoData, ok] of [['true', true], ['false', false]] as const) {
        const other = await buildTestApp({ database: t.database, env: { DEMO_DATA: demoData } });
        try {
          const session = await other.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: 'admin@corp.example.com', password: 'Organizer-Demo-2027' } });
          const token = (session.json() as { data: { accessToken: string } }).data.accessToken;
          const res = await other.app.inject({ method: 'POST', url: `${ADMIN_PATHS.import}?kind=access-codes&dryRun=true`, payload: weak, headers: { ...bearer(token), 'content-type': 'text/csv' } });
          expect(res.statusCode, res.body).toBe(200);
          expect(importResultSchema.parse(body(res).data).ok, `DEMO_DATA=${demoData}`).toBe(ok);
        } finally {
          await other.close();
        }
      }
    });

    it('takes each kind of file, and refuses a bad request with 400', async () => {
      const codes = importResultSchema.parse(
        body(await call('POST', `${ADMIN_PATHS.import}?kind=access-codes`, 'event,code,label,reg_type,attendee_type,person_category\nnbc,Imported-Code-77x,Imported,EXP,expo,expo\n', csv)).data,
      );
      expect(codes).toMatchObject({ ok: true, counts: { accessCodes: { inserted: 1 } } });
      const users = importResultSchema.parse(body(await call('POST', `${ADMIN_PATHS.import}?kind=report-users`, 'email,name\nnew.reader@corp.example.com,New Reader\n', csv)).data);
      expect(users).toMatchObject({ ok: true, counts: { reportUsers: { inserted: 1 } } });
      const network = importResultSchema.parse(body(await call('POST', `${ADMIN_PATHS.import}?kind=network`, 'region_code\n010\n', csv)).data);
      expect(network.ok).toBe(false);

      expect((await call('POST', `${ADMIN_PATHS.import}?kind=people`, 'a,b\n', csv)).statusCode).toBe(400);
      expect((await call('POST', `${ADMIN_PATHS.import}?dryRun=true`, 'a,b\n', csv)).statusCode).toBe(400);
      expect((await call('POST', `${ADMIN_PATHS.import}?kind=rosters&dryRun=maybe`, 'a,b\n', csv)).statusCode).toBe(400);
      expect((await call('POST', `${ADMIN_PATHS.import}?kind=rosters`, { csv: 'a,b' })).statusCode).toBe(400);
      expect((await call('POST', `${ADMIN_PATHS.import}?kind=rosters`, '', csv)).statusCode).toBe(400);
      // Far above the JSON limit, within the import's.
      const big = importResultSchema.parse(body(await call('POST', `${ADMIN_PATHS.import}?kind=report-users`, `email,name\n${'x'.repeat(200_000)}@corp.example.com,Long\n`, csv)).data);
      expect(big.ok).toBe(false);
    });
  });

  describe('audit log', () => {
    it('filters by actor, action and time, newest first, paged', async () => {
      const res = await call('GET', `${ADMIN_PATHS.audit}?actor=${encodeURIComponent(DEMO_ORGANIZER.email.toUpperCase())}&pageSize=5`);
      expect(res.statusCode).toBe(200);
      const data = pagedSchema(auditEntrySchema).parse(body(res).data);
      expect(data.rows).toHaveLength(5);
      expect(data.total).toBeGreaterThan(5);
      expect(data.rows.every((r) => r.actorEmail === DEMO_ORGANIZER.email)).toBe(true);
      const ats = data.rows.map((r) => r.at);
      expect(ats).toEqual([...ats].sort().reverse());

      const cancels = pagedSchema(auditEntrySchema).parse(body(await call('GET', `${ADMIN_PATHS.audit}?action=admin-registration-cancel`)).data);
      expect(cancels.total).toBeGreaterThan(0);
      expect(cancels.rows.every((r) => r.action === 'admin-registration-cancel' && r.organizerId === organizerId)).toBe(true);
      const future = pagedSchema(auditEntrySchema).parse(body(await call('GET', `${ADMIN_PATHS.audit}?from=2099-01-01T00:00:00Z`)).data);
      expect(future.total).toBe(0);
      const past = pagedSchema(auditEntrySchema).parse(body(await call('GET', `${ADMIN_PATHS.audit}?to=2000-01-01T00:00:00Z`)).data);
      expect(past.total).toBe(0);
      for (const query of ['from=yesterday', 'pageSize=500', 'event=xyz']) {
        expect((await call('GET', `${ADMIN_PATHS.audit}?${query}`)).statusCode, query).toBe(400);
      }
    });
  });
});
