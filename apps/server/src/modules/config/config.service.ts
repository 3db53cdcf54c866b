/** The runtime config (docs/api-contract.md, "Runtime config"): what the web app must not hard-code. */
import { LANGUAGE_NAMES, LANGUAGES, type RuntimeConfig } from '@portal/contracts';
import type { Db } from '@portal/db';
import { listEvents } from './config.queries.ts';

export interface ConfigServiceDeps {
  db: Db;
  registrationProvider: string;
  reportEmailDomain: string;
  companySignIn?: boolean;
}

export function createConfigService(deps: ConfigServiceDeps) {
  const { db, registrationProvider, reportEmailDomain, companySignIn } = deps;
  return {
    /** The events as they are now (an import may add or rename one), nbc first. */
    async runtimeConfig(): Promise<RuntimeConfig> {
      const events = await listEvents(db);
      return {
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
    },
    /** Each event's portal content environment (app.ts proxies it upstream with CONTENT_SOURCE=upstream). */
    async contentEnvironments(): Promise<{ eventId: string; environmentId: string }[]> {
      return (await listEvents(db)).map((e) => ({ eventId: e.id, environmentId: e.contentEnvironmentId }));
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
