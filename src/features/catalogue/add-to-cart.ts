import type { CartLineDraft } from '../../lib/cart-line';

export type AddToCartRequest = CartLineDraft;
export type AddToCart = (request: CartLineDraft) => Promise<void>;
