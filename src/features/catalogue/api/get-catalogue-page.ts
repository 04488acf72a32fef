import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CatalogueItemResource } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { type DisplayProduct, toDisplayProduct } from '../display-product';
import { hasMorePages, LISTING_PAGE_SIZE } from '../pagination';
import { type ListingSource, listingPageRequest } from './catalogue-requests';
import { assertListResponse } from './validate';

export type { ListingSource };

export interface ListingPage {
  page: number;
  totalItems: number;
  items: DisplayProduct[];
}

export async function getCataloguePage(
  source: ListingSource,
  page: number,
  signal?: AbortSignal,
): Promise<ListingPage> {
  const { path, query } = listingPageRequest(source, page);
  const body = await apiRequest<unknown>(path, { query, signal });
  const { data, meta } = assertListResponse<CatalogueItemResource>(body);
  return { page, totalItems: meta.total_items, items: data.map(toDisplayProduct) };
}

export function cataloguePageQueryOptions(source: ListingSource, startPage = 1) {
  return infiniteQueryOptions({
    queryKey: queryKeys.listing(source, startPage),
    queryFn: ({ pageParam, signal }) => getCataloguePage(source, pageParam, signal),
    initialPageParam: startPage,
    getNextPageParam: (last) =>
      hasMorePages(last.page, last.totalItems, LISTING_PAGE_SIZE) ? last.page + 1 : undefined,
  });
}

export function useCataloguePages(source: ListingSource, startPage = 1) {
  return useInfiniteQuery(cataloguePageQueryOptions(source, startPage));
}
