/**
 * Webhook deliveries written in the transaction of the change they report (the outbox pattern of
 * mail, docs/decisions/007 and 015). Call `emitRegistrationEvent` / `emitPersonEvent` inside the
 * change's transaction, after the change: one row per enabled endpoint subscribed to the type, with
 * the body fixed now (the registration as the console's detail shows it, less its audit history;
 * no tokens or links). With no endpoint subscribed it costs one small select.
 *
 *   await emitRegistrationEvent(tx, 'registration.cancelled', registration.id, at);
 *
 * Deliveries of one registration (one person) to one endpoint go out in the order of these rows:
 * the registration's row lock (lockForChange) orders its changes, so their ids follow that order.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AdminPerson, WebhookEventType, WebhookRegistrationData } from '@portal/contracts';
import { schema, type DbOrTx } from '@portal/db';
import { findPersonView, findRegistrationView } from '../admin/admin.queries.ts';
import { isPlaceholderEmail } from '../../lib/placeholder-email.ts';
import { findPerson } from '../registration/registration.queries.ts';
import { newMessageId } from './signing.ts';

const { webhookEndpoints, webhookDeliveries } = schema;

/** Retries stop this long after the change; the delivery is then `failed`. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;

type RegistrationEventType = Extract<WebhookEventType, `registration.${string}`>;

/** The registration as `GET /api/Admin/Registrations/{id}` shows it, without the audit history. */
export async function registrationData(db: DbOrTx, id: number): Promise<WebhookRegistrationData | undefined> {
  const row = await findRegistrationView(db, id);
  if (!row) return undefined;
  const by = await findPerson(db, row.registeredById);
  const { registeredById: _by, ...view } = row;
  return {
    ...view,
    registeredBy: by ? { id: by.id, firstName: by.firstName, lastName: by.lastName, email: isPlaceholderEmail(by.email) ? null : by.email } : null,
  };
}

async function subscribed(tx: DbOrTx, type: string): Promise<number[]> {
  const rows = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));
  return rows.map((r) => r.id);
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
  const messageId = newMessageId();
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({
        endpointId,
        messageId,
        eventType: event.type,
        orderingKey: event.orderingKey,
        body,
        // Due at once and given up by the database's clock, as mail (a caller's clock may be a test's).
        giveUpAt: sql`now() + ${WEBHOOK_RETRY_WINDOW_MS} * interval '1 millisecond'`,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id);
}

export async function emitRegistrationEvent(tx: DbOrTx, type: RegistrationEventType, registrationId: number, at: Date): Promise<void> {
  const endpoints = await subscribed(tx, type);
  if (!endpoints.length) return;
  const data = await registrationData(tx, registrationId);
  if (!data) return;
  await queueDeliveries(tx, endpoints, { type, orderingKey: `registration:${registrationId}`, data }, at);
}

export async function emitPersonEvent(tx: DbOrTx, personId: number, at: Date): Promise<void> {
  const endpoints = await subscribed(tx, 'person.updated');
  if (!endpoints.length) return;
  const data: AdminPerson | undefined = await findPersonView(tx, personId);
  if (!data) return;
  await queueDeliveries(tx, endpoints, { type: 'person.updated', orderingKey: `person:${personId}`, data }, at);
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
  const endpoints =
    subscribers ??
    (await tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} ?| ${sql.param(types)}::text[]`)));
  if (!endpoints.length) return 0;
  const timestamp = at.toISOString();
  const giveUpAt = sql`now() + ${WEBHOOK_RETRY_WINDOW_MS} * interval '1 millisecond'`;
  const rows = events.flatMap((event) => {
    const to = endpoints.filter((e) => (e.events as readonly string[]).includes(event.type));
    if (!to.length) return [];
    const body = JSON.stringify({ type: event.type, timestamp, data: event.data });
    const messageId = newMessageId();
    return to.map((endpoint) => ({ endpointId: endpoint.id, messageId, eventType: event.type, orderingKey: event.orderingKey, body, giveUpAt }));
  });
  if (!rows.length) return 0;
  await tx.insert(webhookDeliveries).values(rows);
  return rows.length;
}
