import { createRequestHandler, RouterServer, renderRouterToStream } from '@tanstack/react-router/ssr/server';
import type { ServerManifest } from '@tanstack/router-core';
import { createQueryClient } from './lib/query-client';
import { createStore } from './lib/store';
import { createAppRouter } from './router';

export type { ServerManifest };

export interface RenderRequest {
  request: Request;
  /** The built client's files per route: scripts, stylesheets and preloads. */
  manifest: ServerManifest;
  /** The page's inline start-up script (server/render/late-start.ts); empty in development. */
  startUpScript: string;
  /** The site's public origin, for canonical and Open Graph addresses. */
  origin: string;
  /** Render the document and the root layout only: the worker's offline shell. */
  shell?: boolean;
}

/**
 * Renders a page as the browser will hydrate it: the router runs the route's loaders (which read the
 * catalogue in process through the API client's server transport), then React streams the document
 * with the query cache and router state inline. A thrown notFound() answers 404, a redirect 307.
 */
export function renderPage({ request, manifest, startUpScript, origin, shell }: RenderRequest): Promise<Response> {
  const handler = createRequestHandler({
    request,
    createRouter: () =>
      createAppRouter({
        queryClient: createQueryClient({ server: true }),
        store: createStore(),
        origin,
        startUpScript,
        isShell: shell,
      }),
    getRouterManifest: () => manifest,
  });
  return handler(({ request: req, responseHeaders, router }) =>
    renderRouterToStream({ request: req, responseHeaders, router, children: <RouterServer router={router} /> }),
  );
}

// The server installs these on the same module instances the render uses (in development, Vite's).
export { setApiTransport } from './lib/http';
export { setStatusReporter } from './lib/render-status';
