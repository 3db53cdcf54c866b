/**
 * What organizers do with webhook endpoints in the console (docs/webhooks.md).
 * Every change runs in one transaction with its audit row (never the secret). URLs are checked
 * (scheme and resolved addresses, address-policy.ts) before the transaction: a DNS lookup must not
 * hold a transaction open, and PGlite has one connection.
 */
import {
  WEBHOOK_TEST_EVENT_TYPE,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookDelivery as WireDelivery,
  type WebhookEndpoint,
} from '@portal/contracts';
import type { Db, Tx } from '@portal/db';
import { audit, type Actor } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import { checkEndpointUrl, type AddressPolicy } from './address-policy.ts';
import { secretContext } from './delivery.ts';
import { queueDeliveries, WEBHOOK_RETRY_WINDOW_MS } from './outbox.ts';
import { generateSecret } from './signing.ts';
import * as q from './webhooks.queries.ts';

/** After a rotation the old secret still signs (a second signature) this long. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60_000;

export function endpointView(row: q.EndpointRow, counts: { pending: number; failed: number }): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    includeSensitive: row.includeSensitive,
    disabledReason: row.enabled ? null : row.disabledReason,
    disabledAt: row.enabled || !row.disabledAt ? null : row.disabledAt.toISOString(),
    previousSecretExpiresAt: row.previousSecretExpiresAt ? row.previousSecretExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    pending: counts.pending,
    failed: counts.failed,
  };
}

export function deliveryView(row: q.DeliveryRow, attempts: q.AttemptRow[]): WireDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt ? row.lastAttemptAt.toISOString() : null,
    lastDurationMs: row.lastDurationMs,
    nextAttemptAt: row.status === 'pending' || row.status === 'sending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    attemptLog: attempts.map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), statusCode: a.statusCode, error: a.error, durationMs: a.durationMs })),
  };
}

const auditAs = (actor: Actor, action: string, detail: Record<string, unknown>) => ({
  action,
  success: true,
  actorEmail: actor.email,
  ip: actor.ip,
  organizerId: actor.organizerId,
  detail,
});

export interface WebhooksServiceDeps {
  db: Db;
  policy: () => Promise<AddressPolicy>;
  secretKey: Uint8Array;
  now?: () => Date;
  /** Resolves a host's addresses (tests answer for names of their own). */
  lookupAll?: (host: string) => Promise<string[]>;
}

export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function assertUrl(url: string): Promise<void> {
    const problem = await checkEndpointUrl(url, await deps.policy(), deps.lookupAll);
    if (problem) throw badRequest(`The URL ${problem}.`, [{ field: 'url', message: problem }]);
  }

  async function view(dbOrTx: Db | Tx, id: number): Promise<WebhookEndpoint> {
    const row = await q.findEndpoint(dbOrTx, id);
    if (!row) throw notFound('No webhook endpoint with this id.');
    return endpointView(row, await q.endpointCounts(dbOrTx, id));
  }

  async function lockEndpoint(tx: Tx, id: number): Promise<q.EndpointRow> {
    const row = await q.findEndpoint(tx, id, true);
    if (!row) throw notFound('No webhook endpoint with this id.');
    return row;
  }

  return {
    async list(): Promise<{ rows: WebhookEndpoint[]; total: number }> {
      const { endpoints, counts } = await q.listEndpoints(db);
      const rows = endpoints.map((e) => {
        const mine = counts.filter((c) => c.endpointId === e.id);
        return endpointView(e, {
          pending: mine.filter((c) => c.status !== 'failed').reduce((n, c) => n + c.n, 0),
          failed: mine.find((c) => c.status === 'failed')?.n ?? 0,
        });
      });
      return { rows, total: rows.length };
    },

    async create(actor: Actor, input: CreateWebhookRequest & { description: string; events: string[] }): Promise<CreatedWebhook> {
      await assertUrl(input.url);
      const secret = generateSecret();
      const id = await db.transaction(async (tx) => {
        const at = now();
        const endpointId = await q.insertEndpoint(tx, { url: input.url, description: input.description, events: input.events, includeSensitive: input.includeSensitive ?? false, createdByOrganizerId: actor.organizerId, at });
        // Encrypted under the row's own id (the authenticated context), so it is written once the id is known.
        await q.setEndpointSecret(tx, endpointId, encryptSecret(secret, deps.secretKey, secretContext(endpointId)));
        await audit(tx, auditAs(actor, 'admin-webhook-create', { endpointId, url: input.url, events: input.events, description: input.description, includeSensitive: input.includeSensitive ?? false }));
        return endpointId;
      });
      return { ...(await view(db, id)), secret };
    },

    async update(actor: Actor, id: number, input: UpdateWebhookRequest & { events?: string[] | undefined }): Promise<WebhookEndpoint> {
      if (input.url !== undefined) await assertUrl(input.url);
      await db.transaction(async (tx) => {
        const at = now();
        const row = await lockEndpoint(tx, id);
        const changes: q.EndpointChanges = {};
        if (input.url !== undefined && input.url !== row.url) changes.url = input.url;
        if (input.description !== undefined && input.description !== row.description) changes.description = input.description;
        if (input.events !== undefined && JSON.stringify([...input.events].sort()) !== JSON.stringify([...row.events].sort())) changes.events = input.events;
        if (input.includeSensitive !== undefined && input.includeSensitive !== row.includeSensitive) changes.includeSensitive = input.includeSensitive;
        if (input.enabled && !row.enabled) Object.assign(changes, { enabled: true, disabledReason: null, disabledAt: null });
        if (!Object.keys(changes).length) return;
        await q.updateEndpoint(tx, id, { ...changes, updatedAt: at });
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof q.EndpointRow]]));
        await audit(tx, auditAs(actor, 'admin-webhook-update', { endpointId: id, before, after: changes }));
      });
      return view(db, id);
    },

    async disable(actor: Actor, id: number): Promise<WebhookEndpoint> {
      await db.transaction(async (tx) => {
        const at = now();
        const row = await lockEndpoint(tx, id);
        if (!row.enabled) return;
        await q.updateEndpoint(tx, id, { enabled: false, disabledReason: 'organizer', disabledAt: at, updatedAt: at });
        await audit(tx, auditAs(actor, 'admin-webhook-disable', { endpointId: id, url: row.url }));
      });
      return view(db, id);
    },

    /** A new secret, shown once; the old one keeps signing (a second signature) for 24 hours. */
    async rotateSecret(actor: Actor, id: number): Promise<CreatedWebhook> {
      const secret = generateSecret();
      await db.transaction(async (tx) => {
        const at = now();
        const row = await lockEndpoint(tx, id);
        const old = decryptSecret(row.secret, deps.secretKey, secretContext(id)).plain;
        await q.updateEndpoint(tx, id, {
          secret: encryptSecret(secret, deps.secretKey, secretContext(id)),
          previousSecret: encryptSecret(old, deps.secretKey, `${secretContext(id)}:previous`),
          previousSecretExpiresAt: new Date(at.getTime() + PREVIOUS_SECRET_GRACE_MS),
          updatedAt: at,
        });
        await audit(tx, auditAs(actor, 'admin-webhook-rotate-secret', { endpointId: id, previousValidUntil: new Date(at.getTime() + PREVIOUS_SECRET_GRACE_MS).toISOString() }));
      });
      return { ...(await view(db, id)), secret };
    },

    /** Queues a `webhook.test` event to the endpoint (sent by the worker like any delivery). */
    async test(actor: Actor, id: number): Promise<WireDelivery> {
      const deliveryId = await db.transaction(async (tx) => {
        const at = now();
        const row = await lockEndpoint(tx, id);
        if (!row.enabled) throw conflict('This endpoint is disabled; enable it before sending a test event.');
        const [queued] = await queueDeliveries(tx, [id], { type: WEBHOOK_TEST_EVENT_TYPE, orderingKey: null, data: { endpointId: id, message: 'A test event from the event portal.' } }, at);
        await audit(tx, auditAs(actor, 'admin-webhook-test', { endpointId: id, deliveryId: queued }));
        return queued!;
      });
      const row = await q.findDelivery(db, deliveryId);
      return deliveryView(row!, []);
    },

    async deliveries(endpointId: number, filter: Parameters<typeof q.listDeliveries>[2]): Promise<{ rows: WireDelivery[]; total: number }> {
      if (!(await q.findEndpoint(db, endpointId))) throw notFound('No webhook endpoint with this id.');
      const { rows, attempts, total } = await q.listDeliveries(db, endpointId, filter);
      return { rows: rows.map((r) => deliveryView(r, attempts.filter((a) => a.deliveryId === r.id))), total };
    },

    /**
     * Sends a failed delivery again, with the same `webhook-id` and body: due now, with a fresh
     * 3-day retry window. 409 unless it failed, or while its endpoint is disabled.
     */
    async retry(actor: Actor, deliveryId: number): Promise<WireDelivery> {
      await db.transaction(async (tx) => {
        const delivery = await q.findDelivery(tx, deliveryId, true);
        if (!delivery) throw notFound('No webhook delivery with this id.');
        if (delivery.status !== 'failed') throw conflict(`Only a failed delivery can be retried; this one is ${delivery.status}.`);
        const endpoint = await q.findEndpoint(tx, delivery.endpointId);
        if (!endpoint?.enabled) throw new AppError(409, 'The endpoint of this delivery is disabled; enable it first.');
        await q.requeueFailedDelivery(tx, deliveryId, WEBHOOK_RETRY_WINDOW_MS);
        await audit(tx, auditAs(actor, 'admin-webhook-retry', { endpointId: delivery.endpointId, deliveryId, messageId: delivery.messageId, attempts: delivery.attempts }));
      });
      const row = await q.findDelivery(db, deliveryId);
      return deliveryView(row!, await q.attemptsOf(db, deliveryId));
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
