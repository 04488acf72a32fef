import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';

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
  /** Before GST, the delivery fee included; the total adds GST to it (spec section 9). */
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
 * delivery fee as one line when it has one. Their sum is `subtotalCents`.
 */
export function chargedLines(
  view: Pick<OrderView, 'items' | 'deliveryFee'>,
): { unitCents: number; quantity: number }[] {
  const items = view.items.map((item) => ({ unitCents: item.priceCents, quantity: item.quantity }));
  return view.deliveryFee ? [...items, { unitCents: view.deliveryFee.cents, quantity: 1 }] : items;
}

/** A delivery the team is still to quote a fee for, in a shop that prices delivery by zone. */
export const deliveryToQuote = (view: Pick<OrderView, 'fulfilment' | 'deliveryFee' | 'brand'>) =>
  view.fulfilment === 'delivery' && !view.deliveryFee && view.brand.deliveryZones.length > 0;

/** What an email or page says of a delivery fee still to be quoted. */
export const DELIVERY_QUOTE_NOTE = 'Delivery fee: our team will quote it by email.';
