/**
 * Renders the whole app (routes, providers) at a path, with the portal API answered by `api`
 * handlers (fetch is replaced) and content answered by the fake Delivery service.
 */
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Envelope, LoginData, RuntimeConfig } from '@portal/contracts';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { AppRoutes } from '../app/router.tsx';
import { setUserDetail, type StoredUserDetail } from '../lib/user-storage.ts';
import { ENVIRONMENT_IDS, FakeDeliveryService } from './fake-delivery.ts';

export interface ApiCall {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

export type ApiHandler = (call: ApiCall) => { status?: number; body: unknown } | undefined;

export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  registrationProvider: 'Builtin',
  contentBaseUrl: '/content',
  reportEmailDomain: 'corp.example.com',
  content: { nbc: { environmentId: ENVIRONMENT_IDS.nbc ?? '' }, abc: { environmentId: ENVIRONMENT_IDS.abc ?? '' } },
  events: [
    { eventType: 'nbc', name: 'National Business Conference 2027', isVirtual: true },
    { eventType: 'abc', name: 'Annual Business Conference 2027', isVirtual: false },
  ],
};

export function envelope<T>(data: T, succeeded = true, message: string | null = null): Envelope<T> {
  return { succeeded, message, data };
}

/** Replaces fetch; unmatched calls answer 404 with an error envelope. Returns the recorded calls. */
export function mockApi(...handlers: ApiHandler[]): ApiCall[] {
  const calls: ApiCall[] = [];
  const config: ApiHandler = ({ method, path }) => (method === 'GET' && path === '/api/Config' ? { body: envelope(TEST_RUNTIME_CONFIG) } : undefined);
  const logout: ApiHandler = ({ method, path }) => (method === 'POST' && path === '/User/ProcessLogout' ? { body: envelope(null) } : undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      };
      calls.push(call);
      for (const handler of [...handlers, config, logout]) {
        const answer = handler(call);
        if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify(envelope(null, false, 'Not found')), { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** A stored login as ProcessLogin answers it; override what a test needs. */
export function loginData(overrides: Partial<LoginData> = {}): LoginData {
  return {
    accessToken: 'token-general',
    expiresAt: '2027-03-01T18:00:00Z',
    regType: 'DLR',
    eventType: 'nbc',
    programInfo: { isVirtual: true },
    dealerInfo: { isDealer: true, executiveManager: 'Pat Morgan', generalManager: 'Jordan Lee', storeCode: '10001', storeName: 'Morgan Motors' },
    authorizationPolicy: ['general'],
    user: { email: 'pat.morgan@morgan-motors.example.com', firstName: 'Pat', lastName: 'Morgan' },
    contentGroups: { agenda: 'dealer', conference: 'general', faq: 'general' },
    // Report readers hold the network unless a test says otherwise (the demo's field.user and corp.user).
    reportScope: overrides.authorizationPolicy?.some((p) => p === 'field' || p === 'corporate' || p === 'reporting') ? { level: 'network', code: null } : null,
    ...overrides,
  };
}

export function storeLogin(overrides: Partial<LoginData> = {}): StoredUserDetail {
  const detail: StoredUserDetail = { succeeded: true, message: null, data: loginData(overrides) };
  setUserDetail(detail);
  return detail;
}

/** Test tokens name their policies: 'token-expo-field' grants the codes of expo and field. */
export const CODES_BY_TEST_TOKEN = (token: string | null): string[] => {
  if (!token) return [];
  const codes: Record<string, string> = { general: 'navigatingcorp', expo: 'retailers', field: 'field', corporate: 'corporate' };
  return token
    .replace(/^token-/, '')
    .split('-')
    .flatMap((policy) => (codes[policy] ? [codes[policy]] : []));
};

const probe: { location?: ReturnType<typeof useLocation> } = {};
function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    probe.location = location;
  }, [location]);
  return null;
}

/** Where the router is now (pathname, hash, state). */
export function testLocation() {
  if (!probe.location) throw new Error('renderApp was not called');
  return probe.location;
}

export function renderApp(path: string, options: { delivery?: FakeDeliveryService } = {}) {
  const delivery = options.delivery ?? new FakeDeliveryService({ codesForToken: CODES_BY_TEST_TOKEN });
  const queryClient = createQueryClient();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient} contentHttpService={delivery}>
        <LocationProbe />
        <AppRoutes />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...view, delivery, queryClient };
}
