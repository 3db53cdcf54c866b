import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { enrollmentLinkRequestSchema } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { EnrollmentService } from './enrollment.service.ts';

function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Enrollment API and the registration provider (docs/api-contract.md, "Enrollment"). */
export const enrollmentRoutes: FastifyPluginAsyncZod<{ service: EnrollmentService }> = async (app, { service }) => {

  // Authentication runs on request, before body validation: without a token the answer is 401.
  // Only the configured provider's route exists; the other one answers 404.
  app.post(
    `/api/Enrollment/Get${service.providerName}Link`,
    { onRequest: app.authenticate, schema: { body: enrollmentLinkRequestSchema } },
    async (request) => ok(await service.createLink(userOf(request), request.body, request.ip)),
  );

  app.get('/api/Enrollment/GetRevisitURL', { onRequest: app.authenticate }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return ok(await service.revisitLink(userOf(request), request.ip));
  });
};
