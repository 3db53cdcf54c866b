import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@portal/db';

export const healthRoutes: FastifyPluginAsync<{ database: Database; draining?: () => boolean }> = async (app, { database, draining }) => {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    // Stopping (SIGTERM): the load balancer takes this instance out while requests in flight finish.
    if (draining?.()) return reply.code(503).send({ status: 'stopping', database: database.kind });
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
};
