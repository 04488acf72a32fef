import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CatalogueItemResource } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';
import { type DisplayProduct, toDisplayProduct } from '../display-product';
import { hasMorePages, LISTING_PAGE_SIZE } from '../pagination';
import { assertListResponse } from './validate';

/** What a hire listing shows: every product group, every bundle, or the items of one tag. */
export type ListingSource = { kind: 'products' } | { kind: 'bundles' } | { kind: 'tag'; tag: string };

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
  const query = { page, per_page: LISTING_PAGE_SIZE };
  const body =
    source.kind === 'tag'
      ? await apiRequest<unknown>('/boomerang/items', { query: { tag: source.tag, ...query }, signal })
      : await apiRequest<unknown>(source.kind === 'bundles' ? '/bundles' : '/product_groups', { query, signal });
  const { data, meta } = assertListResponse<CatalogueItemResource>(body);
  return { page, totalItems: meta.total_items, items: data.map(toDisplayProduct) };
}

export function cataloguePageQueryOptions(source: ListingSource, startPage = 1) {
  return infiniteQueryOptions({
    queryKey: ['catalogue', 'listing', source, startPage] as const,
    queryFn: ({ pageParam, signal }) => getCataloguePage(source, pageParam, signal),
    initialPageParam: startPage,
    getNextPageParam: (last) =>
      hasMorePages(last.page, last.totalItems, LISTING_PAGE_SIZE) ? last.page + 1 : undefined,
  });
}

export function useCataloguePages(source: ListingSource, startPage = 1) {
  return useInfiniteQuery(cataloguePageQueryOptions(source, startPage));
}
