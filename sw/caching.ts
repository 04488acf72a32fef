/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CACHE_NAMES } from '../src/lib/sw-messages';

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
      url.origin === self.location.origin && url.pathname.startsWith('/photos/') && request.method === 'GET',
    new CacheFirst({
      cacheName: CACHE_NAMES.photos,
      plugins: [new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true })],
    }),
  );
}

/** Catalogue reads: the network when it answers within 4 s, else the last copy seen. */
export function registerCatalogueCache(): void {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      request.method === 'GET' &&
      /^\/api\/(boomerang\/items|product_groups|product-groups\/|bundles|products\/|photos)/.test(url.pathname),
    new NetworkFirst({
      cacheName: CACHE_NAMES.catalogue,
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 14, purgeOnQuotaError: true })],
    }),
  );
}
