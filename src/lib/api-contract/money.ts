import { gstInsideCents, percentOfCents, rateOfCents } from './basis-points';

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
  const gstCents = rateOfCents(subtotalCents, rate);
  return { subtotalCents, gstCents, totalCents: subtotalCents + gstCents };
}

/**
 * An amount's totals on its price basis: GST added on top (prices entered before GST), or worked out
 * of it once, by the one rounding rule, when prices were entered with GST (`pricesIncludeGst`): then
 * $10.00 stays $10.00, and its GST at 15% is $1.30.
 */
export function totalsOf(
  amountCents: number,
  basis: Pick<PriceDisplay, 'gstRate' | 'pricesIncludeGst'>,
  gstFreeCents = 0,
): Totals {
  // A GST-free part (issue 61: a line of the team's own marked so) bears none; GST is rounded once, on the rest.
  const taxedCents = amountCents - gstFreeCents;
  if (!basis.pricesIncludeGst) {
    const gstCents = rateOfCents(taxedCents, basis.gstRate);
    return { subtotalCents: amountCents, gstCents, totalCents: amountCents + gstCents };
  }
  const gstCents = gstInsideCents(taxedCents, basis.gstRate);
  return { subtotalCents: amountCents - gstCents, gstCents, totalCents: amountCents };
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
  return percentOfCents(item.unitPriceInCents * item.quantity, item.discountPercentage);
}

/** How the shop shows prices (business.json `price_display`, `gst_rate`). */
export interface PriceDisplay {
  priceDisplay: 'excluding_gst' | 'including_gst';
  gstRate: number;
  /**
   * Prices were entered with GST (business.json `prices_include_gst`, or an order taken so): shown
   * as entered, with GST worked out of the total. Such a shop always shows prices with GST.
   */
  pricesIncludeGst?: boolean;
}

/**
 * A price in cents as shoppers see it: excluding GST as stored, or with GST added the way checkout
 * adds it (cents + round(cents x rate)), so a cart's total with GST is the checkout's total to the cent.
 */
export function shownCents(cents: number, display: PriceDisplay): number {
  if (display.pricesIncludeGst) return cents;
  return display.priceDisplay === 'including_gst' ? cents + rateOfCents(cents, display.gstRate) : cents;
}

/** A shown price: "$9.00", or "$9.90 incl. GST" when the shop shows prices with GST. */
export function priceText(cents: number, display: PriceDisplay): string {
  const text = formatMoney(shownCents(cents, display));
  return display.priceDisplay === 'including_gst' || display.pricesIncludeGst ? `${text} incl. GST` : text;
}

/**
 * Each line's share of the GST: the order's GST, rounded once on its subtotal (totalsWithGst), shared
 * out in whole cents by largest remainder (each line its GST rounded down, the cents left to the lines
 * that lost most, the first first), so the lines' shares add up to the order's GST exactly.
 */
export function lineGstShares(
  lineCents: readonly number[],
  rate: number,
  inside = false,
  gstFree: readonly boolean[] = [],
): number[] {
  // With prices entered with GST (`inside`), each line's GST is inside it: cents x rate / (1 + rate).
  // A GST-free line (issue 61) has none, and takes no share.
  const exact = lineCents.map((cents, i) => (gstFree[i] ? 0 : inside ? (cents * rate) / (1 + rate) : cents * rate));
  const shares = exact.map((value) => Math.floor(value + 1e-9));
  const total = totalsOf(
    lineCents.reduce((sum, cents, i) => sum + (gstFree[i] ? 0 : cents), 0),
    { gstRate: rate, pricesIncludeGst: inside },
  ).gstCents;
  let left = total - shares.reduce((sum, cents) => sum + cents, 0);
  const order = exact.map((value, index) => ({ index, lost: value - (shares[index] ?? 0) }));
  order.sort((a, b) => b.lost - a.lost || a.index - b.index);
  for (const { index } of order.filter(({ index }) => !gstFree[index])) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}

export interface BillLine {
  /** One unit as shown: excluding GST, or with GST added (shownCents). */
  unitCents: number;
  /** The line as shown: excluding GST, or with its share of the order's GST (the lines add up to the total). */
  lineCents: number;
}

/** A line as a bill adds it up: one unit's cents (negative for a discount), how many, and GST-free or taxed. */
export interface ChargedLine {
  unitCents: number;
  quantity: number;
  /** Issue 61: a line of the team's own can be GST-free; every other line is taxed. */
  gstFree?: boolean;
}

export interface Bill {
  lines: BillLine[];
  totals: Totals;
  /** Prices shown with GST: the lines add up to the total, which "includes GST of" its GST. */
  includesGst: boolean;
}

/**
 * An order's lines and totals on the shop's one price basis (business.json `price_display`): as
 * stored (before GST) with Subtotal, GST and Total under them, or with GST, adding up to the Total
 * that includes it. The checkout, the success page, both emails and the workspace write it so.
 */
export function billOf(lines: readonly ChargedLine[], display: PriceDisplay): Bill {
  const lineCents = lines.map((line) => line.unitCents * line.quantity);
  const gstFree = lines.map((line) => line.gstFree === true);
  const totals = totalsOf(
    lineCents.reduce((sum, cents) => sum + cents, 0),
    display,
    lineCents.reduce((sum, cents, i) => sum + (gstFree[i] ? cents : 0), 0),
  );
  // Entered with GST: the lines as entered add up to the total, which includes its GST.
  if (display.pricesIncludeGst) {
    return {
      lines: lines.map((line, i) => ({ unitCents: line.unitCents, lineCents: lineCents[i] ?? 0 })),
      totals,
      includesGst: true,
    };
  }
  if (display.priceDisplay !== 'including_gst') {
    return {
      lines: lines.map((line, i) => ({ unitCents: line.unitCents, lineCents: lineCents[i] ?? 0 })),
      totals,
      includesGst: false,
    };
  }
  const shares = lineGstShares(lineCents, display.gstRate, false, gstFree);
  return {
    lines: lines.map((line, i) => ({
      unitCents: gstFree[i] ? line.unitCents : shownCents(line.unitCents, display),
      lineCents: (lineCents[i] ?? 0) + (shares[i] ?? 0),
    })),
    totals,
    includesGst: true,
  };
}

/**
 * A line's quantity and unit price as shown ("80 × $7.48"), where they multiply out to the line. With
 * GST shared out on the order's total a unit price with GST cannot always (80 × $7.48 is $598.40; the
 * line is $598.00): then the line says its quantity alone, "Qty 80" beside a line total shown with it,
 * or "80 for $598.00" where nothing else shows the line's total. Every place that writes a line uses this.
 */
export function quantityText(
  quantity: number,
  line: BillLine,
  options: { totalShown: boolean; times?: string },
): string {
  if (line.unitCents * quantity === line.lineCents)
    return `${quantity} ${options.times ?? '×'} ${formatMoney(line.unitCents)}`;
  return options.totalShown ? `Qty ${quantity}` : `${quantity} for ${formatMoney(line.lineCents)}`;
}

/** How a tax invoice with GST-inclusive prices says its GST: "Total includes GST of $60.00". */
export const includesGstText = (gstCents: number) => `Total includes GST of ${formatMoney(gstCents)}`;

/**
 * A bill's totals in one sentence (the team's email and pages): "Subtotal $600.00, GST (10%) $60.00,
 * total $660.00." or, with prices shown with GST, "Total $660.00. Total includes GST of $60.00."
 */
export function totalsSentence(bill: Bill, gstRate: number): string {
  const { subtotalCents, gstCents, totalCents } = bill.totals;
  return bill.includesGst
    ? `Total ${formatMoney(totalCents)}. ${includesGstText(gstCents)}.`
    : `Subtotal ${formatMoney(subtotalCents)}, GST (${gstPercent(gstRate)}) ${formatMoney(gstCents)}, total ${formatMoney(totalCents)}.`;
}
