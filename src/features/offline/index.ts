export { cacheSeenOnceControlled } from './cache-seen';
export { InstallMenuItem } from './components/install-button';
export { OfflineBanner } from './components/offline-banner';
export { OutboxList } from './components/outbox-list';
export { SaveOfflineButton } from './components/save-offline-button';
/** The save-for-offline dialog and the update prompt, chunks of their own (loaded after hydration). */
export const loadSaveOfflineDialog = () =>
  import('./components/save-offline-dialog').then((m) => ({ default: m.SaveOfflineDialog }));
export const loadUpdatePrompt = () => import('./components/update-prompt').then((m) => ({ default: m.UpdatePrompt }));
export { listenForInstallPrompt } from './install-prompt';
export { saveToOutbox, startOutbox } from './outbox-runner';
export { startSavedCatalogue } from './saved-catalogue/save-controller';
export { type OutboxOrder, useOutboxOrder } from './use-outbox-order';
