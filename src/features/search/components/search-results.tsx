import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { OfflineState } from '../../../components/ui/offline-state';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import { isNetworkError } from '../../../lib/http';
import { LoadMore, ProductGrid, ProductGridSkeleton, toListedItem } from '../../catalogue';
import { PageMeta, ProductJsonLd, previewImage } from '../../seo';
import { useSearchResults } from '../api/search-items';
import { SEARCH_DEBOUNCE_MS } from '../search-rules';
import './search-results.css';
import { useBusiness } from '../../../hooks/use-business';

export interface SearchResultsProps {
  q: string;
  /** Called with the new text after the debounce; the route replaces every parameter with q alone. */
  onQueryChange: (q: string) => void;
}

/** The search page of spec section 2. */
export function SearchResults({ q, onQueryChange }: SearchResultsProps) {
  const business = useBusiness();
  // The URL's q is the one source of truth: typing here sends it after the debounce, and a q that
  // changes from outside (the header search, a link, back) replaces the text and any pending send.
  // The box is uncontrolled: what was typed into the server's HTML before the app woke stays.
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const sent = useRef(q);
  const send = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    if (sent.current !== q.trim()) onQueryChange(sent.current);
  }, SEARCH_DEBOUNCE_MS);
  const { cancel } = send;
  useEffect(() => {
    if (q === sent.current) return; // our own send coming back: the box may hold newer typing
    sent.current = q;
    cancel();
    if (inputRef.current) inputRef.current.value = q;
  }, [q, cancel]);
  // Typed before hydration: searched now, with no keystroke more.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the app wakes.
  useEffect(() => {
    const typed = inputRef.current?.value ?? q;
    if (typed !== q) send.call(typed);
  }, []);

  const query = q.trim();
  const results = useSearchResults(query);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = results.data?.pages[0]?.totalItems ?? 0;
  const noResults = query !== '' && results.isSuccess && total === 0;
  const offlineSource = results.data?.pages[0]?.source;
  const pictured = items.find((item) => item.photo_url);

  return (
    <div className="page search-page">
      <PageMeta
        title={query ? `Search: ${query} | ${business.name}` : `Search | ${business.name}`}
        description={`Search the ${business.name} hire catalogue.`}
        canonicalPath={query ? `/search?q=${encodeURIComponent(query)}` : '/search'}
        noindex={noResults}
        image={pictured?.photo_url ? previewImage(pictured.photo_url, pictured.groupName) : null}
      />
      <h1>Search</h1>
      {/* A real form: before the app wakes, Enter asks the server for /search?q=… */}
      <form
        role="search"
        aria-label="Search the catalogue"
        className="search-page__form"
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          send.call(inputRef.current?.value ?? '');
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Search products
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="q"
          type="search"
          enterKeyHint="search"
          placeholder="Search products..."
          defaultValue={q}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => send.call(event.target.value)}
        />
        <button type="submit" className="button search-page__submit">
          Search
        </button>
      </form>
      {!query && <p className="search-page__empty">Enter a search term to find items</p>}
      {query && results.isPending && <ProductGridSkeleton />}
      {query &&
        results.isError &&
        !results.data &&
        // Offline with nothing saved, the offline state is the whole truth; otherwise the spec's error.
        (isNetworkError(results.error) ? (
          <OfflineState onRetry={() => void results.refetch()} />
        ) : (
          <p className="search-page__error" role="alert">
            Failed to load search results. Please try again.
          </p>
        ))}
      {query && offlineSource === 'saved' && (
        <p className="search-page__saved">
          You are offline: these results come from the catalogue saved on this device.
        </p>
      )}
      {query && offlineSource === 'browsed' && (
        <p className="search-page__saved">
          You are offline: these results come from the pages you have seen on this device. Save the catalogue for
          offline to search all of it.
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
