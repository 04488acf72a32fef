/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import type { PageToWorkerMessage } from '../src/lib/sw-messages';
import {
  cacheSeenUrls,
  registerBoardPhotoCache,
  registerCatalogueCache,
  registerNavigationFallback,
  registerPhotoCache,
  registerSaveBypass,
} from './caching';
import { registerOutboxSync } from './outbox';

declare let self: ServiceWorkerGlobalScope;

// Save-for-offline downloads go straight to the network: this listener must come first.
registerSaveBypass();
// The app shell: every built asset, with revisions injected at build time.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerNavigationFallback();
registerPhotoCache();
registerBoardPhotoCache();
registerCatalogueCache();
registerOutboxSync();

// Take control of open pages on first install; later versions wait until the page asks.
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageToWorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'CACHE_SEEN') event.waitUntil(cacheSeenUrls(message.urls));
});
