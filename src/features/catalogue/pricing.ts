const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 });

/** Cents to an AUD price with 2 decimals, e.g. 123450 -> "$1,234.50". */
export function formatPrice(cents: number): string {
  return AUD.format(cents / 100);
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

/** Spec section 5: each item's price x (1 - discount/100) x quantity, summed, in whole cents. */
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
