import { useBusiness } from '../../../hooks/use-business';
import { gstPercent } from '../../../lib/api-contract/money';
import { formatPrice } from '../../catalogue';
import { checkoutTotals } from '../checkout-rules';

/**
 * Subtotal, GST (the business's rate, 10% by default) and Total of a subtotal in cents, as
 * `{block}__totals` with a `{block}__grand` row.
 */
export function TotalsList({ subtotalCents, block }: { subtotalCents: number; block: string }) {
  const { gstRate } = useBusiness();
  const totals = checkoutTotals(subtotalCents, gstRate);
  return (
    <dl className={`${block}__totals`}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatPrice(totals.subtotalCents)}</dd>
      </div>
      <div>
        <dt>GST ({gstPercent(gstRate)})</dt>
        <dd>{formatPrice(totals.gstCents)}</dd>
      </div>
      <div className={`${block}__grand`}>
        <dt>Total</dt>
        <dd>{formatPrice(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
