/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  CACHE_NAMES,
  CATALOGUE_API_PATH,
  PHOTO_PATH,
  PROXY_IMAGE_PATH,
  photoFallbacks,
  runtimeCacheFor,
} from '../src/lib/sw-messages';

declare let self: ServiceWorkerGlobalScope;

/** Every app route is the precached index.html; the API and photo paths are not navigations. */
export function registerNavigationFallback(): void {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [/^\/api\//, /^\/photos\//, /\/[^/?]+\.[^/]+$/],
    }),
  );
}

/** Photos have stable URLs: served from cache once seen, refreshed only when evicted. */
export function registerPhotoCache(): void {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && PHOTO_PATH.test(url.pathname) && request.method === 'GET',
    new CacheFirst({
      cacheName: CACHE_NAMES.photos,
      plugins: [new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true })],
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

/** Catalogue reads: the network when it answers within 4 s, else the last copy seen. */
export function registerCatalogueCache(): void {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && request.method === 'GET' && CATALOGUE_API_PATH.test(url.pathname),
    new NetworkFirst({
      cacheName: CACHE_NAMES.catalogue,
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 14, purgeOnQuotaError: true })],
    }),
  );
}

/**
 * Stores what the page loaded before this worker controlled it (the first visit), so those photos and
 * catalogue reads work offline too. They come from the HTTP cache, so this costs little.
 */
export async function cacheSeenUrls(urls: string[]): Promise<void> {
  for (const raw of urls.slice(0, 300)) {
    const url = new URL(raw, self.location.origin);
    const cacheName = url.origin === self.location.origin ? runtimeCacheFor(url.pathname) : null;
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
