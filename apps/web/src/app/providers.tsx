import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { IHttpService } from '@kontent-ai/core-sdk';
import { Toasts } from '../components/ui/toasts.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { ContentHttpServiceContext } from '../lib/content-http-context.ts';
import { paths } from '../config/paths.ts';
import { createQueryClient } from './query-client.ts';
import { I18nProvider } from '../i18n/provider.tsx';

/** A 401 anywhere: cached user data goes, and the router (not a reload) takes the user to `/`. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'runtime-config' });
      if (pathnameRef.current !== paths.landing) void navigate(paths.landing, { replace: true });
    });
  }, [navigate, queryClient]);
  return null;
}

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Tests replace the Delivery SDK's HTTP layer with a fake content service. */
  contentHttpService?: IHttpService<unknown>;
}

/** Everything the pages need, inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppProviders({ children, queryClient, contentHttpService }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nProvider>
        <ContentHttpServiceContext.Provider value={contentHttpService}>
          <UnauthorizedRedirect />
          {children}
          <Toasts />
        </ContentHttpServiceContext.Provider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
