import { createFileRoute, Link } from '@tanstack/react-router';
import { PageMeta } from '../features/seo';

export const Route = createFileRoute('/checkout')({
  component: CheckoutPage,
});

function CheckoutPage() {
  return (
    <div className="page">
      <PageMeta title="Checkout | Tan & Tassel" canonicalPath="/checkout" noindex />
      <h1>Checkout</h1>
      <p>Your cart is empty</p>
      <Link to="/hire" className="button">
        Continue Shopping
      </Link>
    </div>
  );
}
