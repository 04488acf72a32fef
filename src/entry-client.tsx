import '@fontsource/cormorant-garamond/latin-500.css';
import '@fontsource/cormorant-garamond/latin-600.css';
import './styles/base.css';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { cacheSeenOnceControlled } from './features/offline/cache-seen';
import { listenForInstallPrompt } from './features/offline/install-prompt';
import { countServerDataFresh } from './lib/fresh-server-data';
import { createQueryClient } from './lib/query-client';
import { pageIsShell } from './lib/ssr';
import { appStore } from './lib/store';
import { createAppRouter } from './router';
import { serverDataUrls } from './routes/-components/server-data-urls';

const queryClient = createQueryClient();

// What this first visit loaded (and the catalogue data it came with) goes to the service worker once
// it controls the page; the browser's install offer may come before anything renders.
cacheSeenOnceControlled(() => serverDataUrls(queryClient));
listenForInstallPrompt();

/** The rest of the start-up in a task of its own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  // The modules have just run, in one task; the router (which builds its route tree and reads the
  // history) comes in the next, and hydration in the one after, so no task is long on a slow phone.
  await nextTask();
  const router = createAppRouter({ queryClient, store: appStore, origin: window.location.origin });
  await nextTask();
  const shell = pageIsShell();
  // The offline shell carries no page data: the page's loaders read what this device saved, so it
  // comes back first. A page the server rendered hydrates first and restores after (AfterHydration).
  if (shell) await (await import('./lib/query-persistence')).restoreQueryCache(queryClient);
  // What the server's HTML brings is as new as the HTML (until AfterHydration ends this).
  else countServerDataFresh(queryClient);
  // In a transition, React hydrates in slices of about 5 ms and lets the browser handle input and
  // paint between them, rather than in one long task; a tap on a part not hydrated yet hydrates that
  // part first.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
      {
        // The shell is one document for every address (the server rendered it for /): where the page
        // differs from it, React renders that part in the browser, which is what the shell is for.
        onRecoverableError: (error) => {
          if (!shell) reportError(error);
        },
      },
    );
  });
}

void start();
