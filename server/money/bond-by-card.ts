import { bondHoldFits, CARD_HOLD_DAYS, HOLD_SETTLE_DAYS } from '../../src/lib/api-contract/bond-hold';
import { dayIn, longDate } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import type { ServiceContext } from '../services/context';
import type { BondHold } from './bond-holds';
import type { Money } from './ledger-types';

/**
 * How a booking's bond is taken by card (issue 61), and the booking page's sentence that says which:
 * held on the card and not charged where the business holds bonds and the hire ends within a hold's
 * life from today (`bondHoldFits`), else charged with the rest and refunded after the return.
 */

/** Whether the bond can be held on the card today, for a hire that ends (is returned) on `returnDay`. */
export function holdFitsToday(deps: Pick<ServiceContext, 'business' | 'clock' | 'cards'>, returnDay: string): boolean {
  const business = deps.business();
  if (!deps.cards || !business.payments.bondCardHold) return false;
  return bondHoldFits(dayIn(deps.clock(), business.timeZone), returnDay);
}

/** The first day a hold fits a hire that ends on `returnDay`. */
const firstHoldDay = (returnDay: string) => {
  const day = new Date(`${returnDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - (CARD_HOLD_DAYS - HOLD_SETTLE_DAYS));
  return day.toISOString().slice(0, 10);
};

/** The booking page's sentence on how the bond is taken by card, or null where nothing of it is owed by card. */
export function bondByCardText(
  deps: Pick<ServiceContext, 'business' | 'clock' | 'cards'>,
  money: Pick<Money, 'bondOwedCents' | 'bondHeldCents'>,
  hold: BondHold | null,
  returnDay: string,
): string | null {
  if (!deps.cards) return null;
  if (hold && money.bondHeldCents > 0) {
    return `Your bond of ${formatMoney(hold.amountCents)} is held on your card, not charged, until ${longDate(hold.expiresAt.slice(0, 10))}. After the return we take only what the return costs, if anything, and release the rest.`;
  }
  if (money.bondOwedCents <= 0) return null;
  const lapsed = hold?.status === 'expired' ? 'The hold on your card for the bond ran out. ' : '';
  if (holdFitsToday(deps, returnDay)) {
    return `${lapsed}Your hire ends ${longDate(returnDay)}, so the bond can be held on your card instead of charged: nothing is taken unless the return costs something, and the hold is released after the return.`;
  }
  if (deps.business().payments.bondCardHold) {
    const today = dayIn(deps.clock(), deps.business().timeZone);
    return today < returnDay
      ? `${lapsed}Paid by card, the bond is charged and refunded after the return: a hold on a card lasts only ${CARD_HOLD_DAYS} days. From ${longDate(firstHoldDay(returnDay))} it can be held on your card instead.`
      : `${lapsed}Paid by card, the bond is charged and refunded after the return.`;
  }
  return 'Paid by card, the bond is charged and refunded after the return.';
}
