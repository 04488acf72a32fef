// GST is shared with the server's emails; imported from its zod-free module to keep zod out of this chunk.
export { GST_RATE, type Totals, totalsWithGst as checkoutTotals } from '../../lib/api-contract/money';

import { formatMoney } from '../../lib/api-contract/money';
/** Delivery minimums in cents (the business's settings; the spec's $250 and $300 by default). */
export interface DeliveryMinimums {
  weekday: number;
  weekend: number;
}

export type DeliveryOption = 'pickup' | 'delivery';

export interface CheckoutForm {
  name: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD, as an <input type="date"> gives it. */
  hireDate: string;
  /** A longer hire's last day of use, YYYY-MM-DD; '' for a one-day event. */
  lastDay: string;
  deliveryOption: DeliveryOption;
  deliveryAddress: string;
  /** The delivery address's postcode, for its fee (issue 60); '' when not typed. */
  deliveryPostcode: string;
  /** Delivered and collected outside opening hours, at the zone's surcharge. */
  afterHours: boolean;
  orderNotes: string;
  wantsSignage: boolean;
  /** The shopper takes the damage waiver (issue 61), where the shop offers it. */
  damageWaiver: boolean;
}

export const emptyCheckoutForm = (): CheckoutForm => ({
  name: '',
  email: '',
  phone: '',
  hireDate: '',
  lastDay: '',
  deliveryOption: 'pickup',
  deliveryAddress: '',
  deliveryPostcode: '',
  afterHours: false,
  orderNotes: '',
  wantsSignage: false,
  damageWaiver: false,
});

/** Saturday or Sunday for a YYYY-MM-DD date (read as a calendar date, not a moment in a time zone). */
export function isWeekendDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay();
  return day === 0 || day === 6;
}

export function deliveryMinimumCents(hireDate: string, minimums: DeliveryMinimums): number {
  return isWeekendDate(hireDate) ? minimums.weekend : minimums.weekday;
}

/**
 * Spec section 5: delivery below the minimum shows a warning (recomputed when the date or option
 * changes) but never blocks submission. Compared with the subtotal before GST.
 */
export function deliveryWarning(
  option: DeliveryOption,
  hireDate: string,
  subtotalCents: number,
  minimums: DeliveryMinimums,
): string | null {
  if (option !== 'delivery') return null;
  const minimum = deliveryMinimumCents(hireDate, minimums);
  if (subtotalCents >= minimum) return null;
  const kind = isWeekendDate(hireDate) ? 'weekend' : 'weekday';
  const dollars = minimum % 100 === 0 ? String(minimum / 100) : (minimum / 100).toFixed(2);
  return `Note: Our standard delivery minimum is $${dollars} for ${kind} hire. You can still submit your order and we will contact you regarding delivery costs. Alternatively, you can add more products to your cart to meet the minimum.`;
}

/** Spec section 5: name, email, phone and hire date non-empty after trimming; an address for delivery. */
export function canSubmit(form: CheckoutForm): boolean {
  const filled = (value: string) => value.trim().length > 0;
  return (
    filled(form.name) &&
    filled(form.email) &&
    filled(form.phone) &&
    filled(form.hireDate) &&
    (form.deliveryOption !== 'delivery' || filled(form.deliveryAddress))
  );
}

/** The checkout's fields a server error can name. */
export type ServerFieldProblems = Partial<
  Record<'name' | 'email' | 'phone' | 'hireDate' | 'lastDay' | 'deliveryAddress' | 'deliveryPostcode', string>
>;

/** The API's field names (its paths' last part) as the checkout's fields. */
const FIELD_OF_PATH: Record<string, keyof ServerFieldProblems> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  starts_at: 'hireDate',
  stops_at: 'lastDay',
  delivery_address: 'deliveryAddress',
  delivery_postcode: 'deliveryPostcode',
};

/**
 * The server's field errors (a 400's `issues`, from /api/customers or /api/orders) by the checkout's
 * field, so each message stands beside its field: "data.attributes.phone" is the phone's.
 */
export function serverFieldProblems(issues: readonly { path: string; message: string }[]): ServerFieldProblems {
  const problems: ServerFieldProblems = {};
  for (const issue of issues) {
    const field = FIELD_OF_PATH[issue.path.split('.').at(-1) ?? ''];
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/**
 * What the checkout says when the server priced the request otherwise than the summary did (issue
 * 60): nothing was sent, and the summary now shows the server's prices.
 */
export const priceChangedText = (wasCents: number, nowCents: number, pricesIncludeGst = false) =>
  `Our prices have changed since your total was worked out: the subtotal is now ${formatMoney(nowCents)}${pricesIncludeGst ? '' : ' before GST'} (it was ${formatMoney(wasCents)}). Nothing has been sent: the summary shows the new prices, so check them and submit again.`;
