/**
 * The content service as a Fastify plugin: the Delivery API subset under `/content/{environmentId}/`
 * and the embedded assets under `/content-assets/{environmentId}/{file}`. Both live in their own
 * encapsulated scopes, so their error, not-found, CORS and body handling touch no other route.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@portal/db';
import { type Answer, type Encoding, compressedOnPool, encodedBody, encodedEtag, preferredEncoding } from './answer.ts';
import type { ContentBackend, ContentRoute, RequestContext } from './backend.ts';
import { DeliveryHttpError, ErrorCode, badRequest, errorBody } from './delivery-error.ts';
import { EmbeddedContent } from './embedded.ts';
import { FirstRequestCache } from './first-request-cache.ts';
import { DEFAULT_RENDITION_POLICY, RenditionCache, imageTransformOf, mimeTypeOfFormat, transformEtag, type RenditionCacheOptions, type RenditionPolicy } from './image-transform.ts';
import { type QueryParam, parseQueryString } from './query/query-params.ts';
import { SnapshotStore } from './snapshot-store.ts';
import { type UpstreamSource, UpstreamContent } from './upstream.ts';

export interface ContentServiceOptions {
  db: Db;
  source: { kind: 'embedded' } | UpstreamSource;
  /**
   * The portal access codes of the caller (navigatingcorp, retailers, field, corporate), from the
   * portal token in `Authorization: Bearer`; `[]` without a token. Reject with `unauthorizedToken()`
   * when a token is presented but invalid, expired or revoked (the answer is then a 401). Called
   * only when an answer depends on access.
   */
  resolveAccessCodes(request: FastifyRequest): Promise<readonly string[]>;
  /** How often, at most, a request checks the database for a newer import (default 1,000 ms). */
  refreshIntervalMs?: number;
  /** Items per items-feed page (default 2,000, the Delivery API's response cap). */
  feedPageSize?: number;
  /** Changes per sync page (default 500). */
  syncPageSize?: number;
  /**
   * Image renditions (`?w=&fm=&q=` on assets): the widths, format and quality served (default: the
   * web app's banner renditions), the disk cache and the work queue's bounds (image-transform.ts).
   */
  renditions?: RenditionCacheOptions & { policy?: RenditionPolicy };
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** The Delivery API refuses longer URLs (technical limits: 2,000 characters; older guide: 2,048). */
const MAX_URL_LENGTH = 2_048;
const CACHE_SHARED = 'public, max-age=60, stale-while-revalidate=300';
const CACHE_PRIVATE = 'private, no-cache';
const CACHE_ASSET = 'public, max-age=86400, stale-while-revalidate=604800';
/** Asset types worth compressing: text. Images other than SVG, PDFs and video are compressed already. */
const COMPRESSIBLE_ASSET = /^(?:image\/svg\+xml|text\/[\w.+-]+|application\/(?:json|xml))(?:;|$)/;
const MAX_ENCODED_ASSETS = 64;
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'X-Continuation, X-Stale-Content, X-Request-Charge, ETag',
};
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, if-none-match, x-kc-sdkid, x-kc-wait-for-loading-new-content, x-continuation',
  'access-control-max-age': '86400',
};

/** Paths the Delivery API knows, for telling 405 from 404. */
const KNOWN_PATHS: { pattern: RegExp; allow: string }[] = [
  { pattern: /^\/content\/[^/]+\/sync\/init$/, allow: 'POST, OPTIONS' },
  {
    pattern: /^\/content\/[^/]+\/(items(\/[^/]+)?|items-feed|types(\/[^/]+(\/elements\/[^/]+)?)?|taxonomies(\/[^/]+)?|languages|sync)$/,
    allow: 'GET, HEAD, OPTIONS',
  },
];

async function contentService(app: FastifyInstance, options: ContentServiceOptions): Promise<void> {
  const backend: ContentBackend =
    options.source.kind === 'upstream'
      ? new UpstreamContent(options.source, app.log)
      : new EmbeddedContent(new SnapshotStore(options.db, { refreshIntervalMs: options.refreshIntervalMs ?? 1_000, log: app.log }), {
          feedPageSize: options.feedPageSize ?? 2_000,
          syncPageSize: options.syncPageSize ?? 500,
        });

  await app.register(
    async (scope) => {
      prepareScope(scope);
      scope.options('/*', async (_request, reply) => reply.code(204).headers(PREFLIGHT_HEADERS).send());
      scope.setNotFoundHandler(async (request) => {
        const path = request.url.split('?', 1)[0] ?? '';
        const known = KNOWN_PATHS.find((k) => k.pattern.test(path));
        if (known) throw new DeliveryHttpError(405, ErrorCode.request, `The method ${request.method} is not allowed on this resource.`, { allow: known.allow });
        throw new DeliveryHttpError(404, ErrorCode.request, 'No HTTP resource was found that matches the request. The content service answers the Delivery API under /content/{environmentId}/.');
      });

      const route = (method: 'GET' | 'POST', url: string, toRoute: (params: Record<string, string>) => ContentRoute) =>
        scope.route({
          method,
          url,
          // Not an async function: a cached answer is sent in the same turn (no promise between the
          // answer cache and the socket); an answer still to be computed is sent when it is ready.
          handler: (request, reply) => {
            const params = request.params as Record<string, string>;
            const contentRoute = toRoute(params);
            const cacheControl = contentRoute.kind === 'sync' || contentRoute.kind === 'sync-init' ? 'no-store' : undefined;
            const answer = backend.answer(new ContentRequest(request, params.environmentId ?? '', options.resolveAccessCodes), contentRoute);
            if (answer instanceof Promise) return answer.then((ready) => send(request, reply, ready, cacheControl));
            return send(request, reply, answer, cacheControl);
          },
        });
      route('GET', '/:environmentId/items', () => ({ kind: 'items' }));
      route('GET', '/:environmentId/items/:codename', (p) => ({ kind: 'item', codename: p.codename ?? '' }));
      route('GET', '/:environmentId/items-feed', () => ({ kind: 'items-feed' }));
      route('GET', '/:environmentId/types', () => ({ kind: 'types' }));
      route('GET', '/:environmentId/types/:codename', (p) => ({ kind: 'type', codename: p.codename ?? '' }));
      route('GET', '/:environmentId/types/:type/elements/:element', (p) => ({ kind: 'type-element', type: p.type ?? '', element: p.element ?? '' }));
      route('GET', '/:environmentId/taxonomies', () => ({ kind: 'taxonomies' }));
      route('GET', '/:environmentId/taxonomies/:codename', (p) => ({ kind: 'taxonomy', codename: p.codename ?? '' }));
      route('GET', '/:environmentId/languages', () => ({ kind: 'languages' }));
      route('POST', '/:environmentId/sync/init', () => ({ kind: 'sync-init' }));
      route('GET', '/:environmentId/sync', () => ({ kind: 'sync' }));
    },
    { prefix: '/content' },
  );

  // Compressed bodies of text assets (SVG) by ETag (the content's hash) and encoding, oldest out
  // first: made once per asset version, at the highest level, on the thread pool so that a large
  // asset does not hold the event loop. The banner and logo are on every first page, and an SVG with
  // outlined text is about a fifth of its size in brotli.
  const encodedAssets = new FirstRequestCache<Buffer | null>(MAX_ENCODED_ASSETS);
  // A failure is not kept: that request goes uncompressed, the next one tries again.
  const encodedAsset = (etag: string, encoding: Encoding, bytes: Buffer): Promise<Buffer | null> =>
    encodedAssets.get(`${etag}:${encoding}`, () => compressedOnPool(bytes, encoding)).catch(() => null);
  const renditions = new RenditionCache(options.renditions);
  const renditionPolicy = options.renditions?.policy ?? DEFAULT_RENDITION_POLICY;
  await app.register(
    async (scope) => {
      prepareScope(scope);
      scope.setNotFoundHandler(async () => {
        throw new DeliveryHttpError(404, ErrorCode.request, 'No asset was found at this address.');
      });
      scope.get('/:environmentId/:file', async (request, reply) => {
        const { environmentId = '', file = '' } = request.params as Record<string, string>;
        const asset = await backend.asset(environmentId, file);
        if (!asset) throw new DeliveryHttpError(404, ErrorCode.request, `The asset '${file}' was not found.`);
        // `?w=&fm=&q=`: a raster rendition (image-transform.ts), checked before anything is sent.
        const transform = imageTransformOf(request.query as Record<string, unknown>, asset.mimeType, renditionPolicy);
        if (transform) {
          const etag = transformEtag(asset.etag, transform);
          reply.headers({ ...CORS_HEADERS, etag, 'cache-control': CACHE_ASSET, 'x-content-type-options': 'nosniff' });
          if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
          const bytes = await asset.bytes();
          if (!bytes) throw new DeliveryHttpError(404, ErrorCode.request, `The asset '${file}' was not found.`);
          const rendition = await renditions.rendition(asset.etag, bytes, asset.mimeType, transform);
          return reply.type(mimeTypeOfFormat(transform.format)).send(rendition);
        }
        reply.headers({ ...CORS_HEADERS, etag: asset.etag, 'cache-control': CACHE_ASSET, 'x-content-type-options': 'nosniff' });
        // An SVG opened on its own must not run script in the portal's origin.
        if (asset.mimeType === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
        const compressible = COMPRESSIBLE_ASSET.test(asset.mimeType);
        if (compressible) reply.header('vary', 'Accept-Encoding');
        if (etagMatches(request.headers['if-none-match'], asset.etag)) return reply.code(304).send();
        const bytes = await asset.bytes();
        if (!bytes) throw new DeliveryHttpError(404, ErrorCode.request, `The asset '${file}' was not found.`);
        reply.type(asset.mimeType);
        const encoding = compressible ? preferredEncoding(request.headers['accept-encoding']) : undefined;
        const encoded = encoding ? await encodedAsset(asset.etag, encoding, bytes) : null;
        if (!encoding || !encoded) return reply.send(bytes);
        return reply.headers({ etag: encodedEtag(asset.etag, encoding), 'content-encoding': encoding }).send(encoded);
      });
    },
    { prefix: '/content-assets' },
  );
}

/** CORS on every answer, the Delivery error body for every failure, and bodies read but ignored. */
function prepareScope(scope: FastifyInstance): void {
  // Only sync/init takes a body, and its content is irrelevant: never fail on parsing it.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, undefined));
  // CORS headers are part of each answer's headers (send, the asset route, OPTIONS and the error
  // handler below): no per-request hook. The URL length is checked here for every request.
  scope.addHook('onRequest', (request, _reply, done) => {
    done(request.url.length > MAX_URL_LENGTH ? badRequest(`The request URL is longer than ${MAX_URL_LENGTH} characters.`) : undefined);
  });
  scope.setErrorHandler((error: FastifyError | DeliveryHttpError, request, reply) => {
    let failure: DeliveryHttpError;
    if (error instanceof DeliveryHttpError) failure = error;
    else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      failure = new DeliveryHttpError(error.statusCode, ErrorCode.request, error.message);
    } else {
      request.log.error({ err: error }, 'content service request failed');
      failure = new DeliveryHttpError(500, ErrorCode.internal, 'The content service failed to answer this request.');
    }
    return reply
      .code(failure.statusCode)
      .headers({ ...CORS_HEADERS, ...failure.headers, 'content-type': JSON_TYPE, 'cache-control': 'no-store' })
      .send(errorBody(failure, request.id));
  });
}

/**
 * One request as the backends see it. A class rather than an object of closures: it is made for
 * every request, cached answers included, so it holds plain fields and parses or asks only on use.
 */
class ContentRequest implements RequestContext {
  readonly search: string;
  readonly pageBase: string;
  readonly continuation: string | undefined;
  readonly anonymous: boolean;
  readonly waitForNew: boolean;
  private parsed: QueryParam[] | undefined;
  private accessCodes: Promise<readonly string[]> | undefined;

  constructor(
    private readonly request: FastifyRequest,
    readonly environmentId: string,
    private readonly resolveAccessCodes: ContentServiceOptions['resolveAccessCodes'],
  ) {
    const url = request.url;
    const question = url.indexOf('?');
    this.search = question < 0 ? '' : url.slice(question + 1);
    this.pageBase = `${request.protocol}://${request.host}${question < 0 ? url : url.slice(0, question)}`;
    const continuation = request.headers['x-continuation'];
    this.continuation = typeof continuation === 'string' && continuation !== '' ? continuation : undefined;
    this.anonymous = request.headers.authorization === undefined;
    const waitForNew = request.headers['x-kc-wait-for-loading-new-content'];
    this.waitForNew = waitForNew !== undefined && String(waitForNew).toLowerCase() === 'true';
  }

  get params(): readonly QueryParam[] {
    return (this.parsed ??= parseQueryString(this.search));
  }

  codes(): Promise<readonly string[]> {
    return (this.accessCodes ??= this.resolveAccessCodes(this.request).catch((error: unknown) => {
      // A presented token that is invalid or revoked is the caller's problem: 401, as the API does.
      if (error instanceof DeliveryHttpError) throw error;
      // Fail closed: a caller whose token cannot be checked sees public content only.
      this.request.log.warn({ err: error }, 'resolving content access codes failed');
      return [];
    }));
  }
}

/**
 * Sends an answer. The common case, a full answer with the cache's own headers, is written straight
 * to the socket: the status line and every header in one `writeHead` from a list made once per
 * answer and representation, then the body. Fastify's reply (its onSend hooks, header merging and
 * payload checks) is skipped for it (`reply.hijack()`; onResponse hooks, logging and metrics still
 * run), so headers every answer of the app carries must be set when the request arrives (onRequest),
 * as the portal's are; they are copied from the reply. A 304 and a sync answer go through the reply.
 */
function send(request: FastifyRequest, reply: FastifyReply, answer: Answer, cacheControl?: string): FastifyReply | undefined {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? encodedBody(answer, encoding) : null;
  const representation = encoded && encoding ? encoding : 'identity';
  const notModified = etagMatches(request.headers['if-none-match'], answer.etag);
  if (!cacheControl && !notModified) {
    const body = encoded ?? answer.body;
    const headers = [...(answer.headerList?.[representation] ?? keepHeaderList(answer, representation))];
    const early = reply.getHeaders();
    for (const name in early) {
      const value = early[name];
      if (Array.isArray(value)) for (const one of value) headers.push(name, one);
      else if (value !== undefined) headers.push(name, String(value));
    }
    headers.push('content-length', String(body.length));
    reply.hijack();
    reply.raw.writeHead(answer.status, headers);
    reply.raw.end(body);
    return undefined;
  }
  reply.headers(cacheControl ? answerHeaders(answer, representation, cacheControl) : (answer.headers?.[representation] ?? keepHeaders(answer, representation)));
  if (notModified) {
    // A 304 carries no body, so no Content-Encoding either.
    if (encoded) reply.removeHeader('content-encoding');
    return reply.code(304).send();
  }
  return reply.code(answer.status).send(encoded ?? answer.body);
}

/** The headers of each representation are made once and kept with the answer. */
function keepHeaders(answer: Answer, representation: Encoding | 'identity'): Readonly<Record<string, string>> {
  const headers = answerHeaders(answer, representation, undefined);
  (answer.headers ??= {})[representation] = headers;
  return headers;
}

/** The same headers as `writeHead` takes them: name, value, name, value. */
function keepHeaderList(answer: Answer, representation: Encoding | 'identity'): readonly string[] {
  const list = Object.entries(answer.headers?.[representation] ?? keepHeaders(answer, representation)).flat();
  (answer.headerList ??= {})[representation] = list;
  return list;
}

function answerHeaders(answer: Answer, representation: Encoding | 'identity', cacheControl: string | undefined): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'content-type': JSON_TYPE,
    // Each representation has its own strong ETag; any of them validates the same content.
    etag: representation === 'identity' ? answer.etag : encodedEtag(answer.etag, representation),
    'x-request-charge': String(answer.charge),
    'cache-control': cacheControl ?? (answer.stale ? 'no-cache' : answer.shared ? CACHE_SHARED : CACHE_PRIVATE),
    vary: answer.shared ? 'Accept-Encoding' : 'Accept-Encoding, Authorization',
  };
  if (answer.stale) headers['x-stale-content'] = '1';
  if (answer.continuation) headers['x-continuation'] = answer.continuation;
  if (representation !== 'identity') headers['content-encoding'] = representation;
  return headers;
}

/** Whether `If-None-Match` names this answer in any of its encodings (weak comparison). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim().replace(/^W\//, '');
    if (tag === '*' || tag === etag || tag === encodedEtag(etag, 'br') || tag === encodedEtag(etag, 'gzip')) return true;
  }
  return false;
}

export default fp(contentService, { name: '@portal/content-service', fastify: '5.x' });
