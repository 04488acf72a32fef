import type { QueryClient } from '@tanstack/react-query';
import type { DisplayProduct, ItemType } from './display-product';

interface PagedData {
  pages?: { items?: DisplayProduct[] }[];
}

/** The card data of an item already listed on screen (any listing or search), so a click opens at once. */
export function findCachedItem(queryClient: QueryClient, type: ItemType, id: string): DisplayProduct | null {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data as PagedData | undefined;
    for (const page of data?.pages ?? []) {
      const match = page.items?.find((item) => item.id === id && item.type === type);
      if (match) return match;
    }
  }
  return null;
}
