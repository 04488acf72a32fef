import type { createStore } from 'jotai';
import { requestPersistentStorage } from '../../lib/storage-persistence';
import { appStore } from '../../lib/store';
import type { CartItem } from './cart-rules';

/**
 * The stored cart's reader and writer (IndexedDB, with its record checked on the way in): loaded
 * after the page has hydrated, as the first read of the cart happens then.
 */
const storage = () => import('./cart-storage');

import { cartHydratedAtom, cartItemsAtom } from './state/cart-atoms';

type Store = ReturnType<typeof createStore>;

/**
 * Keeps the cart atom and IndexedDB in step: reads the stored cart once, writes every change, and
 * reloads when another tab says it changed the cart.
 */
export function createCartSync(store: Store = appStore) {
  // None on the server, which renders no cart (Node has BroadcastChannel, and it would hold the process).
  const channel =
    typeof window === 'undefined' || typeof BroadcastChannel === 'undefined'
      ? null
      : new BroadcastChannel('storefront-cart');
  let hydration: Promise<void> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const reload = async () => {
    store.set(cartItemsAtom, await (await storage()).loadCartItems());
    store.set(cartHydratedAtom, true);
  };

  function hydrate(): Promise<void> {
    if (!hydration) {
      hydration = reload();
      if (channel) channel.onmessage = () => void reload();
    }
    return hydration;
  }

  /** Applies a change to the latest cart, in order, after the stored cart is read. */
  function mutate(change: (items: CartItem[]) => CartItem[]): Promise<CartItem[]> {
    const run = queue.then(async () => {
      await hydrate();
      const current = store.get(cartItemsAtom);
      const next = change(current);
      if (next === current) return current;
      store.set(cartItemsAtom, next);
      // The first line makes the cart worth keeping: ask the browser not to evict this site's storage.
      if (current.length === 0 && next.length > 0) void requestPersistentStorage();
      await (await storage()).saveCartItems(next);
      channel?.postMessage('changed');
      return next;
    });
    queue = run.catch(() => {});
    return run;
  }

  return { hydrate, mutate, reload };
}

export const cartSync = createCartSync();
