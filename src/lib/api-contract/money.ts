/** Spec section 9: GST of 10% is added on top of the subtotal. */
export const GST_RATE = 0.1;

export interface Totals {
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
}

/**
 * Whole cents throughout: GST is rounded once, on the subtotal. Shared by checkout and server emails.
 * The rate is the business's (its settings' gst_rate; the spec's 10% by default).
 */
export function totalsWithGst(subtotalCents: number, rate: number = GST_RATE): Totals {
  const gstCents = Math.round(subtotalCents * rate);
  return { subtotalCents, gstCents, totalCents: subtotalCents + gstCents };
}

/** How a GST rate is written in a label: 0.1 -> '10%', 0.125 -> '12.5%'. */
export const gstPercent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;
