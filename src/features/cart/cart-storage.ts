import { createStore, del, get, set } from 'idb-keyval';
import type { CartRecord } from './cart-record';
import type { CartItem } from './cart-rules';

/** Spec section 4: the cart expires 12 hours after its last change. */
export const CART_TTL_MS = 12 * 60 * 60 * 1000;
export const CART_RECORD_VERSION = 2;
const KEY = 'cart';

const cartStore = typeof indexedDB === 'undefined' ? undefined : createStore('storefront-cart', 'cart');

/** Reads the stored cart; a stale, unreadable or empty record is removed and yields []. */
export async function loadCartItems(now = Date.now()): Promise<CartItem[]> {
  let raw: unknown;
  try {
    raw = await get(KEY, cartStore);
  } catch (error) {
    console.warn('Could not read the stored cart', error);
    return [];
  }
  if (raw === undefined) return [];
  // Its checks load only now: a first visit, with no cart stored, never needs them.
  const { isExpired, parseCartRecord } = await import('./cart-record');
  const record = parseCartRecord(raw);
  if (!record || isExpired(record, now) || record.items.length === 0) {
    await del(KEY, cartStore).catch(() => {});
    return [];
  }
  return record.items;
}

/** Stores the cart with the time of this change; an empty cart removes the record. */
export async function saveCartItems(items: CartItem[], now = Date.now()): Promise<void> {
  if (items.length === 0) {
    await del(KEY, cartStore);
    return;
  }
  const record: CartRecord = { version: CART_RECORD_VERSION, updatedAt: now, items };
  await set(KEY, record, cartStore);
}
