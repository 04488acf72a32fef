import type { CustomerBooking, CustomerBookingOwed } from '../../lib/api-contract/customer-booking';
import { dayIn, longDate } from '../../lib/api-contract/dates';
import { formatMoney } from '../../lib/api-contract/money';

/** The booking page's words: pure, so the server's page and the hydrated one read the same. */

export const STATUS_TEXT: Record<CustomerBooking['status'], { label: string; lead: string }> = {
  requested: {
    label: 'Requested',
    lead: 'We have your request and will confirm it shortly. Nothing is due until we do.',
  },
  confirmed: { label: 'Confirmed', lead: 'Your booking is confirmed. Your date is booked once the deposit is paid.' },
  out: { label: 'With you', lead: 'Your items are with you. Enjoy your event.' },
  returned: { label: 'Returned', lead: 'Your items are back with us. Thank you for hiring with us.' },
  declined: { label: 'Declined', lead: 'We could not take this request. Nothing is owed.' },
  cancelled: { label: 'Cancelled', lead: 'This booking is cancelled.' },
};

/**
 * The line under the title: its state, and for a confirmed booking where its money stands (a booking
 * paid in full no longer says its date waits on the deposit).
 */
export function leadOf(booking: Pick<CustomerBooking, 'status' | 'money' | 'quote' | 'terms'>): string {
  const { money, quote } = booking;
  // A quote waiting for the customer (issue 61): how long it stands, or that it lapsed.
  if (booking.status === 'requested' && quote) {
    if (booking.terms.accepted) return 'You accepted this quote: we will confirm your booking shortly.';
    return quote.lapsed
      ? `This quote could be accepted until ${longDate(quote.validUntil)}. Contact us to renew it.`
      : `Your quote${quote.version > 1 ? ` (version ${quote.version})` : ''}: its items are held for you until ${longDate(quote.validUntil)}. Read it with our terms below, and accept it with your name.`;
  }
  if (booking.status !== 'confirmed' || !money) return STATUS_TEXT[booking.status].lead;
  const owing = [money.deposit, money.balance, money.bond].some((owed) => owed && owed.owedCents > 0);
  if (!owing) return 'Your booking is confirmed and paid in full. Thank you.';
  if (money.deposit.owedCents <= 0) return 'Your booking is confirmed and your date is booked: the deposit is paid.';
  return STATUS_TEXT.confirmed.lead;
}

/** "Paid", "Held on your card", or "$120.00 due by Friday 4 December 2026". */
export const owedText = (owed: CustomerBookingOwed) =>
  owed.owedCents > 0
    ? `${formatMoney(owed.owedCents)} due by ${longDate(owed.due)}`
    : (owed.heldCents ?? 0) > 0
      ? 'Held on your card'
      : 'Paid';

/** The hand-over days in a sentence. */
export function handOverText(booking: CustomerBooking): string {
  const time = booking.handOverTime ? `, ${booking.handOverTime}` : '';
  return booking.fulfilment === 'pickup'
    ? `Pick up ${longDate(booking.handOverOn)}${time}; return ${longDate(booking.returnOn)}.`
    : `Delivered ${longDate(booking.handOverOn)}${time}; collected ${longDate(booking.returnOn)}.`;
}

/** When and as whom the terms were accepted, on the business's calendar. */
export const acceptedText = (accepted: NonNullable<CustomerBooking['terms']['accepted']>, timeZone: string) => {
  const day = longDate(dayIn(new Date(accepted.at), timeZone));
  // A quote accepted (issue 61): its version, signed or not.
  if (accepted.quoteVersion != null) {
    return `You ${accepted.signed ? 'signed' : 'accepted'} quote version ${accepted.quoteVersion} and our terms on ${day} as ${accepted.name}.`;
  }
  return `You accepted our terms on ${day} as ${accepted.name} (version ${accepted.version}).`;
};

/** What a payment went towards, in the customer's words. */
const TOWARDS_TEXT = { hire: 'towards the hire', bond: 'towards the bond', surcharge: 'card surcharge' } as const;

/** A payment or refund: "Saturday 28 November 2026: $100.00 towards the hire, bank transfer". */
export const entryText = (entry: NonNullable<CustomerBooking['money']>['entries'][number]) =>
  `${longDate(entry.paidOn)}: ${entry.kind === 'refund' ? 'refunded ' : ''}${formatMoney(entry.cents)} ${
    TOWARDS_TEXT[entry.towards]
  }, ${entry.method.toLowerCase()}`;
