import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type ApiHandler = (call: ApiCall) => unknown;

/** A JSON body for a successful envelope. */
export const ok = <T,>(data: T) => ({ succeeded: true, message: null, data });

/**
 * Replaces `fetch` with handlers keyed by 'METHOD /path'. A handler returns the answer body (200), or a
 * `Response` for other statuses. Unknown routes answer 404. Records every call.
 */
export function fakeApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ succeeded: false, message: 'Not found', data: null }), { status: 404 });
    const answer = await handler(call);
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (path: string) => calls.filter((c) => c.path === path),
  };
}
