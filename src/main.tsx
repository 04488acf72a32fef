import '@fontsource/cormorant-garamond/latin-500.css';
import '@fontsource/cormorant-garamond/latin-600.css';
import './styles/base.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { cacheSeenOnceControlled, listenForInstallPrompt, startOutbox, startSavedCatalogue } from './features/offline';
import { checkConnectivitySoon } from './lib/connectivity';
import { createQueryClient, queryPersistOptions } from './lib/query-client';
import { appStore } from './lib/store';
import { createAppRouter } from './router';

/** Waiting longer than this for IndexedDB would cost more first paint than the cache saves. */
const RESTORE_TIMEOUT_MS = 1000;

// The static title and description serve visitors without JavaScript; each page renders its own.
for (const element of document.head.querySelectorAll('[data-static]')) element.remove();

cacheSeenOnceControlled();
listenForInstallPrompt();

const queryClient = createQueryClient();
const persistOptions = { queryClient, ...queryPersistOptions };

async function start() {
  // Restore the saved query cache before the first route loaders run, so a page seen before renders
  // from it with no network; then save every change.
  await Promise.race([
    persistQueryClientRestore(persistOptions).catch((error: unknown) =>
      console.warn('Could not restore the saved catalogue', error),
    ),
    new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
  ]);
  persistQueryClientSubscribe(persistOptions);

  const router = createAppRouter(queryClient);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={appStore}>
          <RouterProvider router={router} />
        </JotaiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  // Requests saved while offline go out now, and whenever the network returns.
  startOutbox();
  // What is saved for offline, refreshed in the background when it is over a day old.
  void startSavedCatalogue();
  checkConnectivitySoon();
}

void start();
