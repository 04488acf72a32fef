/**
 * Every query key of the shop, made here and read back here. The keys are persisted with the query
 * cache in IndexedDB, and the worker hand-off, the offline search and the page's link previews read
 * them back: `readQueryKey` names their parts, so no caller decodes a key by position.
 */

/** What a hire listing shows: every product group, every bundle, or the items of one tag. */
export type ListingSource = { kind: 'products' } | { kind: 'bundles' } | { kind: 'tag'; tag: string };

/** A search's words as its key holds them: trimmed and lower-case, so "Chairs " and "chairs" share one. */
const searchWords = (query: string) => query.trim().toLowerCase();

export const queryKeys = {
  /** Every catalogue read (a prefix, for finding them all). */
  catalogue: ['catalogue'] as const,
  listing: (source: ListingSource, startPage: number) => ['catalogue', 'listing', source, startPage] as const,
  productGroup: (id: string) => ['catalogue', 'product-group', id] as const,
  bundle: (id: string) => ['catalogue', 'bundle', id] as const,
  photos: (ownerId: string) => ['catalogue', 'photos', ownerId] as const,
  searchPreview: (query: string) => ['search', 'preview', searchWords(query)] as const,
  searchResults: (query: string) => ['search', 'results', searchWords(query)] as const,
  availability: (date: string, last = date) => ['availability', date, last] as const,
  offlineSize: ['offline', 'size'] as const,
  business: ['business'] as const,
  businessTexts: ['business', 'texts'] as const,
  /** A customer's booking, by the token of its signed link. */
  booking: (token: string) => ['booking', token] as const,
};

/** A key read back into what it names. */
export type ReadKey =
  /** `source` is null for a listing key this build does not know (persisted by another). */
  | { kind: 'listing'; source: ListingSource | null; startPage: number }
  | { kind: 'product-group'; id: string }
  | { kind: 'bundle'; id: string }
  | { kind: 'photos'; ownerId: string }
  | { kind: 'search-results'; query: string }
  | { kind: 'other' };

function isListingSource(value: unknown): value is ListingSource {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, tag } = value as { kind?: unknown; tag?: unknown };
  return kind === 'products' || kind === 'bundles' || (kind === 'tag' && typeof tag === 'string');
}

/** What a query key names: a listing, an item, its photos or a search's results; anything else is 'other'. */
export function readQueryKey(key: readonly unknown[]): ReadKey {
  const [family, kind, detail, extra] = key;
  if (family === 'catalogue' && kind === 'listing') {
    const source = isListingSource(detail) ? detail : null;
    return { kind: 'listing', source, startPage: typeof extra === 'number' ? extra : 1 };
  }
  if (family === 'catalogue' && typeof detail === 'string') {
    if (kind === 'product-group') return { kind: 'product-group', id: detail };
    if (kind === 'bundle') return { kind: 'bundle', id: detail };
    if (kind === 'photos') return { kind: 'photos', ownerId: detail };
  }
  if (family === 'search' && kind === 'results' && typeof detail === 'string') {
    return { kind: 'search-results', query: detail };
  }
  return { kind: 'other' };
}
