import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Report API (api-contract.md, "Reports"). */
export const reportsRoutes: FastifyPluginAsyncZod = async () => {};
