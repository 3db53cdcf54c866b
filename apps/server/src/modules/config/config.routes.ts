import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import type { ConfigService } from './config.service.ts';

/** `GET /api/Config`: what the web app must not hard-code (docs/api-contract.md, "Runtime config"). */
export const configRoutes: FastifyPluginAsync<{ service: ConfigService }> = async (app, { service }) => {
  app.get('/api/Config', async (_request, reply) => {
    const config = await service.runtimeConfig();
    void reply.header('cache-control', 'no-cache');
    return ok(config);
  });
};
