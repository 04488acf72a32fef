/// <reference lib="webworker" />

import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { PREFIX } from '../src/lib/route-prefixes';
import {
  CACHE_NAMES,
  CATALOGUE_API_PATH,
  largeStandIn,
  OFFLINE_COPY_HEADER,
  PAGES_CACHE_PREFIX,
  PHOTO_PATH,
  PROXY_IMAGE_PATH,
  pagesCacheName,
  photoFallbacks,
  runtimeCacheFor,
  SAVE_REQUEST_HEADER,
  SHELL_PATH,
} from '../src/lib/sw-messages';
import { navigationPreloadIsSafe } from './navigation-preload';

declare let self: ServiceWorkerGlobalScope;

/**
 * When a runtime cache has no copy (or only an expired one), the catalogue saved for offline may have
 * one. It comes after the expiration plugin: a saved copy is kept until the shopper removes it.
 */
const savedCatalogueFallback: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
    cachedResponse ??
    (await caches.match(request, { cacheName: CACHE_NAMES.savedCatalogue, ignoreVary: true })) ??
    null,
};

/** Marks a catalogue answer read from a cache (the network failed or was too slow) for the page. */
const markOfflineCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, '1');
    return new Response(cachedResponse.body, { status: cachedResponse.status, headers });
  },
};

/**
 * The save-for-offline download stores its responses itself, in its own cache: they go straight to the
 * network so they are not stored twice. The worker does not answer them at all (no respondWith), so the
 * browser fetches them without a hop through this thread: about twice as fast for the hundreds of
 * small files of a save. Must run before precacheAndRoute, whose listener would otherwise see them.
 */
export function registerSaveBypass(): void {
  (self as unknown as ServiceWorkerGlobalScope).addEventListener('fetch', (event) => {
    if (event.request.headers.has(SAVE_REQUEST_HEADER)) event.stopImmediatePropagation();
  });
}

/**
 * Navigations that are not the shop's pages (the API, photos, the team's workspace, files), from the
 * prefixes the server mounts: what `isPagePath` says no to.
 */
const NOT_PAGES = [
  new RegExp(`^${PREFIX.api}/`),
  new RegExp(`^${PREFIX.photos}/`),
  new RegExp(`^${PREFIX.team}(/|$)`),
  /\/[^/?]+\.[^/]+$/,
];

/** How long a navigation waits for the network before it takes the page's saved copy. */
const NAVIGATION_TIMEOUT_SECONDS = 3;
/**
 * How long a navigation with no saved copy waits for the network (or for its navigation preload, which
 * Chromium has been seen never to settle for a reload just after a new worker took over) before the
 * shell renders the page from what this device saved: a page never hangs on a blank screen.
 */
const NAVIGATION_DEADLINE_MS = 10_000;

/**
 * Pages: the network first (the server renders them; navigation preload starts that request while
 * the worker wakes), its answer kept in this build's pages cache. When the network fails or takes
 * over 3 s, the copy of that page seen before; failing that, the precached shell, which renders the
 * page in the browser from what this device saved (the query cache, the saved catalogue).
 */
export function registerPageNavigations(buildId: string): void {
  const pages = new NetworkFirst({
    cacheName: pagesCacheName(buildId),
    networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true })],
  });
  // Navigations to the shop's pages only: never the API, photos, files or the team's workspace.
  registerRoute(
    new NavigationRoute(
      async (options) => {
        try {
          // Past the deadline the network's answer, if it comes, still refreshes the pages cache.
          const response = await Promise.race([
            pages.handle(options),
            new Promise<undefined>((resolve) => setTimeout(resolve, NAVIGATION_DEADLINE_MS)),
          ]);
          if (response) return response;
        } catch {
          // Neither the network nor the pages cache: the shell below.
        }
        return (await matchPrecache(SHELL_PATH)) ?? Response.error();
      },
      { denylist: NOT_PAGES },
    ),
  );
}

/** Navigation preload on (where safe), and the pages of older builds gone, once this worker is active. */
export function preparePageCaches(buildId: string): void {
  const worker = self as unknown as ServiceWorkerGlobalScope;
  worker.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        const preload = worker.registration.navigationPreload;
        if (navigationPreloadIsSafe(worker.navigator.userAgent)) await preload?.enable();
        else await preload?.disable();
        const current = pagesCacheName(buildId);
        const names = await caches.keys();
        await Promise.all(
          names
            .filter((name) => name.startsWith(PAGES_CACHE_PREFIX) && name !== current)
            .map((name) => caches.delete(name)),
        );
      })(),
    );
  });
}

/**
 * This build's identity, made from the precache list (every built file with its revision): the same
 * build gives the same id in every browser, a new build another.
 */
export function buildIdOf(entries: ReadonlyArray<string | { url: string; revision?: string | null }>): string {
  let hash = 0x811c9dc5;
  for (const entry of entries) {
    const text = typeof entry === 'string' ? entry : `${entry.url}@${entry.revision ?? ''}`;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Photos have stable URLs: served from cache once seen, refreshed only when evicted. */
export function registerPhotoCache(): void {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && PHOTO_PATH.test(url.pathname) && request.method === 'GET',
    new CacheFirst({
      cacheName: CACHE_NAMES.photos,
      plugins: [
        new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
        savedCatalogueFallback,
        {
          // Offline, a popup's xlarge photo that was never loaded shows its saved large variant.
          handlerDidError: async ({ request }) => {
            const standIn = largeStandIn(new URL(request.url));
            return (standIn && (await caches.match(standIn))) || undefined;
          },
        },
      ],
    }),
  );
}

/**
 * Moodboard photos (the image proxy's xlarge variants) are cached once loaded, so a board opens and
 * exports offline. With no network and no copy yet, the same photo's own file stands in when the
 * shopper has seen it (the cart and the catalogue show the large variant).
 */
export function registerBoardPhotoCache(): void {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && url.pathname === PROXY_IMAGE_PATH && request.method === 'GET',
    new CacheFirst({
      cacheName: CACHE_NAMES.boardPhotos,
      plugins: [
        new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
        {
          handlerDidError: async ({ request }) => {
            for (const candidate of photoFallbacks(new URL(request.url))) {
              const cached = await caches.match(candidate);
              if (cached) return cached;
            }
            return undefined;
          },
        },
      ],
    }),
  );
}

/**
 * Revalidation with the ETag of the copy in cache: the request goes out with If-None-Match, and a 304
 * (nothing downloaded) hands back that copy, which is stored again as fresh. The browser's own HTTP
 * cache would do the same only while it still holds the answer; this works from the worker's copy.
 */
export function revalidateWithEtag(cacheName: string): WorkboxPlugin {
  return {
    requestWillFetch: async ({ request }) => {
      if (request.headers.has('if-none-match')) return request;
      const cached = await caches.match(request, { cacheName, ignoreVary: true });
      const etag = cached?.headers.get('etag');
      if (!etag) return request;
      const headers = new Headers(request.headers);
      headers.set('If-None-Match', etag);
      return new Request(request, { headers });
    },
    fetchDidSucceed: async ({ request, response }) => {
      if (response.status !== 304) return response;
      return (await caches.match(request, { cacheName, ignoreVary: true })) ?? response;
    },
  };
}

/** Catalogue reads: the network when it answers within 4 s (revalidating the copy held), else that copy. */
export function registerCatalogueCache(): void {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && request.method === 'GET' && CATALOGUE_API_PATH.test(url.pathname),
    new NetworkFirst({
      cacheName: CACHE_NAMES.catalogue,
      networkTimeoutSeconds: 4,
      plugins: [
        new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 14, purgeOnQuotaError: true }),
        revalidateWithEtag(CACHE_NAMES.catalogue),
        savedCatalogueFallback,
        markOfflineCopy,
      ],
    }),
  );
}

/**
 * Stores what the page loaded before this worker controlled it (the first visit), so that page, its
 * photos and catalogue reads work offline too. Photos come from the HTTP cache, so this costs little;
 * the page is rendered again (its data came inside it, so no catalogue read of it was seen).
 */
export async function cacheSeenUrls(urls: string[], buildId: string, page?: string): Promise<void> {
  const pageUrl = page ? new URL(page, self.location.origin) : null;
  const isPage = (url: URL) => url.href === pageUrl?.href && url.origin === self.location.origin;
  for (const raw of [...(page ? [page] : []), ...urls.slice(0, 300)]) {
    const url = new URL(raw, self.location.origin);
    const cacheName = isPage(url)
      ? pagesCacheName(buildId)
      : url.origin === self.location.origin
        ? runtimeCacheFor(url.pathname)
        : null;
    if (!cacheName) continue;
    const cache = await caches.open(cacheName);
    if (await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href);
      if (response.ok) await cache.put(url.href, response);
    } catch {
      // Offline again: it will be cached the next time it is loaded.
    }
  }
}
