/**
 * The webhooks module in the app: the delivery worker (started with the background work, never in
 * plain `buildApp`) and the organizer console's routes (contracts: @portal/contracts webhooks.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createWebhookRequestSchema, idParamsSchema, updateWebhookRequestSchema, WEBHOOK_PATHS, webhookDeliveriesQuerySchema } from '@portal/contracts';
import type { Database } from '@portal/db';
import type { Config } from '../../config.ts';
import { created, ok } from '../../lib/envelope.ts';
import { runModeOf } from '../../production-mode.ts';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import type { AddressPolicy } from './address-policy.ts';
import { WebhookDelivery, type WebhookDeliveryOptions } from './delivery.ts';
import { createWebhooksService, type WebhooksService } from './webhooks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends webhook deliveries; started by `startBackgroundWork` (app.ts). */
    webhookDelivery: WebhookDelivery;
  }
}

const route = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export interface WebhookRoutesOptions {
  config: Config;
  database: Database;
  now?: () => Date;
  /** Delivery tuning (tests and benchmarks use short polls and back-off). */
  delivery?: Partial<Pick<WebhookDeliveryOptions, 'pollMs' | 'batchSize' | 'concurrency' | 'leaseMs' | 'backoffBaseMs' | 'backoffCapMs' | 'timeoutMs' | 'senderThread'>>;
  /** Resolves host names when an endpoint is saved (tests). */
  lookupAll?: (host: string) => Promise<string[]>;
}

/** Demo mode allows loopback receivers and http://; WEBHOOK_ALLOW_PRIVATE any address (asked once). */
function policyOf(config: Config, database: Database): () => Promise<AddressPolicy> {
  let policy: Promise<AddressPolicy> | undefined;
  return () =>
    (policy ??= runModeOf(config, database).then((mode) => ({
      allowPrivate: config.webhookAllowPrivate,
      allowLoopback: mode === 'demo',
      allowHttp: mode === 'demo',
    })));
}

const routes: FastifyPluginAsyncZod<{ service: WebhooksService }> = async (app, { service }) => {
  const guard = { onRequest: app.authenticateAdmin };
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(WEBHOOK_PATHS.webhooks, guard, async () => ok(await service.list()));

  app.post(WEBHOOK_PATHS.webhooks, { ...guard, schema: { body: createWebhookRequestSchema } }, async (request, reply) =>
    created(reply, await service.create(actorOf(request), request.body)),
  );

  app.put(route(WEBHOOK_PATHS.webhook), { ...guard, schema: { params: idParamsSchema, body: updateWebhookRequestSchema } }, async (request) =>
    ok(await service.update(actorOf(request), request.params.id, request.body)),
  );

  app.post(route(WEBHOOK_PATHS.webhookDisable), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.disable(actorOf(request), request.params.id)),
  );

  app.post(route(WEBHOOK_PATHS.webhookRotateSecret), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.rotateSecret(actorOf(request), request.params.id)),
  );

  app.post(route(WEBHOOK_PATHS.webhookTest), { ...guard, schema: { params: idParamsSchema } }, async (request, reply) => {
    const delivery = await service.test(actorOf(request), request.params.id);
    void reply.code(202);
    return ok(delivery);
  });

  app.get(route(WEBHOOK_PATHS.webhookDeliveries), { ...guard, schema: { params: idParamsSchema, querystring: webhookDeliveriesQuerySchema } }, async (request) =>
    ok(await service.deliveries(request.params.id, request.query)),
  );

  app.post(route(WEBHOOK_PATHS.webhookDeliveryRetry), { ...guard, schema: { params: idParamsSchema } }, async (request, reply) => {
    const delivery = await service.retry(actorOf(request), request.params.id);
    void reply.code(202);
    return ok(delivery);
  });
};

export const webhookRoutes = fp<WebhookRoutesOptions>(
  async (app, options) => {
    const { config, database } = options;
    const policy = policyOf(config, database);
    const worker = new WebhookDelivery({ db: app.db, policy, secretKey: config.webhookSecretKey, log: app.log, ...options.delivery });
    app.decorate('webhookDelivery', worker);
    app.addHook('onClose', async () => worker.stop());
    const service = createWebhooksService({
      db: app.db,
      policy,
      secretKey: config.webhookSecretKey,
      ...(options.now ? { now: options.now } : {}),
      ...(options.lookupAll ? { lookupAll: options.lookupAll } : {}),
    });
    await app.register(routes, { service });
  },
  { name: 'webhooks' },
);
