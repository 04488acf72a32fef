import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import './update-prompt.css';

/** Registers the service worker and offers a reload when a new version of the app is waiting. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
  });

  // The offline-ready note is news, not a question: it leaves by itself.
  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => setOfflineReady(false), 4000);
    return () => clearTimeout(timer);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh && !offlineReady) return null;
  if (!needRefresh) {
    // A brief, small note at the foot of the screen, out of the way of content and menus.
    return (
      <p className="offline-ready" role="status">
        The store is ready to work offline.
        <button
          type="button"
          className="offline-ready__close"
          aria-label="Dismiss"
          onClick={() => setOfflineReady(false)}
        >
          ×
        </button>
      </p>
    );
  }
  return (
    <div className="update-prompt" role="status">
      <p>{needRefresh ? 'A new version of the store is ready.' : 'The store is ready to work offline.'}</p>
      <div className="update-prompt__actions">
        {needRefresh && (
          <button type="button" className="button" onClick={() => void updateServiceWorker(true)}>
            Reload
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setNeedRefresh(false);
            setOfflineReady(false);
          }}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
