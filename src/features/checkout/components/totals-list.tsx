import { useBusiness } from '../../../hooks/use-business';
import { gstPercent, includesGstText, totalsOf } from '../../../lib/api-contract/money';
import { formatMoney } from '../../catalogue';
import './totals-list.css';

/**
 * The totals of a subtotal in cents (before GST), as `{block}__totals` with a `{block}__grand` row:
 * Subtotal, GST (the business's rate, 10% by default) and Total; or, where the shop shows prices with
 * GST, the Total and "Total includes GST of $X" (the lines above it include GST too).
 */
export function TotalsList({ subtotalCents, block }: { subtotalCents: number; block: string }) {
  const business = useBusiness();
  const { gstRate, priceDisplay } = business;
  // GST added to the subtotal, or worked out of it where prices are entered with GST.
  const totals = totalsOf(subtotalCents, business);
  if (priceDisplay === 'including_gst') {
    return (
      <>
        <dl className={`${block}__totals`}>
          <div className={`${block}__grand`}>
            <dt>Total</dt>
            <dd>{formatMoney(totals.totalCents)}</dd>
          </div>
        </dl>
        <p className="totals-includes-gst">{includesGstText(totals.gstCents)}</p>
      </>
    );
  }
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
