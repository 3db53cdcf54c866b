/**
 * Company sign-in against a real OpenID provider (oidc-provider 8) on loopback over https with a
 * certificate the test makes and the portal trusts through OIDC_CA_FILE; openid-client is not mocked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { bearer, buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { startTestProvider, type TestProvider } from '../../testing/oidc-provider.ts';

const PUBLIC_URL = 'http://portal.test';
const REDIRECT = `${PUBLIC_URL}/auth/oidc/callback`;

describe('company sign-in (OpenID Connect)', () => {
  let provider: TestProvider;
  let t: TestApp;
  let zone: { code: string; region: string };

  beforeAll(async () => {
    provider = await startTestProvider(REDIRECT, {
      olga: { email: 'olga.organizer@corp.example.com', name: 'Olga Organizer', groups: ['portal-organizers', 'staff'] },
      rita: { email: 'rita.reports@corp.example.com', name: 'Rita Reports', groups: ['portal-reports'], portal_scope: 'network' },
      zeno: { email: 'zeno.zone@corp.example.com', name: 'Zeno Zone', groups: ['portal-field'], portal_scope: 'zone:PLACEHOLDER' },
      nora: { email: 'nora.norole@corp.example.com', name: 'Nora Norole', groups: ['staff'] },
      cora: { email: 'cora.corporate@corp.example.com', name: 'Cora Corporate', groups: ['portal-corporate'], portal_scope: 'network' },
      una: { email: 'una.unverified@corp.example.com', name: 'Una Unverified', groups: ['portal-organizers', 'portal-field'], portal_scope: 'network', email_verified: false },
    });
    t = await buildTestApp({
      env: {
        PUBLIC_URL,
        ...provider.env,
      },
    });
    zone = rowsOf<{ code: string; region: string }>(await t.app.db.execute(sql`select code, region_code as region from zones order by code limit 1`))[0]!;
    provider.accounts.get('zeno')!.portal_scope = `zone:${zone.code}`;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** Start -> provider -> the provider's redirect back to the portal, with the flow cookie. */
  async function toCallback(target: string, account: string) {
    const start = await t.app.inject({ method: 'GET', url: `/auth/oidc/start?target=${target}` });
    expect(start.statusCode, start.body).toBe(303);
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(/^portal_oidc=[^;]+; Path=\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax/);
    const authorization = new URL(String(start.headers.location));
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const back = await provider.signIn(authorization.href, account);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    return { back, cookie: setCookie.split(';')[0]! };
  }

  async function callback(back: URL, cookie: string) {
    return t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
  }

  /** A one-time code and the browser cookie the callback bound it to. */
  interface Handover {
    code: string;
    browser: string;
  }

  /** The whole journey (`target` may carry `&event=`): the one-time code from the landing fragment, with the browser's cookie. */
  async function signIn(target: string, account: string): Promise<Handover> {
    const { back, cookie } = await toCallback(target, account);
    const res = await callback(back, cookie);
    expect(res.statusCode, res.body).toBe(303);
    const landing = new URL(String(res.headers.location));
    expect(landing.origin + landing.pathname).toBe(`${PUBLIC_URL}/companySignIn`);
    expect(landing.search).toBe('');
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('target')).toBe(target.split('&')[0]);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const bound = cookies.find((c) => c.startsWith('portal_oidc_browser='));
    expect(bound).toMatch(/^portal_oidc_browser=[A-Za-z0-9_-]{43}; Path=\/auth\/oidc\/session; Max-Age=60; HttpOnly; SameSite=Lax/);
    return { code: fragment.get('code')!, browser: bound!.split(';')[0]! };
  }

  const trade = ({ code, browser }: Handover) => t.app.inject({ method: 'POST', url: '/auth/oidc/session', payload: { code }, headers: { cookie: browser } });

  it('signs an organizer in: an organizer account linked to the subject, audited, with an admin token', async () => {
    const code = await signIn('admin', 'olga');
    const res = await trade(code);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ target: 'admin', authorizationPolicy: ['admin'], organizer: { email: 'olga.organizer@corp.example.com', name: 'Olga Organizer' } });
    const me = await t.app.inject({ method: 'GET', url: '/api/Admin/Me', headers: bearer(data.accessToken) });
    expect(me.statusCode, me.body).toBe(200);
    const links = rowsOf<{ subject: string; email: string }>(
      await t.app.db.execute(sql`select i.subject, o.email from oidc_identities i join organizers o on o.id = i.organizer_id where i.issuer = ${provider.issuer}`),
    );
    expect(links).toEqual([{ subject: 'olga', email: 'olga.organizer@corp.example.com' }]);
    const audited = rowsOf<{ action: string }>(await t.app.db.execute(sql`select action from audit_log where actor_email = 'olga.organizer@corp.example.com' order by id`));
    expect(audited.map((a) => a.action)).toEqual(['organizer-oidc-created', 'oidc-login']);
    // The account has no password: the password sign-in refuses it.
    const password = await t.app.inject({ method: 'POST', url: '/api/Admin/Login', payload: { email: 'olga.organizer@corp.example.com', password: '!oidc-only' } });
    expect(password.json().succeeded).toBe(false);
    // A second sign-in uses the same account.
    expect((await trade(await signIn('admin', 'olga'))).json().data.organizer.id).toBe(data.organizer.id);
  }, 60_000);

  it('gives a zone-scoped report user exactly their zone, read from the provider', async () => {
    const res = await trade(await signIn('reports', 'zeno'));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    // The groups grant field: the field reports (the store drill-down), not only the retailer report.
    expect(data).toMatchObject({ target: 'reports', regType: 'RPT', authorizationPolicy: ['field'], user: { email: 'zeno.zone@corp.example.com', firstName: 'Zeno', lastName: 'Zone' } });
    expect(data.reportScope).toEqual({ level: 'zone', code: zone.code });
    const own = await t.app.inject({ method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Zone', payload: { region: zone.region, zone: zone.code, district: '', select: '' }, headers: bearer(data.accessToken) });
    expect(own.statusCode, own.body).toBe(200);
    const traveller = await t.app.inject({ method: 'GET', url: '/api/Report/GetReportAtendeeCountByType', headers: bearer(data.accessToken) });
    expect(traveller.statusCode).toBe(403);
    const scope = await t.app.inject({ method: 'GET', url: '/api/Report/GetReportScope', headers: bearer(data.accessToken) });
    expect(scope.statusCode, scope.body).toBe(200);
    expect(scope.json().data).toMatchObject({ level: 'zone', zone: zone.code, region: zone.region });
    // Another zone's report is refused.
    const outside = rowsOf<{ code: string }>(await t.app.db.execute(sql`select code from zones where code <> ${zone.code} order by code limit 1`))[0]!;
    const other = await t.app.inject({ method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Zone', payload: { region: '', zone: outside.code, district: '', select: '' }, headers: bearer(data.accessToken) });
    expect(other.statusCode).toBe(403);

    const rita = (await trade(await signIn('reports', 'rita'))).json().data;
    // `reporting` keeps the retailer report only.
    expect(rita.authorizationPolicy).toEqual(['reporting']);
    const ritaStores = await t.app.inject({ method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Zone', payload: { region: zone.region, zone: zone.code, district: '', select: '' }, headers: bearer(rita.accessToken) });
    expect(ritaStores.statusCode).toBe(403);
    const ritaScope = await t.app.inject({ method: 'GET', url: '/api/Report/GetReportScope', headers: bearer(rita.accessToken) });
    expect(ritaScope.json().data).toMatchObject({ level: 'network' });
  }, 60_000);

  it('refuses a person whose groups map to no role: a clear page, no code, no session', async () => {
    const { back, cookie } = await toCallback('reports', 'nora');
    const res = await callback(back, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('does not grant access to the reports');
    expect(res.headers.location).toBeUndefined();
    const codes = rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from oidc_handover_codes`))[0]!;
    const organizerPage = await callback(...(Object.values(await toCallback('admin', 'rita')) as [URL, string]));
    expect(organizerPage.statusCode).toBe(403);
    expect(organizerPage.body).toContain('does not grant access to the organizer console');
    expect(rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from oidc_handover_codes`))[0]!.n).toBe(codes.n);
  }, 60_000);

  it('trades a one-time code once: a replayed code is refused', async () => {
    const code = await signIn('reports', 'rita');
    expect((await trade(code)).statusCode).toBe(200);
    const replay = await trade(code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ succeeded: false, data: null, message: expect.stringContaining('already used') });
    expect((await trade({ code: 'x'.repeat(43), browser: code.browser })).statusCode).toBe(401);
    expect((await trade({ code: 'short', browser: code.browser })).statusCode).toBe(400);
  }, 60_000);

  it('refuses a callback whose state is not the one this browser started with, and one without the flow cookie', async () => {
    const { back, cookie } = await toCallback('admin', 'olga');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    const res = await callback(forged, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('could not be verified');
    expect(res.headers.location).toBeUndefined();
    const noCookie = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.body).toContain('Sign-in expired');
  }, 60_000);

  it('refuses an authorization response that names another issuer (mix-up)', async () => {
    const { back, cookie } = await toCallback('admin', 'olga');
    expect(back.searchParams.get('iss')).toBe(provider.issuer);
    const mixed = new URL(back);
    mixed.searchParams.set('iss', 'https://attacker.example.com');
    const res = await callback(mixed, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  }, 60_000);

  it('reads the groups again at every sign-in: a removed group takes the role away', async () => {
    expect((await trade(await signIn('admin', 'olga'))).statusCode).toBe(200);
    provider.accounts.get('olga')!.groups = ['staff'];
    try {
      const { back, cookie } = await toCallback('admin', 'olga');
      const res = await callback(back, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('does not grant access to the organizer console');
    } finally {
      provider.accounts.get('olga')!.groups = ['portal-organizers', 'staff'];
    }
  }, 60_000);

  it('signs a field person into the event as the Field access code would, with the zone of the scope claim and no code typed', async () => {
    const res = await trade(await signIn('event&event=nbc', 'zeno'));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    // The same session the Field code gives (content variants, tabs, reports) for another e-mail.
    const byCode = (await t.app.inject({ method: 'POST', url: '/User/ProcessLogin', payload: { userName: 'someone.field@corp.example.com', password: 'FIELD27', eventType: 'nbc' } })).json().data;
    for (const key of ['regType', 'eventType', 'authorizationPolicy', 'contentGroups', 'programInfo', 'dealerInfo'] as const) expect(data[key], key).toEqual(byCode[key]);
    expect(data).toMatchObject({ target: 'event', eventType: 'nbc', authorizationPolicy: ['field'], user: { email: 'zeno.zone@corp.example.com', firstName: 'Zeno', lastName: 'Zone' } });
    expect(data.reportScope).toEqual({ level: 'zone', code: zone.code });
    const me = await t.app.inject({ method: 'GET', url: '/api/Report/GetReportScope', headers: bearer(data.accessToken) });
    expect(me.json().data).toMatchObject({ level: 'zone', zone: zone.code });
    const own = await t.app.inject({ method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Zone', payload: { region: zone.region, zone: zone.code, district: '', select: '' }, headers: bearer(data.accessToken) });
    expect(own.statusCode, own.body).toBe(200);
    const outside = rowsOf<{ code: string; region: string }>(await t.app.db.execute(sql`select code, region_code as region from zones where code <> ${zone.code} order by code limit 1`))[0]!;
    const other = await t.app.inject({ method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Zone', payload: { region: outside.region, zone: outside.code, district: '', select: '' }, headers: bearer(data.accessToken) });
    expect(other.statusCode).toBe(403);
    const person = rowsOf<{ category: string; level: string; code: string }>(
      await t.app.db.execute(sql`select category, report_scope_level as level, report_scope_code as code from people where email = 'zeno.zone@corp.example.com'`),
    );
    expect(person).toEqual([{ category: 'field', level: 'zone', code: zone.code }]);
  }, 60_000);

  it('signs a corporate person into the event with the traveller report', async () => {
    const data = (await trade(await signIn('event&event=nbc', 'cora'))).json().data;
    expect(data).toMatchObject({ target: 'event', regType: 'CORP', authorizationPolicy: ['corporate'], contentGroups: { conference: 'corporatesub', faq: 'corporate' } });
    const traveller = await t.app.inject({ method: 'GET', url: '/api/Report/GetReportAtendeeCountByType', headers: bearer(data.accessToken) });
    expect(traveller.statusCode, traveller.body).toBe(200);
  }, 60_000);

  it('refuses the event to a person whose groups map to neither field nor corporate, and needs the event with target=event', async () => {
    const { back, cookie } = await toCallback('event&event=nbc', 'rita');
    const res = await callback(back, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('does not grant field or corporate access to the event');
    expect(res.body).toContain('href="/nbc"');
    expect(res.headers.location).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/auth/oidc/start?target=event' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/auth/oidc/start?target=event&event=xyz' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/auth/oidc/start?target=admin&event=nbc' })).statusCode).toBe(400);
  }, 60_000);

  it('refuses an e-mail the provider does not verify, on every target', async () => {
    for (const target of ['admin', 'reports', 'event&event=nbc']) {
      const { back, cookie } = await toCallback(target, 'una');
      const res = await callback(back, cookie);
      expect(res.statusCode, target).toBe(403);
      expect(res.body).toContain('does not confirm your e-mail address');
      expect(res.headers.location).toBeUndefined();
    }
    const people = rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from people where email = 'una.unverified@corp.example.com'`))[0]!;
    expect(people.n).toBe(0);
  }, 60_000);

  it('trades a code only in the browser the callback answered', async () => {
    const handover = await signIn('event&event=nbc', 'zeno');
    const elsewhere = await t.app.inject({ method: 'POST', url: '/auth/oidc/session', payload: { code: handover.code } });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().message).toContain('another browser');
    const otherBrowser = await trade({ code: handover.code, browser: (await signIn('reports', 'rita')).browser });
    expect(otherBrowser.statusCode).toBe(401);
    // The browser that started it still signs in (a wrong cookie does not spend the code).
    const own = await trade(handover);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['set-cookie']).toMatch(/^portal_oidc_browser=; Path=\/auth\/oidc\/session; Max-Age=0/);
  }, 60_000);

  it('tells the web app that company sign-in is offered', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Config' })).json().data.companySignIn).toBe(true);
  });

  it('takes the target as an enum only (no open redirect)', async () => {
    for (const target of ['https://evil.example.com', '//evil.example.com', 'admin/../../x', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/auth/oidc/start?target=${encodeURIComponent(target)}` });
      expect(res.statusCode, target).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe('company sign-in, not configured', () => {
  it('has no routes', async () => {
    const t = await buildTestApp({ demo: false });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/auth/oidc/start?target=admin' });
      expect(res.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/auth/oidc/session', payload: { code: 'x'.repeat(43) } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/Config' })).json().data).not.toHaveProperty('companySignIn');
    } finally {
      await t.close();
    }
  });
});

describe('company sign-in, provider down', () => {
  it('answers a page that points to the password sign-in, and tries discovery again next time', async () => {
    const t = await buildTestApp({
      demo: false,
      env: { OIDC_ISSUER: 'https://127.0.0.1:9', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret-secret', OIDC_ROLE_CLAIM: 'groups', OIDC_ROLES: 'g=admin' },
    });
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await t.app.inject({ method: 'GET', url: '/auth/oidc/start?target=reports' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('cannot be reached right now');
        expect(res.body).toContain('href="/reportLogin"');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
