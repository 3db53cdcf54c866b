/**
 * Replaces fetch for console tests: handlers keyed 'METHOD /path' answer with a data value (wrapped
 * in a successful envelope) or a Response. Unknown routes answer 404. Records every call, with the
 * body as JSON when it is JSON and as text otherwise (the CSV import).
 */
import { vi } from 'vitest';

export interface AdminCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Headers;
  body: unknown;
}

export type AdminHandler = (call: AdminCall) => unknown;

export const ok = <T,>(data: T) => ({ succeeded: true, message: null, data });

export function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function fakeAdminApi(handlers: Record<string, AdminHandler>) {
  const calls: AdminCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init?.headers);
      const raw = typeof init?.body === 'string' ? init.body : undefined;
      let body: unknown = raw;
      if (raw !== undefined && headers.get('content-type')?.includes('json')) body = JSON.parse(raw);
      const call: AdminCall = { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body };
      calls.push(call);
      if (call.method === 'GET' && call.path === '/api/Config') return answer(200, ok({ registrationProvider: 'Builtin', contentBaseUrl: '/content', reportEmailDomain: 'corp.example.com', content: {}, events: [] }));
      const handler = handlers[`${call.method} ${call.path}`];
      if (!handler) return answer(404, { succeeded: false, message: 'Not found', data: null });
      const result = await handler(call);
      return result instanceof Response ? result : answer(200, ok(result));
    }),
  );
  return { calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}
