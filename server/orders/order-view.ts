import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import { type ChargedLine, type PriceDisplay, type Totals, totalsOf } from '../../src/lib/api-contract/money';
import type { OwnLineView } from './own-lines';

/**
 * A request as everything that shows it reads it: the emails, the documents, the customer's booking
 * page and the team's request page. Assembled by the server from its records (`storedOrderView`), from
 * what a request's own transaction wrote (`requestView`), or, for the spec's fallback, from the request.
 */
export interface OrderView {
  orderId: string;
  customerName: string;
  customerPhone: string;
  hireDate: string;
  /** The last day of use of a hire of several days (issue 60); absent or the hire date for one day. */
  lastDay?: string;
  fulfilment: 'pickup' | 'delivery';
  /** For a pickup: the day it is picked up and the day it comes back. */
  pickup: HoldWindow | null;
  deliveryAddress: string | null;
  /** The hand-over's agreed time on the first day ('between 9:00 am and 11:00 am'), or null. */
  handOverTime?: string | null;
  notes: string | null;
  wantsSignage: boolean;
  /** `photoUrl` is absolute (the shop's public origin), or null to show none. */
  items: { name: string; quantity: number; priceCents: number; variations: string[]; photoUrl?: string | null }[];
  /**
   * A delivery's fee (issue 60): its line's words and cents before GST, in `subtotalCents` and shown
   * after the items; null for a pickup, or a delivery the team is still to quote.
   */
  deliveryFee?: { label: string; cents: number } | null;
  /**
   * The request's prices were entered with GST (issue 60): its lines and subtotal include GST, worked
   * out of the total; else GST is added to the subtotal (spec section 9).
   */
  pricesIncludeGst?: boolean;
  /**
   * Lines of the team's own (issue 61), after the items and the fee: per unit, a discount negative.
   * Absent or empty on a request with none.
   */
  ownLines?: OwnLineView[];
  /** The GST-free part of `subtotalCents` (its GST-free own lines); 0 when it has none. */
  gstFreeCents?: number;
  /** The lines, the delivery fee and the own lines, on the request's price basis (before GST, unless entered with it). */
  subtotalCents: number;
  /** Set when the team must finish the order by hand; shown as a notice. */
  problem: string | null;
  /** The shop's public address, for the link back and the footer. */
  shopUrl: string;
  brand: BusinessSettings;
  /** The day the request came (the business's), and its items' categories: the first email's payment schedule. */
  requestedOn?: string;
  categoryKeys?: string[];
}

/**
 * What a request charges, line by line, as bills, documents and pages add it up: its items, then its
 * delivery fee as one line when it has one, then the team's own lines (issue 61). Their sum is
 * `subtotalCents`. `ownLineIndex` says where the own lines start.
 */
export function chargedLines(view: Pick<OrderView, 'items' | 'deliveryFee' | 'ownLines'>): ChargedLine[] {
  const items = view.items.map((item) => ({ unitCents: item.priceCents, quantity: item.quantity }));
  const fee = view.deliveryFee ? [{ unitCents: view.deliveryFee.cents, quantity: 1 }] : [];
  const own = (view.ownLines ?? []).map((line) => ({
    unitCents: line.unitCents,
    quantity: line.quantity,
    gstFree: line.gstFree,
  }));
  return [...items, ...fee, ...own];
}

/** Where a request's own lines start among its `chargedLines`. */
export const ownLineIndex = (view: Pick<OrderView, 'items' | 'deliveryFee'>) =>
  view.items.length + (view.deliveryFee ? 1 : 0);

/** A delivery the team is still to quote a fee for, in a shop that prices delivery by zone. */
export const deliveryToQuote = (view: Pick<OrderView, 'fulfilment' | 'deliveryFee' | 'brand'>) =>
  view.fulfilment === 'delivery' && !view.deliveryFee && view.brand.deliveryZones.length > 0;

/** What an email or page says of a delivery fee still to be quoted. */
export const DELIVERY_QUOTE_NOTE = 'Delivery fee: our team will quote it by email.';

/** A request's price basis, to bill and total it by: the business's display, the request's own GST basis. */
export const basisOf = (view: Pick<OrderView, 'brand' | 'pricesIncludeGst'>): PriceDisplay => ({
  priceDisplay: view.pricesIncludeGst ? 'including_gst' : view.brand.priceDisplay,
  gstRate: view.brand.gstRate,
  pricesIncludeGst: view.pricesIncludeGst ?? false,
});

/** A request's subtotal, GST and total on its own basis. */
export const totalsOfView = (
  view: Pick<OrderView, 'brand' | 'pricesIncludeGst' | 'subtotalCents' | 'gstFreeCents'>,
): Totals => totalsOf(view.subtotalCents, basisOf(view), view.gstFreeCents ?? 0);

/**
 * How an own line is written on a page, an email or a document: its description, what a percentage
 * discount is of, and "GST-free" where it bears none: "Early-bird discount (10% off the hire)".
 */
export function ownLineLabel(line: Pick<OwnLineView, 'description' | 'note' | 'gstFree'>): string {
  const notes = [line.note, line.gstFree ? 'GST-free' : null].filter(Boolean);
  return notes.length ? `${line.description} (${notes.join(', ')})` : line.description;
}
