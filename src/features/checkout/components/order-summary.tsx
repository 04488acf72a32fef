import { CartLines, useCart } from '../../cart';
import { TotalsList } from './totals-list';

/** Spec section 2: each line with its stepper and line total; Subtotal, GST (10%) and Total. */
export function OrderSummary() {
  const cart = useCart();
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <CartLines showLineTotals />
      <TotalsList subtotalCents={cart.totalCents} block="order-summary" />
    </section>
  );
}
