import { CartLines, useCart } from '../../cart';
import { formatPrice } from '../../catalogue';
import { checkoutTotals } from '../checkout-rules';

/** Spec section 2: each line with its stepper and line total; Subtotal, GST (10%) and Total. */
export function OrderSummary() {
  const cart = useCart();
  const totals = checkoutTotals(cart.totalCents);
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <CartLines showLineTotals />
      <dl className="order-summary__totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPrice(totals.subtotalCents)}</dd>
        </div>
        <div>
          <dt>GST (10%)</dt>
          <dd>{formatPrice(totals.gstCents)}</dd>
        </div>
        <div className="order-summary__grand">
          <dt>Total</dt>
          <dd>{formatPrice(totals.totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
