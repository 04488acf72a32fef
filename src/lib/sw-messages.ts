import { PREFIX } from './route-prefixes';

/** Messages between the page and the service worker; imported by both sides. */
export type PageToWorkerMessage =
  | { type: 'SKIP_WAITING' }
  /**
   * Same-origin photos and catalogue reads the page loaded before the worker controlled it, and the
   * page itself (its address), for the pages cache.
   */
  | { type: 'CACHE_SEEN'; urls: string[]; page?: string };

export const CACHE_NAMES = {
  photos: 'photos-v1',
  catalogue: 'catalogue-api-v1',
  /** Moodboard photos through /api/proxy-image (xlarge variants). */
  boardPhotos: 'board-photos-v1',
  /**
   * "Save catalogue for offline": every listing, detail and large photo, written by the page and kept
   * until the shopper removes it or saves again. The worker answers from it when its own caches miss.
   */
  savedCatalogue: 'saved-catalogue-v1',
} as const;

/**
 * The offline shell: the server's document and header with no page in it. The worker precaches it
 * and answers a navigation with it when neither the network nor its pages cache has the page; the
 * page then renders in the browser from what this device saved.
 */
export const SHELL_PATH = '/app-shell';

/** Pages the worker has seen, kept per build (a new worker drops the old build's pages). */
export const pagesCacheName = (buildId: string) => `pages-${buildId}`;
export const PAGES_CACHE_PREFIX = 'pages-';

/** Set by the worker on a catalogue answer it gave from a cache because the network failed. */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';

/** Requests of the save-for-offline download carry this header: the worker lets them through uncached. */
export const SAVE_REQUEST_HEADER = 'X-Save-For-Offline';

export const PROXY_IMAGE_PATH = `${PREFIX.api}/proxy-image`;

export const PHOTO_PATH = new RegExp(`^${PREFIX.photos}/`);
/** The catalogue's reads, which the worker keeps: listings, details, photos and availability. */
export const CATALOGUE_API_PATH = new RegExp(
  `^${PREFIX.api}/(boomerang/items|product_groups|product-groups/|bundles|products/|photos|availability)`,
);

/** The runtime cache a same-origin path belongs in, or null when it is not cached at run time. */
export function runtimeCacheFor(pathname: string): string | null {
  if (PHOTO_PATH.test(pathname)) return CACHE_NAMES.photos;
  if (CATALOGUE_API_PATH.test(pathname)) return CACHE_NAMES.catalogue;
  return null;
}

/**
 * The saved variant that stands in offline for an xlarge photo (the item popup's): its large file,
 * which Save for offline stores and every listing has shown. Null for any other address.
 */
export function largeStandIn(photoUrl: URL): string | null {
  if (!PHOTO_PATH.test(photoUrl.pathname) || !/\/xlarge_[^/]+$/.test(photoUrl.pathname)) return null;
  return `${photoUrl.origin}${photoUrl.pathname.replace(/\/xlarge_([^/]+)$/, '/large_$1')}`;
}

/**
 * The same-origin photo files a proxied moodboard photo can stand in for offline: its xlarge file,
 * then the large one a shopper saw in the catalogue and the cart. Empty for other addresses.
 */
export function photoFallbacks(proxyUrl: URL): string[] {
  const target = proxyUrl.searchParams.get('url');
  if (!target) return [];
  let photo: URL;
  try {
    photo = new URL(target, proxyUrl.origin);
  } catch {
    return [];
  }
  if (photo.origin !== proxyUrl.origin || !PHOTO_PATH.test(photo.pathname)) return [];
  const xlarge = photo.pathname.replace(/\/large_([^/]+)$/, '/xlarge_$1');
  const large = xlarge.replace(/\/xlarge_([^/]+)$/, '/large_$1');
  return [...new Set([`${photo.origin}${xlarge}`, `${photo.origin}${large}`])];
}
