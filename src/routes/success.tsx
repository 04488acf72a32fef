import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { OpenCartButton, useCart } from '../features/cart';
import { OrderReceiptView, readReceipt } from '../features/checkout';
import { canSendWhileClosed, useOutboxOrder, whenSavedRequestIsSent } from '../features/order-requests';
import { PageMeta } from '../features/seo';
import { useBusiness } from '../hooks/use-business';
import { PagePlaceholder } from './-components/page-placeholder';

export const Route = createFileRoute('/success')({
  // What it shows is on this device (the cart, the request just sent): rendered in the browser.
  ssr: false,
  pendingComponent: () => (
    <PagePlaceholder
      title="Your order request"
      heading="Your order request"
      note="The request you sent from this device, and what happens next."
    />
  ),
  /** `saved`: the request is in the outbox on this device, not yet with the team. */
  validateSearch: (search: Record<string, unknown>): { saved?: true } =>
    search.saved === true || search.saved === 'true' ? { saved: true } : {},
  component: SuccessPage,
});

function SuccessPage() {
  const business = useBusiness();
  const { clear } = useCart();
  const { saved } = Route.useSearch();
  // The request just sent, as the checkout left it for this tab (a reload shows it again).
  const [receipt] = useState(readReceipt);
  const outboxOrder = useOutboxOrder(receipt?.saved ? receipt.attemptId : undefined);
  // Spec section 2: the confirmation clears the cart on load.
  useEffect(() => {
    void clear();
  }, [clear]);
  return (
    <div className="page page--device success">
      <PageMeta
        title={`${saved ? 'Order Saved' : 'Order Submitted'} | ${business.name}`}
        description={`Your order request to ${business.name}, and what happens next.`}
        noindex
      />
      {saved ? (
        <>
          <h1>Order Request Saved</h1>
          <p>
            We could not reach our team just now, so your order request is saved on this device.{' '}
            {whenSavedRequestIsSent(canSendWhileClosed())}
          </p>
          <p>You can follow it under Outbox in your cart. Our team will be in contact once it arrives.</p>
          <p>
            <OpenCartButton>Follow it in your cart</OpenCartButton>
          </p>
        </>
      ) : (
        <>
          <h1>Order Submitted Successfully!</h1>
          <p>Our team will be in contact shortly</p>
        </>
      )}
      {receipt && (
        <OrderReceiptView
          receipt={receipt}
          deliveredOrderId={outboxOrder?.state === 'sent' ? (outboxOrder.orderId ?? '') : null}
        />
      )}
      <Link to="/hire" className="button">
        Continue Shopping
      </Link>
    </div>
  );
}
