import type { QueryClient } from '@tanstack/react-query';
import {
  bundleQueryOptions,
  type ItemType,
  isItemType,
  photosQueryOptions,
  productGroupQueryOptions,
} from '../../features/catalogue';
import { ApiError } from '../../lib/http';
import { reportStatus } from '../../lib/render-status';

/** The query parameters that open an item's detail popup: type (product-group or bundle) and id. */
export interface ItemSearch {
  type?: ItemType;
  id?: string;
}

/** An id the API could hold; anything else in a link is shown as the spec's Error dialog. */
export const isWellFormedItemId = (id: string) => /^[\w-]{1,64}$/.test(id);

/**
 * Keeps type and id when the type is one the popup knows; a malformed id is kept too, so the popup can
 * say it cannot load it (and Close removes it), rather than silently showing nothing.
 */
export function parseItemSearch(search: Record<string, unknown>): ItemSearch {
  if (!isItemType(search.type) || typeof search.id !== 'string' || search.id === '') return {};
  return { type: search.type, id: search.id.slice(0, 200) };
}

/**
 * The server's part of a listing's loader for a linked item (type and id): its details and photos, so
 * the page arrives with the popup filled. A link to an id the catalogue does not hold answers 404 (no
 * crawler keeps it), and shows the listing with the spec's Error dialog, whose Close leaves the
 * shopper on the listing. In the browser it does nothing: a card opens its popup at once with the
 * card's data, and a link that fails shows the Error dialog (the popup loads and says so itself).
 */
export async function loadLinkedItem(queryClient: QueryClient, { type, id }: ItemSearch): Promise<void> {
  if (typeof window !== 'undefined' || !type || !id) return;
  if (!isWellFormedItemId(id)) return reportStatus(404);
  try {
    await Promise.all([
      type === 'bundle'
        ? queryClient.ensureQueryData(bundleQueryOptions(id))
        : queryClient.ensureQueryData(productGroupQueryOptions(id)),
      queryClient.ensureQueryData(photosQueryOptions(id)).catch(() => undefined),
    ]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) reportStatus(404);
  }
}
