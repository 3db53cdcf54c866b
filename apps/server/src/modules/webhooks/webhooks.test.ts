/**
 * Webhooks out (docs/webhooks.md) end to end: endpoints managed through the console
 * API, deliveries written in the change's transaction by every registration flow, sent by the worker
 * to a real HTTP receiver on loopback that refuses the first try of each delivery, signatures checked
 * with the `standardwebhooks` package as a receiver would; back-off, 410, manual retry, rotation,
 * two instances on one database, and the SSRF guard at save and at send time.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PATHS,
  createdWebhookSchema,
  pagedSchema,
  WEBHOOK_PATHS,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookPayloadSchema,
  webhookRegistrationDataSchema,
  type LoginData,
  type WebhookDelivery as WireDelivery,
} from '@portal/contracts';
import { schema } from '@portal/db';
import { DEMO_ORGANIZER } from '../../demo/demo-accounts.ts';
import { bearer, buildTestApp, DEMO, loginAs, type TestApp } from '../../testing/build-test-app.ts';
import { startReceiver, type Receiver } from '../../testing/webhook-receiver.ts';
import { CVENT_LINK_PARAMS } from '../registration/cvent-provider.ts';
import { addressProblem, checkEndpointUrl } from './address-policy.ts';
import { emitRegistrationEvent } from './outbox.ts';
import { until } from '../../testing/until.ts';

const { webhookDeliveries, webhookEndpoints, auditLog, registrations } = schema;
const FAST = { pollMs: 30, backoffBaseMs: 80, backoffCapMs: 400, timeoutMs: 4_000 };

type Body<T = unknown> = { succeeded: boolean; message: string | null; data: T; errors?: Array<{ field: string; message: string }> };


async function organizerToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: { email: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Body<{ accessToken: string }>).data.accessToken;
}

const path = (p: string, id: number) => p.replace('{id}', String(id));

describe('webhooks out', () => {
  let t: TestApp;
  let token: string;
  let pat: LoginData;
  let receiver: Receiver;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
  const data = <T>(res: { json(): unknown }) => (res.json() as Body<T>).data;

  async function createEndpoint(url: string, events: string[] = ['registration.created', 'registration.updated', 'registration.cancelled', 'person.updated']) {
    const res = await call('POST', WEBHOOK_PATHS.webhooks, { url, events, description: 'CRM' });
    expect(res.statusCode, res.body).toBe(201);
    return createdWebhookSchema.parse(data(res));
  }
  async function deliveriesOf(endpointId: number): Promise<WireDelivery[]> {
    const res = await call('GET', `${path(WEBHOOK_PATHS.webhookDeliveries, endpointId)}?pageSize=200`);
    expect(res.statusCode, res.body).toBe(200);
    return pagedSchema(webhookDeliverySchema).parse(data(res)).rows;
  }
  const settled = (endpointId: number) =>
    until(`deliveries of endpoint ${endpointId} to settle`, async () => {
      const rows = await deliveriesOf(endpointId);
      return rows.length > 0 && rows.every((d) => d.status === 'delivered' || d.status === 'failed') && rows;
    });

  beforeAll(async () => {
    receiver = await startReceiver({ failFirst: true });
    t = await buildTestApp({ env: { DEMO_DATA: 'true' }, webhooks: { delivery: FAST } });
    token = await organizerToken(t);
    pat = await loginAs(t.app, DEMO.em, 'DEALER27');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  describe('endpoints in the console API', () => {
    it('creates an endpoint with a whsec_ secret shown once, audited without it', async () => {
      const created = await createEndpoint('http://127.0.0.1:9/never', ['registration.created', 'registration.waitlisted', 'registration.created']);
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(created).toMatchObject({ url: 'http://127.0.0.1:9/never', events: ['registration.created', 'registration.waitlisted'], enabled: true, pending: 0, failed: 0 });
      const list = pagedSchema(webhookEndpointSchema).parse(data(await call('GET', WEBHOOK_PATHS.webhooks)));
      const listed = list.rows.find((e) => e.id === created.id)!;
      expect(listed).not.toHaveProperty('secret');
      expect(JSON.stringify(list)).not.toContain(created.secret.slice(6));
      // Stored encrypted.
      const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(row!.secret).toMatch(/^v1:/);
      const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin-webhook-create')).orderBy(sql`id desc`).limit(1);
      expect(entry).toMatchObject({ actorEmail: DEMO_ORGANIZER.email, success: true, detail: { endpointId: created.id } });
      expect(JSON.stringify(entry)).not.toContain(created.secret.slice(6));

      // Edit and disable, both audited.
      const edited = await call('PUT', path(WEBHOOK_PATHS.webhook, created.id), { description: 'Travel desk', events: ['person.updated'] });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(data(edited)).toMatchObject({ description: 'Travel desk', events: ['person.updated'] });
      const disabled = await call('POST', path(WEBHOOK_PATHS.webhookDisable, created.id));
      expect(data(disabled)).toMatchObject({ enabled: false, disabledReason: 'organizer' });
      expect((await call('POST', path(WEBHOOK_PATHS.webhookTest, created.id))).statusCode).toBe(409);
      const enabled = await call('PUT', path(WEBHOOK_PATHS.webhook, created.id), { enabled: true });
      expect(data(enabled)).toMatchObject({ enabled: true, disabledReason: null });
      const actions = (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(sql`${auditLog.action} like 'admin-webhook-%'`)).map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(['admin-webhook-create', 'admin-webhook-update', 'admin-webhook-disable']));
      await call('POST', path(WEBHOOK_PATHS.webhookDisable, created.id));
    });

    it('refuses bad input with 400 and a field, unknown ids with 404, and callers without an organizer token', async () => {
      const cases: Array<[object, string]> = [
        [{ url: 'not a url', events: ['registration.created'] }, 'url'],
        [{ url: 'ftp://example.com/x', events: ['registration.created'] }, 'url'],
        [{ url: 'http://127.0.0.1:9/x', events: [] }, 'events'],
        [{ url: 'http://127.0.0.1:9/x', events: ['registration.exploded'] }, 'events.0'],
        [{ url: 'http://user:pw@127.0.0.1:9/x', events: ['registration.created'] }, 'url'],
        [{ url: 'http://127.0.0.1:9/x', events: ['registration.created'], description: 'x'.repeat(501) }, 'description'],
      ];
      for (const [payload, field] of cases) {
        const res = await call('POST', WEBHOOK_PATHS.webhooks, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect((res.json() as Body).errors?.map((e) => e.field), JSON.stringify(payload)).toContain(field);
      }
      expect((await call('PUT', path(WEBHOOK_PATHS.webhook, 1), {})).statusCode).toBe(400);
      expect((await call('PUT', path(WEBHOOK_PATHS.webhook, 1), { enabled: false })).statusCode).toBe(400);
      expect((await call('GET', path(WEBHOOK_PATHS.webhookDeliveries, 99_999))).statusCode).toBe(404);
      expect((await call('POST', path(WEBHOOK_PATHS.webhookRotateSecret, 99_999))).statusCode).toBe(404);
      expect((await call('POST', path(WEBHOOK_PATHS.webhookDeliveryRetry, 99_999))).statusCode).toBe(404);
      expect((await call('GET', `${path(WEBHOOK_PATHS.webhookDeliveries, 1)}?status=lost`)).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: WEBHOOK_PATHS.webhooks })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: WEBHOOK_PATHS.webhooks, headers: bearer(pat.accessToken) })).statusCode).toBe(403);
    });
  });

  describe('registration changes', () => {
    let endpointId: number;
    let secret: string;

    it('writes a delivery row in the change transaction and none when it rolls back', async () => {
      const created = await createEndpoint(receiver.url);
      endpointId = created.id;
      secret = created.secret;
      const [someRegistration] = await t.database.db.select({ id: registrations.id }).from(registrations).limit(1);
      const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)))[0]!.n;
      await expect(
        t.database.db.transaction(async (tx) => {
          await emitRegistrationEvent(tx, 'registration.updated', someRegistration!.id, new Date());
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(Number(await count())).toBe(0);
    });

    it('sends every change once per webhook-id, in order per registration, signed, despite a failed first try each', async () => {
      // Changes through every flow: enrollment link (created), hosted page (person + enrolled),
      // console dates and cancel, enrolling again (pending again).
      const enrol = async () => {
        const res = await t.app.inject({ method: 'POST', url: '/api/Enrollment/GetBuiltinLink', headers: bearer(pat.accessToken), payload: { firstName: 'Robin', lastName: 'Hook' } });
        expect(res.statusCode, res.body).toBe(200);
        return new URL((res.json() as Body<string>).data).pathname.split('/').pop()!;
      };
      const linkToken = await enrol();
      const submitted = await t.app.inject({
        method: 'POST',
        url: `/api/Registration/${linkToken}`,
        payload: { action: 'submit', firstName: 'Robin', lastName: 'Hook', email: 'robin.hook@morgan-motors.example.com', isVirtual: false, arrivalDate: '2027-03-01', departureDate: '2027-03-02' },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const [createdRow] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'registration.created'));
      const registrationId = Number(createdRow!.orderingKey!.split(':')[1]);
      const dates = await call('POST', `/api/Admin/Registrations/${registrationId}/Dates`, { isVirtual: false, arrivalDate: '2027-03-02', departureDate: '2027-03-03' });
      expect(dates.statusCode, dates.body).toBe(200);
      const cancelled = await call('POST', `/api/Admin/Registrations/${registrationId}/Cancel`, { reason: 'test' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await enrol();
      const person = await call('PUT', `/api/Admin/People/${(data<{ attendeeId: number }>(cancelled)).attendeeId}`, { company: 'Morgan Motors' });
      expect(person.statusCode, person.body).toBe(200);

      // Written in order, before anything is sent (the worker is not running yet).
      const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.id));
      const ofRegistration = rows.filter((r) => r.orderingKey === `registration:${registrationId}`).map((r) => r.eventType);
      expect(ofRegistration).toEqual(['registration.created', 'registration.updated', 'registration.updated', 'registration.cancelled', 'registration.updated']);
      expect(rows.filter((r) => r.eventType === 'person.updated').length).toBe(2);

      t.app.webhookDelivery.start();
      const done = await settled(endpointId);
      expect(done.every((d) => d.status === 'delivered' && d.attempts === 2)).toBe(true);
      expect(done.every((d) => d.attemptLog.map((a) => a.statusCode).join() === '503,200')).toBe(true);

      // Every delivery arrived: refused once, accepted once, both times with the same webhook-id.
      const mine = receiver.requests.filter((r) => done.some((d) => d.messageId === r.headers['webhook-id']));
      for (const d of done) {
        const tries = mine.filter((r) => r.headers['webhook-id'] === d.messageId);
        expect(tries.map((r) => r.status), d.messageId).toEqual([503, 200]);
        expect(receiver.accepted.get(d.messageId)).toBe(1);
      }
      // Signed as Standard Webhooks: the receiver's library verifies each request.
      const hook = new Webhook(secret);
      const payloads = mine.filter((r) => r.status === 200).map((r) => webhookPayloadSchema.parse(hook.verify(r.body, r.headers as Record<string, string>)));
      expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(mine[0]!.body, mine[0]!.headers as Record<string, string>)).toThrow();

      // In order per registration, also while an earlier one was being retried: no try of a later
      // change before the earlier one was accepted.
      const order = mine
        .map((r) => ({ ...r, payload: JSON.parse(r.body) as { type: string; data: { id: number } } }))
        .filter((r) => r.payload.type.startsWith('registration.') && r.payload.data.id === registrationId);
      expect(order.map((r) => `${r.payload.type}:${r.status}`)).toEqual(
        ['registration.created', 'registration.updated', 'registration.updated', 'registration.cancelled', 'registration.updated'].flatMap((type) => [`${type}:503`, `${type}:200`]),
      );

      // The registration as the console's detail shows it, without tokens or links.
      const detail = data<Record<string, unknown>>(await call('GET', `/api/Admin/Registrations/${registrationId}`));
      const last = payloads.filter((p) => p.type.startsWith('registration.')).at(-1)!;
      // Without the audit history, the badge (its code admits at the door) and the door state.
      const { history: _history, badge: _badge, checkIn: _checkIn, ...detailWithoutHistory } = detail;
      expect(webhookRegistrationDataSchema.strict().parse(last.data)).toEqual(detailWithoutHistory);
      for (const p of payloads) expect(JSON.stringify(p)).not.toMatch(/\/register\/|token|https?:\/\//i);
      const firstPayload = payloads.find((p) => p.type === 'registration.created')!;
      expect(firstPayload.data).toMatchObject({ status: 'Pending', firstName: 'Robin' });
      expect(Date.parse(firstPayload.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('sends a test event, lists it with its attempts, and rotates the secret keeping the old one valid for a day', async () => {
      receiver.set({});
      const res = await call('POST', path(WEBHOOK_PATHS.webhookTest, endpointId));
      expect(res.statusCode, res.body).toBe(202);
      const queued = webhookDeliverySchema.parse(data(res));
      expect(queued).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
      await until('the test event', async () => receiver.accepted.get(queued.messageId));
      const rotated = createdWebhookSchema.parse(data(await call('POST', path(WEBHOOK_PATHS.webhookRotateSecret, endpointId))));
      expect(rotated.secret).not.toBe(secret);
      expect(Date.parse(rotated.previousSecretExpiresAt!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
      const second = webhookDeliverySchema.parse(data(await call('POST', path(WEBHOOK_PATHS.webhookTest, endpointId))));
      await until('the second test event', async () => receiver.accepted.get(second.messageId));
      const request = receiver.requests.find((r) => r.headers['webhook-id'] === second.messageId)!;
      expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
      for (const key of [rotated.secret, secret]) expect(new Webhook(key).verify(request.body, request.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });
      const listed = (await deliveriesOf(endpointId)).find((d) => d.id === queued.id)!;
      expect(listed).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, attemptLog: [{ attempt: 1, statusCode: 200 }] });
    });

    it('gives up after the retry window (failed), retries by hand with the same webhook-id, and disables the endpoint on 410', async () => {
      receiver.set({ answer: () => 500 });
      const test = webhookDeliverySchema.parse(data(await call('POST', path(WEBHOOK_PATHS.webhookTest, endpointId))));
      await until('a failed try', async () => (await deliveriesOf(endpointId)).find((d) => d.id === test.id && d.attempts >= 1));
      // The 3 days are over: the next failed try gives up.
      await t.database.db.update(webhookDeliveries).set({ giveUpAt: new Date(Date.now() - 1000) }).where(eq(webhookDeliveries.id, test.id));
      const failed = await until('the delivery to fail', async () => (await deliveriesOf(endpointId)).find((d) => d.id === test.id && d.status === 'failed'));
      expect(failed).toMatchObject({ lastStatusCode: 500, lastError: 'HTTP 500', nextAttemptAt: null });
      expect((await call('POST', path(WEBHOOK_PATHS.webhookDeliveryRetry, (await deliveriesOf(endpointId)).find((d) => d.status === 'delivered')!.id))).statusCode).toBe(409);

      receiver.set({});
      const retried = await call('POST', path(WEBHOOK_PATHS.webhookDeliveryRetry, test.id));
      expect(retried.statusCode, retried.body).toBe(202);
      // Due at once: the worker may have taken it already.
      expect(['pending', 'sending', 'delivered']).toContain(data<WireDelivery>(retried).status);
      const delivered = await until('the retried delivery', async () => (await deliveriesOf(endpointId)).find((d) => d.id === test.id && d.status === 'delivered'));
      expect(delivered.attemptLog.at(-1)).toMatchObject({ statusCode: 200 });
      expect(new Set(receiver.requests.filter((r) => r.headers['webhook-id'] === test.messageId).map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(receiver.requests.filter((r) => r.headers['webhook-id'] === test.messageId).at(-1)!.status).toBe(200);
      const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin-webhook-retry'));
      expect(audited?.detail).toMatchObject({ deliveryId: test.id, messageId: test.messageId });

      receiver.set({ answer: () => 410 });
      const gone = webhookDeliverySchema.parse(data(await call('POST', path(WEBHOOK_PATHS.webhookTest, endpointId))));
      await until('the endpoint to be disabled', async () => {
        const endpoint = pagedSchema(webhookEndpointSchema).parse(data(await call('GET', WEBHOOK_PATHS.webhooks))).rows.find((e) => e.id === endpointId);
        return endpoint && !endpoint.enabled && endpoint.disabledReason === 'gone';
      });
      expect((await deliveriesOf(endpointId)).find((d) => d.id === gone.id)).toMatchObject({ status: 'failed', lastStatusCode: 410 });
      // Disabled: new changes queue nothing for it.
      const before = (await deliveriesOf(endpointId)).length;
      const [someRegistration] = await t.database.db.select({ id: registrations.id }).from(registrations).limit(1);
      await t.database.db.transaction((tx) => emitRegistrationEvent(tx, 'registration.updated', someRegistration!.id, new Date()));
      expect((await deliveriesOf(endpointId)).length).toBe(before);
      receiver.set({ failFirst: true });
    });

    it('follows no redirect and times out a receiver that does not answer', async () => {
      const target = await startReceiver();
      const slow = await startReceiver({ delayMs: 6_000 });
      try {
        receiver.set({ answer: () => [307, { location: target.url }] });
        const redirected = await createEndpoint(receiver.url, ['registration.created']);
        const d = webhookDeliverySchema.parse(data(await call('POST', path(WEBHOOK_PATHS.webhookTest, redirected.id))));
        const tried = await until('a redirect answer', async () => (await deliveriesOf(redirected.id)).find((x) => x.id === d.id && x.attemptLog.length > 0));
        expect(tried.attemptLog[0]).toMatchObject({ statusCode: 307, error: 'HTTP 307' });
        expect(target.total).toBe(0);
        await call('POST', path(WEBHOOK_PATHS.webhookDisable, redirected.id));

        const timed = await createEndpoint(slow.url, ['registration.created']);
        const s = webhookDeliverySchema.parse(data(await call('POST', path(WEBHOOK_PATHS.webhookTest, timed.id))));
        const late = await until('a time-out', async () => (await deliveriesOf(timed.id)).find((x) => x.id === s.id && x.attemptLog.length > 0), 10_000);
        expect(late.attemptLog[0]).toMatchObject({ statusCode: null, error: 'no answer within 4 s' });
        expect(late.attemptLog[0]!.durationMs).toBeGreaterThanOrEqual(3_900);
        expect(late.status).not.toBe('failed');
        await call('POST', path(WEBHOOK_PATHS.webhookDisable, timed.id));
      } finally {
        receiver.set({ failFirst: true });
        await target.close();
        await slow.close();
      }
    });
  });

  describe('the example receiver of docs/webhooks.md', () => {
    it('runs as written, verifies a delivery, drops a repeat and refuses a forged request', async () => {
      const root = new URL('../../../../../', import.meta.url);
      const doc = readFileSync(new URL('docs/webhooks.md', root), 'utf8');
      const code = /<!-- example-receiver -->\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
      expect(code).toBeTruthy();
      const port = await new Promise<number>((resolve) => {
        const probe = createTcpServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      await t.database.db.update(webhookEndpoints).set({ enabled: false });
      const endpoint = await createEndpoint(`http://127.0.0.1:${port}/`, ['registration.created']);
      const child = spawn(process.execPath, ['--input-type=module', '-e', code!], { cwd: fileURLToPath(root), env: { ...process.env, WEBHOOK_SECRET: endpoint.secret, PORT: String(port) } });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      try {
        await until('the example receiver to listen', async () => fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).then((r) => r.status === 400, () => false));
        t.app.webhookDelivery.start();
        const sent = webhookDeliverySchema.parse(data(await call('POST', path(WEBHOOK_PATHS.webhookTest, endpoint.id))));
        await until('the delivery', async () => (await deliveriesOf(endpoint.id)).find((d) => d.id === sent.id && d.status === 'delivered'));
        expect(out).toMatch(new RegExp(`^webhook\\.test \\{"endpointId":${endpoint.id},`, 'm'));
        // A repeat of the same id is accepted and dropped; a forged body is refused.
        const request = (await deliveriesOf(endpoint.id)).find((d) => d.id === sent.id)!;
        const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, request.id));
        const ts = Math.floor(Date.now() / 1000);
        const headers = { 'webhook-id': request.messageId, 'webhook-timestamp': String(ts), 'webhook-signature': new Webhook(endpoint.secret).sign(request.messageId, new Date(ts * 1000), row!.body) };
        expect((await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body: row!.body })).status).toBe(204);
        expect(out.match(/^webhook\.test /gm)).toHaveLength(1);
        expect((await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body: row!.body.replace('test event', 'forged event') })).status).toBe(400);
      } finally {
        child.kill();
        await call('POST', path(WEBHOOK_PATHS.webhookDisable, endpoint.id));
      }
    });
  });

  describe('two instances on one database', () => {
    it('never send one delivery twice at the same time; every delivery goes out once', async () => {
      const second = await buildTestApp({ database: t.database, env: { DEMO_DATA: 'true' }, webhooks: { delivery: { ...FAST, batchSize: 4 } } });
      const local = await startReceiver({ delayMs: 5 });
      try {
        await t.app.webhookDelivery.stop();
        // Only this test's endpoint takes these changes.
        await t.database.db.update(webhookEndpoints).set({ enabled: false });
        const endpoint = await createEndpoint(local.url, ['registration.updated']);
        const regs = await t.database.db.select({ id: registrations.id }).from(registrations).orderBy(asc(registrations.id)).limit(60);
        for (const r of regs) {
          await t.database.db.transaction(async (tx) => {
            await emitRegistrationEvent(tx, 'registration.updated', r.id, new Date());
            await emitRegistrationEvent(tx, 'registration.updated', r.id, new Date());
          });
        }
        const counts = [0, 0];
        const work = async (i: number, app: TestApp) => {
          for (let idle = 0; idle < 3; ) {
            const pass = await app.app.webhookDelivery.deliverDue();
            counts[i]! += pass.delivered;
            idle = pass.claimed === 0 ? idle + 1 : 0;
            if (!pass.claimed) await new Promise((r) => setTimeout(r, 20));
          }
        };
        await Promise.all([work(0, t), work(1, second)]);
        const rows = await deliveriesOf(endpoint.id);
        expect(rows).toHaveLength(regs.length * 2);
        expect(rows.filter((d) => d.status !== 'delivered' || d.attempts !== 1)).toEqual([]);
        expect(local.total).toBe(regs.length * 2);
        expect([...local.accepted.values()].every((n) => n === 1)).toBe(true);
        expect(local.maxConcurrentPerId).toBe(1);
        expect(counts[0]! + counts[1]!).toBe(regs.length * 2);
        expect(counts[0]).toBeGreaterThan(0);
        expect(counts[1]).toBeGreaterThan(0);
        await call('POST', path(WEBHOOK_PATHS.webhookDisable, endpoint.id));
      } finally {
        await second.close();
        await local.close();
      }
    });
  });
});

describe('the Cvent callback', () => {
  it('queues registration.updated and registration.cancelled in the callback transaction', async () => {
    const { startFakeCvent } = await import('../registration/testing/fake-cvent-provider.ts');
    const secret = 'cvent-shared-secret-for-tests-0123456789';
    const fake = await startFakeCvent(secret);
    const t = await buildTestApp({ env: { DEMO_DATA: 'true', REGISTRATION_PROVIDER: 'cvent', CVENT_URL: fake.registrationUrl, CVENT_CALLBACK_SECRET: secret } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      fake.setCallbackUrl(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/Enrollment/CventCallback`);
      const token = await organizerToken(t);
      const created = await t.app.inject({ method: 'POST', url: WEBHOOK_PATHS.webhooks, headers: bearer(token), payload: { url: 'http://127.0.0.1:9/x', events: ['registration.created', 'registration.updated', 'registration.cancelled'] } });
      expect(created.statusCode, created.body).toBe(201);
      const pat = await loginAs(t.app, DEMO.em, 'DEALER27');
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/Enrollment/GetCventLink',
        headers: bearer(pat.accessToken),
        payload: { firstName: 'Pat', lastName: 'Morgan', isManager: true, isGeneralManager: false, isVirtual: false },
      });
      expect(link.statusCode, link.body).toBe(200);
      const referenceId = new URL((link.json() as Body<string>).data).searchParams.get(CVENT_LINK_PARAMS.reference)!;
      const [registration] = await t.database.db.select().from(registrations).where(eq(registrations.providerRef, referenceId));
      expect((await fake.sendCallback({ type: 'registration.completed', referenceId, arrivalDate: '2027-03-01', departureDate: '2027-03-03' })).status).toBe(200);
      expect((await fake.sendCallback({ type: 'registration.cancelled', referenceId })).status).toBe(200);
      const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.orderingKey, `registration:${registration!.id}`)).orderBy(asc(webhookDeliveries.id));
      expect(rows.map((r) => r.eventType).slice(1)).toEqual(['registration.updated', 'registration.cancelled']);
      expect(['registration.created', 'registration.updated']).toContain(rows[0]!.eventType);
      expect(JSON.parse(rows[1]!.body)).toMatchObject({ type: 'registration.updated', data: { status: 'Enrolled', arrivalDate: '2027-03-01', provider: 'cvent' } });
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe('the address guard (SSRF)', () => {
  const production = { allowPrivate: false, allowLoopback: false, allowHttp: false };
  const demo = { allowPrivate: false, allowLoopback: true, allowHttp: true };

  it('refuses loopback, private, link-local, metadata and reserved addresses, also IPv6 and mapped forms', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.100.100.200', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '224.0.0.1', '192.0.2.1']) {
      expect(addressProblem(address, production), address).not.toBeNull();
    }
    expect(addressProblem('169.254.169.254', production)).toMatch(/metadata/);
    for (const address of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::ffff:93.184.215.14']) expect(addressProblem(address, production), address).toBeNull();
    expect(addressProblem('127.0.0.1', demo)).toBeNull();
    expect(addressProblem('10.0.0.1', demo)).not.toBeNull();
    expect(addressProblem('10.0.0.1', { ...production, allowPrivate: true })).toBeNull();
  });

  it('checks the scheme and every resolved address when an endpoint is saved', async () => {
    const dns: Record<string, string[]> = { 'crm.example.test': ['93.184.215.14'], 'rebind.example.test': ['93.184.215.14', '10.0.0.7'], 'meta.example.test': ['169.254.169.254'] };
    const lookupAll = async (host: string) => {
      const found = dns[host];
      if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return found;
    };
    expect(await checkEndpointUrl('https://crm.example.test/hooks', production, lookupAll)).toBeNull();
    expect(await checkEndpointUrl('http://crm.example.test/hooks', production, lookupAll)).toMatch(/https:\/\//);
    expect(await checkEndpointUrl('https://rebind.example.test/', production, lookupAll)).toMatch(/private/);
    expect(await checkEndpointUrl('https://meta.example.test/', production, lookupAll)).toMatch(/metadata/);
    expect(await checkEndpointUrl('https://[::1]/', production, lookupAll)).toMatch(/loopback/);
    expect(await checkEndpointUrl('https://0x7f.1/', production, lookupAll)).toMatch(/loopback/);
    expect(await checkEndpointUrl('https://nowhere.example.test/', production, lookupAll)).toMatch(/does not resolve/);
    expect(await checkEndpointUrl('http://127.0.0.1:8080/', demo, lookupAll)).toBeNull();
  });

  it('refuses at save in production mode with 400, and at send time against the address connected to', async () => {
    // A name that resolved to a public address when saved and to loopback when sent (rebinding).
    const listener = createTcpServer((socket) => socket.destroy());
    let connections = 0;
    listener.on('connection', () => connections++);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    const t = await buildTestApp({ env: { DEMO_DATA: 'false' }, webhooks: { delivery: FAST, lookupAll: async (host) => (host === 'localhost' ? ['93.184.215.14'] : []) } });
    try {
      const token = await organizerToken(t);
      const post = (url: string) => t.app.inject({ method: 'POST', url: WEBHOOK_PATHS.webhooks, headers: bearer(token), payload: { url, events: ['registration.created'] } });
      for (const url of ['http://localhost/x', 'https://127.0.0.1/x', 'https://[::ffff:169.254.169.254]/x', 'https://10.0.0.1/x']) {
        const res = await post(url);
        expect(res.statusCode, url).toBe(400);
        expect((res.json() as Body).errors?.[0]?.field).toBe('url');
      }
      const saved = await post(`https://localhost:${port}/hooks`);
      expect(saved.statusCode, saved.body).toBe(201);
      const endpoint = createdWebhookSchema.parse((saved.json() as Body).data);
      await t.app.inject({ method: 'POST', url: path(WEBHOOK_PATHS.webhookTest, endpoint.id), headers: bearer(token) });
      t.app.webhookDelivery.start();
      const res = await until('a refused try', async () => {
        const list = await t.app.inject({ method: 'GET', url: path(WEBHOOK_PATHS.webhookDeliveries, endpoint.id), headers: bearer(token) });
        const row = pagedSchema(webhookDeliverySchema).parse((list.json() as Body).data).rows[0];
        return row?.lastAttemptAt ? row : undefined;
      });
      expect(res.lastError).toMatch(/refused: localhost resolves to 127\.0\.0\.1 is a loopback address|refused: localhost resolves to ::1 is a loopback address/);
      expect(connections).toBe(0);

      // Allowed with WEBHOOK_ALLOW_PRIVATE=true (https still required outside demo mode).
      const open = await buildTestApp({ database: t.database, env: { DEMO_DATA: 'false', WEBHOOK_ALLOW_PRIVATE: 'true' } });
      try {
        const openToken = await organizerToken(open);
        const ok = await open.app.inject({ method: 'POST', url: WEBHOOK_PATHS.webhooks, headers: bearer(openToken), payload: { url: 'https://10.0.0.1/x', events: ['registration.created'] } });
        expect(ok.statusCode, ok.body).toBe(201);
        const http = await open.app.inject({ method: 'POST', url: WEBHOOK_PATHS.webhooks, headers: bearer(openToken), payload: { url: 'http://10.0.0.1/x', events: ['registration.created'] } });
        expect(http.statusCode).toBe(400);
      } finally {
        await open.close();
      }
    } finally {
      await t.close();
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
