/**
 * The hosted registration page's API, faked for its tests: fetch is replaced so that a GET of the
 * registration link answers what the test says, a POST is recorded and answered, and any other path
 * is a 404 unless the test answers it; and the page rendered at the link's address.
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { RegistrationSubmit } from '@portal/contracts';
import { AppProviders } from '../../../app/providers.tsx';

export const REGISTRATION_TOKEN = 'T'.repeat(43);
export const REGISTRATION_PATH = `/api/Registration/${REGISTRATION_TOKEN}`;

export type Answer = { status: number; body: unknown };
export const okBody = (data: unknown) => ({ succeeded: true, message: null, data });
export const failBody = (message: string, errors?: unknown) => ({ succeeded: false, message, data: null, ...(errors ? { errors } : {}) });

export interface FakeRegistrationApi {
  /** The answer to a GET of the registration, asked on each call. */
  get: () => Answer;
  /** The answer to a POST, given its body. */
  post: (body: RegistrationSubmit) => Answer;
  /** An answer for another path, or undefined for a 404. */
  other?: (path: string, init?: RequestInit) => Answer | undefined;
}

/** Replaces fetch with the fake API; the list returned collects the bodies posted, in order. */
export function fakeRegistrationApi(api: FakeRegistrationApi): RegistrationSubmit[] {
  const posts: RegistrationSubmit[] = [];
  const json = ({ status, body }: Answer) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname !== REGISTRATION_PATH) return json(api.other?.(pathname, init) ?? { status: 404, body: failBody('Not found') });
      if (init?.method !== 'POST') return json(api.get());
      const body = JSON.parse(String(init.body)) as RegistrationSubmit;
      posts.push(body);
      return json(api.post(body));
    }),
  );
  return posts;
}

/** Renders `page` at the registration link's address, inside the app's providers, with no retries. */
export function renderRegistrationPage(page: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[`/register/${REGISTRATION_TOKEN}`]}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route path="/register/:token" element={page} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}
