import { type Atom, useStore } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * An atom's value, for state kept on the device (the event date, the cart): the server rendered it
 * as `serverValue`, so a part of the page reads that while React hydrates it, whatever the atom holds
 * by then, and re-renders with the device's value right after. The page's first effects give the
 * device's state back, and parts inside Suspense boundaries (the search results, an item's popup)
 * hydrate after those effects: read through jotai directly, they would see the device's value during
 * their hydration, differ from the server's HTML and be thrown away (React error #418).
 * `serverValue` must be the same value on every render (a constant).
 */
export function useDeviceAtomValue<T>(atom: Atom<T>, serverValue: T): T {
  const store = useStore();
  const subscribe = useCallback((changed: () => void) => store.sub(atom, changed), [store, atom]);
  const read = useCallback(() => store.get(atom), [store, atom]);
  return useSyncExternalStore(subscribe, read, () => serverValue);
}
