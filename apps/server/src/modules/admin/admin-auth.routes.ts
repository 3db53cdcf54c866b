import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginRequestSchema, ADMIN_PATHS, changePasswordRequestSchema, totpConfirmRequestSchema, totpDisableRequestSchema, totpSetupRequestSchema } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { bearerToken, organizerOf } from '../../plugins/auth.ts';
import type { AdminAuthService } from './admin-auth.service.ts';

export const adminAuthRoutes: FastifyPluginAsyncZod<{ service: AdminAuthService }> = async (app, { service }) => {
  app.post(ADMIN_PATHS.login, { schema: { body: adminLoginRequestSchema } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const outcome = await service.login(request.body, request.ip);
    if (outcome.ok) return ok(outcome.data);
    // A failed sign-in is an answer, not an HTTP error (as /User/ProcessLogin).
    return {
      succeeded: false,
      message: outcome.message,
      data: null,
      ...(outcome.proof ? { errors: [{ field: outcome.proof, message: outcome.message }] } : {}),
    };
  });

  app.post(ADMIN_PATHS.logout, async (request) => {
    const token = bearerToken(request);
    if (token) {
      try {
        const user = await app.tokens.verify(token);
        if (user.organizerId !== null) await service.logout(user, request.ip);
      } catch {
        // Idempotent: an expired, revoked or malformed token is already signed out.
      }
    }
    return ok(null);
  });

  app.get(ADMIN_PATHS.me, { onRequest: app.authenticateAdmin }, async (request) => ok(await service.me(organizerOf(request).organizerId)));

  app.post(ADMIN_PATHS.password, { onRequest: app.authenticateAdmin, schema: { body: changePasswordRequestSchema } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return ok(await service.changePassword(organizerOf(request), request.body, request.ip));
  });

  app.post(ADMIN_PATHS.totpSetup, { onRequest: app.authenticateAdmin, schema: { body: totpSetupRequestSchema } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return ok(await service.startTotp(organizerOf(request), request.body, request.ip));
  });

  app.post(ADMIN_PATHS.totpConfirm, { onRequest: app.authenticateAdmin, schema: { body: totpConfirmRequestSchema } }, async (request) =>
    ok(await service.confirmTotp(organizerOf(request), request.body.code, request.ip)),
  );

  app.post(ADMIN_PATHS.totpDisable, { onRequest: app.authenticateAdmin, schema: { body: totpDisableRequestSchema } }, async (request) =>
    ok(await service.disableTotp(organizerOf(request), request.body, request.ip)),
  );
};
