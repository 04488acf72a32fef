import { useAtomValue } from 'jotai';
import { useBusiness } from '../../../hooks/use-business';
import { deliveryQuoteText } from '../../../lib/api-contract/delivery-zones';
import { formatMoney, shownCents, totalsOf } from '../../../lib/api-contract/money';
import { hireDateAtom } from '../../../lib/hire-date';
import { CartLines } from '../../cart';
import { PaymentScheduleNote } from '../../payments';
import { feeCentsOf, feeLineOf } from '../delivery-fee';
import { hireLengthText } from '../hire-length';
import { useDeliveryFee } from '../use-delivery-fee';
import { useHirePrice } from '../use-hire-price';
import { useWaiver } from '../use-waiver';
import { TotalsList } from './totals-list';

/**
 * Spec section 2: each line with its stepper and line total; Subtotal, GST (10%) and Total. A longer
 * hire prices each line for its days and says how.
 */
export function OrderSummary() {
  const business = useBusiness();
  const hireDate = useAtomValue(hireDateAtom);
  // A longer hire: each line priced for its days by the business's rule, as the server will.
  const { hire, unitCents, subtotalCents } = useHirePrice();
  const lengthText = hireLengthText(business, hire);
  // A delivery's fee by its postcode's zone (issue 60): a line of its own, in the totals.
  const fee = useDeliveryFee(subtotalCents);
  // The damage waiver (issue 61), a line of its own when required or ticked.
  const waiver = useWaiver(subtotalCents);
  const totalCents = subtotalCents + feeCentsOf(fee) + (waiver?.cents ?? 0);
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <CartLines showLineTotals unitCents={hire && hire.days > 1 ? unitCents : undefined} />
      {lengthText && (
        <p className="order-summary__length" aria-live="polite">
          {lengthText}
        </p>
      )}
      {fee?.kind === 'fee' && (
        <p className="order-summary__fee">
          <span>{feeLineOf(fee)?.deliveryFeeLabel}</span>
          <span>{formatMoney(shownCents(fee.cents, business))}</span>
        </p>
      )}
      {fee?.kind === 'quote' && (
        <p className="order-summary__fee-note" aria-live="polite">
          {deliveryQuoteText(fee)}
        </p>
      )}
      {waiver && (
        <p className="order-summary__fee">
          <span>{waiver.label}</span>
          <span>{formatMoney(shownCents(waiver.cents, business))}</span>
        </p>
      )}
      <TotalsList subtotalCents={totalCents} block="order-summary" />
      <PaymentScheduleNote totalCents={totalsOf(totalCents, business).totalCents} hireDate={hireDate} />
    </section>
  );
}
