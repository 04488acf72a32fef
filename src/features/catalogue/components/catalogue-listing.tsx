import { OfflineState } from '../../../components/ui/offline-state';
import { isNetworkError } from '../../../lib/http';
import { type ListingSource, useCataloguePages } from '../api/get-catalogue-page';
import { InvalidResponseError } from '../api/validate';
import type { DisplayProduct } from '../display-product';
import { LISTING_PAGE_SIZE, pageCount } from '../pagination';
import { LoadMore } from './load-more';
import { Pagination } from './pagination';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

export interface CatalogueListingProps {
  source: ListingSource;
  startPage?: number;
  /** The path of a page of this listing, for the page links. */
  pagePath?: (page: number) => string;
  /** Called with every loaded item, for structured data. */
  renderExtra?: (items: DisplayProduct[]) => React.ReactNode;
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof InvalidResponseError ? error.message : fallback;
}

/** The grid of a hire listing with 'Load More ({shown} of {total})' and links to its pages. */
export function CatalogueListing({ source, startPage = 1, pagePath, renderExtra }: CatalogueListingProps) {
  const query = useCataloguePages(source, startPage);
  const fallback = source.kind === 'bundles' ? 'Failed to fetch bundles' : 'Failed to fetch items';

  if (query.isPending) return <ProductGridSkeleton />;
  if (query.isError && !query.data) {
    if (isNetworkError(query.error)) return <OfflineState onRetry={() => void query.refetch()} />;
    return (
      <div className="listing-error" role="alert">
        <h2>Error loading products</h2>
        <p>{errorText(query.error, fallback)}</p>
        <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const items = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages[0]?.totalItems ?? 0;
  const shown = Math.min(total, (startPage - 1) * LISTING_PAGE_SIZE + items.length);
  const lastPage = query.data.pages.at(-1)?.page ?? startPage;
  const pages = pageCount(total, LISTING_PAGE_SIZE);

  return (
    <>
      {items.length === 0 ? (
        <p className="listing-empty">No items in this category yet.</p>
      ) : (
        <ProductGrid items={items} label="Hire items" />
      )}
      {query.isFetchNextPageError && (
        <p className="listing-more-error" role="alert">
          {errorText(query.error, 'Failed to load more items')}
        </p>
      )}
      {query.hasNextPage && (
        <LoadMore
          shown={shown}
          total={total}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
      {pagePath && <Pagination first={startPage} last={lastPage} pages={pages} pagePath={pagePath} />}
      {renderExtra?.(items)}
    </>
  );
}
