/**
 * Content through the official Kontent.ai Delivery SDK, pointed at the portal's own content service
 * (`{contentBaseUrl}/{environmentId}` from `GET /api/Config`). The portal token travels as the
 * bearer (`globalHeaders`), so access-code restricted items (header tabs, report types) reach only
 * the users they are for. All product queries use depth 2 (docs/design/web-rules.md, section 7).
 */
import { useContext, useDeferredValue, useMemo } from 'react';
import { keepPreviousData, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { IHttpService } from '@kontent-ai/core-sdk';
import { createDeliveryClient, type IContentItem, type IDeliveryClient } from '@kontent-ai/delivery-sdk';
import type { EventType, RuntimeConfig } from '@portal/contracts';
import { handleUnauthorized } from './api-client.ts';
import { ContentHttpServiceContext } from './content-http-context.ts';
import { FetchHttpService } from './content-http.ts';
import { contentCodesFor, SERVED_CONTENT } from '@portal/contracts/rules';
import { contentEnvironmentId, runtimeConfigQuery, useRuntimeConfig } from './runtime-config.ts';
import { getUserDetail, useUserDetail, type StoredUserDetail } from './user-storage.ts';
import { currentLanguage, useLanguage, type Language } from '../i18n/language.ts';

export const CONTENT_DEPTH = 2;

type AnyHttpService = IHttpService<unknown>;

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const response = (error as { response?: { status?: unknown } }).response;
  return typeof response?.status === 'number' ? response.status : undefined;
}

/** Wraps the SDK's HTTP layer so a 401 from the content service ends the session like an API 401. */
function withUnauthorizedHandling(inner: AnyHttpService): AnyHttpService {
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (statusOf(error) === 401) handleUnauthorized();
      throw error;
    }
  };
  return {
    getAsync: (call, options) => guard(() => inner.getAsync(call, options)),
    postAsync: (call, options) => guard(() => inner.postAsync(call, options)),
    putAsync: (call, options) => guard(() => inner.putAsync(call, options)),
    patchAsync: (call, options) => guard(() => inner.patchAsync(call, options)),
    deleteAsync: (call, options) => guard(() => inner.deleteAsync(call, options)),
    createCancelToken: () => inner.createCancelToken(),
  };
}

/** Absolute base URL: the SDK needs a scheme and no trailing slash. */
export function contentBaseUrl(config: Pick<RuntimeConfig, 'contentBaseUrl'>, origin = window.location.origin): string {
  return new URL(config.contentBaseUrl, origin).href.replace(/\/+$/, '');
}

export interface PortalContentClientOptions {
  baseUrl: string;
  environmentId: string;
  token: string | null;
  httpService?: AnyHttpService;
}

export function createPortalContentClient(options: PortalContentClientOptions): IDeliveryClient {
  const { token } = options;
  return createDeliveryClient({
    environmentId: options.environmentId,
    proxy: { baseUrl: options.baseUrl },
    httpService: withUnauthorizedHandling(options.httpService ?? new FetchHttpService()),
    globalHeaders: () => (token ? [{ header: 'Authorization', value: `Bearer ${token}` }] : []),
  });
}

const clients = new Map<string, IDeliveryClient>();

function cachedClient(options: PortalContentClientOptions): IDeliveryClient {
  // A test-injected HTTP layer must not leak into the cache shared by other renders.
  if (options.httpService) return createPortalContentClient(options);
  const key = `${options.baseUrl}|${options.environmentId}|${options.token ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = createPortalContentClient(options);
    clients.set(key, client);
  }
  return client;
}

export interface ContentScope {
  client: IDeliveryClient;
  /** Identifies what this client may see: environment plus the login's access codes (and the language when not English). */
  key: readonly [environmentId: string, codes: string] | readonly [environmentId: string, codes: string, language: Language];
  /** The language variant asked for; English asks for none (the default variant). */
  language: Language;
}

function scopeFor(config: RuntimeConfig, eventType: EventType, user: StoredUserDetail | null, httpService: AnyHttpService | undefined, language: Language = currentLanguage()): ContentScope | undefined {
  const environmentId = contentEnvironmentId(config, eventType);
  if (!environmentId) return undefined;
  const token = user?.data.accessToken ?? null;
  const codes = user ? contentCodesFor(user.data.authorizationPolicy).sort().join(',') : '';
  const client = cachedClient({ baseUrl: contentBaseUrl(config), environmentId, token, ...(httpService ? { httpService } : {}) });
  const access = token ? `codes:${codes}` : 'public';
  return { client, key: language === 'en' ? [environmentId, access] : [environmentId, access, language], language };
}

/**
 * The Delivery client of an event: the given one, else the stored login's event, else nbc.
 * Undefined while the runtime config loads.
 */
export function useContentScope(eventType?: EventType): ContentScope | undefined {
  const { data: config } = useRuntimeConfig();
  const user = useUserDetail();
  const httpService = useContext(ContentHttpServiceContext);
  const language = useLanguage();
  if (!config) return undefined;
  return scopeFor(config, eventType ?? user?.data.eventType ?? 'nbc', user, httpService, language);
}

export type ContentFilterOperator = 'equals' | 'contains' | 'any' | 'all' | 'in';

/** One Delivery filter, e.g. `{ element: 'elements.reggroup', op: 'contains', value: ['general'] }`. */
export interface ContentFilter {
  element: string;
  op: ContentFilterOperator;
  value: string | readonly string[];
}

export const contentKeys = {
  all: ['content'] as const,
  scope: (scope: ContentScope['key']) => ['content', ...scope] as const,
  item: (scope: ContentScope['key'], codename: string) => [...contentKeys.scope(scope), 'item', codename] as const,
  itemsByType: (scope: ContentScope['key'], type: string, filters: readonly ContentFilter[]) =>
    [...contentKeys.scope(scope), 'type', type, filters.map((f) => `${f.element}[${f.op}]=${[f.value].flat().join(',')}`)] as const,
};

function valuesOf(value: ContentFilter['value']): string[] {
  return typeof value === 'string' ? [value] : [...value];
}

/** Query key and function of a content query, for `useQuery`, `fetchQuery` or `prefetchQuery`. */
export interface ContentQuery<T> {
  queryKey: readonly unknown[];
  queryFn: () => Promise<T>;
}

export function contentItemQuery<T extends IContentItem>(scope: ContentScope, codename: string): ContentQuery<T> {
  return {
    queryKey: contentKeys.item(scope.key, codename),
    queryFn: async (): Promise<T> => {
      let query = scope.client.item<T>(codename).depthParameter(CONTENT_DEPTH);
      // The reader's language variant (the service falls back to English where an item has none).
      if (scope.language !== 'en') query = query.languageParameter(scope.language);
      const response = await query.toPromise();
      return response.data.item;
    },
  };
}

export function contentItemsByTypeQuery<T extends IContentItem>(
  scope: ContentScope,
  type: string,
  filters: readonly ContentFilter[] = [],
): ContentQuery<T[]> {
  return {
    queryKey: contentKeys.itemsByType(scope.key, type, filters),
    queryFn: async (): Promise<T[]> => {
      let query = scope.client.items<T>().type(type).depthParameter(CONTENT_DEPTH);
      if (scope.language !== 'en') query = query.languageParameter(scope.language);
      for (const filter of filters) {
        const values = valuesOf(filter.value);
        if (filter.op === 'equals') query = query.equalsFilter(filter.element, values[0] ?? '');
        else if (filter.op === 'contains') query = query.containsFilter(filter.element, values);
        else if (filter.op === 'any') query = query.anyFilter(filter.element, values);
        else if (filter.op === 'all') query = query.allFilter(filter.element, values);
        else query = query.inFilter(filter.element, values);
      }
      const response = await query.toPromise();
      return response.data.items;
    },
  };
}

export interface ContentQueryOptions {
  /** Which event's environment; default the stored login's event, else nbc. */
  eventType?: EventType;
  enabled?: boolean;
}

// Content rarely changes during a visit, and the SDK already retries (5 attempts, backoff).
const CONTENT_STALE_MS = 5 * 60_000;

function useContentQuery<TData, TSelected>(
  options: ContentQueryOptions,
  build: (scope: ContentScope) => ContentQuery<TData>,
  select?: (data: TData) => TSelected,
): UseQueryResult<TSelected> {
  const scope = useContentScope(options.eventType);
  const query = scope ? build(scope) : { queryKey: ['content', 'no-scope'] as const, queryFn: (): Promise<TData> => Promise.reject(new Error('Content is not configured.')) };
  const result = useQuery({
    queryKey: query.queryKey,
    queryFn: query.queryFn,
    ...(select ? { select } : {}),
    enabled: Boolean(scope) && options.enabled !== false,
    staleTime: CONTENT_STALE_MS,
    retry: false,
    // A login or logout changes the scope (token, codes): keep showing the text meanwhile, so a
    // form on screen is not replaced by a loading state and does not lose what was typed.
    placeholderData: keepPreviousData,
  }) as UseQueryResult<TSelected>;
  // TanStack Query hands its results to React through useSyncExternalStore, which React always
  // renders in one go: a section or a header arriving was one long task on a phone. The
  // deferred copy makes that render a cheap one with the previous result, and the render with the
  // new one a transition, which React splits into slices of a few milliseconds. (The result object
  // is new on every render; the memo keeps it while what the pages read is unchanged, so an
  // unrelated render does not cost a second, deferred one.)
  const { data, status, error, isPlaceholderData } = result;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stable = useMemo(() => result, [data, status, error, isPlaceholderData]);
  return useDeferredValue(stable);
}

/** A single item: `items/{codename}` (depth 2), answered as `data.item`. */
export function useContentItem<T extends IContentItem>(codename: string, options: ContentQueryOptions = {}): UseQueryResult<T> {
  return useContentQuery<T, T>(options, (scope) => contentItemQuery<T>(scope, codename));
}

/** Items of a type with filters: `items?system.type=…` (depth 2), answered as `data.items`. */
export function useContentItemsByType<T extends IContentItem>(
  type: string,
  filters: readonly ContentFilter[] = [],
  options: ContentQueryOptions = {},
): UseQueryResult<T[]> {
  return useContentQuery<T[], T[]>(options, (scope) => contentItemsByTypeQuery<T>(scope, type, filters));
}

const firstOrNull = <T,>(items: T[]): T | null => items[0] ?? null;

/** The first item of a type (the product's `data.items[0]` reads); null when there is none. */
export function useContentItemOfType<T extends IContentItem>(
  type: string,
  filters: readonly ContentFilter[] = [],
  options: ContentQueryOptions = {},
): UseQueryResult<T | null> {
  return useContentQuery<T[], T | null>(options, (scope) => contentItemsByTypeQuery<T>(scope, type, filters), firstOrNull);
}

/**
 * Starts the queries whose answers the server wrote into the page (lib/inline-content.ts: the page
 * layout and the welcome item on /nbc/welcome) at boot, with the keys the pages use, so the content
 * page finds them in the cache when it first renders and shows the letter in the same render as
 * the shell, instead of a render later. Called from app/start.tsx.
 */
export function prefetchServedContent(queryClient: QueryClient): void {
  const config = queryClient.getQueryData(runtimeConfigQuery.queryKey);
  if (!config) return;
  const scope = scopeFor(config, SERVED_CONTENT.eventType, getUserDetail(), undefined);
  if (!scope) return;
  for (const type of SERVED_CONTENT.types) void queryClient.prefetchQuery({ ...contentItemsByTypeQuery(scope, type), staleTime: CONTENT_STALE_MS, retry: false });
}
