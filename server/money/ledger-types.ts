import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import type { PaymentSchedule, PaymentTerms } from '../../src/lib/api-contract/payment-terms';
import type { payments } from '../db/schema';

/** The ledger's words: the ways to pay, an entry, a booking's money and the settings it is read by. */

export type PaymentMethod = (typeof payments.$inferSelect)['method'];
export const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card_in_store: 'Card (in store or by phone)',
  card_online: 'Card (online)',
};

export interface PaymentInput {
  kind: 'payment' | 'refund';
  towards: 'hire' | 'bond' | 'surcharge';
  method: PaymentMethod;
  amountCents: number;
  paidOn: string;
  note?: string | null;
  externalId?: string | null;
  /** The provider's payment it was, or went back to (a card payment's Stripe payment intent). */
  providerRef?: string | null;
}

/** What the sums (and the pay-back rule) read of an entry: all a list of many bookings fetches. */
export type EntrySummary = Pick<
  typeof payments.$inferSelect,
  'orderId' | 'kind' | 'towards' | 'amountCents' | 'recordedAt'
>;

export interface Money<E extends EntrySummary = typeof payments.$inferSelect> {
  totalCents: number;
  schedule: PaymentSchedule;
  /** Paid towards the hire, less refunds of it; and the same for the bond. */
  paidCents: number;
  bondPaidCents: number;
  /** The bond held on a card and not charged (issue 61): not paid, but no longer owed. */
  bondHeldCents: number;
  depositOwedCents: number;
  balanceOwedCents: number;
  bondOwedCents: number;
  /**
   * Paid beyond what the booking costs (a card session paid late, two payments for one thing): money
   * to pay back, hire and bond apart. A cancelled booking's is worked out with its cancellation.
   */
  overpaidCents: { hire: number; bond: number };
  entries: E[];
}

/** What a booking owes and has paid: its schedule from the day it was confirmed (or asked), and its entries. */
export interface MoneySettings {
  terms: PaymentTerms;
  timeZone: string;
  gstRate: number;
}

/** A business's settings as the money rules read them. */
export const moneySettingsOf = (
  business: Pick<BusinessSettings, 'payments' | 'timeZone' | 'gstRate'>,
): MoneySettings => ({
  terms: business.payments,
  timeZone: business.timeZone,
  gstRate: business.gstRate,
});
