/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import type { PageToWorkerMessage } from '../src/lib/sw-messages';
import { SHELL_PATH } from '../src/lib/sw-messages';
import {
  buildIdOf,
  cacheSeenUrls,
  preparePageCaches,
  registerBoardPhotoCache,
  registerCatalogueCache,
  registerPageNavigations,
  registerPhotoCache,
  registerSaveBypass,
} from './caching';
import { registerOutboxSync } from './outbox';

declare let self: ServiceWorkerGlobalScope;

// Save-for-offline downloads go straight to the network: this listener must come first.
registerSaveBypass();
const built = self.__WB_MANIFEST;
const buildId = buildIdOf(built);
// Every built asset, with revisions injected at build time, and the server's offline shell of this
// build (the document and header a page renders into when neither network nor cache has it).
precacheAndRoute([...built, { url: SHELL_PATH, revision: buildId }]);
cleanupOutdatedCaches();
preparePageCaches(buildId);
registerPageNavigations(buildId);
registerPhotoCache();
registerBoardPhotoCache();
registerCatalogueCache();
registerOutboxSync();

// Take control of open pages on first install; later versions wait until the page asks.
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageToWorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'CACHE_SEEN') event.waitUntil(cacheSeenUrls(message.urls, buildId, message.page));
});
