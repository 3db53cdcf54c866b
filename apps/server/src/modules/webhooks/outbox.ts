/**
 * Webhook deliveries written in the transaction of the change they report (the outbox pattern of
 * mail, docs/decisions/007 and 011). Call `emitRegistrationEvent` / `emitPersonEvent` inside the
 * change's transaction, after the change: one row per enabled endpoint subscribed to the type, with
 * the body fixed now (the registration as the console's detail shows it, less its audit history;
 * no tokens or links). Bulk changes (the CSV import) call `emitPersonEvents` once for all their people.
 *
 *   await emitRegistrationEvent(tx, 'registration.cancelled', registration.id, at);
 *
 * Cost inside the change's transaction (docs/benchmarks.md, "Webhooks out"): one statement reads the
 * subscribed endpoints and, only when there are some, the registration (or person) with everything
 * its body shows (PostgreSQL checks the subscription once, before reading any row); then, when
 * subscribed, one read of the registration's answers (and, when one is sensitive, of the endpoints
 * that opt in to sensitive answers: those get a body of their own) and one insert of a fixed text for all the endpoints, the body sent once (parsed once per
 * connection). With no endpoint subscribed it costs that one statement, which then reads nothing
 * but the (small) endpoints table. A caller that read the subscribed endpoints already in the
 * transaction (the hosted page's submit, with its first read: subscribersColumn) passes them as
 * `known`: with none subscribed the emit then sends no statement, and PostgreSQL does not plan the
 * view's join for nothing (2 ms of its CPU per emit at load 12).
 *
 * Deliveries of one registration (one person) to one endpoint go out in the order of these rows:
 * the registration's row lock (lockForChange) orders its changes, so their ids follow that order.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AdminPerson, WebhookEventType, WebhookRegistrationData } from '@portal/contracts';
import { schema, type DbOrTx } from '@portal/db';
import { findPersonViews, findRegistrationViews } from '../registration-views/registration-views.queries.ts';
import { newMessageId } from './signing.ts';
import { answersOfRegistrations } from '../questions/questions.service.ts';
import { endpointsIncludingSensitive, endpointsSubscribedToAny, insertDeliveryBatch, insertEventDeliveries, subscribedEndpointIds, type NewDelivery } from './webhooks.queries.ts';

const { webhookEndpoints } = schema;

/** Retries stop this long after the change; the delivery is then `failed`. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;

type RegistrationEventType = Extract<WebhookEventType, `registration.${string}`>;

/** The enabled endpoints subscribed to `type`, as SQL: their ids (an array, null for none), and whether there is one. */
function subscription(type: string): { ids: SQL<number[] | null>; any: SQL } {
  const subscribed = sql`${webhookEndpoints.enabled} and ${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`;
  return {
    ids: sql<number[] | null>`(select array_agg(${webhookEndpoints.id} order by ${webhookEndpoints.id}) from ${webhookEndpoints} where ${subscribed})`,
    any: sql`exists (select 1 from ${webhookEndpoints} where ${subscribed})`,
  };
}

/** PostgreSQL answers int[] as numbers; PGlite may answer a text form. */
function idsOf(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  return String(value).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

function webhookData(row: Awaited<ReturnType<typeof findRegistrationViews>>[number]): WebhookRegistrationData {
  return { ...row.view, registeredBy: row.registeredBy };
}

/** The registration as `GET /api/Admin/Registrations/{id}` shows it, without the audit history. */
export async function registrationData(db: DbOrTx, id: number): Promise<WebhookRegistrationData | undefined> {
  const [row] = await findRegistrationViews(db, [id], { also: sql<null>`null` });
  return row ? webhookData(row) : undefined;
}

/** Queues one event to the given endpoints; answers the delivery ids. */
export async function queueDeliveries(
  tx: DbOrTx,
  endpointIds: readonly number[],
  event: { type: string; orderingKey: string | null; data: unknown },
  at: Date,
): Promise<number[]> {
  if (!endpointIds.length) return [];
  const body = JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: event.data });
  const ids = await insertEventDeliveries(tx, endpointIds, { messageId: newMessageId(), eventType: event.type, orderingKey: event.orderingKey, body }, WEBHOOK_RETRY_WINDOW_MS);
  queued();
  return ids;
}

/** Rows per insert statement of many events: 6 parameters each, far below PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 1_000;

const queuedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process queues deliveries (delivery.ts: the worker then looks
 * soon instead of at its next poll). Called before the transaction commits: a worker that looks too
 * early finds nothing yet and sends at its next poll. Answers the function that stops the calls.
 */
export function onDeliveriesQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

function queued(): void {
  for (const listener of queuedListeners) listener();
}

/** Many events' deliveries, in the order given (an ordering key's order), ROWS_PER_INSERT a statement. */
async function insertDeliveries(tx: DbOrTx, rows: readonly NewDelivery[]): Promise<number> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insertDeliveryBatch(tx, rows.slice(start, start + ROWS_PER_INSERT), WEBHOOK_RETRY_WINDOW_MS);
  }
  if (rows.length) queued();
  return rows.length;
}

/**
 * The enabled endpoints and the event types they subscribe to, as a caller read them earlier in the
 * change's transaction (the registration submit's first read: `subscribersColumn`), so an emit
 * need not read them itself: with none subscribed to its type it then sends no statement at all.
 */
export type KnownSubscribers = ReadonlyArray<{ id: number; events: readonly string[] }>;

/**
 * A column of a caller's read answering the enabled endpoints subscribed to any of `types` (ids in
 * order, with their types), as JSON: give it to subscribersOf.
 */
export function subscribersColumn(types: readonly string[]): string {
  for (const t of types) if (!/^[a-z._]+$/.test(t)) throw new Error(`subscribersColumn: invalid type ${t}`);
  return `(select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'events', w.events) order by w.id), '[]'::jsonb) from webhook_endpoints w
     where w.enabled and w.events ?| array[${types.map((t) => `'${t}'`).join(', ')}])`;
}

/** The column of subscribersColumn as read (node-postgres parses jsonb, PGlite may answer its text). */
export function subscribersOf(value: unknown): KnownSubscribers {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return [];
  return list.map((e: { id: unknown; events: unknown }) => ({ id: Number(e.id), events: Array.isArray(e.events) ? e.events.map(String) : [] }));
}

/**
 * One change's view row and the endpoints subscribed to `type`, in id order. With `known` (read
 * earlier in the transaction, ordered by id) the view is read only when an endpoint is subscribed;
 * without, the endpoints are read with the view in one statement.
 */
async function viewAndEndpoints<R extends { also: unknown }>(
  type: string,
  known: KnownSubscribers | undefined,
  find: (extra: { also: SQL<unknown>; when?: SQL }) => Promise<R[]>,
): Promise<{ row: R | undefined; endpoints: number[] }> {
  if (known) {
    const endpoints = known.filter((e) => e.events.includes(type)).map((e) => e.id);
    return { row: endpoints.length ? (await find({ also: sql<null>`null` }))[0] : undefined, endpoints };
  }
  const { ids, any } = subscription(type);
  const [row] = await find({ also: ids, when: any });
  return { row, endpoints: idsOf(row?.also) };
}

/**
 * `extra` adds fields to the body beside the registration's (`previousAttendee` of `registration.transferred`).
 * `known`: the subscribed endpoints, read earlier in this transaction (no read of them here).
 */
export async function emitRegistrationEvent(
  tx: DbOrTx,
  type: RegistrationEventType,
  registrationId: number,
  at: Date,
  extra?: Record<string, unknown>,
  known?: KnownSubscribers,
): Promise<void> {
  const { row, endpoints } = await viewAndEndpoints(type, known, (extra) => findRegistrationViews(tx, [registrationId], extra));
  if (!row || !endpoints.length) return;
  const data = { ...webhookData(row), ...extra };
  const orderingKey = `registration:${registrationId}`;
  // The answers to the event's questions: sensitive ones only to the endpoints that opt in.
  const answers = await answersOfRegistrations(tx, [registrationId]);
  if (!answers.length) {
    await queueDeliveries(tx, endpoints, { type, orderingKey, data }, at);
    return;
  }
  const byKey = (all: boolean) => Object.fromEntries(answers.filter((a) => all || !a.sensitive).map((a) => [a.key, a.value]));
  const sensitiveTo = new Set(answers.some((a) => a.sensitive) ? await endpointsIncludingSensitive(tx, endpoints) : []);
  const plain = endpoints.filter((id) => !sensitiveTo.has(id));
  await queueDeliveries(tx, plain, { type, orderingKey, data: { ...data, answers: byKey(false) } }, at);
  await queueDeliveries(tx, [...sensitiveTo], { type, orderingKey, data: { ...data, answers: byKey(true) } }, at);
}

/** `known`: the subscribed endpoints, read earlier in this transaction (no read of them here). */
export async function emitPersonEvent(tx: DbOrTx, personId: number, at: Date, known?: KnownSubscribers): Promise<void> {
  const { row, endpoints } = await viewAndEndpoints('person.updated', known, (extra) => findPersonViews(tx, [personId], extra));
  if (!row || !endpoints.length) return;
  const data: AdminPerson = row.view;
  await queueDeliveries(tx, endpoints, { type: 'person.updated', orderingKey: `person:${personId}`, data }, at);
}

/** People read and delivery rows written per statement by emitPersonEvents. */
export const PEOPLE_PER_STATEMENT = 1_000;

/**
 * `person.updated` for each of many people changed in one transaction (the CSV import), in the
 * order given: one select of the subscribed endpoints (nothing more when there is none), then per
 * PEOPLE_PER_STATEMENT people one read and one multi-row insert. Answers the deliveries written.
 */
export async function emitPersonEvents(tx: DbOrTx, personIds: readonly number[], at: Date): Promise<number> {
  if (!personIds.length) return 0;
  const endpoints = await subscribedEndpointIds(tx, 'person.updated');
  if (!endpoints.length) return 0;
  const timestamp = at.toISOString();
  let written = 0;
  for (let start = 0; start < personIds.length; start += PEOPLE_PER_STATEMENT) {
    const chunk = personIds.slice(start, start + PEOPLE_PER_STATEMENT);
    const views = new Map((await findPersonViews(tx, chunk, { also: sql<null>`null` })).map((r) => [r.view.id, r.view]));
    const rows = chunk.flatMap((id) => {
      const view = views.get(id);
      if (!view) return [];
      const event = { eventType: 'person.updated', orderingKey: `person:${id}`, body: JSON.stringify({ type: 'person.updated', timestamp, data: view }), messageId: newMessageId() };
      return endpoints.map((endpointId) => ({ endpointId, ...event }));
    });
    written += await insertDeliveries(tx, rows);
  }
  return written;
}

/**
 * Many events at once (a door's batch of scans, docs/webhooks.md "checkin.*"): one select of the
 * endpoints subscribed to any of their types, then one insert of every delivery (each event its
 * own `webhook-id`), in the order given; nothing more when no endpoint subscribes. Call inside the
 * change's transaction, as the helpers above. `subscribers`: the enabled endpoints subscribed to
 * these types, when the caller read them already in this transaction (then no select here).
 */
export async function queueEventBatch(
  tx: DbOrTx,
  events: ReadonlyArray<{ type: WebhookEventType; orderingKey: string | null; data: unknown }>,
  at: Date,
  subscribers?: ReadonlyArray<{ id: number; events: readonly string[] }>,
): Promise<number> {
  if (!events.length || subscribers?.length === 0) return 0;
  const types = [...new Set(events.map((e) => e.type))];
  const endpoints = subscribers ?? (await endpointsSubscribedToAny(tx, types));
  if (!endpoints.length) return 0;
  const timestamp = at.toISOString();
  const rows = events.flatMap((event) => {
    const to = endpoints.filter((e) => (e.events as readonly string[]).includes(event.type));
    if (!to.length) return [];
    const body = JSON.stringify({ type: event.type, timestamp, data: event.data });
    const messageId = newMessageId();
    return to.map((endpoint) => ({ endpointId: endpoint.id, messageId, eventType: event.type, orderingKey: event.orderingKey, body }));
  });
  return insertDeliveries(tx, rows);
}
