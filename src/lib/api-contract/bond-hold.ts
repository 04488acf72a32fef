import { daysBetween } from './payment-terms';

/**
 * The bond held on a card, not charged (issue 61). Stripe keeps an online card hold for 7 days (every
 * brand, customer-initiated: its "place a hold on a payment method" guide), so a hold placed today can
 * be taken from at the return only where the hire ends soon enough to be settled inside that life:
 * `HOLD_SETTLE_DAYS` after the return day are left for the team to count the pieces back.
 */
export const CARD_HOLD_DAYS = 7;
export const HOLD_SETTLE_DAYS = 2;

/** Whether a hold placed on `today` outlives a hire that ends on `returnDay` by the settling days. */
export function bondHoldFits(today: string, returnDay: string): boolean {
  return daysBetween(today, returnDay) <= CARD_HOLD_DAYS - HOLD_SETTLE_DAYS;
}
