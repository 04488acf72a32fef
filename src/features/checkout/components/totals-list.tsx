import { formatPrice } from '../../catalogue';
import { checkoutTotals } from '../checkout-rules';

/** Subtotal, GST (10%) and Total of a subtotal in cents, as `{block}__totals` with a `{block}__grand` row. */
export function TotalsList({ subtotalCents, block }: { subtotalCents: number; block: string }) {
  const totals = checkoutTotals(subtotalCents);
  return (
    <dl className={`${block}__totals`}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatPrice(totals.subtotalCents)}</dd>
      </div>
      <div>
        <dt>GST (10%)</dt>
        <dd>{formatPrice(totals.gstCents)}</dd>
      </div>
      <div className={`${block}__grand`}>
        <dt>Total</dt>
        <dd>{formatPrice(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
