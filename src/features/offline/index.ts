export { cacheSeenOnceControlled } from './cache-seen';
export { InstallMenuItem } from './components/install-button';
export { OfflineBanner } from './components/offline-banner';
export { SaveOfflineButton } from './components/save-offline-button';
export { SaveOfflineDialog } from './components/save-offline-dialog';
export { UpdatePrompt } from './components/update-prompt';
export { listenForInstallPrompt } from './install-prompt';
export { startSavedCatalogue } from './saved-catalogue/save-controller';
