import { useBusiness } from '../../../hooks/use-business';
import { gstPercent } from '../../../lib/api-contract/money';
import { formatMoney } from '../../catalogue';
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
        <dd>{formatMoney(totals.subtotalCents)}</dd>
      </div>
      <div>
        <dt>GST ({gstPercent(gstRate)})</dt>
        <dd>{formatMoney(totals.gstCents)}</dd>
      </div>
      <div className={`${block}__grand`}>
        <dt>Total</dt>
        <dd>{formatMoney(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
