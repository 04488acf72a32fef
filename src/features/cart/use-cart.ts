import { useAtomValue } from 'jotai';
import { use } from 'react';
import { CartContext } from './cart-context';
import { cartCountAtom, cartHydratedAtom, cartItemsAtom, cartTotalCentsAtom } from './state/cart-atoms';

/** The cart's items, totals and actions. Spec section 8: outside its provider it throws. */
export function useCart() {
  const actions = use(CartContext);
  if (!actions) throw new Error('useCart must be used within a CartProvider');
  return {
    ...actions,
    items: useAtomValue(cartItemsAtom),
    count: useAtomValue(cartCountAtom),
    totalCents: useAtomValue(cartTotalCentsAtom),
    hydrated: useAtomValue(cartHydratedAtom),
  };
}
