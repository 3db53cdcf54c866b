/**
 * Report scope is granted, never assumed (docs/reports.md, "Report scopes"). A field
 * or corporate person without a granted scope, and anyone not on the report-user list, reads no
 * report data; a plus-alias or case variant of an address is that address's person, never a new one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { bearer, buildTestApp, DEMO, login, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { LOGIN_FAILED_MESSAGE } from '../auth/auth.service.ts';
import { NO_REPORT_ACCESS_MESSAGE } from '../report-scope/report-scope.ts';
import { createReportScopeService } from '../report-scope/report-scope.service.ts';

const ZONE_MANAGER = 'zone.manager@corp.example.com';

/** Every route that reads report data, for a field or corporate token. */
const ATTENDEE_ROUTES: Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> = [
  { method: 'POST', url: '/api/Report/GetEnrollments?reportLevel=All', payload: { region: '', zone: '', district: '', select: '' } },
  { method: 'POST', url: '/api/Report/GetStoreData?reportLevel=Region', payload: { region: '010', zone: '', district: '', select: '' } },
  { method: 'GET', url: '/api/Report/GetEnrollmentReportsByType?regCode=ALL&rptType=1' },
  { method: 'GET', url: '/api/Report/GetAllRegions' },
  { method: 'GET', url: '/api/Report/GetAllZonesByRegion?regCode=ALL' },
  { method: 'GET', url: '/api/Report/GetFieldReportData?regCode=ALL&zone=ALL' },
  { method: 'GET', url: '/api/Report/GetReportScope' },
  { method: 'GET', url: '/api/Report/Coverage?event=nbc' },
  { method: 'GET', url: '/api/Report/Timeline?event=nbc' },
  { method: 'GET', url: '/api/Report/EventComparison' },
  { method: 'GET', url: '/api/Report/HierarchyWorkbook?event=nbc' },
];
const CORPORATE_ROUTES = [...ATTENDEE_ROUTES, { method: 'GET' as const, url: '/api/Report/GetReportAtendeeCountByType' }];
const RETAILER = '/api/Report/GetRetailerReport?eventCode=NBC27&reportHeaders=Store%20Code,Email';

describe('report scopes are granted, never assumed', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const peopleWith = async (email: string) =>
    rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from people where email like ${`${email.split('@')[0]}%`}`))[0]!.n;
  const regionsOf = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Report/GetAllRegions', headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.table as Array<{ regCode: string }>).map((r) => r.regCode);
  };

  beforeAll(async () => {
    t = await buildTestApp({ stores: 300 });
  });
  afterAll(() => t?.close());

  it('answers 403 with a clear message on every report route to a field or corporate person without a grant, and tells the web app', async () => {
    const field = await loginAs(t.app, 'new.field@corp.example.com', 'FIELD27');
    const corporate = await loginAs(t.app, 'new.corporate@corp.example.com', 'CORP27');
    expect(field.authorizationPolicy).toEqual(['field']);
    expect(field.reportScope).toBeNull();
    expect(corporate.reportScope).toBeNull();
    for (const [data, routes] of [[field, ATTENDEE_ROUTES], [corporate, CORPORATE_ROUTES]] as const) {
      for (const route of routes) {
        const res = await t.app.inject({ ...route, headers: bearer(data.accessToken) });
        expect(res.statusCode, `${data.user.email} ${route.url}`).toBe(403);
        expect(res.json().message, route.url).toBe(NO_REPORT_ACCESS_MESSAGE);
      }
    }
    // Granted by an organizer: the open session reads its scope at once.
    const [person] = rowsOf<{ id: number }>(await db().execute(sql`select id from people where email = 'new.field@corp.example.com'`));
    await createReportScopeService({ db: db() }).setPersonScope(person!.id, { level: 'region', code: '020' });
    expect(await regionsOf(bearer(field.accessToken))).toEqual(['020']);
  });

  it('keeps the demo grants: field.user and corp.user hold the network, the managers their own scope', async () => {
    const field = await loginAs(t.app, DEMO.field, 'FIELD27');
    const corporate = await loginAs(t.app, DEMO.corporate, 'CORP27');
    const zone = await loginAs(t.app, ZONE_MANAGER, 'FIELD27');
    expect(field.reportScope).toEqual({ level: 'network', code: null });
    expect(corporate.reportScope).toEqual({ level: 'network', code: null });
    expect(zone.reportScope).toEqual({ level: 'zone', code: '011' });
    expect((await regionsOf(bearer(field.accessToken))).length).toBe(10);
    expect(await regionsOf(bearer(zone.accessToken))).toEqual(['010']);
  });

  it('makes a plus-alias or case variant of the zone manager the zone manager, never a new person with the whole network', async () => {
    const before = await peopleWith(ZONE_MANAGER);
    for (const variant of ['zone.manager+x@corp.example.com', 'Zone.Manager@CORP.example.com', 'ZONE.MANAGER+Reports@Corp.Example.Com']) {
      const data = await loginAs(t.app, variant, 'FIELD27');
      expect(data.user.email, variant).toBe(ZONE_MANAGER);
      expect(data.reportScope, variant).toEqual({ level: 'zone', code: '011' });
      expect(await regionsOf(bearer(data.accessToken)), variant).toEqual(['010']);
    }
    expect(await peopleWith(ZONE_MANAGER)).toBe(before);
  });

  it('makes the plus-aliases of an any-e-mail code one new person', async () => {
    for (const variant of ['walk.in+1@expo-guest.example.com', 'walk.in+2@expo-guest.example.com', 'Walk.In@Expo-Guest.example.com']) {
      const data = await loginAs(t.app, variant, 'EXPO27');
      expect(data.user.email).toBe('walk.in@expo-guest.example.com');
    }
    expect(await peopleWith('walk.in@expo-guest.example.com')).toBe(1);
    // An alias that is itself on file (a roster imported with it) stays its own person.
    await db().execute(sql`insert into people (email, first_name, last_name, category) values ('desk+nbc@expo-guest.example.com', 'Desk', 'Nbc', 'expo')`);
    expect((await loginAs(t.app, 'Desk+NBC@expo-guest.example.com', 'EXPO27')).user.email).toBe('desk+nbc@expo-guest.example.com');
  });

  it('admits at /reportLogin only the report-user list: the zone manager with REPORTS27 is refused like a wrong code', async () => {
    const countReportUsers = async () => rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from report_users`))[0]!.n;
    const before = await countReportUsers();
    for (const userName of [ZONE_MANAGER, 'zone.manager+x@corp.example.com', 'someone.new@corp.example.com']) {
      const res = await login(t.app, { userName, password: 'REPORTS27', IsReporting: true });
      expect(res.json(), userName).toEqual({ succeeded: false, message: LOGIN_FAILED_MESSAGE, data: null });
    }
    expect(await countReportUsers()).toBe(before);

    // The list's own user, also by a case variant or plus-alias: the same report user, with their scope.
    for (const variant of [DEMO.reports, 'Reports@Corp.Example.com', 'reports+desk@corp.example.com']) {
      const data = await loginAs(t.app, variant, 'REPORTS27', { IsReporting: true });
      expect(data.user.email, variant).toBe(DEMO.reports);
      expect(data.reportScope).toEqual({ level: 'network', code: null });
      const res = await t.app.inject({ method: 'GET', url: RETAILER, headers: bearer(data.accessToken) });
      expect(res.statusCode, variant).toBe(200);
    }
  });

  it('refuses a report user on the list without a scope, and answers 403 once the scope is taken away', async () => {
    await db().execute(sql`insert into report_users (email, name) values ('unscoped.reports@corp.example.com', 'No Scope')`);
    const refused = await login(t.app, { userName: 'unscoped.reports@corp.example.com', password: 'REPORTS27', IsReporting: true });
    expect(refused.json()).toMatchObject({ succeeded: false, message: LOGIN_FAILED_MESSAGE });

    await createReportScopeService({ db: db() }).setReportUserScope('scoped.desk@corp.example.com', { level: 'zone', code: '011' });
    const data = await loginAs(t.app, 'scoped.desk@corp.example.com', 'REPORTS27', { IsReporting: true });
    expect(data.reportScope).toEqual({ level: 'zone', code: '011' });
    expect((await t.app.inject({ method: 'GET', url: RETAILER, headers: bearer(data.accessToken) })).statusCode).toBe(200);
    await createReportScopeService({ db: db() }).setReportUserScope('scoped.desk@corp.example.com', null);
    const after = await t.app.inject({ method: 'GET', url: RETAILER, headers: bearer(data.accessToken) });
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(NO_REPORT_ACCESS_MESSAGE);
  });
});
