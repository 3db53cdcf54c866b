import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_PATHS, adminOrganizerSchema, pagedSchema, type AdminLoginData } from '@portal/contracts';
import { schema } from '@portal/db';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { createOrganizer } from './organizers.service.ts';

const { organizers, auditLog } = schema;

function organizerLogin(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email, password }, remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
}
const disablePath = (id: number) => ADMIN_PATHS.organizerDisable.replace('{id}', String(id));
const enablePath = (id: number) => ADMIN_PATHS.organizerEnable.replace('{id}', String(id));

describe('organizer accounts in the console', () => {
  let t: TestApp;
  let clock = Date.UTC(2027, 0, 12, 9, 0, 0);
  let admin: string;
  let adminId: number;

  async function tokenOf(email: string, password: string): Promise<string> {
    const res = await organizerLogin(t, email, password);
    const body = res.json() as { succeeded: boolean; data: AdminLoginData };
    if (!body.succeeded) throw new Error(`organizer login failed: ${res.body}`);
    return body.data.accessToken;
  }
  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.organizers}${query}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return pagedSchema(adminOrganizerSchema).parse((res.json() as { data: unknown }).data);
  };
  const auditCount = async () => {
    await t.app.auditLog.flush();
    return (await t.database.db.select().from(auditLog)).length;
  };

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
    admin = await tokenOf(DEMO_ORGANIZER.email, DEMO_ORGANIZER.password);
    adminId = (await t.database.db.select().from(organizers).where(eq(organizers.email, DEMO_ORGANIZER.email)))[0]!.id;
  });
  afterAll(async () => t?.close());

  it('lists organizers with their state, searched by e-mail or name and filtered by active, paged', async () => {
    await createOrganizer(t.database.db, { email: 'ops.lead@corp.example.com', name: 'Ops Lead', password: 'Ops-lead-password-1', mustChangePassword: true });
    await createOrganizer(t.database.db, { email: 'helper_1@corp.example.com', password: 'Helper-password-1', mustChangePassword: false });
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.email)).toEqual(['admin@corp.example.com', 'helper_1@corp.example.com', 'ops.lead@corp.example.com']);
    expect(all.rows[0]).toMatchObject({ active: true, totpEnabled: false, mustChangePassword: false });
    expect(all.rows[0]!.lastLoginAt).not.toBeNull();
    expect(all.rows[2]).toMatchObject({ name: 'Ops Lead', mustChangePassword: true, lastLoginAt: null });
    expect((await list('?q=LEAD')).rows.map((r) => r.email)).toEqual(['ops.lead@corp.example.com']);
    // LIKE wildcards are taken literally.
    expect((await list('?q=r_1')).rows.map((r) => r.email)).toEqual(['helper_1@corp.example.com']);
    expect((await list('?q=%25')).total).toBe(0);
    const paged = await list('?page=2&pageSize=2');
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.rows.map((r) => r.email)).toEqual(['ops.lead@corp.example.com']);
    expect((await list('?active=false')).total).toBe(0);
    // No hash or secret leaves the server.
    const raw = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.organizers, headers: bearer(admin) });
    expect(raw.body).not.toMatch(/argon2|passwordHash|totpSecret/);
  });

  it('disables an organizer: no sign-in, open tokens refused at the next request, audited; enabling revives no old token', async () => {
    const email = 'leaving@corp.example.com';
    const { id } = await createOrganizer(t.database.db, { email, password: 'Leaving-password-1', mustChangePassword: false });
    const open = await tokenOf(email, 'Leaving-password-1');
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.events, headers: bearer(open) })).statusCode).toBe(200);

    clock += 1_000;
    const res = await t.app.inject({ method: 'POST', url: disablePath(id), headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminOrganizerSchema.parse((res.json() as { data: unknown }).data)).toMatchObject({ id, active: false });
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.events, headers: bearer(open) })).statusCode).toBe(401);
    expect((await organizerLogin(t, email, 'Leaving-password-1')).json()).toMatchObject({ succeeded: false });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin-organizer-disable'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ organizerId: adminId, actorEmail: DEMO_ORGANIZER.email, detail: { targetOrganizerId: id, email } });
    expect((await list('?active=false')).rows.map((r) => r.email)).toEqual([email]);

    // Idempotent: disabling again changes and audits nothing.
    const before = await auditCount();
    expect((await t.app.inject({ method: 'POST', url: disablePath(id), headers: bearer(admin) })).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);

    clock += 1_000;
    const enabled = await t.app.inject({ method: 'POST', url: enablePath(id), headers: bearer(admin) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((enabled.json() as { data: { active: boolean } }).data.active).toBe(true);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin-organizer-enable'))).length).toBe(1);
    // The token from before the disable stays dead; a new sign-in works.
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.events, headers: bearer(open) })).statusCode).toBe(401);
    const fresh = await tokenOf(email, 'Leaving-password-1');
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.events, headers: bearer(fresh) })).statusCode).toBe(200);
  });

  it('nobody disables their own account (409, nothing written)', async () => {
    const before = await auditCount();
    const res = await t.app.inject({ method: 'POST', url: disablePath(adminId), headers: bearer(admin) });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toMatch(/your own account/);
    expect((await t.database.db.select().from(organizers).where(eq(organizers.id, adminId)))[0]?.active).toBe(true);
    expect(await auditCount()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.events, headers: bearer(admin) })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for bad input, writing nothing', async () => {
    const before = await auditCount();
    const states = await t.database.db.select({ id: organizers.id, active: organizers.active }).from(organizers);
    expect((await t.app.inject({ method: 'POST', url: disablePath(99_999), headers: bearer(admin) })).statusCode).toBe(404);
    for (const url of [disablePath(0), '/api/Admin/Organizers/abc/Disable', '/api/Admin/Organizers/-1/Enable', enablePath(1.5), `${ADMIN_PATHS.organizers}?pageSize=500`, `${ADMIN_PATHS.organizers}?active=maybe`, `${ADMIN_PATHS.organizers}?q=${'x'.repeat(101)}`]) {
      const res = await t.app.inject({ method: url.includes('?') ? 'GET' : 'POST', url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { succeeded: boolean }).succeeded).toBe(false);
    }
    expect(await auditCount()).toBe(before);
    expect(await t.database.db.select({ id: organizers.id, active: organizers.active }).from(organizers)).toEqual(states);
  });

  it('refuses other roles (403), no token (401), and an organizer still on a one-time password (403)', async () => {
    const { id } = await createOrganizer(t.database.db, { email: 'target@corp.example.com', password: 'Target-password-1', mustChangePassword: false });
    const attendee = (await loginAs(t.app, DEMO.em, 'DEALER27')).accessToken;
    const reports = (await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken;
    const oneTime = await tokenOf('ops.lead@corp.example.com', 'Ops-lead-password-1');
    const calls: Array<['GET' | 'POST', string]> = [['GET', ADMIN_PATHS.organizers], ['POST', disablePath(id)], ['POST', enablePath(id)]];
    for (const [method, url] of calls) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      for (const token of [attendee, reports, oneTime]) expect((await t.app.inject({ method, url, headers: bearer(token) })).statusCode, url).toBe(403);
    }
    expect((await t.database.db.select().from(organizers).where(eq(organizers.id, id)))[0]?.active).toBe(true);
  });
});
