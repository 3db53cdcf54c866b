/**
 * A code never lends someone else's identity, the answer never tells
 * whether an e-mail is known, and failure budgets hold under concurrency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import { buildTestApp, DEMO, login, loginAs, testConfig, withTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { LOGIN_FAILED_MESSAGE } from './auth.service.ts';

const REFUSED = { succeeded: false, message: LOGIN_FAILED_MESSAGE, data: null };

describe('identity bound to the code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ stores: 20 });
  });
  afterAll(() => t.close());

  it("refuses an expo code typed with a store manager's e-mail, without naming the manager", async () => {
    const res = await login(t.app, { userName: DEMO.em, password: 'EXPO27' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(REFUSED);
    expect(res.body).not.toMatch(/Morgan/);
    // The manager is untouched and still logs in with the dealer code.
    const [person] = await t.database.db.select().from(schema.people).where(eq(schema.people.email, DEMO.em));
    expect(person).toMatchObject({ firstName: 'Pat', lastName: 'Morgan', category: 'dealer_staff' });
    expect((await loginAs(t.app, DEMO.em, 'DEALER27')).user.lastName).toBe('Morgan');
  });

  it('refuses any code whose category does not fit the existing person', async () => {
    for (const [email, code] of [
      [DEMO.corporate, 'FIELD27'],
      [DEMO.field, 'CORP27'],
      [DEMO.gm, 'VENDOR27'],
      [DEMO.corporate, 'SBR27'],
    ] as const) {
      expect((await login(t.app, { userName: email, password: code })).json(), `${email} ${code}`).toEqual(REFUSED);
    }
    const abc = await login(t.app, { userName: DEMO.em, password: 'ABC27', eventType: 'abc', firstName: 'Pat', lastName: 'Morgan' });
    expect(abc.json()).toEqual(REFUSED);
  });

  it('answers the same for a known and an unknown e-mail', async () => {
    const answers = await Promise.all(
      [
        { userName: DEMO.em, password: 'WRONG-CODE' },
        { userName: 'nobody.known@nowhere.example.com', password: 'WRONG-CODE' },
        { userName: DEMO.em, password: 'EXPO27' },
        { userName: 'nobody.known@nowhere.example.com', password: 'DEALER27' },
      ].map((body) => login(t.app, body)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(answers[0]!.body);
    }
  });
});

describe('failure budgets that hold under concurrency', () => {
  const limiters = [
    ['in memory', {}],
    ['in Redis', { REDIS_URL: 'redis://127.0.0.1:6379' }],
  ] as const;

  it.each(limiters)('lets at most the limit of 300 parallel wrong logins for one e-mail through (%s)', async (_name, extra) => {
    await withTestApp({ stores: 5, env: { ...extra, LOGIN_FAILURES_PER_EMAIL_HOUR: '100', LOGIN_FAILURES_PER_IP_HOUR: '100000' } }, async (t) => {
      const email = `parallel.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
      const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => login(t.app, { userName: email, password: `WRONG${i}` })));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(200);
    });
  });

  it('gives a successful login its count back: many good logins never lock the account', async () => {
    await withTestApp({ stores: 5, env: { LOGIN_FAILURES_PER_EMAIL_HOUR: '3', LOGIN_FAILURES_PER_CODE_HOUR: '3' } }, async (t) => {
      for (let i = 0; i < 10; i++) await loginAs(t.app, DEMO.corporate, 'CORP27');
      expect((await login(t.app, { userName: DEMO.corporate, password: 'WRONG' })).json()).toEqual(REFUSED);
    });
  });

  it('limits failures per access code and event, so a shared code cannot be tried with ever-new e-mails', async () => {
    await withTestApp({ stores: 5, env: { LOGIN_FAILURES_PER_CODE_HOUR: '5' } }, async (t) => {
      for (let i = 0; i < 5; i++) {
        expect((await login(t.app, { userName: `guess${i}@elsewhere.example.com`, password: 'DEALER27' })).json()).toEqual(REFUSED);
      }
      const blocked = await login(t.app, { userName: 'guess-next@elsewhere.example.com', password: 'DEALER27' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The budget is the code's: another code of the event still works.
      expect((await login(t.app, { userName: DEMO.gm, password: 'RETAIL27' })).json().succeeded).toBe(true);
    });
  });

  it('limits failures of the report login as a whole', async () => {
    await withTestApp({ stores: 5, env: { LOGIN_FAILURES_PER_REPORT_HOUR: '3' } }, async (t) => {
      for (let i = 0; i < 3; i++) {
        expect((await login(t.app, { userName: `guess${i}@corp.example.com`, password: `REPORTS${i}`, IsReporting: true })).json()).toEqual(REFUSED);
      }
      expect((await login(t.app, { userName: 'guess-next@corp.example.com', password: 'REPORTS99', IsReporting: true })).statusCode).toBe(429);
    });
  });
});

describe('proxy trust', () => {
  const wrong = (t: TestApp, i: number, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/User/ProcessLogin',
      remoteAddress,
      headers,
      payload: { userName: `spoof${i}@example.com`, password: 'WRONG', eventType: 'nbc', IsReporting: false },
    });

  it('takes a hop count: a client-written X-Forwarded-For entry never picks the rate-limit bucket', async () => {
    for (const value of ['1', 'true']) {
      await withTestApp({ stores: 5, env: { TRUST_PROXY: value, LOGIN_FAILURES_PER_IP_HOUR: '3' } }, async (t) => {
        // The load balancer appends the address it saw; the client forges the entries before it.
        const statuses = [];
        for (let i = 0; i < 5; i++) statuses.push((await wrong(t, i, { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` })).statusCode);
        expect(statuses, value).toEqual([200, 200, 200, 429, 429]);
        // Another client behind the same balancer has its own bucket.
        expect((await wrong(t, 9, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
      });
    }
  });

  it('takes a list of proxy ranges, and ignores X-Forwarded-For from anyone else', async () => {
    await withTestApp({ stores: 5, env: { TRUST_PROXY: '10.0.0.0/8, fd00::/8', LOGIN_FAILURES_PER_IP_HOUR: '2' } }, async (t) => {
      const viaProxy = [];
      for (let i = 0; i < 3; i++) viaProxy.push((await wrong(t, i, { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` }, '10.1.2.3')).statusCode);
      expect(viaProxy).toEqual([200, 200, 429]);
      const direct = [];
      for (let i = 0; i < 3; i++) direct.push((await wrong(t, i, { 'x-forwarded-for': `203.0.113.${50 + i}` }, '192.0.2.10')).statusCode);
      expect(direct).toEqual([200, 200, 429]);
    });
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor address ranges', () => {
    expect(() => testConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => testConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(testConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

/**
 * A budget shared by every address (per code, per e-mail) stops guessing without
 * stopping the people whose e-mail fits the code, from their own address.
 */
describe('failure budgets that no stranger can spend for the rightful user', () => {
  const from = (t: TestApp, remoteAddress: string, userName: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/User/ProcessLogin', remoteAddress, payload: { userName, password, eventType: 'nbc', IsReporting: false } });

  it('lets the roster dealer in with DEALER27 after 1,500 misfitting logins with it, and stops the guessers', async () => {
    // The defaults: 500 failures per code (shared), 100 per code and address (hard).
    await withTestApp({ stores: 5 }, async (t) => {
      const statuses: number[] = [];
      for (let a = 0; a < 15; a++) {
        const batch = Array.from({ length: 100 }, (_, i) => from(t, `198.51.100.${a + 1}`, `guess.${a}.${i}@elsewhere.example.com`, 'DEALER27'));
        for (const res of await Promise.all(batch)) statuses.push(res.statusCode);
      }
      // Five addresses spend the code's budget; the ten after them have one checked guess each.
      expect(statuses.filter((s) => s === 200)).toHaveLength(500 + 10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1500 - 510);
      // The rightful dealer, from an address of their own: in.
      const pat = await from(t, '203.0.113.200', DEMO.em, 'DEALER27');
      expect(pat.statusCode).toBe(200);
      expect(pat.json()).toMatchObject({ succeeded: true, data: { user: { email: DEMO.em } } });
      // A guesser's address is refused, even with an e-mail that fits; a new one gets one check, then 429.
      expect((await from(t, '198.51.100.15', DEMO.gm, 'DEALER27')).statusCode).toBe(429);
      expect((await from(t, '198.51.100.99', 'fresh.guess@elsewhere.example.com', 'DEALER27')).json()).toEqual(REFUSED);
      const next = await from(t, '198.51.100.99', 'fresh.guess2@elsewhere.example.com', 'DEALER27');
      expect(next.statusCode).toBe(429);
      expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  it("lets a person in after strangers spent their e-mail's budget with wrong codes from many addresses", async () => {
    await withTestApp({ stores: 5, env: { LOGIN_FAILURES_PER_EMAIL_HOUR: '5' } }, async (t) => {
      for (let a = 0; a < 10; a++) expect((await from(t, `198.51.100.${a + 1}`, DEMO.em, `WRONG${a}`)).json()).toEqual(REFUSED);
      expect((await from(t, '203.0.113.200', DEMO.em, 'DEALER27')).json().succeeded).toBe(true);
      // From one address the e-mail's limit is hard.
      for (let i = 0; i < 5; i++) expect((await from(t, '198.51.100.50', DEMO.gm, `WRONG${i}`)).statusCode).toBe(200);
      expect((await from(t, '198.51.100.50', DEMO.gm, 'DEALER27')).statusCode).toBe(429);
    });
  });
});
