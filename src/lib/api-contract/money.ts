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

/**
 * The one way money is written, everywhere (pages, emails, the workspace): cents to a dollar price
 * with 2 decimals, e.g. 123450 -> "$1,234.50", -500 -> "-$5.00": what en-AU's currency format writes,
 * without building an Intl formatter as a page starts (its locale data costs a slow phone about 20 ms
 * before the first card can show a price).
 */
export function formatMoney(cents: number): string {
  const whole = Math.round(cents);
  const size = Math.abs(whole);
  const dollars = String(Math.floor(size / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0 ? '-' : ''}$${dollars}.${String(size % 100).padStart(2, '0')}`;
}

/** Cents to a plain 2-decimal amount, e.g. 123450 -> "1234.50" (structured data, emails). */
export function centsToAmount(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}

export interface PricedBundleItem {
  unitPriceInCents: number;
  quantity: number;
  discountPercentage: number;
}

/**
 * Spec section 5, the one bundle price (the catalogue's answers, an order's lines, the shop's
 * pickers): each item's price x (1 - discount/100) x quantity, summed, rounded once to whole cents.
 */
export function bundlePriceInCents(items: PricedBundleItem[]): number {
  return Math.round(
    items.reduce((sum, item) => sum + item.unitPriceInCents * (1 - item.discountPercentage / 100) * item.quantity, 0),
  );
}

/** The bundle's price without its discounts: what the items cost one by one. */
export function bundleFullPriceInCents(items: PricedBundleItem[]): number {
  return Math.round(items.reduce((sum, item) => sum + item.unitPriceInCents * item.quantity, 0));
}

/** What one bundle line saves: its price x quantity x discount, in whole cents. */
export function lineSavingInCents(item: PricedBundleItem): number {
  return Math.round((item.unitPriceInCents * item.quantity * item.discountPercentage) / 100);
}

/** How the shop shows prices (business.json `price_display`, `gst_rate`). */
export interface PriceDisplay {
  priceDisplay: 'excluding_gst' | 'including_gst';
  gstRate: number;
}

/**
 * A price in cents as shoppers see it: excluding GST as stored, or with GST added the way checkout
 * adds it (cents + round(cents x rate)), so a cart's total with GST is the checkout's total to the cent.
 */
export function shownCents(cents: number, display: PriceDisplay): number {
  return display.priceDisplay === 'including_gst' ? cents + Math.round(cents * display.gstRate) : cents;
}

/** A shown price: "$9.00", or "$9.90 incl. GST" when the shop shows prices with GST. */
export function priceText(cents: number, display: PriceDisplay): string {
  const text = formatMoney(shownCents(cents, display));
  return display.priceDisplay === 'including_gst' ? `${text} incl. GST` : text;
}
