/** The hire listing's page size (spec section 9). */
export const LISTING_PAGE_SIZE = 30;

export function pageCount(totalItems: number, perPage: number): number {
  return Math.max(1, Math.ceil(totalItems / perPage));
}

/** Spec section 4: more pages exist while page is below ceil(total_items / per_page). */
export function hasMorePages(page: number, totalItems: number, perPage: number): boolean {
  return page < Math.ceil(totalItems / perPage);
}

/** A positive whole page number from a path segment, or null. */
export function parsePageParam(value: string): number | null {
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : null;
}
