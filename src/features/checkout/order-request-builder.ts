import type { CartItem } from '../cart';
import type { OrderRequest } from '../order-requests';
import type { CheckoutForm } from './checkout-rules';

/** The request's lines, each priced for the whole hire (`unitCents` from the event price; as is for one day). */
export function linesOf(
  items: CartItem[],
  unitCents: (eventCents: number, categories?: readonly string[]) => number = (cents) => cents,
): OrderRequest['lines'] {
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    priceCents: unitCents(item.priceCents, item.categories),
    quantity: item.quantity,
    photo_url: item.photo_url,
    isBundle: item.isBundle,
    productGroupId: item.productGroupId,
    bundleVariations: item.bundleVariations,
  }));
}

/** What makes two submissions "the same attempt": the form and the cart lines. */
export function requestFingerprint(form: CheckoutForm, items: CartItem[]): string {
  return JSON.stringify([form, linesOf(items)]);
}

export function buildOrderRequest(
  form: CheckoutForm,
  items: CartItem[],
  attemptId: string,
  now = new Date(),
  gstRate?: number,
  unitCents?: (eventCents: number, categories?: readonly string[]) => number,
): OrderRequest {
  return {
    version: 1,
    attemptId,
    createdAt: now.toISOString(),
    ...(gstRate === undefined ? {} : { gstRate }),
    form: { ...form },
    lines: linesOf(items, unitCents),
  };
}
