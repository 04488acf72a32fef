import { type CartLineDraft, cartIdOf, variationSignature } from '../../lib/cart-line';

/** Spec section 4: the cart expires 12 hours after its last change. */
export const CART_TTL_MS = 12 * 60 * 60 * 1000;
/** The shape of the cart this build stores (cart-record.ts reads older ones too). */
export const CART_RECORD_VERSION = 2;

/** Spec section 3 "cart item"; prices are integer cents (the spec's dollars are only for display). */
export interface CartItem extends CartLineDraft {
  /** bundle_{id} or product_{id}_group_{groupId}. */
  cartId: string;
}

export type NewCartItem = CartLineDraft;

export { cartIdOf };

/**
 * A line's unique key. Two lines of one bundle with different choices share the spec's cart id, so
 * the key adds the choices.
 */
export function lineKey(item: Pick<CartItem, 'cartId' | 'isBundle' | 'bundleVariations'>): string {
  return item.isBundle ? `${item.cartId}|${variationSignature(item.bundleVariations)}` : item.cartId;
}

/** Spec section 4: a bundle matches by id and the same variations; a product by id. */
export function isSameLine(a: Pick<CartItem, 'id' | 'isBundle' | 'bundleVariations'>, b: typeof a): boolean {
  if (a.isBundle !== b.isBundle || a.id !== b.id) return false;
  return !a.isBundle || variationSignature(a.bundleVariations) === variationSignature(b.bundleVariations);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Adds a line, or raises the matching line's quantity; never beyond stock_count. */
export function addItem(items: CartItem[], item: NewCartItem): CartItem[] {
  const quantity = Math.floor(item.quantity);
  if (quantity < 1 || item.stock_count < 1) return items;
  const match = items.find((existing) => isSameLine(existing, item));
  if (match) {
    return items.map((existing) =>
      existing === match
        ? {
            ...existing,
            stock_count: item.stock_count,
            quantity: clamp(existing.quantity + quantity, 0, item.stock_count),
          }
        : existing,
    );
  }
  return [...items, { ...item, quantity: clamp(quantity, 1, item.stock_count), cartId: cartIdOf(item) }];
}

/** Sets a line's quantity, clamped to 0..stock_count; 0 removes the line. */
export function updateQuantity(items: CartItem[], key: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity)) return items;
  return items.flatMap((item) => {
    if (lineKey(item) !== key) return [item];
    const next = clamp(Math.floor(quantity), 0, item.stock_count);
    return next === 0 ? [] : [{ ...item, quantity: next }];
  });
}

/** Removes one line by its key. */
export function removeLine(items: CartItem[], key: string): CartItem[] {
  return items.filter((item) => lineKey(item) !== key);
}

/** Spec section 4: remove targets a bundle by id, or a product by id plus group. */
export function removeItem(
  items: CartItem[],
  target: Pick<CartItem, 'id' | 'isBundle' | 'productGroupId'>,
): CartItem[] {
  return items.filter((item) =>
    target.isBundle
      ? !(item.isBundle && item.id === target.id)
      : item.isBundle || item.id !== target.id || item.productGroupId !== target.productGroupId,
  );
}

/** Units of a line (a product by id, a bundle by id and choices) the cart holds. */
export function quantityInCart(
  items: CartItem[],
  line: Pick<CartItem, 'id' | 'isBundle' | 'bundleVariations'>,
): number {
  return items.filter((item) => isSameLine(item, line)).reduce((sum, item) => sum + item.quantity, 0);
}

export function totalItems(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export function totalPriceCents(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
}

/** The lines with new event prices by line key (unchanged lines, and the cart when none changed, kept as they are). */
export function repriceLines(items: CartItem[], prices: ReadonlyMap<string, number>): CartItem[] {
  let changed = false;
  const next = items.map((item) => {
    const price = prices.get(lineKey(item));
    if (price === undefined || price === item.priceCents) return item;
    changed = true;
    return { ...item, priceCents: price };
  });
  return changed ? next : items;
}
