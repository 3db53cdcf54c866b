import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { ADMIN_PATHS, adminLoginDataSchema, type AdminLoginData } from '@portal/contracts';
import { schema } from '@portal/db';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { ADMIN_FAILURES_PER_EMAIL_HOUR, ADMIN_LOGIN_FAILED_MESSAGE, encryptPlainTotpSecrets, readTotpSecret, TOTP_DISABLE_FAILURES_PER_HOUR, TOTP_REQUIRED_MESSAGE } from './admin-auth.service.ts';
import { createOrganizer } from './organizers.service.ts';

const { organizers, auditLog } = schema;

export async function organizerLogin(t: TestApp, email: string = DEMO_ORGANIZER.email, password: string = DEMO_ORGANIZER.password, totp?: string) {
  return t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email, password, ...(totp ? { totp } : {}) }, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
}

async function tokenOf(t: TestApp, email?: string, password?: string): Promise<string> {
  const res = await organizerLogin(t, email, password);
  const body = res.json() as { succeeded: boolean; data: AdminLoginData };
  if (!body.succeeded) throw new Error(`organizer login failed: ${res.body}`);
  return body.data.accessToken;
}

describe('organizer sign-in', () => {
  let t: TestApp;
  let clock = Date.UTC(2027, 0, 10, 12, 0, 0);

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
  });
  afterAll(async () => t?.close());

  it('signs the demo organizer in with an admin token and audits it with the organizer id', async () => {
    const res = await organizerLogin(t);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { succeeded: boolean; data: AdminLoginData };
    expect(body.succeeded).toBe(true);
    const data = adminLoginDataSchema.parse(body.data);
    expect(data.authorizationPolicy).toEqual(['admin']);
    expect(data.organizer).toMatchObject({ email: DEMO_ORGANIZER.email, totpEnabled: false, mustChangePassword: false });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin-login'));
    expect(rows.some((r) => r.success && r.organizerId === data.organizer.id)).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.me, headers: bearer(data.accessToken) });
    expect(me.statusCode).toBe(200);
    expect((me.json() as { data: { email: string } }).data.email).toBe(DEMO_ORGANIZER.email);
  });

  it('stores the password as an argon2id hash with the ASVS parameters', async () => {
    const [row] = await t.database.db.select().from(organizers).where(eq(organizers.email, DEMO_ORGANIZER.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers one generic failure for a wrong password and an unknown e-mail (200, succeeded false)', async () => {
    for (const [email, password] of [
      [DEMO_ORGANIZER.email, 'not-the-password-at-all'],
      ['nobody@corp.example.com', DEMO_ORGANIZER.password],
    ] as const) {
      const res = await organizerLogin(t, email, password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ succeeded: false, message: ADMIN_LOGIN_FAILED_MESSAGE, data: null });
    }
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    for (const payload of [{}, { email: 'not-an-email', password: 'x' }, { email: DEMO_ORGANIZER.email }, { email: DEMO_ORGANIZER.email, password: 'x', totp: '12ab56' }]) {
      const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { succeeded: boolean }).succeeded).toBe(false);
    }
    await t.app.auditLog.flush();
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });

  it('limits failures per e-mail and address with 429 and Retry-After, even with the right password; another address still signs in', async () => {
    const email = 'limited.organizer@corp.example.com';
    await createOrganizer(t.database.db, { email, password: 'A-long-password-1', mustChangePassword: false });
    const from = (password: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email, password }, remoteAddress });
    for (let i = 0; i < ADMIN_FAILURES_PER_EMAIL_HOUR; i++) {
      const res = await from(`wrong-password-${i}`, '10.8.0.1');
      expect(res.statusCode).toBe(200);
    }
    const limited = await from('A-long-password-1', '10.8.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('A-long-password-1', '10.8.0.2')).json()).toMatchObject({ succeeded: true });
    clock += 3601_000;
    expect((await from('A-long-password-1', '10.8.0.1')).json()).toMatchObject({ succeeded: true });
  });

  it('logs out: the token answers 401 afterwards; logout is idempotent', async () => {
    const token = await tokenOf(t);
    expect((await t.app.inject({ method: 'POST', url: ADMIN_PATHS.logout, headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.events, headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: ADMIN_PATHS.logout, headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: ADMIN_PATHS.logout })).statusCode).toBe(200);
  });

  it('one-time password: only the password change is open until it is changed; then the new one signs in', async () => {
    const email = 'new.organizer@corp.example.com';
    await createOrganizer(t.database.db, { email, password: 'One-time-password-1', mustChangePassword: true });
    const token = await tokenOf(t, email, 'One-time-password-1');
    const blocked = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.registrations, headers: bearer(token) });
    expect(blocked.statusCode).toBe(403);
    const short = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.password, headers: bearer(token), payload: { currentPassword: 'One-time-password-1', newPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    const wrong = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.password, headers: bearer(token), payload: { currentPassword: 'wrong-password-xx', newPassword: 'My-own-long-password' } });
    expect(wrong.statusCode).toBe(400);
    const changed = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.password, headers: bearer(token), payload: { currentPassword: 'One-time-password-1', newPassword: 'My-own-long-password' } });
    expect(changed.statusCode, changed.body).toBe(200);
    // The session that changed it goes on with the fresh token of the answer; the old one has ended.
    const fresh = (changed.json() as { data: { accessToken: string } }).data.accessToken;
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.registrations, headers: bearer(fresh) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.registrations, headers: bearer(token) })).statusCode).toBe(401);
    expect((await organizerLogin(t, email, 'One-time-password-1')).json()).toMatchObject({ succeeded: false });
    expect((await organizerLogin(t, email, 'My-own-long-password')).json()).toMatchObject({ succeeded: true });
  });

  it('TOTP: set up, confirmed with a code, then required at sign-in; a code is accepted once', async () => {
    const email = 'totp.organizer@corp.example.com';
    await createOrganizer(t.database.db, { email, password: 'Totp-organizer-pass', mustChangePassword: false });
    const token = await tokenOf(t, email, 'Totp-organizer-pass');
    const setup = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpSetup, headers: bearer(token), payload: { password: 'Totp-organizer-pass' } });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = (setup.json() as { data: { secret: string; otpauthUrl: string } }).data;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const epoch = () => Math.floor(clock / 1000);
    const bad = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpConfirm, headers: bearer(token), payload: { code: '000000' === (await generate({ secret, epoch: epoch() })) ? '111111' : '000000' } });
    expect(bad.statusCode).toBe(400);
    const confirm = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpConfirm, headers: bearer(token), payload: { code: await generate({ secret, epoch: epoch() }) } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((confirm.json() as { data: { totpEnabled: boolean } }).data.totpEnabled).toBe(true);

    const missing = await organizerLogin(t, email, 'Totp-organizer-pass');
    expect(missing.json()).toEqual({ succeeded: false, message: TOTP_REQUIRED_MESSAGE, data: null, errors: [{ field: 'totp', message: TOTP_REQUIRED_MESSAGE }] });
    // The code confirmed at set-up cannot be replayed in the same step.
    expect((await organizerLogin(t, email, 'Totp-organizer-pass', await generate({ secret, epoch: epoch() }))).json()).toMatchObject({ succeeded: false });
    clock += 30_000;
    const code = await generate({ secret, epoch: epoch() });
    expect((await organizerLogin(t, email, 'Totp-organizer-pass', code)).json()).toMatchObject({ succeeded: true });
    expect((await organizerLogin(t, email, 'Totp-organizer-pass', code)).json()).toMatchObject({ succeeded: false });
  });

  /** A new organizer with TOTP on; returns its id, token and secret. */
  async function totpOrganizer(email: string, password: string) {
    const { id } = await createOrganizer(t.database.db, { email, password, mustChangePassword: false });
    const token = await tokenOf(t, email, password);
    const setup = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpSetup, headers: bearer(token), payload: { password } });
    const { secret } = (setup.json() as { data: { secret: string } }).data;
    const confirm = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpConfirm, headers: bearer(token), payload: { code: await generate({ secret, epoch: Math.floor(clock / 1000) }) } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    clock += 30_000;
    return { id, token, secret };
  }
  const rowOf = async (id: number) => (await t.database.db.select().from(organizers).where(eq(organizers.id, id)))[0]!;

  it('TOTP secrets are stored encrypted (AES-256-GCM, v1:), bound to their row', async () => {
    const { id, secret } = await totpOrganizer('encrypted.totp@corp.example.com', 'Encrypted-totp-pass');
    const row = await rowOf(id);
    expect(row.totpSecret).toMatch(/^v1:[\w-]{16}:[\w-]+$/);
    expect(row.totpSecret).not.toContain(secret);
    expect(readTotpSecret(row, t.config.totpEncryptionKey)).toEqual({ plain: secret, legacy: false });
    // Another key, or the value copied into another organizer's row, does not decrypt.
    expect(readTotpSecret(row, new Uint8Array(32))).toBeNull();
    expect(readTotpSecret({ ...row, id: id + 1 }, t.config.totpEncryptionKey)).toBeNull();
  });

  it('a plain-text secret of an older version still signs in and is encrypted at that sign-in or at the start', async () => {
    const { id, secret } = await totpOrganizer('legacy.totp@corp.example.com', 'Legacy-totp-password');
    await t.database.db.update(organizers).set({ totpSecret: secret }).where(eq(organizers.id, id));
    const code = await generate({ secret, epoch: Math.floor(clock / 1000) });
    expect((await organizerLogin(t, 'legacy.totp@corp.example.com', 'Legacy-totp-password', code)).json()).toMatchObject({ succeeded: true });
    const after = await rowOf(id);
    expect(after.totpSecret).toMatch(/^v1:/);
    expect(readTotpSecret(after, t.config.totpEncryptionKey)).toEqual({ plain: secret, legacy: false });

    // The start's sweep (startup.ts) encrypts the plain ones and leaves the encrypted ones alone.
    await t.database.db.update(organizers).set({ totpSecret: secret }).where(eq(organizers.id, id));
    const other = await rowOf((await totpOrganizer('legacy.other@corp.example.com', 'Legacy-other-password')).id);
    expect(await encryptPlainTotpSecrets(t.database.db, t.config.totpEncryptionKey)).toBe(1);
    expect(readTotpSecret(await rowOf(id), t.config.totpEncryptionKey)).toEqual({ plain: secret, legacy: false });
    expect((await rowOf(other.id)).totpSecret).toBe(other.totpSecret);
    expect(await encryptPlainTotpSecrets(t.database.db, t.config.totpEncryptionKey)).toBe(0);
  });

  it('a secret that no longer decrypts (key changed) refuses the sign-in with the generic message and says why in the audit', async () => {
    const { id } = await totpOrganizer('rekeyed.totp@corp.example.com', 'Rekeyed-totp-password');
    await t.database.db.update(organizers).set({ totpSecret: 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }).where(eq(organizers.id, id));
    const res = await organizerLogin(t, 'rekeyed.totp@corp.example.com', 'Rekeyed-totp-password', '123456');
    expect(res.json()).toEqual({ succeeded: false, message: ADMIN_LOGIN_FAILED_MESSAGE, data: null });
    await t.app.auditLog.flush();
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorEmail, 'rekeyed.totp@corp.example.com'));
    expect(rows.some((r) => !r.success && String((r.detail as { reason?: string }).reason).includes('TOTP_ENCRYPTION_KEY'))).toBe(true);
  });

  it('turns TOTP off with the password or a current code; wrong or missing answers are 400 and change nothing', async () => {
    const email = 'disable.totp@corp.example.com';
    const { id, token, secret } = await totpOrganizer(email, 'Disable-totp-password');
    const before = await rowOf(id);
    const epoch = () => Math.floor(clock / 1000);
    const current = await generate({ secret, epoch: epoch() });
    const wrongCode = current === '000000' ? '111111' : '000000';
    for (const payload of [{}, { password: '' }, { code: '12ab56' }, { code: wrongCode }, { password: 'not-the-password' }]) {
      const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpDisable, headers: bearer(token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { succeeded: boolean }).succeeded).toBe(false);
    }
    expect(await rowOf(id)).toEqual(before);

    const off = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpDisable, headers: bearer(token), payload: { code: current } });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as { data: { totpEnabled: boolean } }).data.totpEnabled).toBe(false);
    expect(await rowOf(id)).toMatchObject({ totpEnabled: false, totpSecret: null, totpLastStep: null });
    expect((await organizerLogin(t, email, 'Disable-totp-password')).json()).toMatchObject({ succeeded: true });
    const again = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpDisable, headers: bearer(token), payload: { password: 'Disable-totp-password' } });
    expect(again.statusCode).toBe(409);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin-totp-disable'));
    expect(audits.filter((r) => r.organizerId === id).map((r) => r.detail)).toEqual([{ with: 'code' }]);

    // On again, then off with the password.
    const setup = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpSetup, headers: bearer(token), payload: { password: 'Disable-totp-password' } });
    const next = (setup.json() as { data: { secret: string } }).data.secret;
    expect(next).not.toBe(secret);
    clock += 30_000;
    expect((await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpConfirm, headers: bearer(token), payload: { code: await generate({ secret: next, epoch: epoch() }) } })).statusCode).toBe(200);
    const byPassword = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpDisable, headers: bearer(token), payload: { password: 'Disable-totp-password' } });
    expect(byPassword.statusCode, byPassword.body).toBe(200);
  });

  it('limits wrong answers when turning TOTP off (429)', async () => {
    const { token } = await totpOrganizer('guess.totp@corp.example.com', 'Guess-totp-password');
    for (let i = 0; i < TOTP_DISABLE_FAILURES_PER_HOUR; i++) {
      expect((await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpDisable, headers: bearer(token), payload: { password: `wrong-password-${i}` } })).statusCode).toBe(400);
    }
    const limited = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.totpDisable, headers: bearer(token), payload: { password: 'Guess-totp-password' } });
    expect(limited.statusCode).toBe(429);
  });

  it('TOTP routes refuse portal tokens (403) and no token (401)', async () => {
    const attendee = (await loginAs(t.app, DEMO.em, 'DEALER27')).accessToken;
    for (const url of [ADMIN_PATHS.totpSetup, ADMIN_PATHS.totpConfirm, ADMIN_PATHS.totpDisable]) {
      expect((await t.app.inject({ method: 'POST', url, payload: { code: '123456' } })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'POST', url, headers: bearer(attendee), payload: { code: '123456' } })).statusCode, url).toBe(403);
    }
  });

  it('a disabled organizer cannot sign in and their open tokens stop working', async () => {
    const email = 'leaving.organizer@corp.example.com';
    const { id } = await createOrganizer(t.database.db, { email, password: 'Leaving-organizer-1', mustChangePassword: false });
    const token = await tokenOf(t, email, 'Leaving-organizer-1');
    await t.database.db.update(organizers).set({ active: false }).where(eq(organizers.id, id));
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.events, headers: bearer(token) })).statusCode).toBe(401);
    expect((await organizerLogin(t, email, 'Leaving-organizer-1')).json()).toMatchObject({ succeeded: false });
  });

  it('keeps organizer and portal tokens apart both ways', async () => {
    const organizer = await tokenOf(t);
    const attendee = (await loginAs(t.app, DEMO.em, 'DEALER27')).accessToken;
    const corporate = (await loginAs(t.app, DEMO.corporate, 'CORP27')).accessToken;
    const reports = (await loginAs(t.app, DEMO.reports, 'REPORTS27', { IsReporting: true })).accessToken;
    const adminGets = [ADMIN_PATHS.events, ADMIN_PATHS.accessCodes, ADMIN_PATHS.registrations, ADMIN_PATHS.people, ADMIN_PATHS.audit, ADMIN_PATHS.me, '/api/Admin/Registrations/1', '/api/Admin/People/1', '/api/admin/events', '/api/Admin/NoSuchRoute'];
    for (const url of adminGets) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, `${url} without a token`).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not.a.token' } })).statusCode, `${url} bad token`).toBe(401);
      for (const token of [attendee, corporate, reports]) {
        expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode, `${url} portal token`).toBe(403);
      }
    }
    const adminPosts: Array<[string, string, object | string]> = [
      ['PUT', '/api/Admin/Events/nbc', { capacity: 10 }],
      ['POST', ADMIN_PATHS.accessCodes, { event: 'nbc', category: 'expo' }],
      ['POST', '/api/Admin/AccessCodes/1/Disable', {}],
      ['POST', '/api/Admin/Registrations/1/Cancel', {}],
      ['POST', '/api/Admin/Registrations/1/ResendLink', {}],
      ['POST', '/api/Admin/Registrations/1/Dates', { isVirtual: true }],
      ['PUT', '/api/Admin/People/1', { firstName: 'X' }],
      ['POST', '/api/Admin/Import?kind=rosters&dryRun=true', 'dlrnum,email,first_name,last_name,role\n'],
    ];
    for (const [method, url, payload] of adminPosts) {
      const headers = typeof payload === 'string' ? { 'content-type': 'text/csv' } : {};
      expect((await t.app.inject({ method: method as 'POST', url, payload, headers })).statusCode, `${url} without a token`).toBe(401);
      for (const token of [attendee, corporate, reports]) {
        expect((await t.app.inject({ method: method as 'POST', url, payload, headers: { ...headers, ...bearer(token) } })).statusCode, `${url} portal token`).toBe(403);
      }
    }
    // Nothing was changed by the refused calls.
    const [event] = await t.database.db.select().from(schema.events).where(eq(schema.events.id, 'nbc'));
    expect(event?.capacity).toBeNull();

    const portalCalls: Array<[string, string, object?]> = [
      ['GET', '/api/Enrollment/GetRevisitURL'],
      ['POST', '/api/Enrollment/GetBuiltinLink', { firstName: 'A', lastName: 'B' }],
      ['GET', '/api/Report/GetAllRegions'],
      ['POST', '/api/Report/GetEnrollments?reportLevel=All', { region: '', zone: '', district: '', select: 'ALL' }],
      ['GET', '/api/Report/GetRetailerReport?eventCode=NBC27&reportHeaders=a'],
      ['GET', '/api/config'],
    ];
    for (const [method, url, payload] of portalCalls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(organizer), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${url} with an organizer token`).toBe(403);
    }
    // The content service too (public items included).
    const [env] = await t.database.db.select({ id: schema.events.contentEnvironmentId }).from(schema.events).where(eq(schema.events.id, 'nbc'));
    const content = await t.app.inject({ method: 'GET', url: `/${env!.id}/items`, headers: bearer(organizer) });
    expect(content.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.events, headers: bearer(organizer) })).statusCode).toBe(200);
  });
});
