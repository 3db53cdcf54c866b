/**
 * The CSV import tells webhook endpoints about the people it changes (docs/webhooks.md): one
 * `person.updated` per person renamed, moved or taken off a listed store's roster, written in the
 * import's transaction in multi-row statements, signed as every delivery (checked with the
 * `standardwebhooks` package against a real receiver on loopback); nothing for new people, dry runs,
 * refused files, or when no endpoint subscribes. Both engines (TEST_DATABASE_URL for PostgreSQL).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, adminPersonSchema, createdWebhookSchema, importResultSchema, WEBHOOK_PATHS, webhookPayloadSchema } from '@portal/contracts';
import { schema } from '@portal/db';
import { findPersonView } from '../modules/registration-views/registration-views.queries.ts';
import { emitPersonEvents, PEOPLE_PER_STATEMENT } from '../modules/webhooks/outbox.ts';
import { buildTestApp, injectAs, loginOrganizer, type Method, type TestApp } from '../testing/build-test-app.ts';
import { startReceiver, type Receiver } from '../testing/webhook-receiver.ts';
import { importCsv } from './import-csv.ts';
import { until } from '../testing/until.ts';

const { people, stores, webhookDeliveries, webhookEndpoints } = schema;
// A poll far longer than any wait here: deliveries arrive because queuing them wakes the worker.
const SLOW_POLL = { pollMs: 60_000, backoffBaseMs: 80, backoffCapMs: 400, timeoutMs: 4_000 };
const HEADER = 'dlrnum,email,first_name,last_name,role';
const csvHeaders = { 'content-type': 'text/csv' };


describe('the CSV import and webhooks', () => {
  let t: TestApp;
  let token: string;
  let receiver: Receiver;

  const call = (method: Method, url: string, payload?: object | string, headers?: Record<string, string>) => injectAs(t.app, token, method, url, payload, headers);
  const deliveryRows = () => t.database.db.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id));
  const importRoster = async (lines: string[], dryRun: boolean) => {
    const res = await call('POST', `${ADMIN_PATHS.import}?kind=rosters&dryRun=${dryRun}`, [HEADER, ...lines].join('\n'), csvHeaders);
    expect(res.statusCode, res.body).toBe(200);
    return importResultSchema.parse((res.json() as { data: unknown }).data);
  };
  /** A store's roster as the import file lists it (managers marked), from the database. */
  async function rosterOf(dlrnum: string) {
    const [store] = await t.database.db.select().from(stores).where(eq(stores.dlrnum, dlrnum));
    const staff = await t.database.db.select().from(people).where(eq(people.storeDlrnum, dlrnum)).orderBy(asc(people.id));
    return staff
      .filter((p) => !p.email.endsWith('.invalid'))
      .map((p) => ({ ...p, role: p.id === store!.executiveManagerId ? 'executive_manager' : p.id === store!.generalManagerId ? 'general_manager' : 'staff' }));
  }
  const line = (dlrnum: string, p: { email: string; firstName: string; lastName: string; role: string }) => `${dlrnum},${p.email},${p.firstName},${p.lastName},${p.role}`;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await buildTestApp({ env: { DEMO_DATA: 'true' }, webhooks: { delivery: SLOW_POLL } });
    token = (await loginOrganizer(t.app)).accessToken;
    t.app.webhookDelivery.start();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('queues nothing when no endpoint subscribes to person.updated', async () => {
    const other = await call('POST', WEBHOOK_PATHS.webhooks, { url: receiver.url, events: ['registration.created', 'registration.updated'] });
    expect(other.statusCode, other.body).toBe(201);
    const roster = await rosterOf('10003');
    const result = await importRoster(roster.map((p) => line('10003', { ...p, lastName: `${p.lastName}-Unheard` })), false);
    expect(result).toMatchObject({ ok: true, committed: true });
    expect(result.counts?.people).toMatchObject({ updated: roster.length });
    expect(await deliveryRows()).toEqual([]);
    await t.database.db.update(webhookEndpoints).set({ enabled: false });
  });

  it('sends one signed person.updated per person the import changes or detaches, none for new people, dry runs or refused files', async () => {
    const created = await call('POST', WEBHOOK_PATHS.webhooks, { url: receiver.url, events: ['person.updated'] });
    expect(created.statusCode, created.body).toBe(201);
    const { id: endpointId, secret } = createdWebhookSchema.parse((created.json() as { data: unknown }).data);
    const roster = await rosterOf('10002');
    const staff = roster.filter((p) => p.role === 'staff');
    expect(staff.length).toBeGreaterThanOrEqual(2);
    const leaving = staff.at(-1)!;
    const staying = roster.filter((p) => p.id !== leaving.id);
    const renamed = staying.map((p) => ({ ...p, firstName: `${p.firstName}x` }));
    const lines = [...renamed.map((p) => line('10002', p)), '10002,new.colleague@harbor-auto.example.com,New,Colleague,staff'];

    // A dry run and a refused file write nothing, so they queue nothing.
    expect(await importRoster(lines, true)).toMatchObject({ ok: true, committed: false });
    expect(await importRoster([...lines, '99999,x@dealer.example.com,No,Store,staff'], false)).toMatchObject({ ok: false, committed: false });
    expect(await deliveryRows()).toEqual([]);

    const result = await importRoster(lines, false);
    expect(result).toMatchObject({ ok: true, committed: true });
    expect(result.counts?.people).toMatchObject({ inserted: 1, updated: renamed.length, detached: 1 });
    const rows = await deliveryRows();
    const changed = [...renamed.map((p) => p.id), leaving.id];
    expect(rows.map((r) => r.orderingKey)).toEqual(changed.map((id) => `person:${id}`));
    expect(rows.every((r) => r.endpointId === endpointId && r.eventType === 'person.updated')).toBe(true);
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(rows.length);

    // The worker polls once a minute here: it sends because the import queued them.
    await until('every delivery to arrive', async () => receiver.accepted.size === changed.length && [...receiver.accepted.values()].every((n) => n === 1));
    const hook = new Webhook(secret);
    const seen = new Map<number, unknown>();
    for (const request of receiver.requests) {
      const payload = webhookPayloadSchema.parse(hook.verify(request.body, request.headers as Record<string, string>));
      expect(payload.type).toBe('person.updated');
      const person = adminPersonSchema.parse(payload.data);
      seen.set(person.id, person);
    }
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual([...changed].sort((a, b) => a - b));
    // Each body is the person as the console shows them after the import.
    for (const id of changed) expect(seen.get(id)).toEqual(await findPersonView(t.database.db, id));
    expect(seen.get(leaving.id)).toMatchObject({ storeDlrnum: null });
    expect(seen.get(renamed[0]!.id)).toMatchObject({ firstName: renamed[0]!.firstName });

    // The same file again changes nothing and queues nothing.
    expect(await importRoster(lines, false)).toMatchObject({ ok: true, counts: { people: { updated: 0, detached: 0 } } });
    expect(await deliveryRows()).toHaveLength(changed.length);
  });

  it('writes thousands in multi-row statements, one delivery per person and endpoint, in the import transaction', async () => {
    // Two endpoints; 1,200 new people (no events), then all of them renamed: 2,400 deliveries.
    const second = await call('POST', WEBHOOK_PATHS.webhooks, { url: receiver.url, events: ['person.updated'] });
    expect(second.statusCode, second.body).toBe(201);
    const n = PEOPLE_PER_STATEMENT + 200;
    const file = (suffix: string) => [HEADER, ...Array.from({ length: n }, (_, i) => `10001,bulk.${i}@morgan-motors.example.com,Bulk${suffix},Person${i},staff`)].join('\n');
    const keep = (await rosterOf('10001')).map((p) => line('10001', p));
    const options = { codeHashKey: t.config.codeHashKey, allowWeakCodes: true, events: { peopleUpdated: emitPersonEvents } };
    const before = (await deliveryRows()).length;
    const first = await importCsv(t.database.db, { rosters: { name: 'people.csv', content: `${file('A')}\n${keep.join('\n')}\n` } }, options);
    expect(first).toMatchObject({ ok: true, counts: { people: { inserted: n } } });
    expect((await deliveryRows()).length).toBe(before);

    await t.app.webhookDelivery.stop();
    const renamed = await importCsv(t.database.db, { rosters: { name: 'people.csv', content: `${file('B')}\n${keep.join('\n')}\n` } }, options);
    expect(renamed).toMatchObject({ ok: true, counts: { people: { updated: n, inserted: 0 } } });
    const rows = (await deliveryRows()).slice(before);
    expect(rows).toHaveLength(2 * n);
    const endpoints = new Set(rows.map((r) => r.endpointId));
    expect(endpoints.size).toBe(2);
    // Per endpoint, one row per person, and the bodies carry the new names.
    for (const endpointId of endpoints) {
      const mine = rows.filter((r) => r.endpointId === endpointId);
      expect(new Set(mine.map((r) => r.orderingKey)).size).toBe(n);
      expect(mine.every((r) => (JSON.parse(r.body) as { data: { firstName: string } }).data.firstName === 'BulkB')).toBe(true);
    }
    const [{ open } = { open: -1 }] = (await t.database.db.select({ open: sql<number>`count(*)::int` }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'))) as { open: number }[];
    expect(Number(open)).toBe(2 * n);
  });
});
