import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContentBundle } from '@portal/content-service';
import { eq, sql } from 'drizzle-orm';
import { loginDataSchema, type LoginData } from '@portal/contracts';
import { openDatabase, rowsOf, schema } from '@portal/db';
import { isPostgresRun } from '@portal/db/testing';
import { hashAccessCode } from '../../lib/access-code.ts';
import { bearer, buildTestApp, DEMO, login, loginAs, withTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { prepareLoginContext } from './auth.queries.ts';

const PROTECTED = '/api/Report/GetAllRegions';
const CONTENT_ROOT = fileURLToPath(new URL('../../../../../content', import.meta.url));
const NBC_ENVIRONMENT = '3f1c9a52-6d0e-4b7a-9c55-2a8e1b7d4e01';

describe('login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('logs the executive manager in as a dealer with the store managers and the general policy', async () => {
    const data = await loginAs(t.app, DEMO.em, 'DEALER27');
    expect(loginDataSchema.parse(data)).toEqual(data);
    expect(data.dealerInfo).toMatchObject({ isDealer: true, executiveManager: 'Pat Morgan', generalManager: 'Jordan Lee', storeCode: '10001', storeName: 'Morgan Motors' });
    expect(data.authorizationPolicy).toEqual(['general']);
    expect(data.regType).toBe('DLR');
    expect(data.programInfo.isVirtual).toBe(true);
    expect(data.contentGroups).toEqual({ agenda: 'dealer', conference: 'general', faq: 'general' });
    expect(data.user).toEqual({ email: DEMO.em, firstName: 'Pat', lastName: 'Morgan' });
    expect(Date.parse(data.expiresAt) - Date.now()).toBeGreaterThan(7.9 * 3600_000);
  });

  it('logs dealer staff and the second retailer code in with the dealer agenda', async () => {
    const staff = await loginAs(t.app, DEMO.gm, 'DEALER27');
    expect(staff.dealerInfo?.isDealer).toBe(true);
    const retail = await loginAs(t.app, DEMO.gm, 'RETAIL27');
    expect(retail.contentGroups.agenda).toBe('dealer');
    expect(retail.authorizationPolicy).toEqual(['general']);
  });

  it('matches access codes case-insensitively and ignores surrounding blanks in the e-mail', async () => {
    const data = await loginAs(t.app, ` ${DEMO.em.toUpperCase()} `, 'dealer27');
    expect(data.user.email).toBe(DEMO.em);
  });

  const travellers: Array<[code: string, regType: string, policies: string[], groups: LoginData['contentGroups']]> = [
    ['EXPO27', 'EXP', ['expo'], { agenda: 'general', conference: 'general', faq: 'general' }],
    ['SBR27', 'SBR', ['general'], { agenda: 'general', conference: 'corporatesub', faq: 'corporate' }],
    ['PARTNER27', 'PTR', ['general'], { agenda: 'general', conference: 'corporatesub', faq: 'corporate' }],
    ['INDDIST27', 'IDST', ['general'], { agenda: 'general', conference: 'inddist', faq: 'corporate' }],
    ['VENDOR27', 'VND', ['general'], { agenda: 'general', conference: 'vendordistributor', faq: 'corporate' }],
    ['DIST27', 'DIST', ['general'], { agenda: 'general', conference: 'vendordistributor', faq: 'corporate' }],
  ];
  it.each(travellers)('admits any e-mail with %s and resolves its policies and content groups from data', async (code, regType, policies, groups) => {
    const email = `new.${code.toLowerCase()}@traveller.example.org`;
    const data = await loginAs(t.app, email, code);
    expect(data.regType).toBe(regType);
    expect(data.authorizationPolicy).toEqual(policies);
    expect(data.contentGroups).toEqual(groups);
    expect(data.dealerInfo?.isDealer).toBe(false);
    const [person] = await t.database.db.select().from(schema.people).where(eq(schema.people.email, email));
    expect(person).toBeDefined();
  });

  it('logs the field and corporate users in with their policies', async () => {
    const field = await loginAs(t.app, DEMO.field, 'FIELD27');
    expect(field.authorizationPolicy).toEqual(['field']);
    expect(field.regType).toBe('FLD');
    const corp = await loginAs(t.app, DEMO.corporate, 'CORP27');
    expect(corp.authorizationPolicy).toEqual(['corporate']);
    expect(corp.contentGroups).toEqual({ agenda: 'general', conference: 'corporatesub', faq: 'corporate' });
  });

  it('answers logins that arrive together (one lookup) each with its own person, code and event', async () => {
    const [em, gm, field, wrong, expo, abc] = await Promise.all([
      login(t.app, { userName: DEMO.em, password: 'DEALER27' }),
      login(t.app, { userName: DEMO.gm, password: 'dealer27' }),
      login(t.app, { userName: DEMO.field, password: 'FIELD27' }),
      login(t.app, { userName: DEMO.corporate, password: 'FIELD28' }),
      login(t.app, { userName: 'together.expo@traveller.example.org', password: 'EXPO27' }),
      login(t.app, { userName: 'together.abc@guest.example.org', password: 'ABC27', eventType: 'abc', firstName: 'Ada', lastName: 'Guest' }),
    ]);
    const data = (res: typeof em) => (res.json() as { data: LoginData }).data;
    expect(data(em).dealerInfo).toMatchObject({ isDealer: true, storeCode: '10001', executiveManager: 'Pat Morgan' });
    expect(data(em).user.email).toBe(DEMO.em);
    expect(data(gm).user).toEqual({ email: DEMO.gm, firstName: 'Jordan', lastName: 'Lee' });
    expect(data(field).authorizationPolicy).toEqual(['field']);
    expect(wrong.json()).toMatchObject({ succeeded: false, data: null });
    expect(data(expo).regType).toBe('EXP');
    expect(data(abc)).toMatchObject({ eventType: 'abc', user: { firstName: 'Ada', lastName: 'Guest' } });
  });

  it('looks up keys of one batch without mixing them up, and an e-mail the database cannot hold as no person', async () => {
    const find = prepareLoginContext(t.database.db);
    const code = (text: string) => hashAccessCode(text, t.config.codeHashKey);
    const [em, field, unknownCode, newcomer, nul, abc] = await Promise.all([
      find({ eventId: 'nbc', codeHash: code('DEALER27'), email: DEMO.em }),
      find({ eventId: 'nbc', codeHash: code('FIELD27'), email: DEMO.field }),
      find({ eventId: 'nbc', codeHash: code('NOPE27'), email: DEMO.em }),
      find({ eventId: 'nbc', codeHash: code('EXPO27'), email: "o'brien\\\"x@new.example.org" }),
      find({ eventId: 'nbc', codeHash: code('EXPO27'), email: 'a\u0000b@x.io' }),
      find({ eventId: 'abc', codeHash: code('DEALER27'), email: DEMO.em }),
    ]);
    expect(em).toMatchObject({ code: { regType: 'DLR' }, storeCode: '10001', firstName: 'Pat' });
    expect(field).toMatchObject({ code: { regType: 'FLD' }, storeCode: null });
    expect(field?.personId).not.toBeNull();
    expect(unknownCode).toBeUndefined();
    expect(newcomer).toMatchObject({ code: { regType: 'EXP' }, personId: null });
    expect(nul).toMatchObject({ code: { regType: 'EXP' }, personId: null });
    expect(abc).toBeUndefined();
  });

  it('refuses a wrong code as a failed login, not an HTTP error', async () => {
    const res = await login(t.app, { userName: DEMO.em, password: 'DEALER28' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ succeeded: false, message: expect.any(String), data: null });
  });

  it('admits dealer codes only for e-mails on a store roster', async () => {
    for (const code of ['DEALER27', 'RETAIL27']) {
      const res = await login(t.app, { userName: 'stranger@elsewhere.example.com', password: code });
      expect(res.json()).toMatchObject({ succeeded: false, data: null });
    }
  });

  it('keeps the events apart: an nbc code does not open abc', async () => {
    const res = await login(t.app, { userName: DEMO.em, password: 'DEALER27', eventType: 'abc', firstName: 'Pat', lastName: 'Morgan' });
    expect(res.json()).toMatchObject({ succeeded: false });
  });

  it('requires first and last name for abc', async () => {
    const res = await login(t.app, { userName: 'guest@abc.example.com', password: 'ABC27', eventType: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['firstName', 'lastName']);
    const data = await loginAs(t.app, 'guest@abc.example.com', 'abc27', { eventType: 'abc', firstName: 'Casey', lastName: 'Nguyen' });
    expect(data.eventType).toBe('abc');
    expect(data.user).toMatchObject({ firstName: 'Casey', lastName: 'Nguyen' });
    expect(data.programInfo.isVirtual).toBe(false);
  });

  it('logs the report user in with the reporting policy and checks domain and code', async () => {
    const data = await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true });
    expect(data.authorizationPolicy).toEqual(['reporting']);
    expect(data.regType).toBe('RPT');
    expect(data.dealerInfo).toBeNull();
    for (const [userName, password] of [
      ['reports@other.example.com', 'REPORTS27'],
      ['reports@corp.example.com.evil.com', 'REPORTS27'],
      [DEMO.reports, 'reports27'],
      [DEMO.reports, 'CORP27'],
    ] as const) {
      const res = await login(t.app, { userName, password, IsReporting: true });
      expect(res.json(), `${userName}/${password}`).toMatchObject({ succeeded: false, data: null });
    }
    const [user] = await t.database.db.select().from(schema.reportUsers).where(eq(schema.reportUsers.email, DEMO.reports));
    expect(user?.loginCount).toBe(1);
    expect(data.reportScope).toEqual({ level: 'network', code: null });
  });

  it('audits every attempt, successful or not', async () => {
    await t.app.auditLog.flush();
    const before = await t.database.db.select().from(schema.auditLog);
    await login(t.app, { userName: 'audit.me@example.com', password: 'NOPE' });
    await loginAs(t.app, 'audit.me@example.com', 'EXPO27');
    await t.app.auditLog.flush();
    const rows = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.actorEmail, 'audit.me@example.com'));
    expect(rows.map((r) => r.success).sort()).toEqual([false, true]);
    expect(rows.every((r) => r.ip && r.action === 'login')).toBe(true);
    expect((await t.database.db.select().from(schema.auditLog)).length).toBe(before.length + 2);
  });

  it('never stores an access code in clear text', async () => {
    const rows = await t.database.db.select({ codeHash: schema.accessCodes.codeHash, label: schema.accessCodes.label }).from(schema.accessCodes);
    expect(rows.length).toBeGreaterThanOrEqual(11);
    const codes = ['DEALER27', 'RETAIL27', 'EXPO27', 'FIELD27', 'CORP27', 'SBR27', 'PARTNER27', 'INDDIST27', 'VENDOR27', 'DIST27', 'ABC27'];
    for (const row of rows) {
      expect(codes).not.toContain(row.codeHash.toUpperCase());
      expect(row.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });
});

describe('bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ stores: 20 });
  });
  afterAll(() => t.close());

  const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.app.inject({ method: 'POST', url: '/User/ProcessLogin', payload, headers });

  it('answers malformed JSON with 400 and the envelope', async () => {
    const res = await post('{"userName": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ succeeded: false, data: null, message: 'Malformed JSON body' });
  });

  it.each([
    ['wrong types', { userName: 42, password: true }],
    ['missing fields', { eventType: 'nbc' }],
    ['not an e-mail', { userName: 'pat.morgan', password: 'DEALER27' }],
    ['unknown event', { userName: DEMO.em, password: 'DEALER27', eventType: 'xyz' }],
    ['first name over 30', { userName: DEMO.em, password: 'DEALER27', firstName: 'x'.repeat(31) }],
    ['last name over 50', { userName: DEMO.em, password: 'DEALER27', lastName: 'x'.repeat(51) }],
    ['IsReporting not a boolean', { userName: DEMO.em, password: 'DEALER27', IsReporting: 'yes' }],
    ['an array body', [1, 2, 3]],
    ['null body', null],
  ])('answers %s with 400 and field errors', async (_name, body) => {
    const res = await post(JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ succeeded: false, data: null });
    expect(typeof json.message).toBe('string');
  });

  it('answers an oversize body with 413', async () => {
    const res = await post(JSON.stringify({ userName: DEMO.em, password: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ succeeded: false, data: null });
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await post('userName=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ succeeded: false });
  });

  it('answers unknown API routes with 404 and the envelope', async () => {
    for (const url of ['/api/Nope', '/User/Nope', '/api/Report/Nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ succeeded: false, data: null });
    }
  });

  it('never answers 500 to random bodies', async () => {
    const samples: unknown[] = [
      {}, '', 'null', { userName: {} }, { userName: [], password: [] }, { userName: DEMO.em, password: '\u0000' },
      { userName: `${'a'.repeat(250)}@x.io`, password: 'x' }, { userName: "' or 1=1 --@x.io", password: "' or '1'='1" },
      { userName: DEMO.em, password: 'DEALER27', eventType: null }, { __proto__: { admin: true }, userName: DEMO.em, password: 'x' },
      { userName: 'a\u0000b@x.io', password: 'EXPO27' }, { userName: '\ud800x@x.io', password: 'EXPO27' }, { userName: 'a@x.io\u0000', password: 'DEALER27' },
    ];
    for (const body of samples) {
      const res = await post(typeof body === 'string' ? body : JSON.stringify(body));
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});

describe('tokens', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await buildTestApp({ stores: 20, now: () => clock });
  });
  afterAll(() => t.close());

  it('refuses protected routes without a token, with a malformed one, or a forged one', async () => {
    for (const headers of [{}, bearer('not-a-jwt'), bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'), { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: PROTECTED, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ succeeded: false, data: null });
    }
  });

  it('revokes the token at logout and stays idempotent', async () => {
    const { accessToken } = await loginAs(t.app, DEMO.corporate, 'CORP27');
    expect((await t.app.inject({ method: 'GET', url: PROTECTED, headers: bearer(accessToken) })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/User/ProcessLogout', headers: bearer(accessToken) });
    expect(out.json()).toEqual({ succeeded: true, message: null, data: null });
    expect((await t.app.inject({ method: 'GET', url: PROTECTED, headers: bearer(accessToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/User/ProcessLogout', headers: bearer(accessToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/User/ProcessLogout' })).statusCode).toBe(200);
  });

  it('a revoked token gets 401 from the content service too, so the web app ends the session', async () => {
    await importContentBundle(t.database.db, CONTENT_ROOT);
    const header = `/content/${NBC_ENVIRONMENT}/items?system.type=header_layout_detail&depth=2`;
    const { accessToken } = await loginAs(t.app, DEMO.corporate, 'CORP27');
    const live = await t.app.inject({ method: 'GET', url: header, headers: bearer(accessToken) });
    expect(live.statusCode).toBe(200);
    expect(live.json().items).toHaveLength(1);
    await t.app.inject({ method: 'POST', url: '/User/ProcessLogout', headers: bearer(accessToken) });
    const revoked = await t.app.inject({ method: 'GET', url: header, headers: bearer(accessToken) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ error_code: 401, message: expect.stringMatching(/ended/) });
    const anonymous = await t.app.inject({ method: 'GET', url: header });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().items).toEqual([]);
  });

  it('expires tokens after eight hours', async () => {
    const { accessToken } = await loginAs(t.app, DEMO.corporate, 'CORP27');
    clock += 8 * 3600_000 - 60_000;
    expect((await t.app.inject({ method: 'GET', url: PROTECTED, headers: bearer(accessToken) })).statusCode).toBe(200);
    clock += 2 * 60_000;
    const res = await t.app.inject({ method: 'GET', url: PROTECTED, headers: bearer(accessToken) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/i);
  });

  it('refuses a token signed with another key', async () => {
    const other = await buildTestApp({ stores: 5, env: { JWT_SECRET: 'another-secret-0123456789abcdefghijklmn' } });
    try {
      const { accessToken } = await loginAs(other.app, DEMO.corporate, 'CORP27');
      expect((await t.app.inject({ method: 'GET', url: PROTECTED, headers: bearer(accessToken) })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('rate limiting of failed logins', () => {
  it('limits failures per e-mail, then refuses even the right code with 429 and Retry-After', async () => {
    await withTestApp({ stores: 5, env: { LOGIN_FAILURES_PER_EMAIL_HOUR: '3' } }, async (t) => {
      for (let i = 0; i < 3; i++) expect((await login(t.app, { userName: DEMO.corporate, password: `WRONG${i}` })).json().succeeded).toBe(false);
      const blocked = await login(t.app, { userName: DEMO.corporate, password: 'CORP27' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json()).toMatchObject({ succeeded: false, data: null });
      // Another account from the same address is not affected.
      expect((await login(t.app, { userName: DEMO.field, password: 'FIELD27' })).json().succeeded).toBe(true);
    });
  });

  it('limits failures per client address across e-mails', async () => {
    await withTestApp({ stores: 5, env: { LOGIN_FAILURES_PER_IP_HOUR: '4' } }, async (t) => {
      // inject() always comes from 127.0.0.1: four e-mails, one address.
      for (let i = 0; i < 4; i++) await login(t.app, { userName: `u${i}@example.com`, password: 'WRONG' });
      expect((await login(t.app, { userName: DEMO.field, password: 'FIELD27' })).statusCode).toBe(429);
    });
  });

  it('shares the counts between instances through Redis', async () => {
    const prefix = `t${Date.now()}${Math.random().toString(36).slice(2)}`;
    const env = { LOGIN_FAILURES_PER_EMAIL_HOUR: '2', REDIS_URL: 'redis://127.0.0.1:6379' };
    const a = await buildTestApp({ stores: 5, env });
    const b = await buildTestApp({ stores: 5, env });
    try {
      const email = `${prefix}@example.com`;
      await login(a.app, { userName: email, password: 'WRONG' });
      await login(b.app, { userName: email, password: 'WRONG' });
      expect((await login(a.app, { userName: email, password: 'EXPO27' })).statusCode).toBe(429);
      expect((await login(b.app, { userName: email, password: 'EXPO27' })).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('two instances on one database', () => {
  it('refuses on one instance a token revoked on the other', async () => {
    const first = await buildTestApp({ stores: 10 });
    // A second instance with its own connection pool (its own PGlite handle is not possible: one
    // PGlite database has one owner, so on PGlite both instances share the database object).
    const secondDatabase = isPostgresRun() ? await reopen(first) : first.database;
    const second = await buildTestApp({ database: secondDatabase });
    try {
      const { accessToken } = await loginAs(first.app, DEMO.corporate, 'CORP27');
      expect((await second.app.inject({ method: 'GET', url: PROTECTED, headers: bearer(accessToken) })).statusCode).toBe(200);
      await first.app.inject({ method: 'POST', url: '/User/ProcessLogout', headers: bearer(accessToken) });
      expect((await second.app.inject({ method: 'GET', url: PROTECTED, headers: bearer(accessToken) })).statusCode).toBe(401);
    } finally {
      await second.close();
      if (secondDatabase !== first.database) await secondDatabase.close();
      await first.close();
    }
  });
});

/** A second connection pool on the same PostgreSQL test database. */
async function reopen(t: TestApp) {
  const [row] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return openDatabase({ url: url.toString(), poolSize: 3 });
}
