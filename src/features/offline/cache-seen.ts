import { type PageToWorkerMessage, runtimeCacheFor } from '../../lib/sw-messages';

/** Same-origin photos and catalogue reads this page has loaded so far. */
export function seenCacheableUrls(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && runtimeCacheFor(url.pathname)) urls.add(url.href);
  }
  return [...urls];
}

/**
 * On a first visit the page loads photos and catalogue data before the service worker controls it;
 * once it does, hand it those addresses so the page works offline next time.
 */
export function cacheSeenOnceControlled(): void {
  if (!('serviceWorker' in navigator)) return;
  const send = () => {
    const controller = navigator.serviceWorker.controller;
    if (!controller) return;
    const message: PageToWorkerMessage = { type: 'CACHE_SEEN', urls: seenCacheableUrls(), page: location.href };
    controller.postMessage(message);
  };
  if (navigator.serviceWorker.controller) return;
  navigator.serviceWorker.addEventListener('controllerchange', send, { once: true });
}
