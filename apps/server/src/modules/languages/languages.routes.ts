import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setLanguageRequestSchema, type SetLanguageData } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { LanguagesService } from './languages.service.ts';

export const languagesRoutes: FastifyPluginAsyncZod<{ service: LanguagesService }> = async (app, { service }) => {
  app.put('/api/Me/Language', { onRequest: app.authenticate, schema: { body: setLanguageRequestSchema } }, async (request) => {
    if (!request.user) throw unauthorized();
    const data: SetLanguageData = { language: await service.setLanguage(request.user, request.body.language) };
    return ok(data);
  });
};
