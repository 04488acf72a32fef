import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/search')({
  validateSearch: (search: Record<string, unknown>) => ({
    q: typeof search.q === 'string' ? search.q : undefined,
  }),
  component: SearchPage,
});

function SearchPage() {
  return (
    <div className="page">
      <h1>Search</h1>
      <p>Enter a search term to find items</p>
    </div>
  );
}
