import type { FastifyPluginAsync } from 'fastify';
import { LANGUAGE_NAMES, LANGUAGES, type RuntimeConfig } from '@portal/contracts';
import { ok } from '../../lib/envelope.ts';
import { listEvents } from './config.queries.ts';

/** What the web app must not hard-code (docs/api-contract.md, "Runtime config"). */
export const configRoutes: FastifyPluginAsync<{ registrationProvider: string; reportEmailDomain: string; companySignIn?: boolean }> = async (app, { registrationProvider, reportEmailDomain, companySignIn }) => {
  app.get('/api/Config', async (_request, reply) => {
    const events = await listEvents(app.db);
    const config: RuntimeConfig = {
      registrationProvider,
      contentBaseUrl: '/content',
      reportEmailDomain,
      content: Object.fromEntries(events.map((e) => [e.id, { environmentId: e.contentEnvironmentId }])),
      events: events
        .filter((e): e is typeof e & { id: 'nbc' | 'abc' } => e.id === 'nbc' || e.id === 'abc')
        .sort((a, b) => (a.id === 'nbc' ? -1 : b.id === 'nbc' ? 1 : 0))
        .map((e) => ({ eventType: e.id, name: e.name, isVirtual: e.isVirtual })),
      ...(companySignIn ? { companySignIn: true as const } : {}),
      languages: LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    };
    void reply.header('cache-control', 'no-cache');
    return ok(config);
  });
};
