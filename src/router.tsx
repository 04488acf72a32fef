import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { listedTextFromJsonLd, omitListedText, restoreListedText, type TransferredQuery } from './features/seo';
import type { Store } from './lib/store';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  /** The site's own origin (https://host): canonical, Open Graph and JSON-LD addresses are absolute. */
  origin: string;
  /** Server only: the page's inline start-up script, which the root document renders. */
  startUpScript?: string;
}

export interface AppRouterOptions {
  queryClient: QueryClient;
  /** The jotai store the app reads (one per request on the server, the page's own in the browser). */
  store: Store;
  origin: string;
  /** Server only: the page's inline start-up script (server/render/late-start.ts). */
  startUpScript?: string;
  /** Server only: render the document and the root layout, no page (the worker's offline shell). */
  isShell?: boolean;
}

export function createAppRouter({ queryClient, store, origin, startUpScript, isShell }: AppRouterOptions) {
  const router = createRouter({
    routeTree,
    context: { queryClient, origin, ...(startUpScript ? { startUpScript } : {}) },
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    ...(isShell ? { isShell } : {}),
    Wrap: ({ children }: { children: ReactNode }) => <JotaiProvider store={store}>{children}</JotaiProvider>,
  });
  // The server's query cache travels inside the HTML and fills the browser's before it hydrates.
  setupRouterSsrQueryIntegration({ router, queryClient });
  sendListingsOnce(router);
  return router;
}

type AppRouter = ReturnType<typeof createRouter<typeof routeTree>>;
interface DehydratedQueries {
  query?: { initial?: TransferredQuery[] };
}

/**
 * The listings' words travel once, in the page's JSON-LD: the server leaves them out of the query
 * cache it sends, and the browser takes them back before that cache is filled (seo/listing-transfer).
 * Each build carries its own half (`import.meta.env.SSR` is a constant there).
 */
function sendListingsOnce(router: AppRouter) {
  const dehydrate = router.options.dehydrate;
  if (import.meta.env.SSR) {
    if (!dehydrate) return;
    router.options.dehydrate = async () => {
      const dehydrated = (await dehydrate()) as DehydratedQueries | undefined;
      const initial = dehydrated?.query?.initial;
      if (dehydrated?.query && initial) dehydrated.query.initial = omitListedText(initial);
      return dehydrated as Awaited<ReturnType<typeof dehydrate>>;
    };
    return;
  }
  const hydrate = router.options.hydrate;
  if (!hydrate) return;
  router.options.hydrate = async (dehydrated) => {
    const query = (dehydrated as DehydratedQueries | undefined)?.query;
    if (query?.initial) {
      const scripts = document.querySelectorAll('script[type="application/ld+json"]');
      const bySku = listedTextFromJsonLd(Array.from(scripts, (script) => script.textContent ?? ''));
      query.initial = restoreListedText(query.initial, bySku);
    }
    return hydrate(dehydrated);
  };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
