import { createFileRoute } from '@tanstack/react-router';
import { PageMeta } from '../features/seo';
import './-components/terms.css';
import { useBusiness } from '../hooks/use-business';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

function TermsPage() {
  const business = useBusiness();
  return (
    <article className="page terms">
      <PageMeta
        title={`Terms & Conditions of Hire | ${business.name}`}
        description={`Bond, deposit, payment, cancellation, loss and damage, and late return terms for hiring event props from ${business.name}.`}
        canonicalPath="/terms"
      />
      <h1>Terms &amp; Conditions of Hire</h1>
      <p className="terms__lead">
        These terms apply to every hire from {business.name}. Booking an order means you accept them.
      </p>
      <section aria-labelledby="terms-bond">
        <h2 id="terms-bond">Bond</h2>
        <p>A bond is held for every hire. It is the greater of $50 or 20% of the hire cost.</p>
      </section>
      <section aria-labelledby="terms-deposit">
        <h2 id="terms-deposit">Deposit and payment</h2>
        <ul>
          <li>A 50% non-refundable deposit is needed to book.</li>
          <li>
            The balance is due 2 weeks before the event for styling, and at least 3 days before the event for party
            hire.
          </li>
          <li>We accept payment by cash, bank transfer or card.</li>
        </ul>
      </section>
      <section aria-labelledby="terms-cancellation">
        <h2 id="terms-cancellation">Cancellation</h2>
        <ul>
          <li>Cancel 4 or more weeks before the event: we refund what you paid, less the deposit.</li>
          <li>Cancel 2 weeks or less before the event: the full amount is forfeited.</li>
          <li>Between those times, refunds are at the owner&rsquo;s discretion.</li>
        </ul>
      </section>
      <section aria-labelledby="terms-damage">
        <h2 id="terms-damage">Loss or damage</h2>
        <p>Payments for lost or damaged items are due within 48 hours of the return due date.</p>
      </section>
      <section aria-labelledby="terms-late">
        <h2 id="terms-late">Late returns</h2>
        <p>A late fee of 10% of the hire cost is charged for each day late, taken from the bond.</p>
      </section>
      <section aria-labelledby="terms-setup">
        <h2 id="terms-setup">Setup</h2>
        <p>Hire rates exclude setup. Ask us about styling and setup when you enquire.</p>
      </section>
    </article>
  );
}
