import { type ItemType, isItemType } from '../../features/catalogue';

/** The query parameters that open an item's detail popup: type (product-group or bundle) and id. */
export interface ItemSearch {
  type?: ItemType;
  id?: string;
}

export function parseItemSearch(search: Record<string, unknown>): ItemSearch {
  const id = typeof search.id === 'string' && /^[\w-]{1,64}$/.test(search.id) ? search.id : undefined;
  return isItemType(search.type) && id ? { type: search.type, id } : {};
}
