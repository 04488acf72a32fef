/** Spec section 9: GST of 10% is added on top of the subtotal. */
export const GST_RATE = 0.1;

export interface Totals {
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
}

/** Whole cents throughout: GST is rounded once, on the subtotal. Shared by checkout and server emails. */
export function totalsWithGst(subtotalCents: number): Totals {
  const gstCents = Math.round(subtotalCents * GST_RATE);
  return { subtotalCents, gstCents, totalCents: subtotalCents + gstCents };
}
