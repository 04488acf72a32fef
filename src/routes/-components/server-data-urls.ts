import type { QueryClient } from '@tanstack/react-query';
import {
  bundleRequest,
  type ListingSource,
  listingPageRequest,
  photosRequest,
  productGroupRequest,
  requestUrl,
} from '../../features/catalogue';
import { apiUrl } from '../../lib/http';

interface Paged {
  pages?: { page?: number; perPage?: number }[];
}

/**
 * The catalogue addresses whose answers the server sent inside the page (its query cache): the page
 * never fetched them, so the service worker is told to, and keeps them for offline use.
 */
export function serverDataUrls(queryClient: QueryClient): string[] {
  const urls: string[] = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status !== 'success') continue;
    const key = query.queryKey as unknown[];
    const data = query.state.data as Paged | undefined;
    if (key[0] === 'catalogue' && key[1] === 'listing') {
      const source = key[2] as ListingSource;
      for (const page of data?.pages ?? []) urls.push(requestUrl(listingPageRequest(source, page.page ?? 1)));
    } else if (key[0] === 'catalogue' && typeof key[2] === 'string') {
      if (key[1] === 'product-group') urls.push(requestUrl(productGroupRequest(key[2])));
      if (key[1] === 'bundle') urls.push(requestUrl(bundleRequest(key[2])));
      if (key[1] === 'photos') urls.push(requestUrl(photosRequest(key[2])));
    } else if (key[0] === 'search' && key[1] === 'results' && typeof key[2] === 'string') {
      for (const page of data?.pages ?? []) {
        urls.push(apiUrl('/boomerang/items', { query: key[2], page: page.page, per_page: page.perPage }));
      }
    }
  }
  return urls;
}
