import { use } from 'react';
import { useDeviceAtomValue } from '../../lib/device-state';
import { CartContext } from './cart-context';
import type { CartItem } from './cart-rules';
import { cartCountAtom, cartHydratedAtom, cartItemsAtom, cartTotalCentsAtom } from './state/cart-atoms';

const NO_ITEMS: CartItem[] = [];

/**
 * The cart's items, totals and actions. Spec section 8: outside its provider it throws. The cart is
 * the device's: a part of the page reads the empty cart the server rendered while it hydrates.
 */
export function useCart() {
  const actions = use(CartContext);
  if (!actions) throw new Error('useCart must be used within a CartProvider');
  return {
    ...actions,
    items: useDeviceAtomValue(cartItemsAtom, NO_ITEMS),
    count: useDeviceAtomValue(cartCountAtom, 0),
    totalCents: useDeviceAtomValue(cartTotalCentsAtom, 0),
    hydrated: useDeviceAtomValue(cartHydratedAtom, false),
  };
}
