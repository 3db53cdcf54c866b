import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** Enrollment API and the registration provider (api-contract.md, "Enrollment"). */
export const enrollmentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async () => {};
