/**
 * Access ends when it is taken away, on every instance within 1 s. Two app
 * instances share one database (as two servers behind a load balancer); nothing but the database
 * connects them (no Redis).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_PATHS, type AdminLoginData } from '@portal/contracts';
import { schema } from '@portal/db';
import { DEMO_ORGANIZER } from '../demo/demo-accounts.ts';
import { activeDigestSubscribers } from '../modules/report-insights/report-insights.queries.ts';
import { createOrganizer } from '../modules/admin/organizers.service.ts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../testing/build-test-app.ts';

const ATTENDEE_ROUTE = '/api/Enrollment/GetRevisitURL';
const REPORT_ROUTE = '/api/Report/GetAllRegions';

describe('access that ends when it is taken away, on every instance', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ stores: 5 });
    b = await buildTestApp({ database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const get = (t: TestApp, url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  /** Polls until the answer is 401; answers how long that took (ms), or fails after 1.5 s. */
  async function endsWithin(t: TestApp, url: string, token: string): Promise<number> {
    const start = performance.now();
    for (;;) {
      const status = (await get(t, url, token)).statusCode;
      const elapsed = performance.now() - start;
      if (status === 401) return elapsed;
      if (elapsed > 1500) throw new Error(`still ${status} after ${Math.round(elapsed)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function organizerToken(t: TestApp, email: string, password: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email, password }, remoteAddress: '10.7.0.1' });
    const body = res.json() as { succeeded: boolean; data: AdminLoginData };
    if (!body.succeeded) throw new Error(res.body);
    return body.data.accessToken;
  }

  it("disabling an access code ends the sessions that logged in with it, on the other instance within 1 s; other codes' sessions go on", async () => {
    const expo = (await loginAs(a.app, 'traveller.one@elsewhere.example.org', 'EXPO27')).accessToken;
    const vendor = (await loginAs(a.app, 'traveller.two@elsewhere.example.org', 'VENDOR27')).accessToken;
    // Instance b has read (and cached) the code's state.
    expect((await get(b, ATTENDEE_ROUTE, expo)).statusCode).not.toBe(401);
    const [code] = await a.database.db.select({ id: schema.accessCodes.id }).from(schema.accessCodes).where(eq(schema.accessCodes.label, 'Expo'));
    expect(code).toBeDefined();
    const admin = await organizerToken(a, DEMO_ORGANIZER.email, DEMO_ORGANIZER.password);
    const disabled = await a.app.inject({ method: 'POST', url: ADMIN_PATHS.accessCodeDisable.replace('{id}', String(code!.id)), headers: bearer(admin), payload: {} });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await endsWithin(b, ATTENDEE_ROUTE, expo)).toBeLessThan(1000);
    expect((await get(a, ATTENDEE_ROUTE, expo)).statusCode).toBe(401);
    expect((await get(b, ATTENDEE_ROUTE, vendor)).statusCode).not.toBe(401);
    // Enabling the code again (CSV import, by hand) revives none of the old sessions.
    await a.database.db.update(schema.accessCodes).set({ active: true }).where(eq(schema.accessCodes.id, code!.id));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await get(b, ATTENDEE_ROUTE, expo)).statusCode).toBe(401);
  });

  it('disabling a report user ends their sessions on the other instance within 1 s and stops their digests', async () => {
    const token = (await loginAs(a.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken;
    expect((await get(b, REPORT_ROUTE, token)).statusCode).not.toBe(401);
    await a.database.db.execute(sql`insert into report_digest_subscriptions (email, event_id) values (${DEMO.reports}, 'nbc') on conflict do nothing`);
    expect((await activeDigestSubscribers(a.database.db)).map((s) => s.email)).toContain(DEMO.reports);

    await a.database.db.update(schema.reportUsers).set({ active: false }).where(eq(schema.reportUsers.email, DEMO.reports));
    expect(await endsWithin(b, REPORT_ROUTE, token)).toBeLessThan(1000);
    expect((await activeDigestSubscribers(a.database.db)).map((s) => s.email)).not.toContain(DEMO.reports);
    // Enabled again: a new login works, the old token stays dead.
    await a.database.db.update(schema.reportUsers).set({ active: true }).where(eq(schema.reportUsers.email, DEMO.reports));
    const again = (await loginAs(b.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken;
    expect((await get(b, REPORT_ROUTE, again)).statusCode).not.toBe(401);
    expect((await get(b, REPORT_ROUTE, token)).statusCode).toBe(401);
  });

  it("changing an organizer's password ends their other sessions on every instance; the changing session gets a fresh token", async () => {
    const email = 'versioned.organizer@corp.example.com';
    await createOrganizer(a.database.db, { email, password: 'Versioned-password-1', mustChangePassword: false });
    const mine = await organizerToken(a, email, 'Versioned-password-1');
    const other = await organizerToken(b, email, 'Versioned-password-1');
    expect((await get(b, ADMIN_PATHS.me, other)).statusCode).toBe(200);
    const changed = await a.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.password,
      headers: bearer(mine),
      payload: { currentPassword: 'Versioned-password-1', newPassword: 'Versioned-password-2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = (changed.json() as { data: { accessToken: string } }).data.accessToken;
    expect(await endsWithin(b, ADMIN_PATHS.me, other)).toBeLessThan(1000);
    expect((await get(b, ADMIN_PATHS.me, mine)).statusCode).toBe(401);
    expect((await get(b, ADMIN_PATHS.me, fresh)).statusCode).toBe(200);
    // A password set by another path (the CLI, another organizer) ends the sessions as well.
    await a.database.db.update(schema.organizers).set({ passwordHash: 'x' }).where(eq(schema.organizers.email, email));
    expect((await get(a, ADMIN_PATHS.me, fresh)).statusCode).toBe(401);
  });
});
