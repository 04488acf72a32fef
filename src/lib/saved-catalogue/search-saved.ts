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

/**
 * One page of a search over what this device has browsed (cards of listings and opened items, with
 * the categories they were listed under), ranked by the same module as the server's search.
 */
export function searchBrowsedItems<T extends { id: string; groupName: string; description: string }>(
  browsed: readonly { item: T; tags: readonly string[] }[],
  query: string,
  page: number,
  perPage: number,
  categories: readonly Category[] = [],
): { items: T[]; total: number } {
  const matches = rankMatches(query, browsed, ({ item, tags }) => ({
    id: item.id,
    name: item.groupName,
    description: `${item.description} ${categoryWords(categories, tags)}`,
  }));
  return { items: matches.slice((page - 1) * perPage, page * perPage).map(({ item }) => item), total: matches.length };
}
