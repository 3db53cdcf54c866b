/**
 * The app itself: query client, router and the first render. Loaded by main.tsx after React DOM
 * has been evaluated in a task of its own.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';
import { inlineRuntimeConfig, runtimeConfigQuery } from '../lib/runtime-config.ts';
import { nextTask } from '../lib/next-task.ts';
import { currentLanguage } from '../i18n/language.ts';
import { loadCatalog } from '../i18n/catalogs.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A French reader's catalog is fetched now, alongside the page's chunks (English is bundled).
const language = currentLanguage();
if (language !== 'en') void loadCatalog(language);

const queryClient = createQueryClient();
// Every page but the landing needs the runtime config before its content: the page the server sent
// carries it; otherwise ask while the page's chunk downloads instead of after.
const inlineConfig = inlineRuntimeConfig();
if (inlineConfig) queryClient.setQueryData(runtimeConfigQuery.queryKey, inlineConfig);
else void queryClient.prefetchQuery(runtimeConfigQuery);

// Content the server wrote into the page (/nbc/welcome) is asked for now, while the page's chunks
// load, so the welcome letter renders with the shell (content-client.ts).
if (document.getElementById('portal-content')) {
  void import('../lib/content-client.ts').then(({ prefetchServedContent }) => prefetchServedContent(queryClient));
}

// React DOM's root (its listeners for every event type) in a task after this module's evaluation,
// and as a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (long tasks on a slow phone; the page looks the same).
void nextTask().then(() => {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <BrowserRouter>
          <AppProviders queryClient={queryClient}>
            <AppRoutes />
          </AppProviders>
        </BrowserRouter>
      </StrictMode>,
    );
  });
});
