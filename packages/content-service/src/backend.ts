import type { Answer } from './answer.ts';
import type { QueryParam } from './query/query-params.ts';

/** One Delivery API route, as the plugin recognised it. */
export type ContentRoute =
  | { kind: 'items' }
  | { kind: 'item'; codename: string }
  | { kind: 'items-feed' }
  | { kind: 'types' }
  | { kind: 'type'; codename: string }
  | { kind: 'type-element'; type: string; element: string }
  | { kind: 'taxonomies' }
  | { kind: 'taxonomy'; codename: string }
  | { kind: 'languages' }
  | { kind: 'sync-init' }
  | { kind: 'sync' };

export interface RequestContext {
  environmentId: string;
  params: readonly QueryParam[];
  /** The raw query string (without `?`). */
  search: string;
  /** Absolute URL of the requested path, the base of `next_page`. */
  pageBase: string;
  /** The `X-Continuation` request header. */
  continuation: string | undefined;
  /** `X-KC-Wait-For-Loading-New-Content: true`. */
  waitForNew: boolean;
  /** The caller's portal access codes (resolved once, on first use). */
  codes(): Promise<readonly string[]>;
  /** No `Authorization` header: the caller's codes are `[]`, known without asking `codes()`. */
  anonymous: boolean;
}

export interface AssetAnswer {
  bytes: Buffer;
  mimeType: string;
  etag: string;
}

/** Where answers come from: the embedded snapshot or a proxied Kontent.ai environment. */
export interface ContentBackend {
  /** A cached answer may come back as is (no promise): the hot path takes no extra turn. */
  answer(context: RequestContext, route: ContentRoute): Answer | Promise<Answer>;
  /** An asset's bytes; undefined when the asset does not exist. Only `etag` is needed to answer 304. */
  asset(environmentId: string, fileName: string): Promise<{ etag: string; mimeType: string; bytes(): Promise<Buffer | undefined> } | undefined>;
}
