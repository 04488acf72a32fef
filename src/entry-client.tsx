import '@fontsource/cormorant-garamond/latin-500.css';
import '@fontsource/cormorant-garamond/latin-600.css';
import './styles/base.css';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { cacheSeenOnceControlled } from './features/offline/cache-seen';
import { listenForInstallPrompt } from './features/offline/install-prompt';
import { createQueryClient } from './lib/query-client';
import { restoreQueryCache } from './lib/query-persistence';
import { pageIsShell } from './lib/ssr';
import { appStore } from './lib/store';
import { createAppRouter } from './router';

// What this first visit loaded goes to the service worker once it controls the page; the browser's
// install offer may come before anything renders.
cacheSeenOnceControlled();
listenForInstallPrompt();

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, store: appStore, origin: window.location.origin });

async function start() {
  // The offline shell carries no page data: the page's loaders read what this device saved, so it
  // comes back first. A page the server rendered hydrates first and restores after (AfterHydration).
  if (pageIsShell()) await restoreQueryCache(queryClient);
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  );
}

void start();
