/** Messages between the page and the service worker; imported by both sides. */
export type PageToWorkerMessage =
  | { type: 'SKIP_WAITING' }
  /** Same-origin photos and catalogue reads the page loaded before the worker controlled it. */
  | { type: 'CACHE_SEEN'; urls: string[] };

export const CACHE_NAMES = {
  photos: 'photos-v1',
  catalogue: 'catalogue-api-v1',
} as const;

export const PHOTO_PATH = /^\/photos\//;
export const CATALOGUE_API_PATH =
  /^\/api\/(boomerang\/items|product_groups|product-groups\/|bundles|products\/|photos)/;

/** The runtime cache a same-origin path belongs in, or null when it is not cached at run time. */
export function runtimeCacheFor(pathname: string): string | null {
  if (PHOTO_PATH.test(pathname)) return CACHE_NAMES.photos;
  if (CATALOGUE_API_PATH.test(pathname)) return CACHE_NAMES.catalogue;
  return null;
}
