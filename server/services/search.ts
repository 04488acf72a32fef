import type { Db } from '../db/client';
import { findVisibleGroupsAndBundles, pageOfMixed } from './catalogue';

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

/**
 * Searches the visible product groups and bundles by name and description, case-insensitively,
 * every word required. The catalogue is a few hundred rows, so matching runs in memory over one read.
 */
export async function searchCatalogue(db: Db, query: string, page: number, perPage: number) {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return { data: [], total: 0 };
  const { groupRows, bundleRows } = await findVisibleGroupsAndBundles(db);
  const matches = [
    ...groupRows.map((row) => ({ kind: 'group' as const, row, rank: matchRank(tokens, row.name, row.description) })),
    ...bundleRows.map((row) => ({ kind: 'bundle' as const, row, rank: matchRank(tokens, row.name, row.description) })),
  ]
    .filter((match): match is typeof match & { rank: number } => match.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.row.name.localeCompare(b.row.name));
  return { ...(await pageOfMixed(db, matches, page, perPage)), total: matches.length };
}
