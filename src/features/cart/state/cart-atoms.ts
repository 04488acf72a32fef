import { atom } from 'jotai';
import { type CartItem, totalItems, totalPriceCents } from '../cart-rules';

export const cartItemsAtom = atom<CartItem[]>([]);
/** False until the stored cart has been read. */
export const cartHydratedAtom = atom(false);
export const cartCountAtom = atom((get) => totalItems(get(cartItemsAtom)));
export const cartTotalCentsAtom = atom((get) => totalPriceCents(get(cartItemsAtom)));
export const cartDrawerOpenAtom = atom(false);
