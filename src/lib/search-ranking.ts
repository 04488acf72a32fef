/**
 * How search matches and orders the catalogue, shared by the server (`/api/boomerang/items?query=`) and
 * the browser's search of the saved catalogue, so both give the same results in the same order.
 */

/** Lower-case words of a query, without punctuation; at most 8 are used. */
export function searchTokens(query: string): string[] {
  return query
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s&'-]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when a word of text starts with token ("plinth" finds "plinths", "urn" does not find "return"). */
function startsWord(text: string, token: string): boolean {
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(token)}`, 'u').test(text);
}

/**
 * Rank of a match, lower first: 0 the name is the query, 1 the name starts with it, 2 the name holds
 * the phrase, 3 every word is in the name, 4 some are, 5 the words are only in the description.
 */
export function matchRank(tokens: string[], name: string, description: string): number | null {
  const lowerName = name.toLowerCase();
  const text = `${lowerName} ${description.toLowerCase()}`;
  if (!tokens.every((token) => startsWord(text, token))) return null;
  const phrase = tokens.join(' ');
  const nameWords = searchTokens(name).join(' ');
  if (nameWords === phrase) return 0;
  if (nameWords.startsWith(phrase)) return 1;
  if (startsWord(lowerName, phrase)) return 2;
  const inName = tokens.filter((token) => startsWord(lowerName, token)).length;
  if (inName === tokens.length) return 3;
  return inName > 0 ? 4 : 5;
}

export interface Searchable {
  id: string;
  name: string;
  description: string;
}

/**
 * The items that match every word of the query, best first; equal ranks by name, then by id, so the
 * order does not depend on the order the items came in.
 */
export function rankMatches<T>(query: string, items: readonly T[], fields: (item: T) => Searchable): T[] {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return [];
  return items
    .map((item) => {
      const { id, name, description } = fields(item);
      return { item, id, name, rank: matchRank(tokens, name, description) };
    })
    .filter((match): match is typeof match & { rank: number } => match.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((match) => match.item);
}

/**
 * The names of an item's categories and of their parents ("Tables Dining Tables"), searched like its
 * description: "linen" finds what the shop files under Table Linen.
 */
export function categoryWords(
  categories: readonly { key: string; name: string; parent: string | null }[],
  tags: readonly string[],
): string {
  const names = new Set<string>();
  for (const tag of tags) {
    const category = categories.find((c) => c.key === tag);
    if (!category) continue;
    names.add(category.name);
    const parent = category.parent && categories.find((c) => c.key === category.parent);
    if (parent) names.add(parent.name);
  }
  return [...names].join(' ');
}
