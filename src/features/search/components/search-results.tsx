import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { LoadMore, ProductGrid, ProductGridSkeleton, toListedItem } from '../../catalogue';
import { PageMeta, ProductJsonLd } from '../../seo';
import { useSearchResults } from '../api/search-items';
import { SEARCH_DEBOUNCE_MS } from '../search-rules';
import './search-results.css';

export interface SearchResultsProps {
  q: string;
  /** Called with the new text after the debounce; the route replaces every parameter with q alone. */
  onQueryChange: (q: string) => void;
}

/** The search page of spec section 2. */
export function SearchResults({ q, onQueryChange }: SearchResultsProps) {
  const [text, setText] = useState(q);
  const inputId = useId();
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (debounced.trim() !== q.trim()) onQueryChange(debounced.trim());
  }, [debounced, q, onQueryChange]);

  const query = q.trim();
  const results = useSearchResults(query);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = results.data?.pages[0]?.totalItems ?? 0;
  const noResults = query !== '' && results.isSuccess && total === 0;

  return (
    <div className="page search-page">
      <PageMeta
        title={query ? `Search: ${query} | Tan & Tassel` : 'Search | Tan & Tassel'}
        description="Search the Tan & Tassel hire catalogue."
        canonicalPath={query ? `/search?q=${encodeURIComponent(query)}` : '/search'}
        noindex={noResults}
      />
      <h1>Search</h1>
      <form
        role="search"
        aria-label="Search the catalogue"
        className="search-page__form"
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Search products
        </label>
        <input
          id={inputId}
          type="search"
          placeholder="Search products..."
          value={text}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      {!query && <p className="search-page__empty">Enter a search term to find items</p>}
      {query && results.isPending && <ProductGridSkeleton />}
      {query && results.isError && !results.data && (
        <p className="search-page__error" role="alert">
          Failed to load search results. Please try again.
        </p>
      )}
      {noResults && (
        <div className="search-page__empty">
          <p>No items found for &ldquo;{query}&rdquo;</p>
          <Link to="/hire" className="button button--ghost">
            Browse our collection
          </Link>
        </div>
      )}
      {query && total > 0 && (
        <>
          <p className="search-page__count" role="status">
            Found {total} item(s) for &ldquo;{query}&rdquo;
          </p>
          <ProductGrid items={items} label={`Results for ${query}`} />
          {results.isFetchNextPageError && (
            <p className="search-page__error" role="alert">
              Failed to load search results. Please try again.
            </p>
          )}
          {results.hasNextPage && (
            <LoadMore
              shown={items.length}
              total={total}
              loading={results.isFetchingNextPage}
              onLoadMore={() => void results.fetchNextPage()}
            />
          )}
          <ProductJsonLd pagePath={`/search?q=${encodeURIComponent(query)}`} items={items.map(toListedItem)} />
        </>
      )}
    </div>
  );
}
