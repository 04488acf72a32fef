import { useOnlineStatus } from '../../../hooks/use-online-status';
import { OFFLINE_TEXT } from '../../../lib/connectivity';
import './save-offline.css';

/**
 * A polite note while there is no network. The live region stays in the page so screen readers hear
 * the change both ways.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <div role="status" className={online ? 'visually-hidden' : 'offline-banner'}>
      {online ? '' : OFFLINE_TEXT}
    </div>
  );
}
