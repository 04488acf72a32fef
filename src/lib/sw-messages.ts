/** Messages between the page and the service worker; imported by both sides. */
export type PageToWorkerMessage = { type: 'SKIP_WAITING' };

export const CACHE_NAMES = {
  photos: 'photos-v1',
  catalogue: 'catalogue-api-v1',
} as const;
