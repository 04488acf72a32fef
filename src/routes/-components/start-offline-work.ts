import { startSavedCatalogue } from '../../features/offline';
import { startOutbox } from '../../features/order-requests';

/** Loaded after hydration: none of it is needed to show a page. `timeZone` is the business's. */
export function startOfflineWork(timeZone: string): void {
  // Requests saved while offline go out now, and whenever the network returns.
  startOutbox();
  // What is saved for offline, refreshed in the background when it is over a day old.
  void startSavedCatalogue(timeZone);
}
