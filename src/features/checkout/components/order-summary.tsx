import { useAtomValue } from 'jotai';
import { useBusiness } from '../../../hooks/use-business';
import { hireDateAtom } from '../../../lib/hire-date';
import { CartLines } from '../../cart';
import { PaymentScheduleNote } from '../../payments';
import { checkoutTotals } from '../checkout-rules';
import { hireLengthText } from '../hire-length';
import { useHirePrice } from '../use-hire-price';
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
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <CartLines showLineTotals unitCents={hire && hire.days > 1 ? unitCents : undefined} />
      {lengthText && (
        <p className="order-summary__length" aria-live="polite">
          {lengthText}
        </p>
      )}
      <TotalsList subtotalCents={subtotalCents} block="order-summary" />
      <PaymentScheduleNote
        totalCents={checkoutTotals(subtotalCents, business.gstRate).totalCents}
        hireDate={hireDate}
      />
    </section>
  );
}
