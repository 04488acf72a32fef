import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/hire/')({
  head: () => ({ meta: [{ title: 'All Hire Props' }] }),
  component: HirePage,
});

function HirePage() {
  return (
    <div className="page">
      <h1>Our Collection</h1>
      <p>Browse our extensive range of event hire items</p>
    </div>
  );
}
