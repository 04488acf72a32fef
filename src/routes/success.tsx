import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCart } from '../features/cart';
import { PageMeta } from '../features/seo';

export const Route = createFileRoute('/success')({
  component: SuccessPage,
});

function SuccessPage() {
  const { clear } = useCart();
  // Spec section 2: the confirmation clears the cart on load.
  useEffect(() => {
    void clear();
  }, [clear]);
  return (
    <div className="page success">
      <PageMeta title="Order Submitted | Tan & Tassel" noindex />
      <h1>Order Submitted Successfully!</h1>
      <p>Our team will be in contact shortly</p>
      <Link to="/hire" className="button">
        Continue Shopping
      </Link>
    </div>
  );
}
