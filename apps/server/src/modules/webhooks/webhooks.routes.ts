/**
 * The organizer console's webhook routes (contracts: @portal/contracts webhooks.ts). The service
 * and the delivery worker are built in `app.ts`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createWebhookRequestSchema, idParamsSchema, updateWebhookRequestSchema, WEBHOOK_PATHS, webhookDeliveriesQuerySchema } from '@portal/contracts';
import { created, ok } from '../../lib/envelope.ts';
import { answerNoStore, route } from '../../lib/routes.ts';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import type { WebhooksService } from './webhooks.service.ts';

export const webhookRoutes: FastifyPluginAsyncZod<{ service: WebhooksService }> = async (app, { service }) => {
  const guard = { onRequest: app.authenticateAdmin };
  answerNoStore(app);

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
