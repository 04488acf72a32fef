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
  /** Before GST; the total adds GST to it (spec section 9). */
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
