import { createFileRoute, Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { CheckoutPage } from '../features/checkout';
import { PageMeta } from '../features/seo';
import { useArrivalFocus } from '../hooks/use-arrival-focus';
import { useBusiness } from '../hooks/use-business';
import { PagePlaceholder } from './-components/page-placeholder';

export const Route = createFileRoute('/checkout')({
  // What it shows is on this device (the cart, the request just sent): rendered in the browser.
  ssr: false,
  pendingComponent: () => (
    <PagePlaceholder
      title="Checkout"
      heading="Checkout"
      note="Your cart and the order request form are on their way."
    />
  ),
  component: Checkout,
});

function Checkout() {
  const business = useBusiness();
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading);
  return (
    <div className="page page--device">
      <PageMeta
        title={`Checkout | ${business.name}`}
        description={`Send ${business.name} an order request for your hire dates, with delivery or pickup.`}
        canonicalPath="/checkout"
        noindex
      />
      <div className="checkout-header">
        <h1 ref={heading} tabIndex={-1}>
          Checkout
        </h1>
        <Link to="/hire" className="checkout-close" aria-label="Close checkout and keep browsing">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </Link>
      </div>
      <CheckoutPage />
    </div>
  );
}
