import { rankMatches, searchTokens } from '../../src/lib/search-ranking';
import type { Db } from '../db/client';
import { findVisibleGroupsAndBundles, pageOfMixed } from './catalogue';

/**
 * Searches the visible product groups and bundles by name and description, case-insensitively,
 * every word required, ranked by the module the browser's offline search uses too. The catalogue is a
 * few hundred rows, so matching runs in memory over one read.
 */
export async function searchCatalogue(db: Db, query: string, page: number, perPage: number) {
  if (searchTokens(query).length === 0) return { data: [], total: 0 };
  const { groupRows, bundleRows } = await findVisibleGroupsAndBundles(db);
  const matches = rankMatches(
    query,
    [
      ...groupRows.map((row) => ({ kind: 'group' as const, row })),
      ...bundleRows.map((row) => ({ kind: 'bundle' as const, row })),
    ],
    (match) => match.row,
  );
  return { ...(await pageOfMixed(db, matches, page, perPage)), total: matches.length };
}
