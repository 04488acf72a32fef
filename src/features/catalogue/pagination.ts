/** The hire listing's page size (spec section 9). */
export const LISTING_PAGE_SIZE = 30;

export function pageCount(totalItems: number, perPage: number): number {
  return Math.max(1, Math.ceil(totalItems / perPage));
}

/** Spec section 4: more pages exist while page is below ceil(total_items / per_page). */
export function hasMorePages(page: number, totalItems: number, perPage: number): boolean {
  return page < Math.ceil(totalItems / perPage);
}

/** A page past the last of a listing (page 1 always exists, even for an empty category). */
export function isPastEnd(page: number, totalItems: number, perPage = LISTING_PAGE_SIZE): boolean {
  return page > pageCount(totalItems, perPage);
}

/** The page numbers to offer: the first, the last and those around the current range, with gaps as null. */
export function pageWindow(first: number, last: number, pages: number, radius = 1): (number | null)[] {
  const wanted = new Set([1, pages]);
  for (let n = first - radius; n <= last + radius; n++) if (n >= 1 && n <= pages) wanted.add(n);
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => {
    const gap = i > 0 ? n - (sorted[i - 1] ?? n) - 1 : 0;
    // A gap of one page shows that page: '1 2 3 4', never '1 2 … 4'.
    if (gap === 1) return [n - 1, n];
    return gap > 1 ? [null, n] : [n];
  });
}

/** A positive whole page number from a path segment, or null. */
export function parsePageParam(value: string): number | null {
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : null;
}
