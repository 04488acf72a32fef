import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { CatalogueItemResource } from '../../../lib/api-contract';
import type { Category } from '../../../lib/api-contract/categories';
import { businessQueryOptions } from '../../../lib/business-query';
import { isOnline } from '../../../lib/connectivity';
import { apiRequest, apiUrl } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { browsedItems, type DisplayProduct, LISTING_PAGE_SIZE, toDisplayProduct } from '../../catalogue';

/** Spec section 9: the header preview asks page 1 with 4 results. */
export const PREVIEW_SIZE = 4;

export interface SearchPage {
  page: number;
  perPage: number;
  totalItems: number;
  items: DisplayProduct[];
  /**
   * 'saved': searched on this device, in the catalogue saved for offline; 'browsed': in what this
   * device has seen (the listings browsed and items opened), when no catalogue was saved.
   */
  source: 'server' | 'saved' | 'browsed';
}

/** The shop's categories as the saved catalogue keeps them (their names are searched too). */
async function savedCategories(): Promise<Category[]> {
  try {
    const saved = await caches.match(apiUrl('/business'));
    const body = saved ? ((await saved.json()) as { data?: { categories?: Category[] } }) : null;
    return Array.isArray(body?.data?.categories) ? body.data.categories : [];
  } catch {
    return [];
  }
}

/**
 * A page of results from the catalogue saved on this device, else from what it has browsed (ranked by
 * the same module); null when it has neither.
 */
async function searchSaved(
  query: string,
  page: number,
  perPage: number,
  client?: QueryClient,
): Promise<SearchPage | null> {
  // Loaded when needed (offline): no page needs it to show.
  const [{ loadSavedIndex }, { searchSavedItems, searchBrowsedItems }] = await Promise.all([
    import('../../../lib/saved-catalogue/saved-store'),
    import('../../../lib/saved-catalogue/search-saved'),
  ]);
  const index = await loadSavedIndex();
  const categories = await savedCategories();
  if (index) {
    const { items, total } = searchSavedItems(index, query, page, perPage, categories);
    return { page, perPage, totalItems: total, items: items.map(toDisplayProduct), source: 'saved' };
  }
  const browsed = client ? browsedItems(client) : [];
  if (!client || browsed.length === 0) return null;
  const known = client.getQueryData(businessQueryOptions().queryKey)?.categories ?? categories;
  const { items, total } = searchBrowsedItems(browsed, query, page, perPage, known);
  // Nothing among the pages seen says nothing of the rest of the catalogue: the page's offline state
  // ("Not saved on this device") is the true answer then, not "No items found".
  return total > 0 ? { page, perPage, totalItems: total, items, source: 'browsed' } : null;
}

/**
 * Spec section 5: the query is trimmed; an empty query yields no results without calling the server.
 * With no network, the catalogue saved for offline is searched instead, with the server's ranking.
 */
export async function searchItems(
  query: string,
  page: number,
  perPage: number,
  signal?: AbortSignal,
  client?: QueryClient,
): Promise<SearchPage> {
  const trimmed = query.trim();
  if (!trimmed) return { page, perPage, totalItems: 0, items: [], source: 'server' };
  // Offline, a saved catalogue answers at once; what was only browsed waits for the worker, which
  // may hold the server's own answer to this very query.
  const saved = !isOnline() ? await searchSaved(trimmed, page, perPage) : null;
  if (saved) return saved;
  let body: { data?: unknown; meta?: { total_items?: unknown } };
  try {
    body = await apiRequest('/boomerang/items', { query: { query: trimmed, page, per_page: perPage }, signal });
  } catch (error) {
    // fetch rejects with a TypeError when there is no network (and no copy in the worker's cache).
    const fallback =
      error instanceof TypeError && !signal?.aborted ? await searchSaved(trimmed, page, perPage, client) : null;
    if (fallback) return fallback;
    throw error;
  }
  if (!Array.isArray(body.data) || typeof body.meta?.total_items !== 'number') {
    throw new Error('Invalid response format from API');
  }
  return {
    page,
    perPage,
    totalItems: body.meta.total_items,
    items: (body.data as CatalogueItemResource[]).map(toDisplayProduct),
    source: 'server',
  };
}

export function searchPreviewQueryOptions(query: string) {
  return queryOptions({
    queryKey: queryKeys.searchPreview(query),
    queryFn: ({ signal, client }) => searchItems(query, 1, PREVIEW_SIZE, signal, client),
    staleTime: 5 * 60_000,
    meta: { persist: false },
  });
}

export function useSearchPreview(query: string) {
  return useQuery({ ...searchPreviewQueryOptions(query), enabled: query.trim().length > 0 });
}

export function searchResultsQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.searchResults(query),
    queryFn: ({ pageParam, signal, client }) => searchItems(query, pageParam, LISTING_PAGE_SIZE, signal, client),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < Math.ceil(last.totalItems / last.perPage) ? last.page + 1 : undefined),
  });
}

export function useSearchResults(query: string) {
  return useInfiniteQuery({ ...searchResultsQueryOptions(query), enabled: query.trim().length > 0 });
}
