import { useAtomValue } from 'jotai';
import { useBusiness } from '../../../hooks/use-business';
import { hireDateAtom } from '../../../lib/hire-date';
import { CartLines, useCart } from '../../cart';
import { PaymentScheduleNote } from '../../payments';
import { checkoutTotals } from '../checkout-rules';
import { TotalsList } from './totals-list';

/** Spec section 2: each line with its stepper and line total; Subtotal, GST (10%) and Total. */
export function OrderSummary() {
  const cart = useCart();
  const business = useBusiness();
  const hireDate = useAtomValue(hireDateAtom);
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <CartLines showLineTotals />
      <TotalsList subtotalCents={cart.totalCents} block="order-summary" />
      <PaymentScheduleNote
        totalCents={checkoutTotals(cart.totalCents, business.gstRate).totalCents}
        hireDate={hireDate}
      />
    </section>
  );
}
