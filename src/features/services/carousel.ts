/** Spec section 4: the carousel wraps around at both ends. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** Loads every image; resolves either way (spec section 8: a failed preload is logged, the carousel shows). */
export function preloadImages(urls: string[]): Promise<void> {
  return Promise.all(
    urls.map(
      (url) =>
        new Promise<void>((resolve) => {
          const image = new Image();
          image.onload = () => resolve();
          image.onerror = () => {
            console.error('Failed to preload service image', url);
            resolve();
          };
          image.src = url;
        }),
    ),
  ).then(() => undefined);
}
