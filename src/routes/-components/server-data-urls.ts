import type { QueryClient } from '@tanstack/react-query';
import {
  bundleRequest,
  listingPageRequest,
  photosRequest,
  productGroupRequest,
  requestUrl,
} from '../../features/catalogue';
import { apiUrl } from '../../lib/http';
import { readQueryKey } from '../../lib/query-keys';

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
    const key = readQueryKey(query.queryKey);
    const data = query.state.data as Paged | undefined;
    if (key.kind === 'listing') {
      const { source } = key;
      if (source)
        for (const page of data?.pages ?? []) urls.push(requestUrl(listingPageRequest(source, page.page ?? 1)));
    } else if (key.kind === 'product-group') {
      urls.push(requestUrl(productGroupRequest(key.id)));
    } else if (key.kind === 'bundle') {
      urls.push(requestUrl(bundleRequest(key.id)));
    } else if (key.kind === 'photos') {
      urls.push(requestUrl(photosRequest(key.ownerId)));
    } else if (key.kind === 'search-results') {
      for (const page of data?.pages ?? []) {
        urls.push(apiUrl('/boomerang/items', { query: key.query, page: page.page, per_page: page.perPage }));
      }
    }
  }
  return urls;
}
