import { Link } from '@tanstack/react-router';
import './offline-state.css';

/**
 * What a page shows when it is offline and its data is not on this device: never a blank page or a
 * raw error, but where to go instead.
 */
export function OfflineState({ onRetry }: { onRetry?: () => void }) {
  return (
    <section className="offline-state" aria-labelledby="offline-state-title">
      <h2 id="offline-state-title">Not saved on this device</h2>
      <p>
        You are offline, and this page has not been saved yet. Pages you have opened before, your cart and your
        moodboard still work.
      </p>
      <div className="offline-state__actions">
        <Link to="/hire" className="button">
          Browse saved items
        </Link>
        {onRetry && (
          <button type="button" className="button button--ghost" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    </section>
  );
}
