import type { BusinessSummary } from '../../../lib/api-contract/business-settings';
import { cancellationLines, termsSummaryLines, waysToPayLines } from '../../../lib/api-contract/payment-terms-text';
import './payment-rules.css';

/**
 * The money rules of the terms as the business's settings make them (business.json's `payments`):
 * deposit, balance, bond and late returns, the cancellation ladder, and the ways to pay. Shown on the
 * terms page under the business's own words, before anything is owed.
 */
export function PaymentRules({ business }: { business: Pick<BusinessSummary, 'payments' | 'categories'> }) {
  const { payments } = business;
  const categoryName = (key: string) => business.categories.find((c) => c.key === key)?.name ?? key;
  const ways = waysToPayLines(payments);
  return (
    <section className="payment-rules" aria-labelledby="payment-rules-title">
      <h2 id="payment-rules-title">Payments at a glance</h2>
      <ul>
        {termsSummaryLines(payments, categoryName).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>Cancelling</h3>
      <ul>
        {cancellationLines(payments).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {ways.length > 0 && (
        <>
          <h3>Ways to pay</h3>
          <ul>
            {ways.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
