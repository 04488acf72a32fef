import { useState } from 'react';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import type { CustomerBooking } from '../../../lib/api-contract/customer-booking';
import { formatMoney } from '../../../lib/api-contract/money';

const LABEL = {
  deposit: 'Pay the deposit by card',
  rest: 'Pay everything owed by card',
  bond_hold: 'Hold the bond on your card',
} as const;

/**
 * Paying by card online: a plain form per choice that the server answers by sending the customer on
 * to Stripe's own payment page (so it works before the page's script runs, and no card is typed here).
 * The surcharge, when the business sets one, is said before paying; a bank transfer has none.
 */
export function CardPayment({ card, token }: { card: NonNullable<CustomerBooking['card']>; token: string }) {
  const online = useOnlineStatus();
  const [offlineTry, setOfflineTry] = useState(false);
  if (card.offers.length === 0) return null;
  return (
    <div className="booking__card-pay">
      <h3>Pay by card</h3>
      {card.offers.map((offer) => (
        <form
          key={offer.what}
          method="post"
          action={`/booking/${token}/pay`}
          onSubmit={(event) => {
            if (!online) {
              event.preventDefault();
              setOfflineTry(true);
            }
          }}
        >
          <input type="hidden" name="what" value={offer.what} />
          <button type="submit" className="button">
            {`${LABEL[offer.what]}: ${formatMoney(offer.totalCents)}`}
          </button>
          {offer.what === 'bond_hold' && (
            <small>Nothing is charged now: Stripe holds it on your card for 7 days.</small>
          )}
          {offer.surchargeCents > 0 && (
            <small>{`Includes a card surcharge of ${formatMoney(offer.surchargeCents)} (${card.surchargePercent}%). A bank transfer has none.`}</small>
          )}
        </form>
      ))}
      <p className="booking__muted">You pay on Stripe’s secure page, then come back here.</p>
      {offlineTry && (
        <p className="booking-accept__problem" role="alert">
          You are offline. Pay once you are back online.
        </p>
      )}
    </div>
  );
}
