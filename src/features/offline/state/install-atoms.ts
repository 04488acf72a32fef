import { atom } from 'jotai';

/** Chromium's beforeinstallprompt event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** The browser's install offer, kept until used; null when it has not offered (or the app is installed). */
export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);

/** The app runs installed (standalone), or was installed in this session. */
export const installedAtom = atom(false);
