import type { CatalogueItemResource } from '../api-contract';
import type { Category } from '../api-contract/categories';
import { categoryWords, rankMatches } from '../search-ranking';

/**
 * One page of a search over the saved catalogue, matched and ordered exactly as the server's search
 * (same ranking module), with the same paging.
 */
export function searchSavedItems(
  index: readonly CatalogueItemResource[],
  query: string,
  page: number,
  perPage: number,
  categories: readonly Category[] = [],
): { items: CatalogueItemResource[]; total: number } {
  const matches = rankMatches(query, index, (item) => ({
    id: item.id,
    name: item.attributes.name,
    description: `${item.attributes.description} ${categoryWords(categories, item.attributes.tags ?? [])}`,
  }));
  return { items: matches.slice((page - 1) * perPage, page * perPage), total: matches.length };
}
