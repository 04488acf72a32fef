import { useQueryClient } from '@tanstack/react-query';
import { bundleQueryOptions } from './api/get-bundle';
import { cataloguePageQueryOptions, type ListingPage, type ListingSource } from './api/get-catalogue-page';
import { productGroupQueryOptions } from './api/get-product-group';
import { type DisplayProduct, type ItemType, toDisplayProduct } from './display-product';
import { findCachedItem } from './find-cached-item';

export interface LinkPreview {
  /** The linked item, when the address opens one (its name, photo and price lead the preview). */
  item: DisplayProduct | null;
  /** The photo a shared link shows: the linked item's, else the listing's first. */
  photo: { url: string; alt: string } | null;
}

/**
 * What a shared link of a listing previews, from data the page already holds (the server's render has
 * it): the linked item if the address names one, else the first item listed.
 */
export function useLinkPreview(
  source: ListingSource | null,
  startPage: number,
  type?: ItemType,
  id?: string,
): LinkPreview {
  const queryClient = useQueryClient();
  const detail =
    type === 'bundle' && id
      ? queryClient.getQueryData(bundleQueryOptions(id).queryKey)?.bundle
      : type === 'product-group' && id
        ? queryClient.getQueryData(productGroupQueryOptions(id).queryKey)?.group
        : undefined;
  const item =
    type && id ? (findCachedItem(queryClient, type, id) ?? (detail ? toDisplayProduct(detail) : null)) : null;
  const first = source
    ? queryClient
        .getQueryData<{ pages: ListingPage[] }>(cataloguePageQueryOptions(source, startPage).queryKey)
        ?.pages[0]?.items.find((listed) => listed.photo_url)
    : undefined;
  const shown = item ?? first ?? null;
  return {
    item,
    photo: shown?.photo_url ? { url: shown.photo_url, alt: shown.groupName } : null,
  };
}
