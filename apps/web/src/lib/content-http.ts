/**
 * The Delivery SDK's HTTP layer on `fetch` (the SDK's `httpService` option), with the SDK's own retry
 * rules from @kontent-ai/core-sdk: 408, 429, 500, 502, 503 and 504 are retried up to 5 times, waiting
 * 1 s doubling with jitter or what Retry-After says; network failures and cancelled requests are not
 * retried; no time-out. The SDK's default layer (axios) spent a few milliseconds of main thread per
 * request; the content page makes nine at once on a phone.
 */
import {
  retryHelper,
  type IHeader,
  type IHttpCancelRequestToken,
  type IHttpDeleteQueryCall,
  type IHttpGetQueryCall,
  type IHttpPatchQueryCall,
  type IHttpPostQueryCall,
  type IHttpPutQueryCall,
  type IHttpQueryOptions,
  type IHttpService,
  type IResponse,
} from '@kontent-ai/core-sdk';
import { takeInlineContent } from './inline-content.ts';
import { nextTask } from './next-task.ts';

/**
 * A non-2xx answer. `isAxiosError` and `response` are the shape the SDK reads to build its
 * `DeliveryError` (error code, request id) and core-sdk reads to decide a retry.
 */
export class ContentHttpError extends Error {
  override readonly name = 'ContentHttpError';
  readonly isAxiosError = true;
  constructor(readonly response: { status: number; data: unknown; headers: Record<string, string> }) {
    super(`Content request failed with status ${response.status}`);
  }
}

export interface FetchHttpServiceOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, key) => {
    record[key] = value;
  });
  return record;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export class FetchHttpService implements IHttpService<AbortController> {
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: FetchHttpServiceOptions = {}) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? wait;
  }

  getAsync<T>(call: IHttpGetQueryCall, options?: IHttpQueryOptions<AbortController>): Promise<IResponse<T>> {
    return this.send<T>('GET', call.url, undefined, options);
  }
  postAsync<T>(call: IHttpPostQueryCall, options?: IHttpQueryOptions<AbortController>): Promise<IResponse<T>> {
    return this.send<T>('POST', call.url, call.body, options);
  }
  putAsync<T>(call: IHttpPutQueryCall, options?: IHttpQueryOptions<AbortController>): Promise<IResponse<T>> {
    return this.send<T>('PUT', call.url, call.body, options);
  }
  patchAsync<T>(call: IHttpPatchQueryCall, options?: IHttpQueryOptions<AbortController>): Promise<IResponse<T>> {
    return this.send<T>('PATCH', call.url, call.body, options);
  }
  deleteAsync<T>(call: IHttpDeleteQueryCall, options?: IHttpQueryOptions<AbortController>): Promise<IResponse<T>> {
    return this.send<T>('DELETE', call.url, undefined, options);
  }

  createCancelToken(): IHttpCancelRequestToken<AbortController> {
    const controller = new AbortController();
    return { token: controller, cancel: (message) => controller.abort(message) };
  }

  private async send<T>(method: Method, url: string, body: unknown, options: IHttpQueryOptions<AbortController> | undefined): Promise<IResponse<T>> {
    const retryStrategy = options?.retryStrategy ?? retryHelper.defaultRetryStrategy;
    const headers: Record<string, string> = {};
    for (const { header, value } of options?.headers ?? []) headers[header] = value;
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      init.body = JSON.stringify(body);
    }
    if (options?.cancelToken) init.signal = options.cancelToken.token.signal;
    if (method === 'GET') {
      // Served with the page (lib/inline-content.ts): no round trip.
      const served = takeInlineContent(url);
      if (served !== undefined) {
        // The SDK maps the answer once this returns: each served answer in a task of its own, not
        // all of them in the task that asked (one 35-58 ms task at 4x CPU with both).
        await nextTask();
        return { data: served as T, headers: [], rawResponse: undefined, status: 200, retryStrategy: { options: retryStrategy, retryAttempts: 0 } };
      }
    }

    for (let attempt = 0; ; attempt++) {
      // Network failures and cancellations reject here and are not retried.
      const response = await this.fetchImpl(url, init);
      const data = await readBody(response);
      if (response.ok) {
        const responseHeaders: IHeader[] = [];
        response.headers.forEach((value, header) => responseHeaders.push({ header, value }));
        return { data: data as T, headers: responseHeaders, rawResponse: response, status: response.status, retryStrategy: { options: retryStrategy, retryAttempts: attempt } };
      }
      const error = new ContentHttpError({ status: response.status, data, headers: headerRecord(response.headers) });
      const retry = retryHelper.getRetryErrorResult({ error, retryAttempt: attempt, retryStrategy });
      if (!retry.canRetry) throw error;
      await this.sleep(retry.retryInMs);
    }
  }
}
