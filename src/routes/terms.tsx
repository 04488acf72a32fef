import { createFileRoute } from '@tanstack/react-router';
import { PageMeta } from '../features/seo';
import './-components/terms.css';
import { useBusiness } from '../hooks/use-business';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

/** Terms & Conditions of Hire: the business's own terms (business.json `terms`, Markdown). */
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
      {business.termsHtml ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's safe HTML of business.json's Markdown (server/services/markdown.ts).
        <div className="terms__body" dangerouslySetInnerHTML={{ __html: business.termsHtml }} />
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
    </article>
  );
}
