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
 * On a first visit the page loads photos before the service worker controls it, and the catalogue
 * data came inside the page; once the worker controls it, hand it those addresses and the page's own
 * (serverData: the catalogue reads the server's data stands for) so the page works offline next time.
 */
export function cacheSeenOnceControlled(serverData: () => string[] = () => []): void {
  if (!('serviceWorker' in navigator)) return;
  const send = () => {
    const controller = navigator.serviceWorker.controller;
    if (!controller) return;
    const urls = [...new Set([...seenCacheableUrls(), ...serverData().map((url) => new URL(url, location.href).href)])];
    const message: PageToWorkerMessage = { type: 'CACHE_SEEN', urls, page: location.href };
    controller.postMessage(message);
  };
  if (navigator.serviceWorker.controller) return;
  navigator.serviceWorker.addEventListener('controllerchange', send, { once: true });
}
