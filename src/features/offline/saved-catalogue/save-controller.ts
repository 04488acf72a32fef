import { pushToast } from '../../../components/ui/toast-state';
import { dayIn } from '../../../lib/api-contract/dates';
import { hireDateAtom, hireLastDayAtom, lastDayOfUse } from '../../../lib/hire-date';
import { clearSaved, loadSavedMeta } from '../../../lib/saved-catalogue/saved-store';
import { requestPersistentStorage, storageEstimate } from '../../../lib/storage-persistence';
import { appStore } from '../../../lib/store';
import { CACHE_NAMES } from '../../../lib/sw-messages';
import { savedMetaAtom, saveStatusAtom } from '../state/saved-catalogue-atoms';
import { SaveCatalogueError, saveCatalogue } from './save-catalogue';

/** A saved catalogue older than this is downloaded again in the background when online. */
export const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

/** The progress bar moves at most this often. */
const PROGRESS_INTERVAL_MS = 100;

let running: AbortController | null = null;

/** Saves (or refreshes) the catalogue for offline; one save at a time. */
export async function startSave({
  background = false,
  timeZone,
}: {
  background?: boolean;
  timeZone: string;
}): Promise<void> {
  if (running) return;
  const controller = new AbortController();
  running = controller;
  void requestPersistentStorage();
  const hadSaved = Boolean(appStore.get(savedMetaAtom));
  const zero = { done: 0, total: 0, bytes: 0, percent: 0 };
  let last = zero;
  appStore.set(saveStatusAtom, { status: 'saving', progress: zero, background });
  try {
    let shownAt = 0;
    // The event date's availability is saved too while the date is still ahead.
    const date = appStore.get(hireDateAtom);
    const hireDate = date && date >= dayIn(new Date(), timeZone) ? date : '';
    const lastDay = hireDate ? lastDayOfUse(hireDate, appStore.get(hireLastDayAtom)) : '';
    const meta = await saveCatalogue(
      controller.signal,
      (progress) => {
        last = progress;
        // Hundreds of files: redrawing the progress bar for each would take the time the downloads need.
        const now = performance.now();
        if (now - shownAt < PROGRESS_INTERVAL_MS) return;
        shownAt = now;
        appStore.set(saveStatusAtom, { status: 'saving', progress, background });
      },
      { hireDate, lastDay },
    );
    appStore.set(savedMetaAtom, meta);
    const estimate = await storageEstimate();
    appStore.set(saveStatusAtom, { status: 'done', usage: estimate?.usage ?? null });
  } catch (error) {
    if (controller.signal.aborted) {
      // A first save cancelled leaves nothing behind; a refresh keeps the copy it was replacing.
      if (!hadSaved) await caches.delete(CACHE_NAMES.savedCatalogue).catch(() => undefined);
      appStore.set(saveStatusAtom, { status: 'cancelled' });
      return;
    }
    if (!(error instanceof SaveCatalogueError)) console.error('Saving the catalogue failed', error);
    const reason = error instanceof SaveCatalogueError ? error.reason : 'network';
    appStore.set(saveStatusAtom, { status: 'failed', reason, progress: last });
    if (background && reason === 'quota') {
      pushToast('Could not refresh the saved catalogue: there is not enough storage on this device.', 'error');
    }
  } finally {
    running = null;
  }
}

export function cancelSave(): void {
  running?.abort(new DOMException('Save cancelled', 'AbortError'));
}

export async function removeSavedCatalogue(): Promise<void> {
  cancelSave();
  await caches.delete(CACHE_NAMES.savedCatalogue);
  await clearSaved();
  appStore.set(savedMetaAtom, null);
  appStore.set(saveStatusAtom, { status: 'idle' });
}

/** Reads what is saved; refreshes it in the background when it is over a day old and the network is up. */
export async function startSavedCatalogue(timeZone: string, now = Date.now()): Promise<void> {
  const meta = await loadSavedMeta();
  appStore.set(savedMetaAtom, meta);
  if (meta && navigator.onLine && now - meta.savedAt > REFRESH_AFTER_MS) void startSave({ background: true, timeZone });
}
