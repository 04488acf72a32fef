import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/success')({
  head: () => ({ meta: [{ title: 'Order Submitted | Tan & Tassel' }, { name: 'robots', content: 'noindex' }] }),
  component: SuccessPage,
});

function SuccessPage() {
  return (
    <div className="page">
      <h1>Order Submitted Successfully!</h1>
      <p>Our team will be in contact shortly</p>
      <Link to="/hire" className="button">
        Continue Shopping
      </Link>
    </div>
  );
}
