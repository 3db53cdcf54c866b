/**
 * `GET /api/Config`: what the web app must not hard-code (content environment ids and base URL,
 * registration provider, event names). Fetched once per page load.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, EventType, RuntimeConfig } from '@portal/contracts';
import { ApiError, apiGet } from './api-client.ts';
import { pageText } from '../i18n/page-text.ts';

function usableConfig(envelope: Envelope<RuntimeConfig> | null | undefined): RuntimeConfig | null {
  const config = envelope?.data;
  if (!envelope?.succeeded || !config || typeof config.contentBaseUrl !== 'string' || typeof config.content !== 'object') return null;
  return config;
}

/**
 * The server puts the same answer into the page it serves (a JSON data block, `#portal-config`),
 * so the first content request need not wait for a round trip; without it the app asks.
 */
export function inlineRuntimeConfig(doc: Document = document): RuntimeConfig | undefined {
  const block = doc.getElementById('portal-config');
  if (!block?.textContent) return undefined;
  try {
    return usableConfig(JSON.parse(block.textContent) as Envelope<RuntimeConfig>) ?? undefined;
  } catch {
    return undefined;
  }
}

export const runtimeConfigQuery = queryOptions({
  queryKey: ['runtime-config'] as const,
  queryFn: async ({ signal }): Promise<RuntimeConfig> => {
    const config = usableConfig(await apiGet<RuntimeConfig>('/api/Config', undefined, signal));
    if (!config) throw new ApiError(200, pageText('api.configFailed'));
    return config;
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

export function useRuntimeConfig() {
  return useQuery(runtimeConfigQuery);
}

/** The content environment of an event, or undefined when the server does not configure one. */
export function contentEnvironmentId(config: RuntimeConfig, eventType: EventType): string | undefined {
  return config.content[eventType]?.environmentId;
}

/** `POST /api/Enrollment/Get{Provider}Link`: the provider name comes from the runtime config. */
export function enrollmentLinkPath(config: RuntimeConfig): string {
  return `/api/Enrollment/Get${config.registrationProvider}Link`;
}
