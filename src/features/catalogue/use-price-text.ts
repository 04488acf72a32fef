import { useBusiness } from '../../hooks/use-business';
import { billOf, formatMoney, priceText, shownCents } from '../../lib/api-contract/money';

/**
 * Prices as this shop shows them on cards, popups and in the cart (business.json `price_display`):
 * `price` with its "incl. GST" label when it has one, `amount` without (savings), and `bill`: an
 * order's lines and totals on that basis (line totals that add up to the total).
 */
export function usePriceText() {
  const { priceDisplay, gstRate, pricesIncludeGst } = useBusiness();
  // Prices entered with GST are shown as entered (such a shop always shows prices with GST).
  const display = { priceDisplay, gstRate, pricesIncludeGst };
  return {
    includesGst: priceDisplay === 'including_gst',
    price: (cents: number) => priceText(cents, display),
    amount: (cents: number) => formatMoney(shownCents(cents, display)),
    bill: (lines: readonly { unitCents: number; quantity: number }[]) => billOf(lines, display),
  };
}
