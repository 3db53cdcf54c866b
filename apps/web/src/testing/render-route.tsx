import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { LoginReportScope } from '@portal/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { setUserDetail } from '../lib/user-storage.ts';

export interface TestUser {
  policies?: string[];
  isVirtual?: boolean;
  /** The granted report scope of the login answer; the network unless a test says otherwise. */
  reportScope?: LoginReportScope | null;
}

export function storeTestUser({ policies = ['corporate'], isVirtual = true, reportScope = { level: 'network', code: null } }: TestUser = {}): void {
  setUserDetail({
    succeeded: true,
    message: null,
    data: {
      accessToken: 'test-token',
      expiresAt: '2027-03-01T18:00:00Z',
      regType: 'CORP',
      eventType: 'nbc',
      programInfo: { isVirtual },
      dealerInfo: null,
      authorizationPolicy: policies,
      user: { email: 'corp.user@corp.example.com', firstName: 'Casey', lastName: 'Corp' },
      contentGroups: { agenda: 'general', conference: 'corporatesub', faq: 'corporate' },
      reportScope,
    },
  });
}

/** Shows the current location so tests can assert navigation and URL state. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `element` at `path` inside the app's providers and a memory router mounted like the app's. */
export function renderRoute(path: string, routePattern: string, element: ReactElement, user?: TestUser | null) {
  if (user !== null) storeTestUser(user);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  return {
    queryClient,
    ...render(
      <MemoryRouter initialEntries={[path]}>
        <AppProviders queryClient={queryClient}>
          <Routes>
            <Route path={routePattern} element={element} />
            <Route path="/" element={<h1>Landing</h1>} />
          </Routes>
          <LocationProbe />
        </AppProviders>
      </MemoryRouter>,
    ),
  };
}
