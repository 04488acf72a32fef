import type { CartLineDraft } from '../../lib/cart-line';

export type AddToCartRequest = CartLineDraft;
/** Adds to the cart; resolves with the units actually added (0 when the cart already held all stock). */
export type AddToCart = (request: CartLineDraft) => Promise<number>;
/** Units of this line (a product, or a bundle with these choices) the cart holds already. */
export type InCart = (line: Pick<CartLineDraft, 'id' | 'isBundle' | 'bundleVariations'>) => number;

/** Spec section 5 button words, plus the case where the cart holds every unit there is. */
export function addLabel(stock: number, addable: number, ready = 'Add to Cart'): string {
  if (stock < 1) return 'Out of Stock';
  return addable < 1 ? 'Max quantity in cart' : ready;
}
