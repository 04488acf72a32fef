import { appStore } from '../../lib/store';
import { type BeforeInstallPromptEvent, installedAtom, installPromptAtom } from './state/install-atoms';

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * Keeps the browser's install offer for the menu's 'Install app' button. Listens from start-up: the
 * event may come before the header renders.
 */
export function listenForInstallPrompt(store = appStore): void {
  store.set(installedAtom, isStandalone());
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    store.set(installPromptAtom, event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    store.set(installPromptAtom, null);
    store.set(installedAtom, true);
  });
}

/**
 * iOS and iPadOS browsers never offer to install: Safari's Share menu has 'Add to Home Screen'. True
 * there, outside the installed app.
 */
export function needsIosInstallHint(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  return ios && !isStandalone();
}
