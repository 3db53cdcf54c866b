/**
 * Every action route that takes no fields answers a call with no body, with `{}`
 * and with an empty body (sent as JSON or as text) alike; a malformed body is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { ADMIN_PATHS, type AdminLoginData } from '@portal/contracts';
import { schema } from '@portal/db';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../testing/build-test-app.ts';
import { DEMO_ORGANIZER } from '../demo/demo-accounts.ts';
import { createOrganizer } from '../modules/admin/organizers.service.ts';

/** The four ways a client sends "no fields". */
const VARIANTS = {
  'no body': {},
  '{}': { payload: '{}', headers: { 'content-type': 'application/json' } },
  'empty JSON body': { payload: '', headers: { 'content-type': 'application/json' } },
  'empty text body': { payload: '', headers: { 'content-type': 'text/plain' } },
} as const satisfies Record<string, { payload?: string; headers?: Record<string, string> }>;
type Variant = keyof typeof VARIANTS;
const variants = Object.keys(VARIANTS) as Variant[];

const path = (template: string, id: number) => template.replace('{id}', String(id));

describe('body-less actions', () => {
  let t: TestApp;
  let admin: string;
  /** Registrations that can be cancelled and sent a link, one per variant. */
  let registrationIds: number[];

  const post = (url: string, token: string | null, variant: Variant) => {
    const v: { payload?: string; headers?: Record<string, string> } = VARIANTS[variant];
    return t.app.inject({ method: 'POST', url, headers: { ...(token ? bearer(token) : {}), ...(v.headers ?? {}) }, ...(v.payload !== undefined ? { payload: v.payload } : {}) });
  };
  const expectOk = async (url: string, token: string | null, variant: Variant) => {
    const res = await post(url, token, variant);
    expect(res.statusCode, `${variant} ${url}: ${res.body}`).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: true });
    return res;
  };

  beforeAll(async () => {
    t = await buildTestApp({ stores: 20 });
    const login = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
    admin = (login.json() as { data: AdminLoginData }).data.accessToken;
    const rows = await t.database.db
      .select({ id: schema.registrations.id })
      .from(schema.registrations)
      .where(and(ne(schema.registrations.status, 'Cancelled'), eq(schema.registrations.provider, 'builtin')))
      .orderBy(asc(schema.registrations.id))
      .limit(variants.length);
    registrationIds = rows.map((r) => r.id);
    expect(registrationIds).toHaveLength(variants.length);
  });
  afterAll(async () => t?.close());

  it.each(variants)('cancels a registration (%s)', async (variant) => {
    const id = registrationIds[variants.indexOf(variant)]!;
    const res = await expectOk(path(ADMIN_PATHS.registrationCancel, id), admin, variant);
    expect(res.json()).toMatchObject({ data: { id, status: 'Cancelled' } });
  });

  it('still takes a reason, and refuses a malformed or wrongly typed body', async () => {
    const [id] = (await t.database.db.select({ id: schema.registrations.id }).from(schema.registrations).where(ne(schema.registrations.status, 'Cancelled')).orderBy(asc(schema.registrations.id)).limit(1)).map((r) => r.id);
    const malformed = await t.app.inject({ method: 'POST', url: path(ADMIN_PATHS.registrationCancel, id!), headers: { ...bearer(admin), 'content-type': 'application/json' }, payload: '{"reason": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Malformed JSON body' });
    const wrong = await t.app.inject({ method: 'POST', url: path(ADMIN_PATHS.registrationCancel, id!), headers: bearer(admin), payload: { reason: 42 } });
    expect(wrong.statusCode).toBe(400);
    const done = await t.app.inject({ method: 'POST', url: path(ADMIN_PATHS.registrationCancel, id!), headers: bearer(admin), payload: { reason: 'Duplicate entry' } });
    expect(done.statusCode, done.body).toBe(200);
  });

  it.each(variants)('resends a link, then the mail it queued (%s)', async (variant) => {
    const [id] = (
      await t.database.db
        .select({ id: schema.registrations.id })
        .from(schema.registrations)
        .innerJoin(schema.people, eq(schema.people.id, schema.registrations.attendeeId))
        .where(and(ne(schema.registrations.status, 'Cancelled'), eq(schema.registrations.provider, 'builtin'), ne(schema.people.email, '')))
        .orderBy(asc(schema.registrations.id))
        .limit(1)
    ).map((r) => r.id);
    const res = await expectOk(path(ADMIN_PATHS.registrationResendLink, id!), admin, variant);
    const { outboxId } = (res.json() as { data: { outboxId: number | null } }).data;
    const [mail] = await t.database.db.select({ id: schema.outbox.id }).from(schema.outbox).orderBy(asc(schema.outbox.id)).limit(1);
    await expectOk(path(ADMIN_PATHS.outboxResend, outboxId ?? mail!.id), admin, variant);
  });

  it.each(variants)('disables an access code (%s)', async (variant) => {
    const [code] = await t.database.db.select({ id: schema.accessCodes.id }).from(schema.accessCodes).orderBy(desc(schema.accessCodes.id)).limit(1);
    const res = await expectOk(path(ADMIN_PATHS.accessCodeDisable, code!.id), admin, variant);
    expect(res.json()).toMatchObject({ data: { id: code!.id, active: false } });
  });

  it.each(variants)('disables and enables an organizer (%s)', async (variant) => {
    const { id } = await createOrganizer(t.database.db, { email: `helper.${variants.indexOf(variant)}@corp.example.com`, password: 'Helper-password-1', mustChangePassword: false });
    expect((await expectOk(path(ADMIN_PATHS.organizerDisable, id), admin, variant)).json()).toMatchObject({ data: { id, active: false } });
    expect((await expectOk(path(ADMIN_PATHS.organizerEnable, id), admin, variant)).json()).toMatchObject({ data: { id, active: true } });
  });

  // TOTP enrolment takes the current password, so it is no body-less action: sent
  // without a body in any form, it names the missing field instead of "received null".
  it.each(variants)('asks for the password when TOTP enrolment is sent without one (%s)', async (variant) => {
    const email = `totp.${variants.indexOf(variant)}@corp.example.com`;
    await createOrganizer(t.database.db, { email, password: 'Totp-password-123', mustChangePassword: false });
    const login = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email, password: 'Totp-password-123' } });
    const token = (login.json() as { data: AdminLoginData }).data.accessToken;
    const res = await post(ADMIN_PATHS.totpSetup, token, variant);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('received null');
    expect(res.json()).toMatchObject({ errors: [expect.objectContaining({ field: 'password' })] });
  });

  it.each(variants)('signs out of the console and of the portal (%s)', async (variant) => {
    const login = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
    await expectOk(ADMIN_PATHS.logout, (login.json() as { data: AdminLoginData }).data.accessToken, variant);
    const attendee = await loginAs(t.app, DEMO.em, 'DEALER27');
    await expectOk('/User/ProcessLogout', attendee.accessToken, variant);
    expect((await t.app.inject({ method: 'GET', url: '/api/Enrollment/GetRevisitURL', headers: bearer(attendee.accessToken) })).statusCode).toBe(401);
  });

  it('a route that needs fields names them when no body is sent', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/User/ProcessLogin' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('received null');
    expect(res.json()).toMatchObject({ succeeded: false, errors: expect.arrayContaining([expect.objectContaining({ field: 'userName' })]) });
  });
});
