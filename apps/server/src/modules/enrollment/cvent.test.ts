import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { LoginData } from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { CVENT_LINK_PARAMS } from '../registration/cvent-provider.ts';
import { startFakeCvent, type FakeCvent } from '../registration/testing/fake-cvent-provider.ts';

const { registrations, people, providerCallbacks, auditLog } = schema;
const SECRET = 'cvent-shared-secret-for-tests-0123456789';

describe('Cvent provider', () => {
  let fake: FakeCvent;
  let t: TestApp;
  let pat: LoginData;

  beforeAll(async () => {
    fake = await startFakeCvent(SECRET);
    t = await buildTestApp({ env: { REGISTRATION_PROVIDER: 'cvent', CVENT_URL: fake.registrationUrl, CVENT_CALLBACK_SECRET: SECRET } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    fake.setCallbackUrl(`http://127.0.0.1:${port}/api/Enrollment/CventCallback`);
    pat = await loginAs(t.app, DEMO.em, 'DEALER27');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const patRegistration = async () => {
    const [row] = await t.database.db
      .select({ r: registrations })
      .from(registrations)
      .innerJoin(people, eq(people.id, registrations.attendeeId))
      .where(and(eq(people.email, DEMO.em), eq(registrations.eventId, 'nbc')));
    return row?.r;
  };
  const failedCallbackAudits = async () => {
    // Refusals go through the buffered audit writer.
    await t.app.auditLog.flush();
    return rowsOf<{ reason: string }>(await t.database.db.execute(sql`select detail->>'reason' as reason from ${auditLog} where action = 'provider-callback' and not success order by id`)).map((r) => r.reason);
  };

  let reference = '';

  it('answers GetCventLink with the provider weblink, prefilled, after recording the pending registration', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(pat.accessToken), payload: { firstName: 'Pat', lastName: 'Morgan' } })).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Enrollment/GetCventLink',
      headers: bearer(pat.accessToken),
      payload: { firstName: 'Pat', lastName: 'Morgan', isManager: true, isGeneralManager: false, isVirtual: false, regType: 'DLR', eventType: '1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = new URL((res.json() as { data: string }).data);
    const row = await patRegistration();
    expect(row).toMatchObject({ status: 'Pending', provider: 'cvent', storeDlrnum: '10001' });
    reference = row!.providerRef;
    expect(`${link.origin}${link.pathname}`).toBe(fake.registrationUrl);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      [CVENT_LINK_PARAMS.reference]: reference,
      [CVENT_LINK_PARAMS.eventCode]: 'NBC27',
      [CVENT_LINK_PARAMS.firstName]: 'Pat',
      [CVENT_LINK_PARAMS.lastName]: 'Morgan',
      [CVENT_LINK_PARAMS.email]: DEMO.em,
      [CVENT_LINK_PARAMS.attendance]: 'physical',
      [CVENT_LINK_PARAMS.mode]: 'register',
    });

    // The fake provider serves that page.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Register Pat Morgan');
    expect(fake.visits.at(-1)?.reference).toBe(reference);
  });

  it('sets the registration Enrolled with its dates from a signed completion callback', async () => {
    const res = await fake.sendCallback({ type: 'registration.completed', referenceId: reference, arrivalDate: '2027-03-01', departureDate: '2027-03-03' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ succeeded: true, data: { outcome: 'applied' } });
    expect(await patRegistration()).toMatchObject({ status: 'Enrolled', arrivalDate: '2027-03-01', departureDate: '2027-03-03', isVirtual: false, isFree: true });
    const revisit = await t.app.inject({ method: 'GET', url: '/api/Enrollment/GetRevisitURL', headers: bearer(pat.accessToken) });
    const link = new URL((revisit.json() as { data: string }).data);
    expect(link.searchParams.get(CVENT_LINK_PARAMS.mode)).toBe('modify');
    expect(link.searchParams.get(CVENT_LINK_PARAMS.reference)).toBe(reference);
  });

  it('applies a replayed callback only once', async () => {
    const update = await fake.sendCallback({ type: 'registration.updated', referenceId: reference, arrivalDate: '2027-03-02', departureDate: '2027-03-04' });
    expect(update.status).toBe(200);
    const before = await patRegistration();
    expect(before).toMatchObject({ arrivalDate: '2027-03-02', departureDate: '2027-03-04' });

    // Someone changes the dates elsewhere; replaying the old delivery must not undo it.
    await t.database.db.update(registrations).set({ arrivalDate: '2027-03-01' }).where(eq(registrations.id, before!.id));
    const replay = await fake.replay(update.sent);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ succeeded: true, message: 'Callback already processed', data: { outcome: 'duplicate' } });
    expect(await patRegistration()).toMatchObject({ arrivalDate: '2027-03-01', departureDate: '2027-03-04' });
    const ids = await t.database.db.select().from(providerCallbacks).where(eq(providerCallbacks.id, `cvent:${update.sent.id}`));
    expect(ids).toHaveLength(1);
  });

  it('refuses bad, missing and stale signatures with 401 and logs each refusal', async () => {
    const callback = { type: 'registration.cancelled', referenceId: reference } as const;
    const forged = await fake.sendCallback(callback, { secret: 'not-the-shared-secret-0123456789' });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ succeeded: false, message: 'Invalid callback signature' });
    const unsigned = await fake.sendCallback(callback, { unsigned: true });
    expect(unsigned.status).toBe(401);
    const stale = await fake.sendCallback(callback, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(stale.status).toBe(401);
    const future = await fake.sendCallback(callback, { timestamp: Math.floor(Date.now() / 1000) + 6 * 60 });
    expect(future.status).toBe(401);
    // A genuine delivery whose body was altered on the way.
    const good = await fake.sendCallback({ type: 'registration.updated', referenceId: reference, arrivalDate: '2027-03-02', departureDate: '2027-03-04' });
    expect(good.status).toBe(200);
    const tampered = await fake.replay({ raw: good.sent.raw.replace('2027-03-02', '2027-03-01'), headers: good.sent.headers });
    expect(tampered.status).toBe(401);

    expect(await patRegistration()).toMatchObject({ status: 'Enrolled', arrivalDate: '2027-03-02' });
    expect(await failedCallbackAudits()).toEqual(['bad signature', 'missing signature or timestamp header', 'timestamp outside tolerance', 'timestamp outside tolerance', 'bad signature']);
  });

  it('answers a signed callback with a bad body with 400 and an unknown reference with 404, applying nothing', async () => {
    const malformed = await fake.sendCallback({ type: 'registration.completed', referenceId: reference }, { rawBody: '{"id":' });
    expect(malformed.status).toBe(400);
    const wrongType = await fake.sendCallback({ type: 'registration.exploded' as 'registration.completed', referenceId: reference });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ errors: [{ field: 'type' }] });
    const outside = await fake.sendCallback({ type: 'registration.updated', referenceId: reference, arrivalDate: '2027-02-27', departureDate: '2027-03-02' });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ errors: [{ field: 'arrivalDate' }] });
    const unknown = await fake.sendCallback({ type: 'registration.cancelled', referenceId: 'pr_unknown' });
    expect(unknown.status).toBe(404);
    // A refused callback is not recorded, so the provider's retry of it can still succeed.
    expect(await t.database.db.select().from(providerCallbacks).where(eq(providerCallbacks.id, `cvent:${unknown.sent.id}`))).toHaveLength(0);
    expect(await patRegistration()).toMatchObject({ status: 'Enrolled', arrivalDate: '2027-03-02' });
  });

  it('cancels the registration from a cancellation callback', async () => {
    const res = await fake.sendCallback({ type: 'registration.cancelled', referenceId: reference });
    expect(res.status).toBe(200);
    expect(await patRegistration()).toMatchObject({ status: 'Cancelled', isFree: false });
    const revisit = await t.app.inject({ method: 'GET', url: '/api/Enrollment/GetRevisitURL', headers: bearer(pat.accessToken) });
    expect(revisit.json()).toMatchObject({ succeeded: true, data: null });
  });

  it('has no hosted registration page', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Registration/${'A'.repeat(43)}` })).statusCode).toBe(404);
  });
});
