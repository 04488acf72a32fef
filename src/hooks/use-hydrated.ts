import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML, true after: what only the
 * browser knows (the device, its storage, an installed app) shows from then on, never in a way that
 * would make the first render differ from the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
