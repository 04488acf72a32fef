import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/checkout')({
  head: () => ({ meta: [{ title: 'Checkout | Tan & Tassel' }, { name: 'robots', content: 'noindex' }] }),
  component: CheckoutPage,
});

function CheckoutPage() {
  return (
    <div className="page">
      <h1>Checkout</h1>
      <p>Your cart is empty</p>
      <Link to="/hire" className="button">
        Continue Shopping
      </Link>
    </div>
  );
}
