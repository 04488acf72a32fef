import { useRegisterSW } from 'virtual:pwa-register/react';
import type { PageToWorkerMessage } from '../../../lib/sw-messages';
import './update-prompt.css';

let reloading = false;
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** How long Reload waits for the new worker to take the page before it reloads all the same. */
const TAKE_OVER_WAIT_MS = 8_000;

/**
 * Reload, pressed: the waiting worker is told to take over, and the page reloads once it has (the
 * new version then serves it). Asked of the registration itself, not of what Workbox last saw of it,
 * and with a deadline: whatever happens between the worker and this page, Reload reloads.
 */
async function applyUpdate(fallback: () => Promise<void>): Promise<void> {
  navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
  window.setTimeout(reloadOnce, TAKE_OVER_WAIT_MS);
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (waiting) waiting.postMessage({ type: 'SKIP_WAITING' } satisfies PageToWorkerMessage);
  else await fallback();
}

/**
 * Registers the service worker and offers a reload when a new version of the app is waiting. That
 * the store now works offline is not announced: a shopper meets it when it matters (the offline
 * banner, Save catalogue for offline), not as a notice on a first visit.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // The new worker takes the page: reload once. Workbox can say so twice (its 'waiting' and
    // 'installed' news both arm it), and a second reload would cut the first one short.
    onNeedReload: reloadOnce,
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
  });

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <p>A new version of the store is ready.</p>
      <div className="update-prompt__actions">
        <button type="button" className="button" onClick={() => void applyUpdate(() => updateServiceWorker(true))}>
          Reload
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setNeedRefresh(false);
          }}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
