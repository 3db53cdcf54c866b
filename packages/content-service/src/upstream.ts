/**
 * The upstream backend: proxies a real Kontent.ai environment per portal environment through its
 * Delivery API (published content only, with the environment's secure-access key), or through its
 * Preview API (unpublished drafts too) only when asked. The key stays on the server (the browser's Authorization header is never forwarded).
 * The last good answer per URL is kept: it is reused for `cacheTtlMs`, and served with
 * `X-Stale-Content: 1` when upstream fails. 429 answers are retried after `Retry-After` while the
 * wait fits in `maxRetryWaitMs`. Access filtering applies to every answer, as in embedded mode.
 */
import { z } from 'zod';
import { NO_PROJECTION, type Projection, Viewer, collectLinked, viewOf } from './access.ts';
import { type Answer, jsonAnswer } from './answer.ts';
import type { ContentBackend, ContentRoute, RequestContext } from './backend.ts';
import { DeliveryHttpError, ErrorCode } from './delivery-error.ts';
import { ACCESS_CODES_ELEMENT, type DeliveryItem, accessCodesOf } from './delivery-types.ts';
import { environmentNotFound } from './embedded.ts';
import { sanitizeRichTextIn } from './rich-text/sanitize.ts';
import { matchesAll, plainElementReader } from './query/evaluate.ts';
import { type ItemsQuery, type QueryParam, nextPageUrl, parseItemsQuery, parsePaging } from './query/query-params.ts';

/** The Delivery API: published content. */
export const DEFAULT_UPSTREAM_URL = 'https://deliver.kontent.ai';
/** The Preview API: drafts too; never the default, an attendee must not read unpublished content. */
export const DEFAULT_PREVIEW_URL = 'https://preview-deliver.kontent.ai';

export interface UpstreamEnvironment {
  upstreamEnvironmentId: string;
  /** 'delivery' unless asked (or a `previewApiKey` is given). */
  mode?: 'delivery' | 'preview';
  /** The secure-access key (delivery) or the Preview API key (preview). */
  apiKey?: string;
  /** Preview mode with this key (kept for existing callers; prefer `mode` and `apiKey`). */
  previewApiKey?: string;
  /** Default: the Delivery API's URL, or the Preview API's in preview mode. */
  baseUrl?: string;
}

export function upstreamModeOf(environment: UpstreamEnvironment): 'delivery' | 'preview' {
  return environment.mode ?? (environment.previewApiKey ? 'preview' : 'delivery');
}

export function upstreamBaseUrl(environment: UpstreamEnvironment): string {
  const fallback = upstreamModeOf(environment) === 'preview' ? DEFAULT_PREVIEW_URL : DEFAULT_UPSTREAM_URL;
  return (environment.baseUrl ?? fallback).replace(/\/+$/, '');
}

export interface UpstreamSource {
  kind: 'upstream';
  /** Keyed by the portal's environment id (the one in `/content/{environmentId}/…`). */
  environments: Record<string, UpstreamEnvironment>;
  fetch?: typeof fetch;
  /** How long a good answer is reused without asking upstream again (default 5 s). */
  cacheTtlMs?: number;
  /** The longest total wait for `Retry-After` before giving up on upstream (default 2 s). */
  maxRetryWaitMs?: number;
  /** Per-request time-out (default 10 s). */
  timeoutMs?: number;
  /** URLs whose last good answer is kept (default 2,000). */
  maxCachedAnswers?: number;
}

export interface UpstreamLogger {
  warn(details: object, message: string): void;
}

const looseItem = z.looseObject({
  system: z.looseObject({ codename: z.string() }),
  elements: z.record(z.string(), z.looseObject({ type: z.string(), value: z.unknown() })),
});
const itemsBody = z.looseObject({
  items: z.array(looseItem),
  modular_content: z.record(z.string(), looseItem),
  pagination: z.looseObject({}).optional(),
});
const itemBody = z.looseObject({ item: looseItem, modular_content: z.record(z.string(), looseItem) });
const feedBody = z.looseObject({ items: z.array(looseItem), modular_content: z.record(z.string(), looseItem).optional() });
const syncBody = z.looseObject({ items: z.array(z.looseObject({ change_type: z.string(), timestamp: z.string().optional(), data: looseItem })) });
const anyObject = z.looseObject({});
const errorBody = z.looseObject({ message: z.string().optional(), error_code: z.number().optional() });

interface Fetched {
  body: unknown;
  continuation: string | undefined;
  stale: boolean;
  /** Length of the JSON text, to bound the cache. */
  size: number;
}

interface CachedEntry {
  body: unknown;
  continuation: string | undefined;
  storedAt: number;
  size: number;
}

const MAX_CACHED_BYTES = 64 * 1024 * 1024;

class UpstreamFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export class UpstreamContent implements ContentBackend {
  private readonly cache = new Map<string, CachedEntry>();
  private cachedBytes = 0;
  private readonly inFlight = new Map<string, Promise<Fetched>>();
  private readonly fetch: typeof fetch;
  private readonly ttl: number;
  private readonly maxRetryWait: number;
  private readonly timeout: number;
  private readonly maxEntries: number;

  constructor(
    private readonly source: UpstreamSource,
    private readonly log?: UpstreamLogger,
  ) {
    this.fetch = source.fetch ?? globalThis.fetch;
    this.ttl = source.cacheTtlMs ?? 5_000;
    this.maxRetryWait = source.maxRetryWaitMs ?? 2_000;
    this.timeout = source.timeoutMs ?? 10_000;
    this.maxEntries = source.maxCachedAnswers ?? 2_000;
  }

  async asset(environmentId: string): Promise<undefined> {
    if (!Object.hasOwn(this.source.environments, environmentId)) throw environmentNotFound(environmentId);
    // Upstream asset URLs point at Kontent.ai's asset CDN; nothing is served here.
    return undefined;
  }

  async answer(context: RequestContext, route: ContentRoute): Promise<Answer> {
    const environment = Object.hasOwn(this.source.environments, context.environmentId) ? this.source.environments[context.environmentId] : undefined;
    if (!environment) throw environmentNotFound(context.environmentId);
    const viewer = (): Promise<Viewer> => context.codes().then((codes) => new Viewer(new Set(codes)));
    const get = (path: string, search: string, schema: z.ZodType, options: { cache?: boolean; method?: 'GET' | 'POST' } = {}) =>
      this.request(environment, context, path, search, schema, options.cache ?? true, options.method ?? 'GET');
    const { params } = context;
    switch (route.kind) {
      case 'items': {
        const query = parseItemsQuery(params, { filters: true, paging: true, order: true, depth: true });
        const fetched = await get('/items', forwardedSearch(params, query), itemsBody);
        return shapeListing(fetched, query, params, context.pageBase, await viewer());
      }
      case 'item': {
        const query = parseItemsQuery(params, { filters: false, paging: false, order: false, depth: true });
        const fetched = await get(`/items/${encodeURIComponent(route.codename)}`, forwardedSearch(params, query), itemBody);
        return shapeItem(fetched, route.codename, query, await viewer());
      }
      case 'items-feed': {
        const query = parseItemsQuery(params, { filters: true, paging: false, order: true, depth: false });
        const fetched = await get('/items-feed', forwardedSearch(params, query), feedBody);
        return shapeFeed(fetched, query, await viewer());
      }
      case 'sync-init': {
        const fetched = await get('/sync/init', context.search, anyObject, { cache: false, method: 'POST' });
        return jsonAnswer({ items: [] }, 0, true, { continuation: fetched.continuation });
      }
      case 'sync': {
        const fetched = await get('/sync', '', syncBody, { cache: false });
        return shapeSync(fetched, await viewer());
      }
      case 'types':
        return passListing(await get('/types', context.search, anyObject), params, context.pageBase, 'types');
      case 'taxonomies':
        return passListing(await get('/taxonomies', context.search, anyObject), params, context.pageBase, 'taxonomies');
      case 'languages':
        return passListing(await get('/languages', context.search, anyObject), params, context.pageBase, 'languages');
      case 'type':
        return pass(await get(`/types/${encodeURIComponent(route.codename)}`, context.search, anyObject));
      case 'type-element':
        return pass(await get(`/types/${encodeURIComponent(route.type)}/elements/${encodeURIComponent(route.element)}`, '', anyObject));
      case 'taxonomy':
        return pass(await get(`/taxonomies/${encodeURIComponent(route.codename)}`, '', anyObject));
    }
  }

  private async request(
    environment: UpstreamEnvironment,
    context: RequestContext,
    path: string,
    search: string,
    schema: z.ZodType,
    cacheable: boolean,
    method: 'GET' | 'POST',
  ): Promise<Fetched> {
    const base = upstreamBaseUrl(environment);
    const url = `${base}/${encodeURIComponent(environment.upstreamEnvironmentId)}${path}${search ? `?${search}` : ''}`;
    const key = `${method} ${url}\u0000${context.continuation ?? ''}`;
    const cached = cacheable ? this.cache.get(key) : undefined;
    if (cached && !context.waitForNew && Date.now() - cached.storedAt < this.ttl) {
      return { body: cached.body, continuation: cached.continuation, stale: false, size: cached.size };
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchFresh(environment, context, url, schema, method)
        .then((fresh) => {
          if (cacheable) this.remember(key, fresh);
          return fresh;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    try {
      return await pending;
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      const last = cacheable ? this.cache.get(key) : undefined;
      this.log?.warn({ url, reason: error.message, servedStale: Boolean(last) }, 'upstream content request failed');
      if (last) return { body: last.body, continuation: last.continuation, stale: true, size: last.size };
      throw new DeliveryHttpError(
        503,
        ErrorCode.upstreamUnavailable,
        'The content source is unavailable and no earlier answer is cached; try again shortly.',
        error.retryAfterSeconds !== undefined ? { 'retry-after': String(error.retryAfterSeconds) } : {},
      );
    }
  }

  private async fetchFresh(environment: UpstreamEnvironment, context: RequestContext, url: string, schema: z.ZodType, method: 'GET' | 'POST'): Promise<Fetched> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-kc-sdkid': 'portal;content-service;1.0.0' };
    const key = environment.apiKey ?? environment.previewApiKey;
    if (key) headers.authorization = `Bearer ${key}`;
    if (context.continuation) headers['x-continuation'] = context.continuation;
    if (context.waitForNew) headers['x-kc-wait-for-loading-new-content'] = 'true';
    if (method === 'POST') headers['content-type'] = 'application/json';
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetch(url, { method, headers, body: method === 'POST' ? '{}' : undefined, signal: AbortSignal.timeout(this.timeout) });
      } catch (error) {
        throw new UpstreamFailure(`network error: ${(error as Error).message}`);
      }
      if (response.ok) {
        let body: unknown;
        let size: number;
        try {
          const text = await response.text();
          size = text.length;
          body = schema.parse(JSON.parse(text));
          // Upstream HTML is sanitized before it is cached or served (decision 009).
          sanitizeRichTextIn(body);
        } catch {
          throw new UpstreamFailure(`answer ${response.status} is not the expected Delivery JSON`);
        }
        return { body, continuation: response.headers.get('x-continuation') ?? undefined, stale: false, size };
      }
      const retryAfter = retryAfterMs(response.headers.get('retry-after'));
      if (response.status === 429 || response.status === 503) {
        const wait = retryAfter ?? 250 * 2 ** attempt;
        await response.body?.cancel();
        if (attempt < 4 && waited + wait <= this.maxRetryWait) {
          waited += wait;
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        throw new UpstreamFailure(`status ${response.status} after ${attempt + 1} attempt(s)`, retryAfter === undefined ? undefined : Math.ceil(retryAfter / 1000));
      }
      if (response.status >= 500 || response.status === 401 || response.status === 403 || response.status === 408) {
        // A wrong server-side key or an outage is not the caller's fault: treat it as unavailable.
        await response.body?.cancel();
        throw new UpstreamFailure(`status ${response.status}`);
      }
      // Other 4xx (unknown item, bad parameter) is the answer itself: pass the Delivery error on.
      const parsed = errorBody.safeParse(await response.json().catch(() => undefined));
      const message = parsed.success && parsed.data.message ? parsed.data.message : `The content source answered ${response.status}.`;
      const code = parsed.success && parsed.data.error_code ? parsed.data.error_code : ErrorCode.request;
      throw new DeliveryHttpError(response.status, code, message);
    }
  }

  private remember(key: string, fresh: Fetched): void {
    const previous = this.cache.get(key);
    if (previous) {
      this.cache.delete(key);
      this.cachedBytes -= previous.size;
    }
    if (fresh.size > MAX_CACHED_BYTES / 16) return;
    this.cache.set(key, { body: fresh.body, continuation: fresh.continuation, storedAt: Date.now(), size: fresh.size });
    this.cachedBytes += fresh.size;
    for (const [oldestKey, oldest] of this.cache) {
      if (this.cache.size <= this.maxEntries && this.cachedBytes <= MAX_CACHED_BYTES) break;
      this.cache.delete(oldestKey);
      this.cachedBytes -= oldest.size;
    }
  }
}

/** Seconds or an HTTP date, in ms; undefined when absent or unusable. */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) {
    const seconds = Number(value.trim());
    return seconds > 0 ? seconds * 1000 : undefined;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * The query sent upstream: the caller's, except that `elements` / `excludeElements` never drop
 * `access_codes` or an element a filter or the order reads, since access filtering and the filter
 * re-check below need them. The caller's projection is applied afterwards.
 */
function forwardedSearch(params: readonly QueryParam[], query: ItemsQuery): string {
  const needed = new Set<string>([ACCESS_CODES_ELEMENT]);
  for (const filter of query.filters) if (filter.source === 'elements') needed.add(filter.property);
  if (query.order?.source === 'elements') needed.add(query.order.property);
  const parts: string[] = [];
  for (const param of params) {
    if (param.key === 'elements' && query.elements) {
      parts.push(`elements=${[...new Set([...query.elements, ...needed])].map(encodeURIComponent).join(',')}`);
    } else if (param.key === 'excludeElements' && query.excludeElements) {
      const kept = [...query.excludeElements].filter((codename) => !needed.has(codename));
      if (kept.length > 0) parts.push(`excludeElements=${kept.map(encodeURIComponent).join(',')}`);
    } else {
      parts.push(param.raw);
    }
  }
  return parts.join('&');
}

type LooseItem = z.infer<typeof looseItem>;

/**
 * Access filtering of an upstream answer. Linked items count as visible only when the answer itself
 * holds them and the caller may see them: what upstream did not send cannot be checked, so it is
 * dropped (fail closed).
 */
class AnswerView {
  private readonly known = new Map<string, DeliveryItem>();

  constructor(
    items: readonly LooseItem[],
    modular: Record<string, LooseItem> | undefined,
    private readonly viewer: Viewer,
  ) {
    for (const item of items) this.known.set(item.system.codename, item as unknown as DeliveryItem);
    for (const [codename, item] of Object.entries(modular ?? {})) if (!this.known.has(codename)) this.known.set(codename, item as unknown as DeliveryItem);
  }

  readonly isVisible = (codename: string): boolean => {
    const item = this.known.get(codename);
    return item !== undefined && this.viewer.canSee(accessCodesOf(item));
  };

  /** The item pruned of hidden links, or undefined when the item itself is hidden or fails a filter. */
  main(item: LooseItem, query: ItemsQuery | null): DeliveryItem | undefined {
    const data = item as unknown as DeliveryItem;
    if (!this.viewer.canSee(accessCodesOf(data))) return undefined;
    const pruned = viewOf(data, NO_PROJECTION, true, this.isVisible);
    // Re-check the filters on what the caller sees, so a filter on a hidden linked item reveals nothing.
    if (query && !matchesAll(pruned, query.filters, plainElementReader)) return undefined;
    return query ? viewOf(pruned, projectionOf(query), false, this.isVisible) : pruned;
  }

  linked(roots: readonly DeliveryItem[], query: ItemsQuery): Map<string, DeliveryItem> {
    const projection = projectionOf(query);
    return collectLinked(
      roots,
      query.depth,
      (codename) => {
        const item = this.known.get(codename);
        return item && this.isVisible(codename) ? viewOf(item, projection, true, this.isVisible) : undefined;
      },
      Number.POSITIVE_INFINITY,
    );
  }
}

function projectionOf(query: ItemsQuery): Projection {
  return { include: query.elements, exclude: query.excludeElements };
}

function shapeListing(fetched: Fetched, query: ItemsQuery, params: readonly QueryParam[], pageBase: string, viewer: Viewer): Answer {
  const body = fetched.body as z.infer<typeof itemsBody>;
  const view = new AnswerView(body.items, body.modular_content, viewer);
  const items: DeliveryItem[] = [];
  for (const item of body.items) {
    const shown = view.main(item, query);
    if (shown) items.push(shown);
  }
  const removed = body.items.length - items.length;
  const modular = view.linked(items, query);
  const upstreamPagination = (body.pagination ?? {}) as { next_page?: unknown; total_count?: unknown };
  const limit = query.limit ?? 0;
  const pagination = {
    skip: query.skip,
    limit,
    count: items.length,
    next_page: typeof upstreamPagination.next_page === 'string' && upstreamPagination.next_page !== '' && limit > 0 ? nextPageUrl(pageBase, params, query.skip + limit) : '',
    ...(typeof upstreamPagination.total_count === 'number' ? { total_count: Math.max(0, upstreamPagination.total_count - removed) } : {}),
  };
  const charge = items.length + modular.size;
  return jsonAnswer({ items, modular_content: Object.fromEntries(modular), pagination }, charge, !viewer.dependsOnAccess, { stale: fetched.stale });
}

function shapeItem(fetched: Fetched, codename: string, query: ItemsQuery, viewer: Viewer): Answer {
  const body = fetched.body as z.infer<typeof itemBody>;
  const view = new AnswerView([body.item], body.modular_content, viewer);
  const item = view.main(body.item, { ...query, filters: [] });
  if (!item) throw new DeliveryHttpError(404, ErrorCode.itemNotFound, `The requested content item '${codename}' was not found.`);
  const modular = view.linked([item], query);
  return jsonAnswer({ item, modular_content: Object.fromEntries(modular) }, 1 + modular.size, !viewer.dependsOnAccess, { stale: fetched.stale });
}

function shapeFeed(fetched: Fetched, query: ItemsQuery, viewer: Viewer): Answer {
  const body = fetched.body as z.infer<typeof feedBody>;
  const view = new AnswerView(body.items, body.modular_content, viewer);
  const items = body.items.map((item) => view.main(item, query)).filter((item): item is DeliveryItem => item !== undefined);
  // Feed modular content holds components only; keep the visible ones.
  const modular = Object.entries(body.modular_content ?? {}).filter(([codename]) => view.isVisible(codename));
  return jsonAnswer({ items, modular_content: Object.fromEntries(modular) }, items.length, !viewer.dependsOnAccess, {
    stale: fetched.stale,
    continuation: fetched.continuation,
  });
}

function shapeSync(fetched: Fetched, viewer: Viewer): Answer {
  const body = fetched.body as z.infer<typeof syncBody>;
  const view = new AnswerView(
    body.items.map((entry) => entry.data),
    undefined,
    viewer,
  );
  const items = body.items
    .map((entry) => {
      const data = view.main(entry.data, null);
      return data ? { ...entry, data } : undefined;
    })
    .filter((entry) => entry !== undefined);
  return jsonAnswer({ items }, items.length, false, { continuation: fetched.continuation });
}

function pass(fetched: Fetched): Answer {
  return jsonAnswer(fetched.body, 1, true, { stale: fetched.stale });
}

function passListing(fetched: Fetched, params: readonly QueryParam[], pageBase: string, name: string): Answer {
  const body = fetched.body as Record<string, unknown> & { pagination?: { next_page?: unknown } };
  const { skip, limit } = parsePaging(params);
  const list = Array.isArray(body[name]) ? (body[name] as unknown[]) : [];
  let shaped: Record<string, unknown> = body;
  if (body.pagination && typeof body.pagination === 'object') {
    const upstreamNext = body.pagination.next_page;
    // Upstream's next_page names upstream; the caller must page through us.
    shaped = {
      ...body,
      pagination: {
        ...body.pagination,
        next_page: typeof upstreamNext === 'string' && upstreamNext !== '' && limit !== null ? nextPageUrl(pageBase, params, skip + limit) : '',
      },
    };
  }
  return jsonAnswer(shaped, list.length, true, { stale: fetched.stale });
}
