import { apiUrl, type QueryValue } from '../../../lib/http';
import type { ListingSource } from '../../../lib/query-keys';
import { LISTING_PAGE_SIZE } from '../pagination';

/**
 * The catalogue reads as path and query, one place for the fetchers and for saving the catalogue for
 * offline: the service worker finds a saved response only under the exact address the app asks for.
 */
export interface CatalogueRequest {
  path: string;
  query?: Record<string, QueryValue>;
}

export type { ListingSource } from '../../../lib/query-keys';

export function listingPageRequest(source: ListingSource, page: number): CatalogueRequest {
  const query = { page, per_page: LISTING_PAGE_SIZE };
  if (source.kind === 'tag') return { path: '/boomerang/items', query: { tag: source.tag, ...query } };
  return { path: source.kind === 'bundles' ? '/bundles' : '/product_groups', query };
}

export const productGroupRequest = (id: string): CatalogueRequest => ({
  path: `/product-groups/${encodeURIComponent(id)}`,
});

export const bundleRequest = (id: string): CatalogueRequest => ({ path: `/bundles/${encodeURIComponent(id)}` });

export const photosRequest = (ownerId: string): CatalogueRequest => ({
  path: '/photos',
  query: { owner_id: ownerId },
});

/** The address the app fetches for a request. */
export const requestUrl = (request: CatalogueRequest): string => apiUrl(request.path, request.query);
