import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PaymentRules } from '../features/payments';
import { PageMeta } from '../features/seo';
import './-components/terms.css';
import { useBusiness } from '../hooks/use-business';
import { businessTextsQueryOptions } from '../lib/business-query';

export const Route = createFileRoute('/terms')({
  // The terms are not in every page's settings (business-query.ts): this page loads them.
  loader: ({ context }) => context.queryClient.ensureQueryData(businessTextsQueryOptions()),
  component: TermsPage,
});

/** Terms & Conditions of Hire: the business's own terms (business.json `terms`, Markdown). */
function TermsPage() {
  const business = useBusiness();
  const { termsHtml } = useSuspenseQuery(businessTextsQueryOptions()).data;
  return (
    <article className="page terms">
      <PageMeta
        title={`Terms & Conditions of Hire | ${business.name}`}
        description={`Bond, deposit, payment, cancellation, loss and damage, and late return terms for hiring event props from ${business.name}.`}
        canonicalPath="/terms"
      />
      <h1>Terms &amp; Conditions of Hire</h1>
      {termsHtml ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's safe HTML of business.json's Markdown (server/services/markdown.ts).
        <div className="terms__body" dangerouslySetInnerHTML={{ __html: termsHtml }} />
      ) : (
        <p className="terms__lead">
          {business.name} confirms its terms of hire with your quote.
          {business.email ? (
            <>
              {' '}
              Ask us at <a href={`mailto:${business.email}`}>{business.email}</a>.
            </>
          ) : null}
        </p>
      )}
      <PaymentRules business={business} />
    </article>
  );
}
