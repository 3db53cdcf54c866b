import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequestSchema } from '@portal/contracts';
import { failed, ok } from '../../lib/envelope.ts';
import { requestLanguage, translateServerMessage } from '../../lib/i18n/i18n.ts';
import { bearerToken } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  // A login answer (the token and the profile, about 900 bytes) is below the compression threshold:
  // the route skips the compression hooks.
  app.post('/User/ProcessLogin', { schema: { body: loginRequestSchema }, compress: false }, async (request) => {
    const outcome = await service.login(request.body, request.ip);
    // A failed login is an answer, not an HTTP error (docs/api-contract.md), in the language the
    // login page sent (else the request's).
    return outcome.ok ? ok(outcome.data) : failed(translateServerMessage(request.body.language ?? requestLanguage(request), outcome.message));
  });

  app.post('/User/ProcessLogout', async (request) => {
    const token = bearerToken(request);
    if (token) {
      try {
        const user = await app.tokens.verify(token);
        await app.tokens.revoke(user);
        app.auditLog.record({ action: 'logout', success: true, actorEmail: user.email, eventId: user.eventType, ip: request.ip });
      } catch {
        // Logout is idempotent: an expired, revoked or malformed token is already logged out.
      }
    }
    return ok(null);
  });
};
