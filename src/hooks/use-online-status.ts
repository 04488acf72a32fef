import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from '../lib/connectivity';

/** Whether the server can be reached: the device's network state and the fate of the last requests. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
