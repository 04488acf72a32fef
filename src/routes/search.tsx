import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SearchResults, searchResultsQueryOptions } from '../features/search';
import { ItemPopup } from './-components/item-popup';
import { type ItemSearch, loadLinkedItem, parseItemSearch } from './-components/item-search';

type SearchSearch = ItemSearch & { q?: string };

export const Route = createFileRoute('/search')({
  validateSearch: (search: Record<string, unknown>): SearchSearch => ({
    ...(typeof search.q === 'string' ? { q: search.q.slice(0, 200) } : {}),
    ...parseItemSearch(search),
  }),
  loaderDeps: ({ search }) => ({ q: (search.q ?? '').trim(), type: search.type, id: search.id }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      deps.q
        ? context.queryClient.ensureInfiniteQueryData(searchResultsQueryOptions(deps.q)).catch(() => undefined)
        : undefined,
      loadLinkedItem(context.queryClient, deps),
    ]);
  },
  component: SearchPage,
});

function SearchPage() {
  const { q = '', type, id } = Route.useSearch();
  const navigate = useNavigate();
  const onQueryChange = useCallback(
    (next: string) => void navigate({ to: '/search', search: next ? { q: next } : {}, replace: true }),
    [navigate],
  );
  return (
    <>
      <SearchResults q={q} onQueryChange={onQueryChange} />
      <ItemPopup type={type} id={id} />
    </>
  );
}
