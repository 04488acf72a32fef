import { createFileRoute, Link } from '@tanstack/react-router';
import { PageMeta } from '../features/seo';

export const Route = createFileRoute('/success')({
  component: SuccessPage,
});

function SuccessPage() {
  return (
    <div className="page">
      <PageMeta title="Order Submitted | Tan & Tassel" noindex />
      <h1>Order Submitted Successfully!</h1>
      <p>Our team will be in contact shortly</p>
      <Link to="/hire" className="button">
        Continue Shopping
      </Link>
    </div>
  );
}
