import { type ItemType, isItemType } from '../../features/catalogue';

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
