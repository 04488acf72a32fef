import type { QueryClient } from '@tanstack/react-query';
import type { BundleResource, ProductGroupResource } from '../../lib/api-contract';
import { queryKeys, readQueryKey } from '../../lib/query-keys';
import type { ListingPage } from './api/get-catalogue-page';
import { type DisplayProduct, toDisplayProduct } from './display-product';

/** An item this device has seen, and the categories it was listed under. */
export interface BrowsedItem {
  item: DisplayProduct;
  tags: string[];
}

/**
 * Every item in this device's query cache (restored from IndexedDB): the listing pages browsed, with
 * the category each was listed under, and the items opened. What offline search falls back to when no
 * catalogue was saved for offline.
 */
export function browsedItems(queryClient: QueryClient): BrowsedItem[] {
  const found = new Map<string, BrowsedItem>();
  const add = (item: DisplayProduct, tag: string | null) => {
    const key = `${item.type}:${item.id}`;
    const known = found.get(key) ?? { item, tags: [] };
    if (tag && !known.tags.includes(tag)) known.tags.push(tag);
    found.set(key, known);
  };
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.catalogue })) {
    const key = readQueryKey(query.queryKey);
    const data = query.state.data as
      | { pages?: ListingPage[]; group?: ProductGroupResource; bundle?: BundleResource }
      | undefined;
    if (!data) continue;
    if (key.kind === 'listing') {
      const { source } = key;
      for (const page of data.pages ?? []) {
        for (const item of page.items ?? []) add(item, source?.kind === 'tag' ? source.tag : null);
      }
    } else if (key.kind === 'product-group' && data.group) {
      add(toDisplayProduct(data.group), null);
    } else if (key.kind === 'bundle' && data.bundle) {
      add(toDisplayProduct(data.bundle), null);
    }
  }
  return [...found.values()];
}
