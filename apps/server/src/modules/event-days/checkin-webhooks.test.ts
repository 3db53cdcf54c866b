/**
 * Webhooks `checkin.created` and `checkin.undone` (docs/webhooks.md): written in the scan batch's
 * transaction (the outbox), one per arrival (never for `already` or a retried scan), one per undo
 * that removed a check-in; also for the console's check-in, its undo, and walk-ins. Sent by the
 * worker to a real HTTP receiver on loopback that refuses each delivery's first try; signatures
 * checked with `standardwebhooks` as a receiver would.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKIN_PATHS,
  createdWebhookSchema,
  EVENT_DAYS_ADMIN_PATHS,
  scansDataSchema,
  WEBHOOK_PATHS,
  webhookPayloadSchema,
  walkInDataSchema,
  type WebhookPayload,
} from '@portal/contracts';
import { rowsOf, schema } from '@portal/db';
import { bearer, body, buildTestApp, injectAs, loginOrganizer, type TestApp } from '../../testing/build-test-app.ts';
import { startReceiver, type Receiver } from '../../testing/webhook-receiver.ts';
import { until } from '../../testing/until.ts';
import { pairedDoor } from './testing/paired-door.ts';

const { webhookDeliveries } = schema;
const FAST = { pollMs: 30, backoffBaseMs: 80, backoffCapMs: 400, timeoutMs: 4_000 };
const dataOf = <T>(res: LightMyRequestResponse) => body<T>(res).data;


describe('checkin.* webhooks', () => {
  let t: TestApp;
  let admin: string;
  let receiver: Receiver;

  const adminCall = (method: 'GET' | 'POST', url: string, payload?: object) => injectAs(t.app, admin, method, url, payload);

  const newDevice = (name: string) => pairedDoor(t.app, admin, { event: 'nbc', name });
  async function sendScans(token: string, scans: object[]) {
    const res = await t.app.inject({ method: 'POST', url: CHECKIN_PATHS.scans, headers: bearer(token), payload: { scans } });
    expect(res.statusCode, res.body).toBe(200);
    return scansDataSchema.parse(dataOf(res)).results;
  }
  const scan = (extra: Record<string, unknown>) => ({ scanId: randomUUID(), scannedAt: new Date().toISOString(), door: 'Hall B', ...extra });

  beforeAll(async () => {
    receiver = await startReceiver({ failFirst: true });
    t = await buildTestApp({ env: { DEMO_DATA: 'true' }, webhooks: { delivery: FAST } });
    admin = (await loginOrganizer(t.app)).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('a scan batch writes none when no endpoint subscribes', async () => {
    const door = await newDevice('Quiet door');
    const [r] = rowsOf<{ id: number; version: number }>(
      await t.database.db.execute(sql`select r.id, b.version from registrations r join badges b on b.registration_id = r.id
        where r.event_id = 'nbc' and r.status = 'Enrolled' and b.checked_in_at is null order by r.id desc limit 1`),
    );
    expect((await sendScans(door.token, [scan({ code: t.app.badgeKeys.sign({ registrationId: r!.id, eventId: 'nbc', version: r!.version }) })]))[0]!.result).toBe('checked_in');
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries))[0]!.n).toBe(0);
  });

  it('sends checkin.created once per arrival and checkin.undone per undo, from doors, the console and walk-ins, signed, in order per registration', async () => {
    const created = await adminCall('POST', WEBHOOK_PATHS.webhooks, { url: receiver.url, events: ['checkin.created', 'checkin.undone'], description: 'Badge printer' });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = createdWebhookSchema.parse(dataOf(created));
    // Another endpoint subscribed to registration changes only gets none of these.
    const other = createdWebhookSchema.parse(dataOf(await adminCall('POST', WEBHOOK_PATHS.webhooks, { url: receiver.url, events: ['registration.updated'] })));

    const people = rowsOf<{ id: number; version: number }>(
      await t.database.db.execute(sql`select r.id, b.version from registrations r join badges b on b.registration_id = r.id
        where r.event_id = 'nbc' and r.status = 'Enrolled' and b.checked_in_at is null order by r.id limit 3`),
    );
    const [a, b, c] = people as [{ id: number; version: number }, { id: number; version: number }, { id: number; version: number }];
    const code = (p: { id: number; version: number }) => t.app.badgeKeys.sign({ registrationId: p.id, eventId: 'nbc', version: p.version });
    const north = await newDevice('North door');
    const south = await newDevice('South door');

    const arrivedAt = '2027-03-01T08:14:00.000Z';
    const batch = [
      scan({ code: code(a), scannedAt: arrivedAt, door: 'North 1' }),
      scan({ code: code(a) }), // already: no event
      scan({ registrationId: b.id, scannedAt: '2027-03-01T08:15:00.000Z' }),
      scan({ registrationId: b.id, undo: true, scannedAt: '2027-03-01T08:16:00.000Z' }),
      scan({ code: 'EP1.junk.junk' }), // invalid: no event
    ];
    expect((await sendScans(north.token, batch)).map((r) => r.result)).toEqual(['checked_in', 'already', 'checked_in', 'undone', 'invalid']);
    // A retry of the whole batch (a lost answer) and another door's scan of an arrived badge add nothing.
    await sendScans(north.token, batch);
    expect((await sendScans(south.token, [scan({ code: code(a) })]))[0]!.result).toBe('already');
    // An undo of someone not checked in removes nothing: no event.
    expect((await sendScans(south.token, [scan({ registrationId: c.id, undo: true })]))[0]!.result).toBe('undone');

    // The console: check in, check in again (nothing), undo.
    const checkInUrl = EVENT_DAYS_ADMIN_PATHS.checkIn.replace('{id}', String(c.id));
    for (const payload of [{}, {}, { undo: true }]) expect((await adminCall('POST', checkInUrl, payload)).statusCode).toBe(200);
    // A walk-in at the console, checked in at once.
    const walkIn = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.walkIns, { event: 'nbc', email: 'walk.in.hook@example.com', firstName: 'Wal', lastName: 'King', door: 'Desk' });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const walker = walkInDataSchema.parse(dataOf(walkIn));

    // Written in the changes' transactions, before anything is sent, in order.
    const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)).orderBy(asc(webhookDeliveries.id));
    expect(rows.map((r) => `${r.eventType} ${r.orderingKey}`)).toEqual([
      `checkin.created registration:${a.id}`,
      `checkin.created registration:${b.id}`,
      `checkin.undone registration:${b.id}`,
      `checkin.created registration:${c.id}`,
      `checkin.undone registration:${c.id}`,
      `checkin.created registration:${walker.registrationId}`,
    ]);
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(rows.length);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, other.id))).toEqual([]);

    t.app.webhookDelivery.start();
    const ids = rows.map((r) => r.messageId);
    await until('the check-in deliveries', async () => {
      const done = await t.database.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(inArray(webhookDeliveries.messageId, ids));
      return done.length === ids.length && done.every((d) => d.status === 'delivered');
    });
    const hook = new Webhook(endpoint.secret);
    const accepted = receiver.requests.filter((r) => r.status === 200 && ids.includes(String(r.headers['webhook-id'])));
    // Once per id (after the refused first try), each verified as a receiver would.
    expect(accepted).toHaveLength(ids.length);
    for (const id of ids) expect(receiver.accepted.get(id)).toBe(1);
    const payloads = accepted.map((r) => webhookPayloadSchema.parse(hook.verify(r.body, r.headers as Record<string, string>)));
    for (const r of accepted) expect(r.body).not.toMatch(/EP1\.|ckd1\.|token|https?:\/\//i);

    const byType = (type: WebhookPayload['type'], id: number) => payloads.find((p) => p.type === type && 'registrationId' in p.data && p.data.registrationId === id)!;
    expect(byType('checkin.created', a.id)).toMatchObject({
      data: { registrationId: a.id, event: 'nbc', checkedInAt: arrivedAt, door: 'North 1', device: { id: north.id, name: 'North door' }, scanId: batch[0]!.scanId, source: 'door' },
    });
    expect(byType('checkin.undone', b.id)).toMatchObject({
      data: { registrationId: b.id, undoneAt: '2027-03-01T08:16:00.000Z', checkIn: { at: '2027-03-01T08:15:00.000Z', door: 'Hall B' }, scanId: batch[3]!.scanId, source: 'door' },
    });
    expect(byType('checkin.created', c.id)).toMatchObject({ data: { door: 'Console', device: null, scanId: null, source: 'console' } });
    expect(byType('checkin.undone', c.id)).toMatchObject({ data: { source: 'console', checkIn: { door: 'Console' } } });
    expect(byType('checkin.created', walker.registrationId)).toMatchObject({ data: { door: 'Desk', source: 'walk-in', checkedInAt: walker.checkedInAt } });
    // In order per registration: b's undo was tried only after its check-in was accepted.
    const ofB = receiver.requests
      .filter((r) => ids.includes(String(r.headers['webhook-id'])))
      .map((r) => JSON.parse(r.body) as { type: string; data: { registrationId: number } })
      .filter((p) => p.data.registrationId === b.id)
      .map((p) => p.type);
    expect(ofB).toEqual(['checkin.created', 'checkin.created', 'checkin.undone', 'checkin.undone']);
  });

  it('takes back the old holder’s check-in with checkin.undone when a substitution passes the registration on', async () => {
    const endpoint = createdWebhookSchema.parse(dataOf(await adminCall('POST', WEBHOOK_PATHS.webhooks, { url: receiver.url, events: ['checkin.undone'] })));
    const [reg] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select r.id from registrations r join badges b on b.registration_id = r.id
        where r.event_id = 'nbc' and r.status = 'Enrolled' and r.store_dlrnum is not null and b.checked_in_at is null order by r.id desc limit 1`),
    );
    const id = reg!.id;
    expect((await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.checkIn.replace('{id}', String(id)), {})).statusCode).toBe(200);
    const res = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.substitute.replace('{id}', String(id)), { email: 'sent.instead.hook@example.com', firstName: 'Sent', lastName: 'Instead' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)).orderBy(asc(webhookDeliveries.id));
    expect(rows.map((r) => `${r.eventType} ${r.orderingKey}`)).toEqual([`checkin.undone registration:${id}`]);
    const payload = webhookPayloadSchema.parse(JSON.parse(rows[0]!.body));
    expect(payload).toMatchObject({ type: 'checkin.undone', data: { registrationId: id, source: 'substitution', door: 'Console', device: null, checkIn: { door: 'Console' } } });
    // A substitution of someone not checked in takes nothing back.
    const again = await adminCall('POST', EVENT_DAYS_ADMIN_PATHS.substitute.replace('{id}', String(id)), { email: 'sent.again.hook@example.com', firstName: 'Sent', lastName: 'Again' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toHaveLength(1);
  });
});
